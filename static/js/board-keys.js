// The board by keyboard, for every game (loaded after match.js and the game's own board.js;
// docs/accessibility.md). Whatever a click can choose on the board becomes a tab stop with a
// visible focus ring (site.css): a legal choice (data-action), a die or card to pick
// (data-pick), a Scythe unit (data-part), and, while a choice is being composed, its targets
// (a highlighted place, an outlined card, a territory of the map). Enter or Space clicks it, so
// the board's own scripts do what a click does; Escape cancels a half-made choice (their own
// handlers); the arrow keys move to the nearest choice that way, within the same part of the
// board first. When the board is redrawn after a move the focus goes back to the same thing, or
// to the first choice, never to the top of the page.
(function () {
  "use strict";
  const board = document.getElementById("board");
  if (!board) return;
  const CHOICE = [
    "[data-action]", "[data-pick]", "[data-part]", "[data-reroll]", ".pick-target",
    ".compose-option", ".sc-aim", ".sc-ring[data-hex]",
  ].join(",");
  const NATIVE = "button,a[href],input,select,textarea,summary";
  const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  const KEYS = ["id", "data-action", "data-pick", "data-card", "data-part", "data-hex",
    "data-reroll", "data-res", "data-row"];
  let focusKey = null;   // what had the focus on the board, to find it again after a redraw
  let onBoard = false;

  // --- tab stops ---------------------------------------------------------------------------

  function labelOf(action) {
    const key = JSON.stringify(JSON.parse(action));
    const item = (window.TABLE.payload().legal || []).find(function (i) {
      return JSON.stringify(i.action) === key;
    });
    return item ? item.label : "";
  }

  function hexName(hex) {
    const g = board.querySelector('.sc-hex[data-hex="' + hex + '"]');
    return g ? g.dataset.name + " (" + hex + ")" : hex;
  }

  // A name for an element that has no text of its own (the map's shapes).
  function nameOf(el) {
    if (el.dataset.action) {
      const label = labelOf(el.dataset.action);
      if (label) return label;
    }
    if (el.dataset.names) return el.dataset.names.split("|")[0];
    const title = el.querySelector(":scope > title");
    if (title) return title.textContent;
    if (el.dataset.hex) return hexName(el.dataset.hex);
    return el.dataset.tip || el.getAttribute("title") || "";
  }

  function enable(el) {
    if (el.matches(NATIVE) || el.closest("[hidden]")) return;
    if (!el.hasAttribute("tabindex")) { el.tabIndex = 0; el.dataset.kbTab = "1"; }
    // A table cell stays a cell, and a choice holding another (a space of the city with its
    // die) stays a plain tab stop: a button may not contain a button. Their tooltip (said as
    // the description) tells what Enter does.
    const holds = el.querySelector("[tabindex]," + NATIVE + "," + CHOICE);
    if (!el.hasAttribute("role") && !holds && !el.matches("td,th")) {
      el.setAttribute("role", "button");
      el.dataset.kbRole = "1";
    }
    if (!el.hasAttribute("aria-label") && (el instanceof SVGElement || !el.textContent.trim())) {
      const name = nameOf(el);
      if (name) { el.setAttribute("aria-label", name); el.dataset.kbLabel = "1"; }
    }
  }

  // A target that is no longer one (the composed choice was sent or cancelled) leaves the order.
  function disable(el) {
    if (el.dataset.kbTab) { el.removeAttribute("tabindex"); delete el.dataset.kbTab; }
    if (el.dataset.kbRole) { el.removeAttribute("role"); delete el.dataset.kbRole; }
    if (el.dataset.kbLabel) { el.removeAttribute("aria-label"); delete el.dataset.kbLabel; }
  }

  function refresh() {
    board.querySelectorAll("[data-kb-tab],[data-kb-role]").forEach(function (el) {
      if (!el.matches(CHOICE)) disable(el);
    });
    board.querySelectorAll(CHOICE).forEach(enable);
  }

  new MutationObserver(function () {
    refresh();
    comeBack();
  }).observe(board, {childList: true, subtree: true, attributes: true, attributeFilter: ["class", "hidden"]});

  // --- Enter, Space and the arrows ----------------------------------------------------------

  function isChoice(el) {
    return el instanceof Element && board.contains(el) && (el.matches(CHOICE) || el.matches(NATIVE));
  }

  function visible(el) {
    return el.getClientRects().length > 0 && !el.closest("[hidden]") &&
      (el.tabIndex >= 0 || el.matches(NATIVE)) && !el.disabled;
  }

  function centre(el) {
    const r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }

  // The nearest choice in the arrow's direction: distance along it, plus thrice the distance
  // across it (so the next in the same row or column wins over a nearer one off to the side).
  function nearest(from, dir, pool) {
    const a = centre(from);
    let best = null, bestScore = Infinity;
    pool.forEach(function (el) {
      if (el === from) return;
      const b = centre(el);
      const along = (b.x - a.x) * dir[0] + (b.y - a.y) * dir[1];
      if (along < 2) return;
      const across = Math.abs((b.x - a.x) * dir[1]) + Math.abs((b.y - a.y) * dir[0]);
      const score = along + 3 * across;
      if (score < bestScore) { best = el; bestScore = score; }
    });
    return best;
  }

  function choices(root) {
    return Array.from(root.querySelectorAll(CHOICE + "," + NATIVE)).filter(visible);
  }

  function move(from, dir) {
    const part = from.closest("svg, section, details, .card") || board;
    return nearest(from, dir, choices(part)) || nearest(from, dir, choices(board));
  }

  board.addEventListener("keydown", function (event) {
    const el = event.target;
    if (!isChoice(el) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      // A button clicks itself; a die or card to pick is match.js's own.
      if (el.matches(NATIVE) || el.dataset.pick !== undefined) return;
      event.preventDefault();
      el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
      return;
    }
    const dir = ARROWS[event.key];
    if (!dir || el.matches("input,select,textarea")) return;
    const next = move(el, dir);
    if (next) { event.preventDefault(); next.focus(); }
  });

  // --- the focus across redraws -------------------------------------------------------------

  function keyOf(el) {
    for (const name of KEYS) {
      if (el.hasAttribute(name)) {
        const col = name === "data-row" ? '[data-col="' + el.getAttribute("data-col") + '"]' : "";
        return "[" + name + '="' + CSS.escape(el.getAttribute(name)) + '"]' + col;
      }
    }
    return null;
  }

  // The bar of a Scythe choice and its dialog live outside the board but belong to it: when
  // they go (Cancel, Move), the focus comes back to the board.
  document.addEventListener("focusin", function (event) {
    const t = event.target;
    onBoard = board.contains(t) || Boolean(t.closest && t.closest("#sc-compose, dialog"));
    if (board.contains(t)) focusKey = keyOf(t);
  });
  // A click elsewhere on the page (not a tab stop) leaves the board: no focus is pulled back.
  document.addEventListener("pointerdown", function (event) {
    if (!board.contains(event.target)) onBoard = false;
  });

  // The focused element went with the old board (or a cancelled target): focus its
  // counterpart, else the first choice, else the board itself.
  function comeBack() {
    const now = document.activeElement;
    const kept = now && now !== document.body && document.contains(now) && now.getClientRects().length;
    if (!onBoard || kept) return;
    let el = null;
    try { el = focusKey ? board.querySelector(focusKey) : null; } catch (e) { el = null; }
    if (!el || !visible(el)) el = choices(board)[0] || null;
    if (!el) {
      board.tabIndex = -1;
      el = board;
    }
    el.focus({preventScroll: true});
    onBoard = true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") setTimeout(comeBack, 0);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#sc-compose, #compose, dialog")) {
      setTimeout(comeBack, 0);
    }
  });

  refresh();
})();
