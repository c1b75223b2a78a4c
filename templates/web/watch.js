// The watch page (templates/web/watch.html): when the log moves (the feed's ticks), fetch
// the tables again, data-delay seconds later (the server draws them as they were then);
// at once when a table's win chances came back (the stream's "chances" event: the server
// estimates the position it shows, so no delay is owed); and every few seconds anyway, so
// that a delayed page catches up when play stops.
(function () {
  "use strict";
  var watch = document.getElementById("watch");
  if (!watch) return;
  var delay = Number(watch.getAttribute("data-delay")) || 0;
  var pending = {}, asked = 0, shown = 0;
  function refresh() {
    var mine = ++asked; // an answer older than the one shown is dropped: never back in time
    fetch(watch.getAttribute("data-source"), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null && mine > shown) { shown = mine; watch.innerHTML = html; } })
      .catch(function () {});
  }
  function after(ms) { // one fetch waiting per wait: a chances refresh never holds back a move's
    if (!pending[ms]) pending[ms] = setTimeout(function () { pending[ms] = null; refresh(); }, ms);
  }
  function soon() { after(delay * 1000 + 50); }
  if (window.EventSource) {
    var source = new EventSource(watch.getAttribute("data-events"));
    source.onmessage = soon;
    source.addEventListener("chances", function () { after(50); });
  }
  if (delay) setInterval(soon, 5000);
})();
