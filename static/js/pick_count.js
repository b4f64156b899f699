/* The players page's "From the members" panel: how many members are ticked, counted
   again on every tick and after a search redraws the list (htmx). The page shows the
   count it was drawn with when this script does not run. */
(function () {
  "use strict";

  function count() {
    var output = document.getElementById("pick-count");
    if (!output) return;
    var form = output.closest("form");
    output.value = String(form.querySelectorAll('input[name="member"]:checked').length);
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches('#member-choices input[name="member"]')) {
      count();
    }
  });
  document.addEventListener("htmx:afterSwap", count);
  document.addEventListener("DOMContentLoaded", count);
})();
