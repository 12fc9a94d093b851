// The one client every game shares: a WebSocket per match, reconnecting with the last version;
// the server renders this seat's board and we swap it in; clicking a legal choice submits it.
// Two-click choices: an element with data-pick (a die) is chosen first, then an element whose
// data-after maps that pick to an action (where the die goes); Escape or a click elsewhere
// cancels the pick before anything is sent.
//
// A game's own board script (static/games/<game>/board.js, loaded after this one when it exists)
// builds on window.TABLE: TABLE.send(action) submits a decision, TABLE.payload() is the latest
// snapshot, and the event "table:update" on document (detail: {payload, entries, moved}) follows
// every snapshot applied (entries: the log entries it carried; moved: the board was redrawn).
// It fires once for the first page load too (entries: the log on the page). TABLE.undo() takes
// back the seat's last decision (casual games; an entry of type "_undo" in `entries` names the
// decision taken back in `action.seq`).
(function () {
  "use strict";
  // Translations: Django's JavaScriptCatalog (base.html) defines gettext and interpolate.
  const _ = window.gettext || function (s) { return s; };
  const fmt = function (s, named) {
    return s.replace(/%\((\w+)\)s/g, function (m, k) { return String(named[k]); });
  };
  const M = window.MATCH;
  const board = document.getElementById("board");
  const statusEl = document.getElementById("status");
  const errorEl = document.getElementById("error");
  const playersEl = document.getElementById("players");  // the player panels
  const logEl = document.getElementById("log");
  let payload = JSON.parse(document.getElementById("initial-payload").textContent);
  let socket = null;
  let retry = 500;
  let nextId = 1;
  let lastSeq = logEl && logEl.lastElementChild ? Number(logEl.lastElementChild.dataset.seq) : 0;
  let logBusy = null;  // the fetch in flight: one at a time, so no entry is appended twice
  let logAgain = false;
  let picked = null;

  function names(seats) {
    return seats.map(function (i) { return payload.players[i].name; }).join(_(" and "));
  }

  // The status line ticks the clock every second; the live region beside it says the turn
  // only when it changes (whose turn it is, or the end), so a screen reader is not flooded.
  const announceEl = document.getElementById("announce");
  function say(text) {
    if (announceEl && announceEl.textContent !== text) announceEl.textContent = text;
  }

  // The status line's words change with the turn; its time ("9:51 left.") is the player's own
  // panel clock, written by renderClocks in the same tick with the same rule (clockText), so the
  // two never disagree.
  let statusWords = "";
  function renderStatus() {
    if (payload.status === "finished") {
      statusWords = "";
      statusEl.textContent = _("The game is over.");
      document.querySelector(".match-grid").classList.add("finished");  // the phone: the result first
      say(statusEl.textContent);
      const resign = document.getElementById("resign");
      if (resign) resign.remove();
      return;
    }
    const mine = M.seat !== null && payload.to_act.indexOf(M.seat) >= 0;
    statusWords = mine ? _("Your turn.") : fmt(_("Waiting for %(names)s."), {names: names(payload.to_act)});
    say(statusWords);
    renderClocks();
    statusEl.classList.toggle("my-turn", mine);
    const flag = "(" + _("Your turn") + ") ";
    document.title = (mine ? flag : "") + (document.title.startsWith(flag) ? document.title.slice(flag.length) : document.title);
  }
  function statusTime() {
    // the player's own clock while it owes a decision, else the match's next deadline
    const clocks = payload.clocks;
    const own = clocks && M.seat !== null ? clocks.seats[M.seat] : null;
    const mine = M.seat !== null && payload.to_act.indexOf(M.seat) >= 0;
    if (mine && own && own.deadline) return clockText(secondsLeft(own));
    if (payload.deadline) return clockText(secondsLeft({deadline: payload.deadline}));
    return null;
  }

  // The player panels come with the board (templates/play/panels.html): moved beside it, a
  // number that changed pulses with its +N/-N, and the panel of a seat that just moved is
  // highlighted for a moment (not under prefers-reduced-motion or the "Less motion" box).
  const motionBox = document.getElementById("motion-off");
  function moving() {
    return !document.documentElement.classList.contains("less-motion");
  }
  function setMotion(off) {
    document.documentElement.classList.toggle("less-motion", off);
    try { localStorage.setItem("table-motion", off ? "off" : "on"); } catch (e) { /* private mode */ }
  }
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let motionSaved = null;
  try { motionSaved = localStorage.getItem("table-motion"); } catch (e) { /* private mode */ }
  setMotion(motionSaved ? motionSaved === "off" : reduced);
  if (motionBox) {
    motionBox.checked = !moving();
    motionBox.addEventListener("change", function () { setMotion(motionBox.checked); });
  }

  function oldValues() {
    const seen = {};
    playersEl.querySelectorAll(".panel").forEach(function (panel) {
      panel.querySelectorAll(".panel-stat").forEach(function (st) {
        seen[panel.dataset.seat + "/" + st.dataset.key] = Number(st.dataset.value);
      });
    });
    return seen;
  }

  function pulse(panel, before) {
    panel.querySelectorAll(".panel-stat").forEach(function (st) {
      const was = before[panel.dataset.seat + "/" + st.dataset.key];
      const change = Number(st.dataset.value) - was;
      if (was === undefined || !change) return;
      const chip = document.createElement("span");
      chip.className = "panel-delta " + (change > 0 ? "up" : "down");
      chip.textContent = (change > 0 ? "+" : "−") + Math.abs(change);
      st.appendChild(chip);
      st.classList.add("changed");
    });
  }

  function renderPlayers(seats) {
    const source = board.querySelector("#panels-src");
    if (!source) return;
    const before = oldValues();
    const first = !playersEl.childElementCount;
    playersEl.replaceChildren.apply(playersEl, Array.from(source.children));
    source.remove();
    playersEl.querySelectorAll(".panel").forEach(function (panel) {
      if (first) return;
      pulse(panel, before);
      if (seats.indexOf(Number(panel.dataset.seat)) >= 0) panel.classList.add("just-moved");
    });
    renderClocks();
  }

  // Every seat's clock (play/banks.py, the payload's "clocks"): a seat owing a decision ticks
  // down to its server deadline, read on the server's clock (the offset of this browser's clock
  // measured once from the page's Date header); the others show their bank. Below the low mark
  // (10% of the bank or 30 s) the clock turns red and, once per turn, beeps (the player may
  // turn the sound off: "clock-sound", remembered in localStorage).
  let offset = 0;  // server time minus this browser's time, in ms
  (function measureOffset() {
    const sent = Date.now();
    fetch(location.pathname, {method: "HEAD", credentials: "same-origin", cache: "no-store"})
      .then(function (r) {
        const date = Date.parse(r.headers.get("Date") || "");
        if (!isNaN(date)) offset = date + 500 - (sent + Date.now()) / 2;  // Date: whole seconds
      }).catch(function () { /* keep the browser's own clock */ });
  })();
  // The low-time sound: only for the player's own clock (the box is on the page only for a
  // player seated at a match still running), once each time that clock starts to run and goes
  // under the low mark. Browsers let a page play sound only after the person has interacted
  // with it: the one AudioContext is made (or resumed) on the first click or key, so the first
  // beep is not lost to a suspended context.
  const soundBox = document.getElementById("clock-sound");
  let soundOn = !!soundBox;
  try { soundOn = soundOn && localStorage.getItem("clock-sound") !== "off"; } catch (e) { /* private */ }
  if (soundBox) {
    soundBox.checked = soundOn;
    soundBox.addEventListener("change", function () {
      soundOn = soundBox.checked;
      try { localStorage.setItem("clock-sound", soundOn ? "on" : "off"); } catch (e) { /* private */ }
      if (soundOn) beep();  // what it sounds like, and a gesture that unlocks the audio
    });
  }
  let audio = null;
  function audioReady() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    try {
      if (!audio) audio = new Context();
      if (audio.state === "suspended") audio.resume();
    } catch (e) { audio = null; }
    return audio;
  }
  if (soundBox) {
    ["pointerdown", "keydown"].forEach(function (kind) {
      document.addEventListener(kind, function unlock() {
        audioReady();
        document.removeEventListener(kind, unlock, true);
      }, true);
    });
  }
  function beep() {
    if (!soundOn) return;
    const ctx = audioReady();
    if (!ctx) return;
    try {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.1;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.15);
    } catch (e) { /* no audio here */ }
  }
  let beepedFor = null;  // the deadline of the own clock's run that has beeped
  function lowTime(clock) {
    if (beepedFor === clock.deadline) return;
    beepedFor = clock.deadline;
    beep();
  }
  function secondsLeft(clock) {
    if (!clock.deadline) return clock.bank;
    return Math.max(0, (Date.parse(clock.deadline) - (Date.now() + offset)) / 1000);
  }
  // One rule for every clock on the page (panels and status line): whole seconds rounded up
  // (a clock shows 0:00 only when the time is out), m:ss under an hour, h:mm h under two days,
  // then days and hours.
  function clockText(left) {
    const s = Math.ceil(Math.max(0, left));
    if (s >= 2 * 86400) return Math.floor(s / 86400) + " d " + Math.floor((s % 86400) / 3600) + " h";
    if (s >= 3600) return Math.floor(s / 3600) + ":" + String(Math.floor((s % 3600) / 60)).padStart(2, "0") + " h";
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function renderClocks() {
    const clocks = payload.clocks;
    const finished = payload.status === "finished";
    if (!finished && statusWords) {
      const time = statusTime();
      const text = time === null ? statusWords : statusWords + " " + fmt(_("%(time)s left."), {time: time});
      if (statusEl.textContent !== text) statusEl.textContent = text;
    }
    playersEl.querySelectorAll(".panel-clock").forEach(function (slot) {
      const clock = clocks && clocks.seats[Number(slot.dataset.seat)];
      if (!clock || finished) { slot.textContent = ""; return; }
      const left = secondsLeft(clock);
      const low = left < clocks.low;
      slot.textContent = clockText(left);
      slot.classList.toggle("ticking", !!clock.deadline);
      slot.classList.toggle("clock-low", low && !!clock.deadline);
      slot.classList.toggle("clock-out", !!clock.deadline && left <= 0);
      slot.title = clocks.name;
      if (low && clock.deadline && clock.seat === M.seat) lowTime(clock);
    });
  }
  setInterval(renderClocks, 250);

  playersEl.addEventListener("click", function (event) {
    const link = event.target.closest("[data-open-seat]");
    if (!link) return;
    const seat = link.dataset.openSeat;
    const area = board.querySelector('[data-seat="' + seat + '"]:not(.sc)');
    if (!area) return;
    event.preventDefault();
    if (area.tagName === "DETAILS") area.open = true;
    area.scrollIntoView({behavior: moving() ? "smooth" : "auto", block: "start"});
    area.classList.add("just-moved");
    if (!area.hasAttribute("tabindex")) area.setAttribute("tabindex", "-1");
    area.focus({preventScroll: true});
  });

  function refreshLog() {
    if (!logEl) return;
    if (logBusy) { logAgain = true; return; }
    logBusy = fetchLog().finally(function () {
      logBusy = null;
      if (logAgain) { logAgain = false; refreshLog(); }
    });
  }

  async function fetchLog() {
    const r = await fetch(M.logUrl + "?after=" + lastSeq, {credentials: "same-origin"});
    if (!r.ok) return;
    const data = await r.json();
    appendLog(data.entries);
  }

  // The snapshot carries the log's last entries: appended when they follow what is shown, a
  // fetch only across a longer gap (a long disconnection).
  function takeLog(snapshot) {
    if (!logEl || snapshot.version <= lastSeq) return;
    const tail = snapshot.log || [];
    if (!logBusy && tail.length && tail[0].seq <= lastSeq + 1) appendLog(tail);
    else refreshLog();
  }

  function logItem(e) {
    const li = document.createElement("li");
    li.dataset.seq = e.seq;
    if (e.action && e.action.type === "_undo") li.className = "undo-note";
    else if (e.seat === M.seat && e.revealed === false && !e.timed_out) li.dataset.undoable = "1";
    const n = document.createElement("span");
    n.className = "log-seq";
    n.textContent = e.seq;
    li.appendChild(n);
    li.appendChild(document.createTextNode(" " + e.text));
    return li;
  }

  function appendLog(entries) {
    entries.forEach(function (e) {
      if (e.seq <= lastSeq) return;
      if (e.action && e.action.type === "_undo") {  // a decision taken back leaves the log
        const gone = logEl.querySelector('li[data-seq="' + e.action.seq + '"]');
        if (gone) gone.remove();
      }
      logEl.appendChild(logItem(e));
      lastSeq = e.seq;
    });
    logEl.scrollTop = logEl.scrollHeight;
  }

  // The page shows the log's last entries; "Earlier moves" (a link to ?log=all without
  // JavaScript) fetches the ones before the first shown, a page at a time.
  const earlierEl = document.getElementById("log-earlier");
  async function earlierLog() {
    const before = Number(earlierEl.dataset.before);
    const r = await fetch(M.logUrl + "?before=" + before, {credentials: "same-origin"});
    if (!r.ok) { errorEl.textContent = _("The earlier moves could not be loaded."); return; }
    const data = await r.json();
    const first = logEl.firstElementChild;
    data.entries.forEach(function (e) { logEl.insertBefore(logItem(e), first); });
    if (data.entries.length) earlierEl.dataset.before = data.entries[0].seq;
    if (!data.earlier) earlierEl.parentElement.remove();
  }
  if (earlierEl) earlierEl.addEventListener("click", function (event) {
    event.preventDefault();
    earlierLog();
  });

  function apply(snapshot) {
    // The snapshot that follows every (re)connect usually repeats the board on screen: keeping
    // it keeps a die the player has just picked.
    const moved = snapshot.version !== payload.version || snapshot.status !== payload.status;
    // Another seat's doing: a decision in the new log entries, or any change while this seat
    // owed none (the entries may have come in an earlier frame).
    const mineBefore = M.seat !== null && (payload.to_act || []).indexOf(M.seat) >= 0;
    payload = snapshot;
    let before = null;
    const others = moved ? movers(snapshot.log || []) : [];
    const byOthers = others.length > 0 || (moved && !mineBefore);
    if (snapshot.html !== undefined && moved) {
      picked = null;
      before = moving() ? places() : null;
      board.innerHTML = snapshot.html;
    }
    board.dataset.snapshot = snapshot.version;  // what the page (and its tests) can wait for
    renderStatus();
    renderPlayers(others);
    takeLog(snapshot);
    renderUndo();
    announce(snapshot.log || [], moved);
    // Once the board's script has laid it out again (a Scythe map's zoom and scroll).
    if (before) glide(before, byOthers);
  }

  // Motion that shows what changed (FLIP): each piece, die or card carries data-flip, the stable
  // ids of what it stands for (a Scythe stack of workers: each worker's). Before the board is
  // redrawn each id's place is noted, relative to its frame (the nearest data-flip-frame: the
  // Scythe map, a Dice City city or the display, an SPQF tableau or the central row); after,
  // whatever is somewhere else glides from where it was to where it is (300 ms, the Web
  // Animations API), and after another player's move it glows for a moment. A frame that only
  // moved on the page (a taller box above it) moves nothing inside it. Something new on the
  // board may name where it came from (data-flip-from: a location just built in a Dice City
  // city, from the display card or pile it was): it glides from there, as a ghost above the
  // page when it changed frame (the frames clip what leaves them). Nothing of it runs under
  // prefers-reduced-motion or the "Less motion" box (moving()).
  const GLIDE_MS = 300;
  const GLOW_MS = 1200;
  // On the screen: not folded away (a closed <details> keeps its content's boxes in Chromium,
  // skipped by content-visibility).
  function seen(el, r) {
    return !!(r.width || r.height) && (!el.checkVisibility || el.checkVisibility());
  }
  function frameOf(el) {
    const f = el.parentElement && el.parentElement.closest("[data-flip-frame]");
    return f ? {key: f.dataset.flipFrame, rect: f.getBoundingClientRect()} : {key: "", rect: null};
  }
  function places() {
    const found = new Map();
    board.querySelectorAll("[data-flip]").forEach(function (el) {
      const r = el.getBoundingClientRect();
      if (!seen(el, r)) return;  // folded away
      const frame = frameOf(el);
      el.dataset.flip.split(" ").forEach(function (key) {
        if (!key) return;
        if (!found.has(key)) found.set(key, []);
        found.get(key).push({rect: r, frame: frame.key, at: frame.rect, el: el});
      });
    });
    return found;
  }

  // Of the places an id had (an SPQF card is a chip in the status line, which repeats what may
  // be taken, and a card in its row), the one in the element's frame, else the last one that is
  // not the status line's.
  function placeOf(list, el, frame) {
    if (!list) return null;
    const kept = list.filter(function (w) { return w.frame !== "status"; });
    return list.find(function (w) { return w.frame === frame.key; }) ||
      kept[kept.length - 1] || list[list.length - 1];
  }

  // Screen pixels per unit of the element's own coordinates (an SVG piece is moved in the
  // map's units, which the zoom scales).
  function unitScale(el) {
    if (!(el instanceof SVGElement) || !el.parentNode || !el.parentNode.getScreenCTM) return [1, 1];
    const m = el.parentNode.getScreenCTM();
    return m ? [m.a || 1, m.d || 1] : [1, 1];
  }

  // Where a piece was, measured as it must move now: within the same frame, by the frame's own
  // coordinates; else on the screen.
  function shift(was, now, frame) {
    if (was.frame && was.frame === frame.key && was.at && frame.rect) {
      return [(was.rect.left - was.at.left) - (now.left - frame.rect.left),
              (was.rect.top - was.at.top) - (now.top - frame.rect.top), true];
    }
    return [was.rect.left - now.left, was.rect.top - now.top, false];
  }

  // The id a new piece came from: one of its data-flip-from ids that was on the board and is
  // gone (a display card bought), else one still there (a pile).
  function cameFrom(el, before, present) {
    const keys = (el.dataset.flipFrom || "").split(" ").filter(function (k) { return k && before.has(k); });
    return keys.find(function (k) { return !present.has(k); }) || keys[0];
  }

  function ghost(el, was, now) {
    const g = el.cloneNode(true);
    g.removeAttribute("id");
    g.querySelectorAll("[id]").forEach(function (c) { c.removeAttribute("id"); });
    g.querySelectorAll("[data-flip]").forEach(function (c) { c.removeAttribute("data-flip"); });
    g.dataset.ghostOf = el.dataset.flip;  // not a piece of the board: places() skips it
    ["data-action", "data-flip", "data-flip-from"].forEach(function (a) { g.removeAttribute(a); });
    g.setAttribute("aria-hidden", "true");
    g.classList.add("flip-ghost");
    Object.assign(g.style, {position: "fixed", left: now.left + "px", top: now.top + "px",
      width: now.width + "px", height: now.height + "px", margin: "0", boxSizing: "border-box",
      display: "block", zIndex: "60", pointerEvents: "none"});
    board.appendChild(g);
    const a = g.animate([
      {translate: (was.left - now.left) + "px " + (was.top - now.top) + "px"},
      {translate: "0px 0px"},
    ], {duration: GLIDE_MS, easing: "cubic-bezier(.2, .7, .3, 1)", id: "flip"});
    el.animate([{opacity: 0}, {opacity: 0}], {duration: GLIDE_MS, id: "flip-hold"});
    a.onfinish = a.oncancel = function () { g.remove(); };
  }

  // A piece gone from sight into a folded pile (a card discarded: data-flip-sink names the
  // ids the pile holds) flies there as a ghost of itself, shrinking.
  function sink(before, shown) {
    board.querySelectorAll("[data-flip-sink]").forEach(function (pile) {
      const to = pile.getBoundingClientRect();
      if (!seen(pile, to)) return;
      pile.dataset.flipSink.split(" ").forEach(function (key) {
        const list = key && !shown.has(key) ? before.get(key) : null;
        if (!list) return;
        const was = list.filter(function (w) { return w.frame !== "status"; }).pop() || list[list.length - 1];
        const g = was.el.cloneNode(true);
        g.querySelectorAll("[id], [data-flip]").forEach(function (c) { c.removeAttribute("id"); c.removeAttribute("data-flip"); });
        ["id", "data-action", "data-flip", "data-flip-from"].forEach(function (a) { g.removeAttribute(a); });
        g.dataset.ghostOf = key;
        g.setAttribute("aria-hidden", "true");
        g.classList.add("flip-ghost");
        Object.assign(g.style, {position: "fixed", left: was.rect.left + "px", top: was.rect.top + "px",
          width: was.rect.width + "px", height: was.rect.height + "px", margin: "0",
          boxSizing: "border-box", zIndex: "60", pointerEvents: "none", transformOrigin: "0 0"});
        board.appendChild(g);
        const k = Math.max(0.2, Math.min(1, to.height / was.rect.height));
        const a = g.animate([
          {translate: "0px 0px", scale: "1", opacity: 1},
          {translate: (to.left - was.rect.left) + "px " + (to.top - was.rect.top) + "px", scale: String(k), opacity: 0.3},
        ], {duration: GLIDE_MS, easing: "cubic-bezier(.4, 0, .6, 1)", id: "flip"});
        a.onfinish = a.oncancel = function () { g.remove(); };
      });
    });
  }

  function glide(before, byOthers) {
    const present = new Set(), shown = new Set();
    board.querySelectorAll("[data-flip]").forEach(function (el) {
      const r = el.getBoundingClientRect();
      el.dataset.flip.split(" ").forEach(function (k) {
        present.add(k);
        if (seen(el, r)) shown.add(k);
      });
    });
    sink(before, shown);
    board.querySelectorAll("[data-flip]").forEach(function (el) {
      const now = el.getBoundingClientRect();
      if (!seen(el, now)) return;
      const frame = frameOf(el);
      const keys = el.dataset.flip.split(" ");
      // The first of its ids that was somewhere else (a stack a worker joined: the worker's).
      let dx = 0, dy = 0, inFrame = true, was = null;
      keys.some(function (key) {
        if (!before.has(key)) return false;
        was = placeOf(before.get(key), el, frame);
        [dx, dy, inFrame] = shift(was, now, frame);
        return Math.abs(dx) >= 1 || Math.abs(dy) >= 1;
      });
      const isNew = !keys.some(function (k) { return before.has(k); });
      const from = isNew ? cameFrom(el, before, present) : null;
      if (from) {
        was = placeOf(before.get(from), el, frame);
        [dx, dy, inFrame] = shift(was, now, frame);
      }
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      if (!inFrame && (was.frame || frame.key) && !(el instanceof SVGElement)) {
        ghost(el, was.rect, now);
      } else {
        const s = unitScale(el);
        el.animate([
          {translate: (dx / s[0]) + "px " + (dy / s[1]) + "px"},
          {translate: "0px 0px"},
        ], {duration: GLIDE_MS, easing: "cubic-bezier(.2, .7, .3, 1)", id: "flip"});
      }
      if (byOthers) {
        el.animate([
          {filter: "drop-shadow(0 0 6px #8a4fd0) drop-shadow(0 0 2px #8a4fd0)"},
          {filter: "none"},
        ], {duration: GLOW_MS, delay: GLIDE_MS, easing: "ease-in", id: "flip-glow"});
      }
    });
  }

  // Undo (casual games): offered while it is this seat's turn and the log's last decision that
  // stands is its own and revealed nothing; the server decides (play/undo.py).
  function renderUndo() {
    const form = document.getElementById("undo");
    if (!form) return;
    form.elements.version.value = payload.version;
    let last = logEl ? logEl.lastElementChild : null;
    while (last && last.classList.contains("undo-note")) last = last.previousElementSibling;
    const mine = M.seat !== null && payload.to_act.indexOf(M.seat) >= 0;
    form.hidden = !(payload.status === "active" && mine && last && last.dataset.undoable === "1");
  }

  async function undo() {
    const form = document.getElementById("undo");
    const r = await fetch(form.dataset.api, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": form.elements.csrfmiddlewaretoken.value},
      body: JSON.stringify({version: payload.version}),
    });
    if (!r.ok) {
      const body = await r.json().catch(function () { return {}; });
      errorEl.textContent = body.detail || _("That decision cannot be taken back.");
    }  // else the socket brings the board as it was before the decision
  }

  // The other seats whose decisions this snapshot brought (the log entries after the last shown).
  function movers(entries) {
    return entries.filter(function (e) { return e.seq > lastSeq && e.seat !== null && e.seat !== M.seat; })
      .map(function (e) { return e.seat; });
  }

  function announce(entries, moved) {
    document.dispatchEvent(new CustomEvent("table:update", {
      detail: {payload: payload, entries: entries, moved: moved},
    }));
  }

  function logOnPage() {
    // The page's log as entries ({seq, seat, action, text}), for the first "table:update".
    return payload.log || [];
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/matches/" + M.id + "/?html=1");
    socket.onopen = function () {
      retry = 500;
      board.dataset.socket = "open";  // what the page (and its browser tests) can wait for
      socket.send(JSON.stringify({type: "hello", version: payload.version}));
      document.dispatchEvent(new CustomEvent("table:open", {detail: {socket: socket}}));  // rematch.js
    };
    socket.onmessage = function (event) {
      const msg = JSON.parse(event.data);
      document.dispatchEvent(new CustomEvent("table:message", {detail: {message: msg, socket: event.target}}));  // chat.js
      if (msg.type === "snapshot") { errorEl.textContent = ""; apply(msg); }
      else if (msg.type === "error") { errorEl.textContent = msg.detail; }
    };
    socket.onclose = function (event) {
      board.dataset.socket = "closed";
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) {
        errorEl.textContent = _("You cannot follow this match live.");
        return;
      }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      errorEl.textContent = _("Reconnecting… try again in a moment.");
      return;
    }
    socket.send(JSON.stringify({type: "act", id: nextId++, version: payload.version, action: action}));
  }

  function pick(el) {
    const key = el ? el.dataset.pick : null;
    picked = key;
    board.querySelectorAll(".picked, .pick-target").forEach(function (e) {
      e.classList.remove("picked", "pick-target");
    });
    const hint = document.getElementById("pick-hint");
    if (!key) { if (hint) hint.hidden = true; return; }
    el.classList.add("picked");
    board.querySelectorAll("[data-after]").forEach(function (e) {
      if (JSON.parse(e.dataset.after)[key]) e.classList.add("pick-target");
    });
    if (hint) {
      hint.textContent = fmt(_("%(what)s chosen: click a highlighted place (Escape cancels)."),
        {what: el.getAttribute("aria-label") || el.title.split(":")[0]});
      hint.hidden = false;
    }
  }

  board.addEventListener("click", function (event) {
    const chosen = event.target.closest("[data-pick]");
    if (chosen && board.contains(chosen)) {
      event.preventDefault();
      pick(picked === chosen.dataset.pick ? null : chosen);
      return;
    }
    if (picked) {
      const place = event.target.closest("[data-after]");
      const action = place ? JSON.parse(place.dataset.after)[picked] : null;
      pick(null);
      if (action) { event.preventDefault(); send(action); return; }
    }
    const target = event.target.closest("[data-action]");
    if (!target || !board.contains(target)) return;
    event.preventDefault();
    send(JSON.parse(target.dataset.action));
  });

  board.addEventListener("keydown", function (event) {
    const chosen = event.target.closest("[data-pick]");
    if ((event.key === "Enter" || event.key === " ") && chosen) {
      event.preventDefault();
      pick(picked === chosen.dataset.pick ? null : chosen);
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picked) pick(null);
  });

  const undoForm = document.getElementById("undo");
  if (undoForm) undoForm.addEventListener("submit", function (event) {
    event.preventDefault();
    undo();
  });
  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === "z" && undoForm && !undoForm.hidden &&
        !event.target.closest("input, textarea, select")) {
      event.preventDefault();
      undo();
    }
  });

  // A form in the board (the end screen's rematch) is rendered once for every viewer, without a
  // CSRF token: it takes the page's own before it is sent.
  board.addEventListener("submit", function (event) {
    const field = event.target.querySelector("input[name=csrfmiddlewaretoken]");
    const token = document.querySelector("input[name=csrfmiddlewaretoken]:not([value=''])");
    if (token && (!field || !field.value)) {
      const input = field || document.createElement("input");
      input.type = "hidden";
      input.name = "csrfmiddlewaretoken";
      input.value = token.value;
      if (!field) event.target.appendChild(input);
    }
  });

  // An inline onsubmit would be blocked by the Content-Security-Policy.
  const resignForm = document.getElementById("resign");
  if (resignForm) resignForm.addEventListener("submit", function (event) {
    if (!window.confirm(_("Resign this game? You will rank last."))) event.preventDefault();
  });

  window.TABLE = {
    send: send,
    payload: function () { return payload; },
    undo: undo,
    clockText: clockText,  // the page's one rule for a clock's time (tests read it too)
  };

  renderStatus();
  renderPlayers([]);
  connect();
  // After the game's board script (loaded next) has had its chance to listen.
  window.addEventListener("load", function () { announce(logOnPage(), true); });
})();
