// The replay page without page loads: each step's board is fetched as JSON and swapped in;
// autoplay, the keyboard (arrows, Shift+arrows by turn, Home/End, Space), a slider, a jump to
// a step, turn or round, and the current log entry highlighted. Without JavaScript the same
// controls are plain links and a form.
(function () {
  "use strict";
  // Translations: Django's JavaScriptCatalog (base.html) defines gettext and interpolate.
  const _ = window.gettext || function (s) { return s; };
  const pgettext = window.pgettext || function (c, s) { return s; };
  const fmt = function (s, named) {
    return s.replace(/%\((\w+)\)s/g, function (m, k) { return String(named[k]); });
  };
  const nav = document.getElementById("replay-nav");
  if (!nav) return;
  const board = document.getElementById("board");
  const log = document.getElementById("log");
  const label = document.getElementById("step-label");
  const turnLabel = document.getElementById("turn-label");
  const scrub = document.getElementById("scrub");
  const playButton = document.getElementById("play");
  const steps = Number(nav.dataset.steps);
  const numbers = function (text) { return text ? text.split(",").map(Number) : []; };
  const turns = numbers(nav.dataset.turns);
  const rounds = numbers(nav.dataset.rounds);
  const cache = new Map();
  let step = Number(nav.dataset.step);
  let timer = null;
  let wanted = step;

  function countUpTo(marks, s) {  // the turn (or round) of the last entry shown at step s
    return marks.filter(function (m) { return m < s; }).length;
  }

  function frame(s) {
    if (!cache.has(s)) {
      cache.set(s, fetch(nav.dataset.frame + "?step=" + s, {credentials: "same-origin"})
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .catch(function (e) { cache.delete(s); throw e; }));
    }
    return cache.get(s);
  }

  function highlight() {
    log.querySelectorAll("li").forEach(function (li) {
      const at = Number(li.dataset.step);
      li.classList.toggle("current", at === step);
      li.classList.toggle("future", at > step);
      if (at === step) {  // scroll the log box only, never the page (a phone shows the board)
        const box = log.getBoundingClientRect(), where = li.getBoundingClientRect();
        log.scrollTop += where.top - box.top - log.clientHeight / 2;
      }
    });
    label.textContent = fmt(pgettext("replay", "Step %(step)s of %(steps)s"), {step: step, steps: steps});
    turnLabel.textContent = fmt(_("turn %(turn)s of %(turns)s · round %(round)s of %(rounds)s"), {
      turn: countUpTo(turns, step), turns: turns.length, round: countUpTo(rounds, step), rounds: rounds.length});
    scrub.value = step;
    if (document.getElementById("jump-by").value === "step") document.getElementById("jump-n").value = step;
    document.getElementById("prev").setAttribute("href", "?step=" + Math.max(0, step - 1));
    document.getElementById("next").setAttribute("href", "?step=" + Math.min(steps, step + 1));
    history.replaceState(null, "", "?step=" + step);
    document.dispatchEvent(new CustomEvent("replay:step", {detail: {step: step}}));  // chat.js
  }

  function go(s) {
    s = Math.max(0, Math.min(steps, s));
    wanted = s;
    return frame(s).then(function (data) {
      if (wanted !== s) return;  // a later request won
      step = data.step;
      board.innerHTML = data.html;
      highlight();
      if (step < steps) frame(step + 1);  // the next step is ready before it is asked for
    });
  }

  function nextMark(marks, direction) {
    if (direction > 0) {
      const after = marks.filter(function (m) { return m > step; });
      return after.length ? after[0] : steps;
    }
    const before = marks.filter(function (m) { return m < step; });
    return before.length ? before[before.length - 1] : 0;
  }

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; playButton.textContent = pgettext("replay", "Play"); return; }
    if (step >= steps) go(0);
    playButton.textContent = _("Pause");
    timer = setInterval(function () {
      if (step >= steps) { toggle(); return; }
      go(step + 1);
    }, 700);
  }

  const moves = {
    first: function () { return 0; },
    prev: function () { return step - 1; },
    next: function () { return step + 1; },
    last: function () { return steps; },
    "prev-turn": function () { return nextMark(turns, -1); },
    "next-turn": function () { return nextMark(turns, 1); },
  };
  Object.keys(moves).forEach(function (id) {
    document.getElementById(id).addEventListener("click", function (event) {
      event.preventDefault();
      go(moves[id]());
    });
  });
  log.addEventListener("click", function (event) {
    const link = event.target.closest("a.log-seq");
    if (!link) return;
    event.preventDefault();
    go(Number(link.closest("li").dataset.step));
  });
  playButton.hidden = false;
  playButton.addEventListener("click", toggle);
  scrub.hidden = false;
  scrub.addEventListener("input", function () { go(Number(scrub.value)); });
  document.getElementById("jump").addEventListener("submit", function (event) {
    event.preventDefault();
    const n = Number(document.getElementById("jump-n").value);
    const by = document.getElementById("jump-by").value;
    const marks = by === "turn" ? turns : by === "round" ? rounds : null;
    go(marks ? (marks.length ? marks[Math.max(1, Math.min(n, marks.length)) - 1] : 0) : n);
  });
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    const keys = {
      ArrowLeft: event.shiftKey ? moves["prev-turn"] : moves.prev,
      ArrowRight: event.shiftKey ? moves["next-turn"] : moves.next,
      Home: moves.first,
      End: moves.last,
    };
    if (keys[event.key]) { event.preventDefault(); go(keys[event.key]()); }
    else if (event.key === " ") { event.preventDefault(); toggle(); }
  });
  highlight();
})();
