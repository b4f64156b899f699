/* Meld round clock: counts down from the seconds left that the server sent, so a phone
   whose own clock is wrong still shows the room's time. At 0 it shows "Time is up".
   Every clock on the page ([data-clock-remaining]) after every htmx swap. */
(function () {
  "use strict";

  function show(element, seconds) {
    var left = Math.max(0, Math.round(seconds));
    var minutes = Math.floor(left / 60);
    var rest = left % 60;
    element.textContent = minutes + ":" + (rest < 10 ? "0" : "") + rest;
    var clock = element.closest(".round-clock");
    if (!clock) return;
    var up = clock.querySelector(".clock-up");
    if (up) up.hidden = left > 0;
    clock.classList.toggle("up", left === 0);
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-clock-remaining]").forEach(function (element) {
      if (!element.dataset.shownAt) element.dataset.shownAt = String(now);
      var remaining = parseInt(element.dataset.clockRemaining, 10);
      if (!("clockRunning" in element.dataset)) return show(element, remaining);
      show(element, remaining - (now - parseInt(element.dataset.shownAt, 10)) / 1000);
    });
  }

  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 1000);
})();
