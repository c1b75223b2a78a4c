// tourney serve: the round clock on every page. The server sends the seconds left as of its
// own time (data-remaining, data-at-ms); this script counts them down every quarter second,
// knowing the server's time from /clock.json (the offset between the server's clock and
// this device's is measured, so a phone set to the wrong time still shows the hall's time).
// A pause or an extension reaches a page with its live parts (serve.js); clocks with
// data-clock-url are looked at every few seconds only while the room's stream is down. The
// wall display's clock comes with each board the server pushes.
"use strict";
(function () {
  var offset = 0; // the server's time minus this device's, in ms
  var known = false; // no counting before the server's time is known
  var POLL = 5000;

  function two(n) { return (n < 10 ? "0" : "") + n; }
  function text(ms) {
    var whole = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }
  function left(el) {
    var remaining = parseFloat(el.getAttribute("data-remaining")) * 1000;
    if (el.getAttribute("data-state") !== "running") { return remaining; }
    var at = parseInt(el.getAttribute("data-at-ms"), 10);
    return remaining - (Date.now() + offset - at);
  }
  // The moments (the server's, in whole seconds) at which a running clock ran out here and the page asked the
  // server again: once each, so that a part fetched again that still says "running" (the
  // wall's board, drawn when the log last moved) does not ask again and again.
  var asked = {};
  function deadline(el) {
    var at = parseInt(el.getAttribute("data-at-ms"), 10);
    return String(Math.round(at / 1000 + parseFloat(el.getAttribute("data-remaining"))));
  }
  function show(el) {
    var state = el.getAttribute("data-state"), ms = left(el), label;
    if (state === "over" || (state === "running" && ms <= 0)) {
      label = el.getAttribute("data-over");
      if (state === "running" && !asked[deadline(el)]) {
        asked[deadline(el)] = true;
        document.dispatchEvent(new CustomEvent("tourney:clock-over"));
      }
      el.classList.add("clock-over");
    } else {
      // the words in the page's language, from its clock (_clock.html)
      label = text(ms) + (state === "paused" ? el.getAttribute("data-paused") || " (paused)"
        : state === "ready" ? el.getAttribute("data-ready") || " (not started)" : "");
      el.classList.remove("clock-over");
    }
    var face = el.querySelector(".clock-time");
    if (face && face.textContent !== label) { face.textContent = label; }
  }
  function tick() { if (known) { document.querySelectorAll("[data-clock]").forEach(show); } }

  function look(url, then) {
    var sent = Date.now();
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) { return; }
        offset = data.at_ms - (sent + Date.now()) / 2;
        known = true;
        if (then) { then(data); }
      })
      .catch(function () {});
  }
  function update(el, data) {
    el.setAttribute("data-state", data.state);
    el.setAttribute("data-remaining", String(data.remaining));
    el.setAttribute("data-at-ms", String(data.at_ms));
    el.setAttribute("data-over", data.over_words);
    el.className = el.className.replace(/clock-(none|ready|running|paused|over)\b/g, "").trim() + " clock-" + data.state;
    show(el);
  }
  function poll() {
    var polled = document.querySelectorAll("[data-clock-url]");
    var calls = document.querySelector("[data-calls]");
    if (!polled.length) { look("/clock.json"); } // the server's time only
    polled.forEach(function (el) {
      look(el.getAttribute("data-clock-url"), function (data) {
        update(el, data);
        if (calls) {
          var now = data.calls.map(function (c) { return c.id; }).join(" ");
          var banner = document.getElementById("new-calls");
          if (banner) { banner.hidden = now === calls.getAttribute("data-calls"); }
        }
      });
    });
  }

  // The wall display: a table or the standings taller than the screen shows a page of
  // rows at a time, the next page every few seconds ("page 2 of 3" by its heading).
  var PAGE = 8000;
  var pages = {};
  function paginate(advance) {
    document.querySelectorAll(".display .board section").forEach(function (section) {
      var table = section.querySelector("table");
      if (!table || !table.tBodies.length) { return; }
      var rows = Array.prototype.slice.call(table.tBodies[0].rows);
      rows.forEach(function (row) { row.hidden = false; });
      var heading = section.querySelector("h2");
      var mark = section.querySelector(".page-mark");
      var room = section.getBoundingClientRect().bottom - table.tBodies[0].getBoundingClientRect().top;
      // Pages of consecutive rows, each as many as fit in the room (rows differ in height).
      var starts = [0], used = 0;
      rows.forEach(function (row, n) {
        var height = row.getBoundingClientRect().height;
        if (n > starts[starts.length - 1] && used + height > room) { starts.push(n); used = 0; }
        used += height;
      });
      var count = starts.length;
      if (count <= 1) { if (mark) { mark.remove(); } return; }
      var key = table.id || "table";
      var index = (pages[key] || 0) + (advance ? 1 : 0);
      if (index >= count) { index = 0; }
      pages[key] = index;
      var first = starts[index], end = index + 1 < count ? starts[index + 1] : rows.length;
      rows.forEach(function (row, n) { row.hidden = n < first || n >= end; });
      if (!mark && heading) {
        mark = document.createElement("span");
        mark.className = "page-mark";
        heading.appendChild(mark);
      }
      if (mark) { mark.textContent = " · page " + (index + 1) + " of " + count; }
    });
  }
  var board = document.querySelector(".display #board");
  if (board) {
    paginate(false);
    window.setInterval(function () { paginate(true); }, PAGE);
    window.addEventListener("resize", function () { paginate(false); });
    if (window.MutationObserver) {
      new MutationObserver(function () { paginate(false); }).observe(board, { childList: true });
    }
  }

  // A player's own page (serve.js swaps its part when the room changed): a new table
  // buzzes the phone where the browser allows.
  var me = document.getElementById("me");
  function seat() {
    var now = document.querySelector("#me [data-table]");
    return now && now.getAttribute("data-table") ? now.getAttribute("data-round") + "/" + now.getAttribute("data-table") : "";
  }
  if (me) {
    var was = seat();
    document.addEventListener("tourney:refreshed", function () {
      var now = seat();
      if (was && now && now !== was) {
        document.querySelector("#me [data-table]").classList.add("me-moved");
        if (navigator.vibrate) { navigator.vibrate([200, 100, 200]); }
      }
      was = now || was;
    });
  }
  // The clock's state (a pause, an extension) comes with the page's live parts while the
  // room's stream is open (serve.js); only while it is down, or on a page without one,
  // is it looked at every few seconds. When time runs out here, the page looks again at
  // once: what the table may still do depends on it.
  var streamed = document.querySelector("[data-live]") !== null;
  document.addEventListener("tourney:clock", function (event) { // the server's time, pushed
    offset = event.detail - Date.now();
    known = true;
  });
  function pollNow() {
    if (!streamed || document.documentElement.getAttribute("data-live-state") !== "open") { poll(); }
  }
  document.addEventListener("tourney:clock-over", function () {
    if (window.tourneyRefresh) { window.tourneyRefresh(); }
  });
  if (document.querySelector("[data-clock], [data-calls], #board")) {
    poll();
    window.setInterval(pollNow, POLL);
    window.setInterval(tick, 250);
  }
})();
