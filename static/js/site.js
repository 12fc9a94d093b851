// Every page: on a phone the header's links open from a Menu button (site.css); without this
// script they wrap instead. Loaded in <head> without defer, so the page never shows the wrapped
// links first. The footer's language switch sends itself when a language is picked.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    // The footer's language switch applies at once (without script: its Change button).
    const language = document.getElementById("language-choice");
    if (language) language.addEventListener("change", function () { language.form.submit(); });
    const bar = document.querySelector(".topbar");
    const toggle = document.getElementById("menu-toggle");
    if (!bar || !toggle) return;
    toggle.addEventListener("click", function () {
      const open = bar.classList.toggle("open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  });
})();
