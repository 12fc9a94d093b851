// Every page: on a phone the header's links open from a Menu button (site.css); without this
// script they wrap instead. Loaded in <head> without defer, so the page never shows the wrapped
// links first.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    const bar = document.querySelector(".topbar");
    const toggle = document.getElementById("menu-toggle");
    if (!bar || !toggle) return;
    toggle.addEventListener("click", function () {
      const open = bar.classList.toggle("open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  });
})();
