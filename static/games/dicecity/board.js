// Dice City's own board script, loaded after match.js (which submits clicks on data-action and
// makes a die's two-click choice: data-pick, then data-after). The shared parts (tooltips that
// work on a phone, dragging, sending composed decisions) are in ../kit.js. Here:
// - a die can be dragged onto a highlighted target too, and a picked die shows its tray (pass,
//   refresh) beside it;
// - composed choices, sent only once complete: a card to build, then its space (build + place);
//   a refresh, then the 4 display cards to discard; the Well's dice to re-roll. The bar in the
//   status says what is chosen so far; Cancel or Escape drops it, nothing sent;
// - the last turn of each opponent is outlined on the board and told in their panel.
(function () {
  "use strict";
  const ROWS = ["white", "yellow", "red", "blue", "black"];

  function start(kit) {
    const board = kit.board;
    const t = kit.t;
    let compose = null;

    function cells() { return board.querySelectorAll("#my-area td.dc-cell"); }

    // --- the picked die's tray --------------------------------------------------------------

    function showTray(die) {
      board.querySelectorAll(".dc-tray").forEach(function (t) { t.hidden = true; });
      if (!die) return;
      const tray = board.querySelector('.dc-tray[data-tray="' + die.dataset.pick + '"]');
      const area = document.getElementById("my-area");
      if (!tray || !area) return;
      tray.hidden = false;
      const a = area.getBoundingClientRect();
      const d = die.getBoundingClientRect();
      const width = tray.getBoundingClientRect().width;
      tray.style.top = (d.bottom - a.top + 4) + "px";
      tray.style.left = Math.max(4, Math.min(d.left - a.left - width / 2, a.width - width - 4)) + "px";
      const key = die.dataset.pick;
      tray.querySelectorAll("[data-after]").forEach(function (b) {
        b.classList.toggle("pick-target", Boolean(JSON.parse(b.dataset.after)[key]));
      });
    }

    function syncTray() {
      showTray(board.querySelector(".dc-die.picked"));
    }

    // After match.js has picked or dropped the die (its listener runs first).
    board.addEventListener("click", function () { setTimeout(syncTray, 0); });
    board.addEventListener("keydown", function () { setTimeout(syncTray, 0); });

    function dropPick() {
      // match.js keeps the picked die; Escape is its way to let go of it.
      document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"}));
      showTray(null);
    }

    kit.drag(".dc-die[data-pick]", function (die) {
      showTray(die);
      const key = die.dataset.pick;
      return Array.from(board.querySelectorAll("[data-after]")).filter(function (t) {
        return Boolean(JSON.parse(t.dataset.after)[key]);
      });
    }, function (die, target) {
      const action = JSON.parse(target.dataset.after)[die.dataset.pick];
      dropPick();
      if (target.dataset.compose === "refresh") startRefresh(action, die.dataset.pick);
      else window.TABLE.send(action);
    }, function () { setTimeout(syncTray, 0); });

    // --- the bar of a composed choice -------------------------------------------------------

    function bar(text, buttons) {
      const el = document.getElementById("compose");
      if (!el) return;
      el.textContent = "";
      const p = document.createElement("span");
      p.className = "compose-text";
      p.textContent = text;
      el.appendChild(p);
      buttons.forEach(function (b) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = b.label;
        button.className = b.secondary ? "secondary" : "";
        button.disabled = Boolean(b.disabled);
        button.dataset.composeButton = b.label;
        button.addEventListener("click", function (event) {
          event.stopPropagation();
          b.run();
        });
        el.appendChild(button);
      });
      el.hidden = false;
    }

    function cancel() {
      compose = null;
      board.querySelectorAll(".compose-option, .compose-chosen, .compose-source").forEach(function (e) {
        e.classList.remove("compose-option", "compose-chosen", "compose-source", "pick-target");
      });
      const el = document.getElementById("compose");
      if (el) { el.hidden = true; el.textContent = ""; }
    }

    function stopped(rest) {
      const error = document.getElementById("error");
      if (error) error.textContent = t("The game went another way: {n} planned step(s) not sent.", {n: rest.length});
    }

    function sendComposed(actions) {
      cancel();
      kit.sendAll(actions, stopped);
    }

    // Build: the card, then its space.
    function startBuild(card) {
      cancel();
      compose = {kind: "build", action: JSON.parse(card.dataset.action)};
      card.classList.add("compose-source");
      cells().forEach(function (c) { c.classList.add("compose-option", "pick-target"); });
      bar(t("{label}: now click the space of your city it goes on (it covers what is there).",
        {label: card.dataset.label || t("Build")}), [{label: t("Cancel"), secondary: true, run: cancel}]);
    }

    function place(cell) {
      sendComposed([compose.action, {type: "place", row: cell.dataset.row, col: Number(cell.dataset.col)}]);
    }

    kit.drag(".dc-card[data-compose=build]", function () {
      return Array.from(cells());
    }, function (card, cell) {
      startBuild(card);
      place(cell);
    });

    // Refresh: the die, then 4 display cards to discard.
    function startRefresh(action, pick) {
      cancel();
      compose = {kind: "refresh", action: action, die: pick.replace("die:", ""), chosen: []};
      board.querySelectorAll(".dc-market .dc-display .dc-card").forEach(function (c) {
        c.classList.add("compose-option");
      });
      refreshBar();
    }

    function refreshBar() {
      const n = compose.chosen.length;
      const names = compose.chosen.map(function (c) { return c.querySelector("strong").textContent; });
      bar(t("Refresh with the {die} die: choose 4 display cards to discard ({n} of 4{names}).",
        {die: t(compose.die), n: n, names: n ? ": " + names.join(", ") : ""}), [
        {label: t("Discard and refresh"), disabled: n !== 4, run: function () {
          const chosen = compose.chosen.map(function (c) { return {type: "discard", card: c.dataset.card}; });
          sendComposed([compose.action].concat(chosen));
        }},
        {label: t("Cancel"), secondary: true, run: cancel},
      ]);
    }

    function toggleDiscard(card) {
      const i = compose.chosen.indexOf(card);
      if (i >= 0) compose.chosen.splice(i, 1);
      else if (compose.chosen.length < 4) compose.chosen.push(card);
      card.classList.toggle("compose-chosen", compose.chosen.indexOf(card) >= 0);
      refreshBar();
    }

    // Clicks during a composition go to it (captured before match.js sees them).
    board.addEventListener("click", function (event) {
      const t = event.target;
      if (t.closest("#compose")) return;
      if (compose && compose.kind === "build") {
        const cell = t.closest("#my-area td.dc-cell");
        event.stopPropagation();
        event.preventDefault();
        if (cell) place(cell); else cancel();
        return;
      }
      if (compose && compose.kind === "refresh") {
        const card = t.closest(".dc-display .dc-card");
        event.stopPropagation();
        event.preventDefault();
        if (card) toggleDiscard(card); else cancel();
        return;
      }
      const el = t.closest("[data-compose]");
      if (!el || !board.contains(el)) return;
      if (el.dataset.compose === "build") {
        event.stopPropagation();
        event.preventDefault();
        startBuild(el);
      } else if (el.dataset.compose === "refresh") {
        const die = board.querySelector(".dc-die.picked");
        const action = die ? JSON.parse(el.dataset.after)[die.dataset.pick] : null;
        if (!action) return;  // match.js lets go of the die
        event.stopPropagation();
        event.preventDefault();
        dropPick();
        startRefresh(action, die.dataset.pick);
      }
    }, true);

    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") return;
      if (event.isTrusted && compose) cancel();
      setTimeout(syncTray, 0);
    });

    // --- the Well: which dice to re-roll ----------------------------------------------------

    function setupReroll() {
      const box = document.getElementById("dc-reroll");
      if (!box || box.dataset.ready) return;
      box.dataset.ready = "1";
      const actions = JSON.parse(box.dataset.actions);
      const chosen = new Set(box.dataset.fixed.split(",").filter(Boolean));
      const fixed = new Set(chosen);
      function sync() {
        const list = ROWS.filter(function (d) { return chosen.has(d); });
        box.querySelector(".dc-reroll-chosen").textContent = list.join(", ");
        board.querySelectorAll("[data-reroll]").forEach(function (d) {
          d.classList.toggle("compose-chosen", chosen.has(d.dataset.reroll));
          d.classList.toggle("pick-target", !fixed.has(d.dataset.reroll));
        });
        return list;
      }
      board.querySelectorAll("[data-reroll]").forEach(function (d) {
        d.addEventListener("click", function () {
          const die = d.dataset.reroll;
          if (fixed.has(die)) return;
          if (chosen.has(die)) chosen.delete(die); else chosen.add(die);
          sync();
        });
      });
      box.querySelector(".dc-reroll-send").addEventListener("click", function () {
        const action = actions[sync().join(",")];
        if (action) window.TABLE.send(action);
      });
      sync();
    }

    // --- each opponent's last turn ----------------------------------------------------------

    function spot(seat, a, entry) {
      const city = '.dc-player[data-seat="' + seat + '"] ';
      const at = function (s, row, col) {
        return '.dc-player[data-seat="' + s + '"] td[data-row="' + row + '"][data-col="' + col + '"]';
      };
      switch (a.type) {
        case "place": case "reactivate": case "copy": return at(seat, a.row, a.col);
        case "attack_location": return at(a.seat, a.row, a.col);
        case "raid": return '.dc-player[data-seat="' + a.seat + '"] .dc-res[data-res="' + a.resource + '"]';
        case "attack_bandits": return '[data-bandits="' + a.pile + '"]';
        case "trade": return '[data-ship="' + a.ship + '"]';
        case "build": return '.dc-piles [data-card="' + a.card + '"]';
        case "move": return at(seat, a.other, a.col);
        case "use": {
          const used = /used (.+?)(:|$)/.exec(entry.text);
          if (!used) return null;
          const row = Array.from(document.querySelectorAll(city + 'td[data-row="' + a.die + '"]'));
          const hit = row.filter(function (c) { return c.querySelector(".dc-name").textContent === used[1]; });
          return hit.length === 1 ? hit[0] : null;
        }
        default: return null;
      }
    }

    function markLastTurns(payload) {
      board.querySelectorAll(".last-move").forEach(function (e) {
        e.classList.remove("last-move");
        delete e.dataset.lastBy;
        delete e.dataset.lastMark;
      });
      const runs = kit.lastRuns();
      Object.keys(runs).forEach(function (key) {
        const seat = Number(key);
        if (seat === payload.seat || !payload.players[seat]) return;
        const name = payload.players[seat].name;
        const entries = runs[seat];
        entries.forEach(function (e) {
          if (!e.action) return;
          const where = spot(seat, e.action, e);
          const el = typeof where === "string" ? board.querySelector(where) : where;
          if (!el) return;
          el.classList.add("last-move");
          el.dataset.lastBy = name;
          el.dataset.lastMark = String(seat + 1);
        });
        const line = board.querySelector('.dc-last[data-last-seat="' + seat + '"]');
        if (line) {
          const told = entries.map(function (e) {
            return e.text.indexOf(name + " ") === 0 ? e.text.slice(name.length + 1) : e.text;
          }).filter(function (t) { return !/^ended the /.test(t); });
          line.textContent = told.length ? t("Last turn: {entries}", {entries: told.join("; ")}) : "";
          line.hidden = !told.length;
          line.dataset.tip = line.textContent;
        }
      });
    }

    kit.onUpdate(function (payload, entries, moved) {
      if (moved) {
        compose = null;
        setupReroll();
      }
      markLastTurns(payload);
    });
  }

  if (window.BOARDKIT) { start(window.BOARDKIT); return; }
  const kit = document.createElement("script");
  kit.src = document.currentScript.src.replace(/dicecity\/board\.js.*$/, "kit.js");
  kit.onload = function () { start(window.BOARDKIT); };
  document.head.appendChild(kit);
})();
