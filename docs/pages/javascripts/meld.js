/* A table wider than the screen (large text on a phone) scrolls in the theme's wrapper: the
   wrapper takes the keyboard's focus, so it can be scrolled without a mouse (axe:
   "scrollable-region-focusable"). The theme wraps its tables as each page is shown. */
document$.subscribe(function () {
  document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
    wrap.setAttribute("tabindex", "0");
  });
});
