/* Meld table board: "last entry 4 min ago" counts on between polls.
   The server sends how many seconds ago each table last entered something; the
   page adds the seconds it has been shown, so a laptop's wrong clock does not matter.
   The words come from the board's data attributes (translated by the server). */
(function () {
  "use strict";

  function text(board, kind, minutes) {
    var key = kind === "start" ? "start" : "ago";
    if (minutes < 1) return board.dataset[key + "Now"];
    return board.dataset[key + "Minutes"].replace("{minutes}", String(minutes));
  }

  function tick() {
    var board = document.getElementById("board");
    if (!board) return;
    var now = Date.now();
    board.querySelectorAll("[data-ago]").forEach(function (element) {
      if (!element.dataset.shownAt) element.dataset.shownAt = String(now);
      var seconds = parseInt(element.dataset.ago, 10) + (now - parseInt(element.dataset.shownAt, 10)) / 1000;
      element.textContent = text(board, element.dataset.agoKind, Math.floor(seconds / 60));
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 15000);
})();
