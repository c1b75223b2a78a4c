// tourney serve: a fresh submission id in every form each time a page is shown (a double
// tap, or a POST the browser sends again, carries the same id and is recorded once), and a
// notice when another phone recorded at this table. Pages work without it (the server
// writes an id into each form too).
"use strict";
(function () {
  function fresh() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function stamp() {
    document.querySelectorAll("input[name=cid]").forEach(function (field) {
      field.value = fresh();
    });
  }
  window.addEventListener("pageshow", stamp);
  var meta = document.querySelector("meta[name=tourney-state]");
  if (meta) {
    var shown = meta.getAttribute("data-version");
    window.setInterval(function () {
      fetch(meta.getAttribute("content"), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (state && String(state.version) !== shown) {
            document.getElementById("stale").hidden = false;
          }
        })
        .catch(function () {});
    }, 3000);
  }
  var board = document.getElementById("board");
  if (board && window.EventSource) {
    var source = new EventSource(board.getAttribute("data-events"));
    var series = document.getElementById("series-board");
    source.onmessage = function (event) {
      board.innerHTML = event.data;
      if (series) {
        fetch(series.getAttribute("data-src"), { credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) { if (html !== null) { series.innerHTML = html; } })
          .catch(function () {});
      }
    };
  }
})();
