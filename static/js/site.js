// Every page: on a phone the header's links open from a Menu button (site.css); without this
// script they wrap instead. Loaded in <head> without defer, so the page never shows the wrapped
// links first.
//
// A box that scrolls (the log, a wide table, a strip of cards on a phone) and holds nothing
// focusable cannot be scrolled from the keyboard: it becomes a tab stop while it scrolls
// (WCAG 2.1.1, axe's scrollable-region-focusable), checked again when the page changes.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  const FOCUSABLE = "a[href],button,input,select,textarea,summary,[tabindex]";

  function scrolls(el) {
    const style = getComputedStyle(el);
    const x = /auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
    const y = /auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    return x || y;
  }

  function reachScrollers() {
    const main = document.querySelector("main");
    if (!main) return;
    main.querySelectorAll("*").forEach(function (el) {
      const ours = el.dataset.scrollStop === "1";
      if (!ours && el.hasAttribute("tabindex")) return;
      const needed = scrolls(el) && !el.querySelector(FOCUSABLE);
      if (needed && !ours) {
        el.tabIndex = 0;
        el.dataset.scrollStop = "1";
      } else if (!needed && ours) {
        el.removeAttribute("tabindex");
        delete el.dataset.scrollStop;
      }
    });
  }

  let pending = 0;
  function later() {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(reachScrollers);
  }

  document.addEventListener("DOMContentLoaded", function () {
    reachScrollers();
    window.addEventListener("resize", later);
    new MutationObserver(later).observe(document.querySelector("main") || document.body,
      {childList: true, subtree: true});
    const bar = document.querySelector(".topbar");
    const toggle = document.getElementById("menu-toggle");
    if (!bar || !toggle) return;
    toggle.addEventListener("click", function () {
      const open = bar.classList.toggle("open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  });
  window.addEventListener("load", reachScrollers);
})();
