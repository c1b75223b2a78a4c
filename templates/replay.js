// The match viewer (templates/_replay.html): steps through the positions the server worked
// out with the game's engine (script#replay-data). It draws nothing of its own and knows no
// rule: each position's drawing is the server's parts, put back together here.
(function () {
  "use strict";
  var script = document.currentScript;
  var packed = document.getElementById("replay-data");
  // The positions are JSON, deflated, in base64 (tourney.reports.replay.packed): the
  // browser inflates them; one that cannot keeps the last position the page shows.
  if (!packed || typeof DecompressionStream === "undefined") return;
  var bytes = Uint8Array.from(atob(packed.textContent.trim()), function (c) {
    return c.charCodeAt(0);
  });
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  new Response(stream).text().then(function (text) {
    viewer(JSON.parse(text));
  });

  function viewer(data) {
    var positions = data.positions;
    var board = document.getElementById("replay-board");
    var slider = document.getElementById("replay-slider");
    var handPicker = document.getElementById("replay-hand");
    var link = document.getElementById("replay-link");
    var stepWord = script.getAttribute("data-step-word") || "{n}/{of}";
    var NS = "http://www.w3.org/2000/svg";
    var at = positions.length - 1;
    var timer = null;

    function drawing(position) {
      if (!position.p) return null;
      var svg = document.createElementNS(NS, "svg");
      svg.setAttribute("class", "drawing " + position.c);
      svg.setAttribute("viewBox", position.b);
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", position.l);
      var title = document.createElementNS(NS, "title");
      title.textContent = position.l;
      var parts = position.p.map(function (i) { return data.parts[i]; }).join("");
      if (position.q) {  // the hands, drawn under the table in their own coordinates
        parts += '<g transform="translate(' + position.o + ')">' +
          position.q.map(function (i) { return data.parts[i]; }).join("") + "</g>";
      }
      // The parts are the server's own markup (escaped there), parsed as SVG.
      var doc = new DOMParser().parseFromString(
        '<svg xmlns="' + NS + '">' + parts + "</svg>", "image/svg+xml");
      svg.appendChild(title);
      while (doc.documentElement.firstChild) {
        svg.appendChild(document.importNode(doc.documentElement.firstChild, true));
        doc.documentElement.removeChild(doc.documentElement.firstChild);
      }
      return svg;
    }

    function show(index, fromHash) {
      at = Math.max(0, Math.min(positions.length - 1, index));
      var position = positions[at];
      var old = board.querySelector("svg.drawing");
      var fresh = drawing(position);
      if (old) board.removeChild(old);
      if (fresh) board.insertBefore(fresh, board.firstChild);
      board.setAttribute("data-hand", position.h);
      board.setAttribute("data-move", position.m);
      board.setAttribute("data-scores", JSON.stringify(position.s));
      document.getElementById("replay-step").textContent =
        stepWord.replace("{n}", position.m).replace("{of}", positions.length - 1);
      document.getElementById("replay-scores").textContent = position.s.join(" – ");
      slider.value = at;
      if (handPicker && position.h) handPicker.value = position.h;
      var anchor = "#h" + position.h + "m" + position.m;
      link.setAttribute("href", anchor);
      if (!fromHash && history.replaceState) history.replaceState(null, "", anchor);
    }

    function fromHash() {
      var found = /^#h(\d+)(?:m(\d+))?$/.exec(location.hash);
      if (!found) return false;
      if (found[2] !== undefined) { show(Number(found[2]), true); return true; }
      var hand = Number(found[1]);
      var first = positions.findIndex(function (p) { return p.h === hand; });
      if (first >= 0) show(first, true);
      return first >= 0;
    }

    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      document.querySelector('[data-go="play"]').setAttribute("aria-pressed", "false");
    }

    function go(what) {
      if (what !== "play") stop();
      if (what === "first") show(0);
      else if (what === "last") show(positions.length - 1);
      else if (what === "back") show(at - 1);
      else if (what === "next") show(at + 1);
      else if (what === "play") {
        if (timer) { stop(); return; }
        if (at === positions.length - 1) show(0);
        document.querySelector('[data-go="play"]').setAttribute("aria-pressed", "true");
        timer = setInterval(function () {
          if (at >= positions.length - 1) stop(); else show(at + 1);
        }, 700);
      }
    }

    document.getElementById("replay-controls").hidden = false;
    document.getElementById("replay-keys").hidden = false;
    document.querySelectorAll("#replay-controls [data-go]").forEach(function (button) {
      button.addEventListener("click", function () { go(button.getAttribute("data-go")); });
    });
    slider.addEventListener("input", function () { stop(); show(Number(slider.value)); });
    if (handPicker) handPicker.addEventListener("change", function () {
      stop();
      location.hash = "#h" + handPicker.value;
    });
    window.addEventListener("hashchange", fromHash);
    document.addEventListener("keydown", function (event) {
      var tag = (event.target && event.target.tagName) || "";
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      if (event.key === "ArrowLeft") { go("back"); event.preventDefault(); }
      if (event.key === "ArrowRight") { go("next"); event.preventDefault(); }
    });
    var touchX = null;
    board.addEventListener("touchstart", function (e) { touchX = e.touches[0].clientX; },
      { passive: true });
    board.addEventListener("touchend", function (e) {
      if (touchX === null) return;
      var moved = e.changedTouches[0].clientX - touchX;
      touchX = null;
      if (Math.abs(moved) > 40) go(moved < 0 ? "next" : "back");
    });
    if (!fromHash()) show(positions.length - 1, true);
  }
})();
