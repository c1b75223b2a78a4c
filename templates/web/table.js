// tourney serve: a table's taps survive the hall's Wi-Fi. A tap is kept on the phone
// (localStorage) until the server has it: the page shows it as pending and sends it again,
// with the same submission id (cid: the server records it once however often it comes),
// until the server acknowledges it (the page then shows the table as it is) or refuses it
// (the page shows why, in the game's words, and the table as it really is). While a tap is
// pending no other move is offered: each depends on it. The pending tap outlives a reload,
// the phone locking and the browser being closed. Without JavaScript the forms POST.
"use strict";
(function () {
  var page = document.querySelector(".table-page[data-live]");
  if (!page || !window.localStorage || !window.fetch) { return; }
  var RETRY = 2000; // ms between two sendings of a pending tap
  var action = page.querySelector("form.moves, form.undo");
  action = action ? action.getAttribute("action") : location.pathname;
  var KEY = "tourney-pending:" + action, SAID = "tourney-said:" + action;
  var status = document.getElementById("save-state");
  var words = status ? JSON.parse(status.getAttribute("data-words")) : {};

  // This phone: a random id kept in localStorage and sent as a cookie with every request,
  // so that the server can tell the table's phones apart (tourney/web/devices.py).
  var device = localStorage.getItem("tourney-device");
  if (!device || !/^[0-9a-f]{32}$/.test(device)) {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    device = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    localStorage.setItem("tourney-device", device);
  }
  document.cookie = "tourney_device=" + device + "; path=/; max-age=31536000; samesite=lax";

  function pending() {
    try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
  }
  function show() {
    var tap = pending(), state = document.documentElement.getAttribute("data-live-state");
    page.querySelectorAll("form.moves button, form.undo button").forEach(function (button) {
      if (!button.hasAttribute("data-was")) { button.setAttribute("data-was", button.disabled ? "off" : "on"); }
      button.disabled = tap !== null || button.getAttribute("data-was") === "off";
    });
    page.classList.toggle("has-pending", tap !== null);
    if (!status) { return; }
    var text, kind;
    if (tap) { text = words.pending.replace("%s", tap.label); kind = "pending"; }
    else if (state === "offline") { text = words.offline; kind = "offline"; }
    else if (state === "down") { text = words.down; kind = "offline"; }
    else { text = words.saved; kind = "saved"; }
    status.textContent = text;
    status.className = "save-state save-" + kind;
    status.hidden = false;
  }
  function said() { // a refusal carried over the reload that shows the real table
    var text = sessionStorage.getItem(SAID);
    if (!text) { return; }
    sessionStorage.removeItem(SAID);
    var p = document.createElement("p");
    p.className = "refused";
    p.id = "refusal";
    p.setAttribute("role", "alert");
    p.textContent = text;
    var old = document.getElementById("refusal");
    if (old) { old.replaceWith(p); } else { page.insertBefore(p, page.querySelector("#room-part")); }
  }
  function done(url) {
    localStorage.removeItem(KEY);
    location.replace(url);
  }
  function refused(text) {
    localStorage.removeItem(KEY);
    if (text) { sessionStorage.setItem(SAID, text); }
    location.replace(action);
  }
  function words_of(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var why = doc.getElementById("refusal") || doc.querySelector(".refused, h1");
    return why ? why.textContent.trim() : "";
  }

  var sending = false, timer = null;
  function send(freshToken) {
    var tap = pending();
    if (!tap || sending) { return; }
    sending = true;
    var body = new URLSearchParams();
    body.append("move", tap.move);
    tap.tiles.forEach(function (t) { body.append("tiles", t); });
    body.append("at", tap.at);
    body.append("cid", tap.cid);
    body.append("csrf", freshToken || tap.csrf);
    fetch(action, { method: "POST", body: body, credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (r.ok && r.redirected) { done(r.url); return; }
        if (r.status === 403 && !freshToken) { return renewed(); } // a new cookie: a new token
        if (r.status >= 400 && r.status < 500) { return r.text().then(function (t) { refused(words_of(t)); }); }
        later(); // 5xx: the store cannot take it now; the tap waits
      }, later)
      .then(function () { sending = false; });
  }
  function renewed() { // the browser lost its cookie (closed, restarted): ask for a token
    return fetch(action, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        return r.text().then(function (html) {
          if (!r.ok) { refused(words_of(html)); return; }
          var doc = new DOMParser().parseFromString(html, "text/html");
          var field = doc.querySelector("input[name=csrf]");
          sending = false;
          if (field) { send(field.value); } else { refused(""); }
        });
      }, later);
  }
  function later() {
    if (timer === null) { timer = window.setTimeout(function () { timer = null; send(); }, RETRY); }
  }

  page.addEventListener("submit", function (event) {
    var form = event.target, button = event.submitter;
    if (!form.querySelector("input[name=cid]") || !button || button.name !== "move") { return; }
    event.preventDefault();
    if (pending()) { return; } // the tap before this one is not saved yet
    var tiles = Array.prototype.map.call(form.querySelectorAll("input[name=tiles]:checked"), function (t) { return t.value; });
    localStorage.setItem(KEY, JSON.stringify({
      move: button.value,
      tiles: tiles,
      at: form.querySelector("input[name=at]").value,
      cid: form.querySelector("input[name=cid]").value,
      csrf: form.querySelector("input[name=csrf]").value,
      label: (button.textContent || button.value).trim(),
      made: Date.now()
    }));
    show();
    send();
  });
  document.addEventListener("tourney:refreshed", show);
  document.addEventListener("tourney:live", function (event) {
    show();
    if (event.detail === "open") { send(); }
  });
  window.addEventListener("online", function () { send(); });
  said();
  show();
  send(); // a tap left pending by a reload, a locked phone or a closed browser
})();
