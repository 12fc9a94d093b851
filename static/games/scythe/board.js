// Scythe's own board script, loaded after match.js (docs/play.md, "Pages"). It makes one engine
// decision out of several clicks on the board, and shows what the other players just did.
//
// Composing: the engine's legal actions are small decisions ({type: "step", unit, to, workers,
// carry}, {type: "build", kind, hex}, {type: "upgrade", top, bottom}...). Things on the board
// stand for some of their fields: an element with data-part (a unit, a structure or mech on the
// mat, a top box, a bottom action, an enlist bonus) for the fields listed there, a territory of
// the map for {to} or {hex}. Each click narrows the legal actions to those that fit every field
// chosen so far; the strip in the status bar says what is chosen, highlights what may follow and
// offers Cancel (or Escape). One action left: it is sent. Moves of one unit to one territory that
// differ only in what it carries: a small dialog (which unit, how many workers, which tokens).
// Tokens in a mix are carried one by one, as the engine asks (carry "some", then a load per token,
// then done): the dialog's choice is sent as that sequence, each once the last one is applied.
// Nothing here knows a rule: whatever the engine offers, the board composes.
(function () {
  "use strict";
  const board = document.getElementById("board");
  const T = window.TABLE;
  if (!board || !T) return;
  let RES = ["food", "wood", "metal", "oil"];  // the order of the view's counts (data-resources)
  const MAX_MENU = 10;
  let alts = null;      // the decision being composed: alternative partial actions
  let names = [];       // what has been clicked, in words
  let queue = [];       // decisions still to send, each after the one before is applied
  let lastSeq = 0;
  const turns = {};     // seat -> that seat's entries since its turn began
  const kept = new Set();  // the <details> the player opened (kept open across updates)

  // --- the legal actions and what fits -----------------------------------------------------------

  function legal() { return (T.payload().legal || []).map(function (i) { return i.action; }); }

  function label(action) {
    const key = JSON.stringify(action);
    const item = (T.payload().legal || []).find(function (i) { return JSON.stringify(i.action) === key; });
    return item ? item.label : key;
  }

  function fits(action, part) {
    return Object.keys(part).every(function (k) { return action[k] === part[k]; });
  }

  function merge(a, b) {
    const out = Object.assign({}, a);
    for (const k of Object.keys(b)) {
      if (k in out && out[k] !== b[k]) return null;
      out[k] = b[k];
    }
    return out;
  }

  function candidates(parts) {
    const all = legal();
    const seen = new Set();
    const out = [];
    parts.forEach(function (p) {
      all.forEach(function (a) {
        const key = JSON.stringify(a);
        if (fits(a, p) && !seen.has(key)) { seen.add(key); out.push(a); }
      });
    });
    return out;
  }

  // The partial actions a click adds to what is chosen: only those some legal action still fits,
  // and only if they add a field (a second click on the same thing adds nothing).
  function narrow(options) {
    const base = alts || [{}];
    const out = [];
    base.forEach(function (a) {
      options.forEach(function (o) {
        const m = merge(a, o);
        if (m && Object.keys(m).length > Object.keys(a).length && candidates([m]).length) out.push(m);
      });
    });
    return out;
  }

  // --- what a click stands for -------------------------------------------------------------------

  function partsOf(el) { return el ? JSON.parse(el.dataset.part) : []; }

  function hexOf(target) {
    const map = target.closest("svg.sc-map");
    const at = map ? target.closest("[data-at], [data-hex]") : null;
    return at ? (at.dataset.at || at.dataset.hex) : null;
  }

  // A board script's own sentence in the reader's language: the board template's #game-words
  // element holds them (platform/boards/language.py); each {field} is filled from `fields`.
  function t(msgid, fields) {
    const el = document.getElementById("game-words");
    let text = msgid;
    try { text = (el ? JSON.parse(el.textContent) : {})[msgid] || msgid; } catch (e) { text = msgid; }
    Object.keys(fields || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(fields[k])); });
    return text;
  }

  function hexName(hex) {
    const g = board.querySelector('.sc-hex[data-hex="' + hex + '"]');
    return g ? g.dataset.name + " (" + hex + ")" : hex;
  }

  function elName(el) {
    if (el.dataset.names) return el.dataset.names.split("|")[0];
    return el.dataset.name || el.textContent.trim();
  }

  document.addEventListener("click", function (event) {
    if (!board.contains(event.target)) return;
    const el = event.target.closest("[data-part]");
    const onMap = event.target.closest("svg.sc-map");
    if (alts && el && el.classList.contains("sc-picked")) {  // a second click: put it back
      stop(event);
      cancel();
      return;
    }
    // Only a tap asks (event.detail 0: the keyboard, or the fan's own choice, names one unit).
    const crowd = alts || event.detail === 0 ? null : crowdOf(el);
    if (crowd) { stop(event); openFan(crowd); return; }
    const hex = hexOf(event.target);
    const asPart = el ? narrow(partsOf(el)) : [];
    const asHex = hex ? narrow([{to: hex}, {hex: hex}]) : [];
    // A unit before its territory; once something is chosen, a territory that continues it.
    let next = null, picked = null;
    if (alts && asHex.length) next = asHex;
    else if (asPart.length) { next = asPart; picked = el; }
    else if (asHex.length) next = asHex;
    else if (alts && el) {  // another unit (or slot) than the one picked: start again from it
      const fresh = freshPick(el);
      if (fresh.length) { reset(); next = fresh; picked = el; }
    }
    if (!next) {
      // Anything else drops the half-made choice; a button still does what it says, but a
      // territory that does not continue the choice is not taken for another one.
      if (alts) { cancel(); if (onMap) stop(event); }
      return;
    }
    stop(event);
    if (picked) picked.classList.add("sc-picked");
    alts = next;
    names.push(picked ? elName(picked) : hexName(hex));
    settle();
  }, true);

  // On a phone the units of a crowded hex have overlapping 44 px targets: a tap there asks which
  // one is meant (buttons in the status bar), then goes on as a click on it would.
  function crowdOf(el) {
    if (!el || !el.classList.contains("sc-unit") || !window.matchMedia("(max-width: 600px)").matches) return null;
    const group = el.closest(".sc-pieces");
    if (!group || !group.querySelector(".sc-tap-crowd")) return null;
    const units = Array.from(group.querySelectorAll(".sc-unit[data-part]")).filter(function (u) {
      return narrow(partsOf(u)).length > 0;
    });
    return units.length > 1 ? units : null;
  }

  function openFan(units) {
    reset();
    const hex = units[0].closest(".sc-pieces").dataset.at;
    strip(t("Which of your units on {name}?", {name: hexName(hex)}), [], true);
    const compose = document.getElementById("sc-compose");
    compose.classList.add("sc-fan");
    const last = compose.lastElementChild;  // Cancel
    units.forEach(function (u) {
      u.classList.add("sc-target");
      compose.insertBefore(button(elName(u), function () { pickUnit(u); }), last);
    });
  }

  function pickUnit(el) {
    reset();
    const next = narrow(partsOf(el));
    if (!next.length) return;
    el.classList.add("sc-picked");
    alts = next;
    names.push(elName(el));
    settle();
  }

  function freshPick(el) {
    const before = alts;
    alts = null;
    const found = narrow(partsOf(el));
    alts = before;
    return found;
  }

  function stop(event) { event.preventDefault(); event.stopPropagation(); }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && alts) cancel();
  });

  // --- one action left, a dialog, or more clicks --------------------------------------------------

  function settle() {
    const found = candidates(alts);
    if (found.length === 1) { send([found[0]]); return; }
    if (found.every(function (a) { return a.type === "step" && a.to === found[0].to; })) {
      openDialog(found);
      return;
    }
    show(found);
  }

  function send(actions) {
    const first = actions[0];
    queue = actions.slice(1);
    reset();
    T.send(first);
    if (queue.length) strip(t("Carrying the tokens chosen…"), [], false);
  }

  function cancel() {
    reset();
    closeDialog();
  }

  function reset() {
    alts = null;
    names = [];
    board.querySelectorAll(".sc-picked, .sc-target, .sc-composing").forEach(function (e) {
      e.classList.remove("sc-picked", "sc-target", "sc-composing");
    });
    overlay("sc-aim").forEach(function (e) { e.remove(); });
    const compose = document.getElementById("sc-compose");
    if (compose) { compose.hidden = true; compose.textContent = ""; }
  }

  // The strip: what is chosen so far, a menu of the actions left (when few), Cancel.
  function show(found) {
    const more = mark(found);
    const menu = found.length <= MAX_MENU || !more ? found : [];
    strip(t("Chosen: {names}.", {names: names.join(" → ")}) + " " +
      (found.length > menu.length ? t("Click a highlighted place.") : t("Click a highlighted place, or choose:")),
      menu, true);
  }

  // The strip lives outside the board (over the site's header while shown): it neither moves
  // the map under the pointer nor goes when the board is redrawn.
  function strip(text, menu, cancellable) {
    let compose = document.getElementById("sc-compose");
    if (!compose) {
      compose = document.createElement("div");
      compose.id = "sc-compose";
      compose.className = "sc-compose";
      compose.setAttribute("role", "status");
      // Inline in the pinned status bar above the board, never over the site's header.
      (document.getElementById("turn-bar") || document.body).appendChild(compose);
    }
    compose.textContent = "";
    compose.classList.remove("sc-fan");
    const what = document.createElement("span");
    what.className = "sc-chosen";
    what.textContent = text;
    compose.appendChild(what);
    menu.forEach(function (action) {
      compose.appendChild(button(label(action), function () { send([action]); }));
    });
    if (cancellable) compose.appendChild(button(t("Cancel"), cancel, "secondary"));
    compose.hidden = false;
  }

  function button(text, onClick, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (cls) b.className = cls;
    b.addEventListener("click", function (event) { event.preventDefault(); onClick(); });
    return b;
  }

  // Highlight what may follow: things with data-part that narrow the choice, and territories.
  function mark(found) {
    let count = 0;
    board.querySelectorAll("[data-part]").forEach(function (el) {
      if (narrow(partsOf(el)).length) { el.classList.add("sc-target"); count++; }
    });
    const hexes = new Set();
    found.forEach(function (a) {
      [a.to, a.hex].forEach(function (h) {
        if (typeof h === "string" && !alts.every(function (p) { return p.to === h || p.hex === h; })) hexes.add(h);
      });
    });
    hexes.forEach(function (h) { ring(h, "sc-aim"); });
    const root = board.querySelector(".sc");
    if (root) root.classList.add("sc-composing");
    return count + hexes.size;  // how many things may follow
  }

  // --- the overlay on the map: targets and last moves ---------------------------------------------

  function overlayGroup() {
    const map = board.querySelector("svg.sc-map");
    if (!map) return null;
    let g = map.querySelector("g.sc-overlay");
    if (!g) {
      g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("class", "sc-overlay");
      map.appendChild(g);
    }
    return g;
  }

  function overlay(cls) {
    const g = overlayGroup();
    return g ? Array.from(g.querySelectorAll("." + cls)) : [];
  }

  function svgEl(name, attrs) {
    const el = document.createElementNS("http://www.w3.org/2000/svg", name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    return el;
  }

  function ring(hex, cls, colour) {
    const g = overlayGroup();
    const shape = board.querySelector('.sc-hex[data-hex="' + hex + '"] polygon');
    if (!g || !shape) return null;
    const p = svgEl("polygon", {points: shape.getAttribute("points"), class: cls});
    p.dataset.hex = hex;
    if (colour) p.style.stroke = colour;
    g.appendChild(p);
    return shape.getBBox();
  }

  // One last-move mark per hex, in its top-right corner (never over a base's or a unit's
  // name): the mover's seat number in its colour, every mover's name in the tooltip.
  function lastMoveMark(hex, seats, colours) {
    const box = ring(hex, "sc-lastmove", colours[seats[0]]);
    if (!box) return;
    const x = box.x + box.width * 0.8, y = box.y + box.height * 0.2;
    const g = svgEl("g", {class: "sc-lastmove-mark"});
    g.dataset.hex = hex;
    const names = seats.map(function (s) { return (T.payload().players[s] || {}).name || ""; });
    const title = svgEl("title", {});
    title.textContent = t("Last move: {names}", {names: names.join(", ")});
    g.appendChild(title);
    const dot = svgEl("circle", {cx: x, cy: y, r: 9});
    dot.style.fill = colours[seats[0]] || "#5b2f99";
    g.appendChild(dot);
    const label = svgEl("text", {x: x, y: y});
    label.textContent = String(seats[0] + 1) + (seats.length > 1 ? "+" : "");
    g.appendChild(label);
    overlayGroup().appendChild(g);
  }

  // --- the dialog: which unit, how many workers, which tokens -------------------------------------

  let dialog = null;

  function closeDialog() {
    if (dialog) { dialog.close(); dialog.remove(); dialog = null; }
  }

  function unitNames() {
    const found = {};
    board.querySelectorAll(".sc-unit[data-part]").forEach(function (el) {
      const list = el.dataset.names.split("|");
      partsOf(el).forEach(function (p, i) { found[p.unit] = list[i]; });
    });
    return found;
  }

  function unitHex(unit) {
    const p = T.payload().view.players[T.payload().seat];
    if (unit === "char") return p.char;
    return (unit[0] === "m" ? p.mechs : p.workers)[Number(unit.slice(1))];
  }

  function openDialog(found) {
    closeDialog();
    const root = board.querySelector(".sc");
    if (root && root.dataset.resources) RES = root.dataset.resources.split(",");
    const named = unitNames();
    const units = Array.from(new Set(found.map(function (a) { return a.unit; })));
    dialog = document.createElement("dialog");
    dialog.className = "sc-dialog";
    dialog.setAttribute("aria-label", t("Move"));
    const title = document.createElement("h3");
    title.textContent = t("Move to {name}", {name: hexName(found[0].to)});
    dialog.appendChild(title);
    const state = {unit: units[0], workers: 0, counts: {}};
    const body = document.createElement("div");
    dialog.appendChild(body);
    const note = document.createElement("p");
    note.className = "sc-note";
    const go = button(t("Move"), function () {
      const actions = compose(found, state);
      if (actions) { closeDialog(); send(actions); }
    });
    const buttons = document.createElement("div");
    buttons.className = "sc-dialog-buttons";
    buttons.appendChild(button(t("Cancel"), cancel, "secondary"));
    buttons.appendChild(go);

    function draw() {
      body.textContent = "";
      const mine = found.filter(function (a) { return a.unit === state.unit; });
      if (units.length > 1) body.appendChild(whichUnit(units, named, state, draw));
      const workers = Array.from(new Set(mine.map(function (a) { return a.workers; })))
        .sort(function (a, b) { return a - b; });
      if (workers.indexOf(state.workers) < 0) state.workers = workers[0];
      if (workers.length > 1) {
        body.appendChild(counter(t("Workers carried"), state.workers, workers[0], workers[workers.length - 1],
          function (v) { state.workers = v; draw(); }));
      }
      const loads = mine.filter(function (a) { return a.workers === state.workers; }).map(function (a) { return a.carry; });
      const pile = pileAt(unitHex(state.unit));
      if (loads.length === 1 && loads[0] !== "none") RES.forEach(function (k) { state.counts[k] = pile[k]; });
      RES.forEach(function (k) {
        if (!pile[k]) return;
        state.counts[k] = Math.min(state.counts[k] || 0, pile[k]);
        const row = counter(k.charAt(0).toUpperCase() + k.slice(1) + " carried", state.counts[k], 0, pile[k],
          function (v) { state.counts[k] = v; draw(); });
        if (loads.length === 1) row.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        body.appendChild(row);
      });
      const ok = compose(found, state);
      go.disabled = !ok;
      note.textContent = ok ? "" : t("That mix of tokens cannot come along from here.");
      if (loads.length === 1 && loads[0] !== "none") note.textContent = t("Everything here must come along.");
      body.appendChild(note);
      title.textContent = (named[state.unit] || state.unit) + " to " + hexName(found[0].to);
    }
    draw();
    dialog.appendChild(buttons);
    dialog.addEventListener("cancel", function (event) { event.preventDefault(); cancel(); });
    document.body.appendChild(dialog);
    dialog.showModal();
    strip(t("Chosen: {names}.", {names: names.join(" → ")}) + " " + t("Say what comes along."), [], true);
  }

  function whichUnit(units, named, state, redraw) {
    const box = document.createElement("fieldset");
    box.className = "sc-which";
    const legend = document.createElement("legend");
    legend.textContent = t("Which unit");
    box.appendChild(legend);
    units.forEach(function (u) {
      const l = document.createElement("label");
      const r = document.createElement("input");
      r.type = "radio";
      r.name = "sc-unit";
      r.checked = u === state.unit;
      r.addEventListener("change", function () { state.unit = u; redraw(); });
      l.appendChild(r);
      l.appendChild(document.createTextNode(" " + (named[u] || u)));
      box.appendChild(l);
    });
    return box;
  }

  function counter(text, value, low, high, set) {
    const row = document.createElement("div");
    row.className = "sc-count";
    const name = document.createElement("span");
    name.textContent = text;
    const out = document.createElement("output");
    out.textContent = value;
    const less = button("−", function () { if (value > low) set(value - 1); });
    const more = button("+", function () { if (value < high) set(value + 1); });
    less.setAttribute("aria-label", t("fewer: {what}", {what: text}));
    more.setAttribute("aria-label", t("more: {what}", {what: text}));
    less.disabled = value <= low;
    more.disabled = value >= high;
    [name, less, out, more].forEach(function (e) { row.appendChild(e); });
    return row;
  }

  function pileAt(hex) {
    const counts = (T.payload().view.res || {})[hex] || [0, 0, 0, 0];
    const out = {};
    RES.forEach(function (k, i) { out[k] = counts[i] || 0; });
    return out;
  }

  // The engine's decisions for the dialog's choice: one step with the right `carry`, or a step
  // with carry "some" followed by one load per token and done. null: not a legal choice.
  function compose(found, state) {
    const mine = found.filter(function (a) { return a.unit === state.unit && a.workers === state.workers; });
    const pile = pileAt(unitHex(state.unit));
    const kinds = RES.filter(function (k) { return (state.counts[k] || 0) > 0; });
    const all = RES.every(function (k) { return (state.counts[k] || 0) === pile[k]; });
    const wanted = [];
    if (!kinds.length) wanted.push("none");
    if (kinds.length && all) wanted.push("all");
    if (kinds.length === 1) {
      const k = kinds[0];
      wanted.push(state.counts[k] === pile[k] ? k : k + ":" + state.counts[k]);
    }
    for (const carry of wanted) {
      const step = mine.find(function (a) { return a.carry === carry; });
      if (step) return [step];
    }
    const some = mine.find(function (a) { return a.carry === "some"; });
    if (!some) return null;
    const loads = [];
    kinds.forEach(function (k) {
      for (let i = 0; i < state.counts[k]; i++) loads.push({type: "load", res: k});
    });
    return [some].concat(loads, [{type: "done"}]);
  }

  // --- tooltips on a phone: a long press shows what a mouse would show on hover ------------------

  let pressed = null;
  board.addEventListener("pointerdown", function (event) {
    if (event.pointerType !== "touch") return;
    const target = event.target;
    clearTimeout(pressed);
    pressed = setTimeout(function () { explain(target); }, 550);
  });
  ["pointerup", "pointercancel"].forEach(function (kind) {
    board.addEventListener(kind, function () { clearTimeout(pressed); });
  });
  board.addEventListener("contextmenu", function (event) {
    if (titleOf(event.target)) event.preventDefault();
  });

  function titleOf(target) {
    for (let e = target; e && e !== board; e = e.parentElement) {
      if (e.getAttribute && e.getAttribute("title")) return e.getAttribute("title");
      const own = e.querySelector && e.querySelector(":scope > title");
      if (own) return own.textContent;
    }
    return "";
  }

  function explain(target) {
    const text = titleOf(target);
    if (!text) return;
    let tip = document.getElementById("sc-tip");
    if (!tip) {
      tip = document.createElement("p");
      tip.id = "sc-tip";
      tip.className = "sc-tip";
      tip.setAttribute("role", "status");
      tip.addEventListener("click", function () { tip.hidden = true; });
      document.body.appendChild(tip);
    }
    tip.textContent = text;
    tip.hidden = false;
  }

  // --- after every update: the queue, the last moves, the panels kept open ------------------------

  document.addEventListener("toggle", function (event) {
    const d = event.target;
    if (!d.dataset || !d.dataset.keep || !board.contains(d)) return;
    if (d.open) kept.add(d.dataset.keep); else kept.delete(d.dataset.keep);
  }, true);

  document.addEventListener("table:update", function (event) {
    const detail = event.detail;
    remember(detail.entries || []);
    if (detail.moved) {
      reset();
      closeDialog();
      continueQueue();
    }
    board.querySelectorAll("details[data-keep]").forEach(function (d) {
      if (kept.has(d.dataset.keep)) d.open = true;
    });
    highlightLastMoves();
    applyZoom();
  });

  // --- zoom and pan: kept across updates; a phone starts zoomed in (labels 11 px and more,
  // a unit's target 44 px), panned by dragging inside the map's box --------------------------------
  const ZOOMS = [1, 1.4, 1.8, 2.4, 3];
  let zoom = null;  // an index into ZOOMS, once known
  let scroll = null;  // [left, top] of the map's box; at first the middle of the map
  function applyZoom() {
    const wrap = board.querySelector(".sc-map-wrap");
    if (!wrap) return;
    if (zoom === null) zoom = window.matchMedia("(max-width: 600px)").matches ? 2 : 0;
    wrap.style.setProperty("--zoom", ZOOMS[zoom]);
    if (!scroll) scroll = zoom ? [(wrap.scrollWidth - wrap.clientWidth) / 2, (wrap.scrollHeight - wrap.clientHeight) / 2] : [0, 0];
    wrap.scrollLeft = scroll[0];
    wrap.scrollTop = scroll[1];
    wrap.addEventListener("scroll", function () { scroll = [wrap.scrollLeft, wrap.scrollTop]; });
  }
  board.addEventListener("click", function (event) {
    const button = event.target.closest("[data-zoom]");
    if (!button) return;
    const wrap = board.querySelector(".sc-map-wrap");
    const how = button.dataset.zoom;
    const was = ZOOMS[zoom || 0];
    zoom = how === "fit" ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, (zoom || 0) + (how === "in" ? 1 : -1)));
    const ratio = ZOOMS[zoom] / was;  // keep the middle of the view in the middle
    const cx = wrap.scrollLeft + wrap.clientWidth / 2, cy = wrap.scrollTop + wrap.clientHeight / 2;
    wrap.style.setProperty("--zoom", ZOOMS[zoom]);
    wrap.scrollLeft = cx * ratio - wrap.clientWidth / 2;
    wrap.scrollTop = cy * ratio - wrap.clientHeight / 2;
    scroll = [wrap.scrollLeft, wrap.scrollTop];
  });

  function continueQueue() {
    if (!queue.length) return;
    const next = queue.shift();
    const now = legal();
    const key = JSON.stringify(next);
    if (now.some(function (a) { return JSON.stringify(a) === key; })) {
      T.send(next);
      if (queue.length) strip(t("Carrying the tokens chosen…"), [], false);
    } else {
      queue = [];  // the engine moved on (nothing left to carry): the rest is not needed
    }
  }

  // Each seat's last turn: its entries since it last took a mat section (a Scythe turn begins so);
  // a combat answer in another's turn joins the seat's own last turn.
  function remember(entries) {
    entries.forEach(function (e) {
      if (e.seq <= lastSeq) return;
      lastSeq = e.seq;
      if (e.seat === null || e.seat === undefined) return;
      const a = e.action || {};
      if (a.type === "section" || !turns[e.seat]) turns[e.seat] = [];
      turns[e.seat].push(e);
      if (turns[e.seat].length > 16) turns[e.seat].shift();
    });
  }

  function highlightLastMoves() {
    const me = T.payload().seat;
    const root = board.querySelector(".sc");
    const colours = root ? (root.dataset.colours || "").split(",") : [];
    overlay("sc-lastmove").forEach(function (e) { e.remove(); });
    overlay("sc-lastmove-mark").forEach(function (e) { e.remove(); });
    const movers = new Map();  // hex -> the seats whose last turn touched it
    Object.keys(turns).forEach(function (key) {
      const seat = Number(key);
      if (seat === me) return;
      const entries = turns[seat];
      const hexes = new Set();
      entries.forEach(function (e) {
        const a = e.action || {};
        [a.to, a.hex].forEach(function (h) { if (typeof h === "string") hexes.add(h); });
      });
      hexes.forEach(function (h) { movers.set(h, (movers.get(h) || []).concat([seat])); });
      const told = board.querySelector('.sc-lastturn[data-seat="' + seat + '"]');
      if (told) {
        told.textContent = t("Last turn: {entries}", {entries: entries.map(function (e) { return e.text; }).join("; ")});
      }
    });
    movers.forEach(function (seats, hex) { lastMoveMark(hex, seats, colours); });
  }
})();
