// The watch page (templates/web/watch.html): when the log moves (the feed's ticks), fetch
// the tables again, data-delay seconds later (the server draws them as they were then);
// and every few seconds anyway, so that a delayed page catches up when play stops.
(function () {
  "use strict";
  var watch = document.getElementById("watch");
  if (!watch) return;
  var delay = Number(watch.getAttribute("data-delay")) || 0;
  var pending = null;
  function refresh() {
    pending = null;
    fetch(watch.getAttribute("data-source"), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) watch.innerHTML = html; })
      .catch(function () {});
  }
  function soon() {
    if (!pending) pending = setTimeout(refresh, delay * 1000 + 50);
  }
  if (window.EventSource) new EventSource(watch.getAttribute("data-events")).onmessage = soon;
  if (delay) setInterval(soon, 5000);
})();
