// tourney serve: what every page shares. Pages work without it (forms POST, pages reload).
// - A fresh submission id in every form each time a page is shown: a double tap, or a POST
//   the browser sends again, carries the same id and is recorded once.
// - The live connection: a page with data-live listens to one event stream saying what
//   changed ({"at": 57, "tables": {"3": 12}, "room": false}: table 3 is at version 12;
//   "room" when the clock, a call, a round or a result moved). When that concerns it, the
//   page fetches itself again and swaps its live parts ([data-part] with an id; a part
//   whose data-key is the same, or that the reader is typing in, is kept). While the
//   stream is down the page looks every 3 s instead. <html data-live-state> says
//   "connecting", "open", "down" (the server cannot be reached) or "offline" (the phone
//   has no network).
// - The wall display's board, pushed whole on its own stream.
"use strict";
(function () {
  var POLL = 3000; // ms between looks while the stream is down
  var REOPEN = 10000; // ms before a refused stream (503: too many) is asked for again
  var root = document.documentElement;

  function fresh() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function stamp(within) {
    (within || document).querySelectorAll("input[name=cid]").forEach(function (field) {
      field.value = fresh();
    });
  }
  window.addEventListener("pageshow", function () { stamp(); });
  function tell(name, detail) {
    document.dispatchEvent(new CustomEvent("tourney:" + name, { detail: detail }));
  }

  // -- the page's live parts, fetched again ------------------------------------------------
  function editing(part) {
    var focused = document.activeElement;
    if (focused && part.contains(focused) && /^(INPUT|TEXTAREA|SELECT)$/.test(focused.tagName)) {
      return true;
    }
    return Array.prototype.some.call(part.querySelectorAll("input, textarea"), function (f) {
      if (f.type === "hidden") { return false; }
      if (f.type === "checkbox" || f.type === "radio") { return f.checked !== f.defaultChecked; }
      return f.value !== f.defaultValue;
    });
  }
  function swap(doc) {
    var changed = false;
    document.querySelectorAll("[data-part][id]").forEach(function (old) {
      var now = doc.getElementById(old.id);
      if (!now) { return; }
      var key = old.getAttribute("data-key");
      if (key !== null && key === now.getAttribute("data-key")) { return; }
      if (old.getAttribute("data-keep") !== "never" && editing(old)) { return; }
      var open = Array.prototype.map.call(old.querySelectorAll("details"), function (d) { return d.open; });
      now = document.importNode(now, true);
      now.querySelectorAll("details").forEach(function (d, n) { if (open[n]) { d.open = true; } });
      old.replaceWith(now);
      stamp(now);
      changed = true;
    });
    tell("refreshed", { changed: changed });
  }
  var fetching = false, again = false;
  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (r.status >= 400 && r.status < 500) { location.reload(); return null; } // a refusal page
        return r.ok ? r.text() : null;
      })
      .then(function (text) {
        if (text !== null) { swap(new DOMParser().parseFromString(text, "text/html")); }
        return text !== null;
      }, function () { return false; })
      .then(function (reached) {
        fetching = false;
        if (reached && live && window.EventSource && root.getAttribute("data-live-state") !== "open") {
          reopen(); // the server answers again: listen again at once
        }
        if (again) { again = false; refresh(); }
      });
  }
  window.tourneyRefresh = refresh;

  // -- the live connection -----------------------------------------------------------------
  var live = document.querySelector("[data-live]");
  var source = null, poller = null, reopening = null;
  function say(state) {
    if (root.getAttribute("data-live-state") !== state) {
      root.setAttribute("data-live-state", state);
      tell("live", state);
    }
  }
  function polling(on) {
    if (on && poller === null) { poller = window.setInterval(refresh, POLL); }
    if (!on && poller !== null) { window.clearInterval(poller); poller = null; }
  }
  function wanted(change) {
    var table = live.getAttribute("data-table");
    if (!table || change.room) { return true; }
    var version = change.tables && change.tables[table];
    var shown = document.querySelector("[data-version]");
    return version !== undefined && (!shown || String(version) !== shown.getAttribute("data-version"));
  }
  function down() {
    say(navigator.onLine === false ? "offline" : "down");
    polling(true);
  }
  function open() {
    reopening = null;
    if (source) { source.close(); }
    source = new EventSource(live.getAttribute("data-live"));
    source.onopen = function () { say("open"); polling(false); };
    source.onmessage = function (event) {
      say("open");
      polling(false);
      var change;
      try { change = JSON.parse(event.data); } catch (e) { return; }
      tell("change", change);
      if (wanted(change)) { refresh(); }
    };
    source.addEventListener("clock", function (event) { // the server's time, when idle
      say("open");
      tell("clock", Number(event.data));
    });
    source.onerror = function () {
      down();
      if (source && source.readyState === EventSource.CLOSED) { // refused: ask again later
        source = null;
        if (reopening === null) { reopening = window.setTimeout(open, REOPEN); }
      }
    };
  }
  function reopen() {
    if (reopening !== null) { window.clearTimeout(reopening); }
    open();
  }
  if (live && window.EventSource) {
    say("connecting");
    open();
    window.addEventListener("offline", down);
    window.addEventListener("online", function () { reopen(); refresh(); });
  } else if (live) {
    down(); // no event streams in this browser: looking every few seconds is all there is
  }

  // -- the wall display's board ------------------------------------------------------------
  var board = document.getElementById("board");
  if (board && window.EventSource) {
    var series = document.getElementById("series-board");
    var boardSource = function () {
      var stream = new EventSource(board.getAttribute("data-events"));
      stream.onmessage = function (event) {
        board.innerHTML = event.data;
        if (series) {
          fetch(series.getAttribute("data-src"), { credentials: "same-origin" })
            .then(function (r) { return r.ok ? r.text() : null; })
            .then(function (html) { if (html !== null) { series.innerHTML = html; } })
            .catch(function () {});
        }
      };
      stream.onerror = function () {
        if (stream.readyState === EventSource.CLOSED) { // refused: look again later
          window.setTimeout(boardSource, REOPEN);
          refresh();
        }
      };
    };
    boardSource();
  }
})();
