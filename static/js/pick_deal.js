/* The director's correction: picking another deal (hand) in the dropdown loads the form
   for it at once (?fix=N), so the form names the players of that hand. Without this
   script the "Show" button beside the dropdown does the same. */
(function () {
  "use strict";

  function wire(form) {
    var select = form.querySelector("select");
    var show = form.querySelector("[data-pick-show]");
    if (!select) return;
    if (show) show.hidden = true;
    select.addEventListener("change", function () {
      form.requestSubmit ? form.requestSubmit() : form.submit();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-pick-deal]").forEach(wire);
  });
})();
