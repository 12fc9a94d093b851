// What the Dice City and SPQF boards share beyond match.js (loaded by their board.js files):
//
// - tips: every board element with a title gets a tooltip bubble that also works on a phone:
//   hover or keyboard focus shows it; on a touch screen a tap shows it on anything that is not
//   a choice, and a long press shows it on a choice (without making the choice);
// - drag: pointer events (mouse, pen and touch alike) to drag a piece onto a target;
// - sendAll: several engine decisions composed on the board, sent one after the other as the
//   snapshots come back (each needs the version the previous one made);
// - history: the log entries seen so far (the page's last ones, then each update's), so a board
//   can mark the last move of each opponent.
(function () {
  "use strict";
  if (window.BOARDKIT) return;
  const board = document.getElementById("board");
  const ACTIONABLE = "[data-action],[data-pick],[data-after],[data-compose],[role=button],button,a,summary,input";
  const LONG_PRESS_MS = 450;
  const DRAG_PX = 6;
  let quiet = false;  // the click that ends a drag or a long press is not a choice

  // A canonical text for an action: legal lists and composed actions compare by it.
  function actionKey(value) {
    if (Array.isArray(value)) return "[" + value.map(actionKey).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (k) {
        return JSON.stringify(k) + ":" + actionKey(value[k]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  function isLegal(action) {
    const wanted = actionKey(action);
    return (window.TABLE.payload().legal || []).some(function (item) {
      return actionKey(item.action) === wanted;
    });
  }

  window.addEventListener("click", function (event) {
    if (quiet) { quiet = false; event.stopPropagation(); event.preventDefault(); }
  }, true);

  // The browser sends that click right after the pointer is lifted, if at all: a little later
  // a click is the player's again.
  function quietClick(ms) {
    quiet = true;
    setTimeout(function () { quiet = false; }, ms);
  }

  // --- tooltips -------------------------------------------------------------------------------

  const bubble = document.createElement("div");
  bubble.id = "board-tip";
  bubble.className = "board-tip";
  bubble.setAttribute("role", "tooltip");
  bubble.hidden = true;
  document.body.appendChild(bubble);
  let tipFor = null;
  let hoverTimer = null;

  // The server writes title="" (read without JavaScript too); the bubble replaces the browser's
  // own tooltip, which a touch screen never shows. aria-description keeps it for screen readers.
  function adoptTitles() {
    board.querySelectorAll("[title]").forEach(function (el) {
      const text = el.getAttribute("title");
      el.removeAttribute("title");
      if (!text) return;
      el.dataset.tip = text;
      el.setAttribute("aria-description", text);
    });
  }

  function showTip(el) {
    tipFor = el;
    bubble.textContent = el.dataset.tip;
    bubble.hidden = false;
    const r = el.getBoundingClientRect();
    const width = Math.min(320, window.innerWidth - 16);
    bubble.style.maxWidth = width + "px";
    const b = bubble.getBoundingClientRect();
    let top = r.bottom + 6;
    if (top + b.height > window.innerHeight - 4 && r.top - b.height - 6 > 0) top = r.top - b.height - 6;
    const left = Math.max(8, Math.min(r.left, window.innerWidth - b.width - 8));
    bubble.style.top = top + "px";
    bubble.style.left = left + "px";
  }

  function hideTip() {
    clearTimeout(hoverTimer);
    tipFor = null;
    bubble.hidden = true;
  }

  function tipOf(target) {
    const el = target && target.closest ? target.closest("[data-tip]") : null;
    return el && board.contains(el) ? el : null;
  }

  board.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse") return;
    const el = tipOf(event.target);
    clearTimeout(hoverTimer);
    if (!el) { hideTip(); return; }
    if (el !== tipFor) hoverTimer = setTimeout(function () { showTip(el); }, 250);
  });
  // A finger lifted also "leaves": only the mouse leaving hides a tooltip.
  board.addEventListener("pointerleave", function (event) {
    if (event.pointerType === "mouse") hideTip();
  });
  board.addEventListener("focusin", function (event) {
    const el = tipOf(event.target);
    if (el) showTip(el);
  });
  board.addEventListener("focusout", hideTip);
  window.addEventListener("scroll", function () {  // the bubble follows its element
    if (tipFor && document.contains(tipFor)) showTip(tipFor); else hideTip();
  }, {passive: true});
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hideTip();
  });

  let press = null;
  board.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse") return;
    const el = tipOf(event.target);
    if (!el) { hideTip(); return; }
    press = {x: event.clientX, y: event.clientY, el: el, timer: setTimeout(function () {
      showTip(el);
      press.shown = true;  // the finger lifts: no choice made
    }, LONG_PRESS_MS)};
  });
  function endPress(event) {
    if (!press) return;
    if (press.shown) {
      if (event.type !== "pointermove") { press = null; quietClick(350); }
      return;
    }
    if (event.type === "pointermove" &&
        Math.hypot(event.clientX - press.x, event.clientY - press.y) < 10) return;
    clearTimeout(press.timer);
    press = null;
  }
  ["pointermove", "pointerup", "pointercancel"].forEach(function (type) {
    board.addEventListener(type, endPress);
  });
  board.addEventListener("contextmenu", function (event) {
    if (tipOf(event.target)) event.preventDefault();  // a long press shows the tip, not a menu
  });
  // A tap (or click) on something that is not a choice shows its tooltip; elsewhere hides it.
  board.addEventListener("click", function (event) {
    const el = tipOf(event.target);
    const acts = event.target.closest(ACTIONABLE);
    if (el && !(acts && el.contains(acts)) && !el.matches(ACTIONABLE)) {
      if (tipFor === el) hideTip(); else showTip(el);
    } else if (!el) {
      hideTip();
    }
  });

  // --- drag -----------------------------------------------------------------------------------

  const drags = [];

  // source: a selector of draggable pieces; targets(piece) -> the elements it may be dropped
  // on; drop(piece, target) does what the drop means; end(piece), if given, follows every drag,
  // dropped or not. Marks: .dragging on the piece, .drop-target on each target, .drop-over on
  // the one under the pointer.
  function drag(source, targets, drop, end) {
    drags.push({source: source, targets: targets, drop: drop, end: end || null});
  }

  let held = null;
  board.addEventListener("pointerdown", function (event) {
    if (event.button > 0) return;
    for (const d of drags) {
      const piece = event.target.closest(d.source);
      if (piece && board.contains(piece)) {
        held = {d: d, piece: piece, x: event.clientX, y: event.clientY, id: event.pointerId};
        return;
      }
    }
  });
  board.addEventListener("pointermove", function (event) {
    if (!held || event.pointerId !== held.id) return;
    if (!held.ghost) {
      if (Math.hypot(event.clientX - held.x, event.clientY - held.y) < DRAG_PX) return;
      startDrag(event);
    }
    moveDrag(event);
  });
  board.addEventListener("pointerup", function (event) {
    if (!held || event.pointerId !== held.id) return;
    const dropped = held.ghost ? held.over : null;
    const done = held;
    endDrag();
    if (!done.ghost) return;
    quietClick(0);
    if (dropped) done.d.drop(done.piece, dropped);
    if (done.d.end) done.d.end(done.piece);
  });
  board.addEventListener("pointercancel", function () {
    const done = held;
    endDrag();
    if (done && done.ghost && done.d.end) done.d.end(done.piece);
  });

  function startDrag(event) {
    const piece = held.piece;
    held.list = Array.from(held.d.targets(piece) || []);
    held.list.forEach(function (t) { t.classList.add("drop-target"); });
    const r = piece.getBoundingClientRect();
    const ghost = piece.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.classList.add("drag-ghost");
    ghost.style.width = r.width + "px";
    ghost.style.height = r.height + "px";
    held.dx = event.clientX - r.left;
    held.dy = event.clientY - r.top;
    document.body.appendChild(ghost);
    held.ghost = ghost;
    piece.classList.add("dragging");
    hideTip();
    try { piece.setPointerCapture(event.pointerId); } catch (e) { /* already released */ }
  }

  function moveDrag(event) {
    held.ghost.style.left = (event.clientX - held.dx) + "px";
    held.ghost.style.top = (event.clientY - held.dy) + "px";
    // The innermost target under the pointer (a token inside a space is a target of its own).
    let over = document.elementFromPoint(event.clientX, event.clientY);
    while (over && held.list.indexOf(over) < 0) over = over.parentElement;
    over = over || null;
    if (over !== held.over) {
      if (held.over) held.over.classList.remove("drop-over");
      if (over) over.classList.add("drop-over");
      held.over = over;
    }
  }

  function endDrag() {
    if (!held) return;
    if (held.ghost) held.ghost.remove();
    held.piece.classList.remove("dragging");
    (held.list || []).forEach(function (t) { t.classList.remove("drop-target", "drop-over"); });
    held = null;
  }

  // --- composed decisions ---------------------------------------------------------------------

  let queue = [];
  let onStop = null;

  // Send actions[0] now and each next one once the snapshot it waits for shows it legal; if one
  // is not legal then (the game went another way), the rest are dropped and onStop(rest) says so.
  function sendAll(actions, stopped) {
    queue = actions.slice(1);
    onStop = stopped || null;
    window.TABLE.send(actions[0]);
  }

  function sendNext(payload) {
    if (!queue.length) return;
    const mine = payload.to_act.indexOf(payload.seat) >= 0;
    if (mine && isLegal(queue[0])) { window.TABLE.send(queue.shift()); return; }
    const rest = queue;
    queue = [];
    if (onStop) onStop(rest);
  }

  // --- history --------------------------------------------------------------------------------

  const seen = new Map();

  function remember(entries) {
    (entries || []).forEach(function (e) {
      // A decision taken back (undo) is no longer a move: its "_undo" entry names it.
      if (e.action && e.action.type === "_undo") { seen.delete(e.action.seq); return; }
      seen.set(e.seq, e);
    });
  }

  function history() {
    return Array.from(seen.values()).sort(function (a, b) { return a.seq - b.seq; });
  }

  // The last run of consecutive entries of each seat (its last turn, where a turn is one run).
  function lastRuns() {
    const runs = {};
    let previous = null;
    history().forEach(function (e) {
      if (e.seat === null || e.seat === undefined) return;
      if (e.seat !== previous) runs[e.seat] = [];
      runs[e.seat].push(e);
      previous = e.seat;
    });
    return runs;
  }

  // --- the board's own script -----------------------------------------------------------------

  const listeners = [];

  // fn(payload, entries, moved): after each snapshot, and once at once with the page's state.
  function onUpdate(fn) {
    listeners.push(fn);
    fn(window.TABLE.payload(), [], true);
  }

  document.addEventListener("table:update", function (event) {
    const d = event.detail;
    remember(d.entries);
    if (d.moved) { adoptTitles(); hideTip(); }
    listeners.forEach(function (fn) { fn(d.payload, d.entries, d.moved); });
    if (d.moved) sendNext(d.payload);
  });

  // The page carries the last few entries; a longer stretch makes "each opponent's last turn"
  // right at once in a game of several players.
  function fetchEarlier() {
    const payload = window.TABLE.payload();
    remember(payload.log);
    if (!window.MATCH || !window.MATCH.logUrl) return;
    const after = Math.max(0, payload.version - 80);
    fetch(window.MATCH.logUrl + "?after=" + after, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : {entries: []}; })
      .then(function (data) {
        remember(data.entries);
        listeners.forEach(function (fn) { fn(window.TABLE.payload(), [], false); });
      })
      .catch(function () { /* the page's own entries will do */ });
  }

  adoptTitles();
  fetchEarlier();

  // A board script's own sentence in the reader's language: the board template's #game-words
  // element holds them (platform/boards/language.py); each {field} is filled from `fields`.
  function t(msgid, fields) {
    const el = document.getElementById("game-words");
    let text = msgid;
    try { text = (el ? JSON.parse(el.textContent) : {})[msgid] || msgid; } catch (e) { text = msgid; }
    Object.keys(fields || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(fields[k])); });
    return text;
  }

  window.BOARDKIT = {
    board: board,
    t: t,
    actionKey: actionKey,
    isLegal: isLegal,
    drag: drag,
    sendAll: sendAll,
    history: history,
    lastRuns: lastRuns,
    onUpdate: onUpdate,
    showTip: showTip,
    hideTip: hideTip,
  };
})();
