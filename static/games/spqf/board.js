// SPQF's own board script, loaded after match.js (which submits clicks on data-action and makes
// a follow's two-click choice: data-pick on a hand card, then data-after on the action line it
// follows). The shared parts (tooltips that work on a phone, dragging, sending composed
// decisions) are in ../kit.js. Here:
// - an action card from the hand is composed before anything is sent: click it (or drag it to
//   the action card slot of the prompt), click (or drag) matching cards of your hand and
//   storage to add them as modifiers, then Play (with the colour, when the card asks for one);
//   the slot says what is chosen so far, Cancel or Escape drops it;
// - a card is dragged where it goes: a follow onto the action it follows, a modifier onto the
//   action card in play;
// - the last moves of each other player are outlined on the board and told in their panel.
(function () {
  "use strict";
  const WILD = "oak";

  function start(kit) {
    const board = kit.board;
    const t = kit.t;
    let compose = null;

    function matches(a, b) { return a === b || a === WILD || b === WILD; }
    function slot() { return document.getElementById("compose"); }

    // --- composing an action card with its modifiers ----------------------------------------

    function candidates() {
      if (!compose.card.dataset.per) return [];
      const cat = compose.card.dataset.cat;
      const used = (window.TABLE.payload().view.turn || {}).stored_used || [];
      const hand = Array.from(board.querySelectorAll("#my-area .sp-hand .sp-card[data-card]"));
      const stored = Array.from(board.querySelectorAll("#my-area .sp-stored [data-card]"));
      return hand.filter(function (el) { return el !== compose.card; })
        .concat(stored.filter(function (el) { return used.indexOf(Number(el.dataset.card)) < 0; }))
        .filter(function (el) { return matches(el.dataset.cat, cat); });
    }

    function modifierAction(el) {
      const id = Number(el.dataset.card);
      return el.closest(".sp-stored") ? {type: "modify", stored: id} : {type: "modify", card: id};
    }

    function startPlay(card) {
      cancel();
      compose = {card: card, action: JSON.parse(card.dataset.action), mods: [], html: slot().innerHTML};
      card.classList.add("compose-source");
      candidates().forEach(function (el) { el.classList.add("compose-option"); });
      renderSlot();
    }

    function toggleModifier(el) {
      const i = compose.mods.indexOf(el);
      if (i >= 0) compose.mods.splice(i, 1); else compose.mods.push(el);
      el.classList.toggle("compose-chosen", i < 0);
      renderSlot();
    }

    function renderSlot() {
      const el = slot();
      const total = compose.mods.reduce(function (n, m) { return n + Number(m.dataset.mods); },
        Number(compose.card.dataset.mods));
      const names = compose.mods.map(function (m) { return m.dataset.name; });
      let text = "Play " + compose.card.dataset.name;
      text += names.length ? " with " + names.join(", ") : "";
      text += compose.card.dataset.per ? ": " + total + " modifier" + (total === 1 ? "" : "s") +
        (candidates().length ? ". Click the outlined cards to add or remove modifiers." : ".") : ".";
      const buttons = compose.card.dataset.color ? [
        {label: t("Play: everyone gathers green"), run: function () { send("g"); }},
        {label: t("Play: everyone gathers black"), run: function () { send("b"); }},
      ] : [{label: t("Play"), run: function () { send(null); }}];
      buttons.push({label: t("Cancel"), secondary: true, run: cancel});
      el.textContent = "";
      const say = document.createElement("span");
      say.className = "compose-text";
      say.textContent = text;
      el.appendChild(say);
      buttons.forEach(function (b) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = b.label;
        if (b.secondary) button.className = "secondary";
        button.addEventListener("click", function (event) { event.stopPropagation(); b.run(); });
        el.appendChild(button);
      });
      el.hidden = false;
      el.classList.add("composing");
    }

    function cancel() {
      if (compose) {
        const el = slot();
        el.innerHTML = compose.html;
        el.classList.remove("composing");
        el.hidden = !el.classList.contains("sp-slot");
      }
      compose = null;
      board.querySelectorAll(".compose-option, .compose-chosen, .compose-source").forEach(function (e) {
        e.classList.remove("compose-option", "compose-chosen", "compose-source");
      });
    }

    function stopped(rest) {
      if (rest.every(function (a) { return a.type === "go"; })) return;  // nothing left to modify
      const error = document.getElementById("error");
      if (error) error.textContent = t("The game went another way: {n} planned step(s) not sent.", {n: rest.length});
    }

    function send(color) {
      const actions = [compose.action].concat(compose.mods.map(modifierAction));
      actions.push(color ? {type: "go", color: color} : {type: "go"});
      cancel();
      kit.sendAll(actions, stopped);
    }

    board.addEventListener("click", function (event) {
      const t = event.target;
      if (t.closest("#compose")) return;
      if (compose) {
        event.stopPropagation();
        event.preventDefault();
        const option = t.closest(".compose-option");
        if (option) toggleModifier(option); else cancel();
        return;
      }
      const card = t.closest("[data-compose=play]");
      if (card && board.contains(card)) {
        event.stopPropagation();
        event.preventDefault();
        startPlay(card);
      }
    }, true);

    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && compose) cancel();
    });

    // --- dragging cards where they go -------------------------------------------------------

    kit.drag(".compose-option", function () { return [slot()]; }, function (el) {
      if (compose) toggleModifier(el);
    });
    kit.drag("#my-area [data-compose=play]", function () { return [slot()]; }, function (card) {
      startPlay(card);
    });
    // A follow: the card onto the action line it follows (one follow: the card's own action).
    kit.drag("#my-area [data-pick]", function (card) {
      const key = card.dataset.pick;
      return Array.from(board.querySelectorAll("[data-after]")).filter(function (t) {
        return Boolean(JSON.parse(t.dataset.after)[key]);
      });
    }, function (card, line) {
      window.TABLE.send(JSON.parse(line.dataset.after)[card.dataset.pick]);
    });
    kit.drag("#my-area .sp-hand [data-action]", function (card) {
      const a = JSON.parse(card.dataset.action);
      if (a.type === "follow") return board.querySelectorAll(".sp-lines li:nth-child(" + (a.action + 1) + ")");
      if (a.type === "modify") return board.querySelectorAll(".sp-current");
      return [];
    }, function (card) {
      window.TABLE.send(JSON.parse(card.dataset.action));
    });

    // --- the other players' last moves ------------------------------------------------------

    function spots(seat, a) {
      if (typeof a.card === "number") return board.querySelectorAll('[data-card="' + a.card + '"]');
      if (typeof a.stored === "number") return board.querySelectorAll('[data-card="' + a.stored + '"]');
      if (a.type === "expand" || a.type === "discount") {
        return board.querySelectorAll('.sp-opponent[data-seat="' + seat + '"] summary h3');
      }
      return [];
    }

    function markLastMoves(payload) {
      board.querySelectorAll(".last-move").forEach(function (e) {
        e.classList.remove("last-move");
        delete e.dataset.lastBy;
        delete e.dataset.lastMark;
      });
      const bySeat = {};
      kit.history().forEach(function (e) {
        if (e.seat === null || e.seat === undefined) return;
        (bySeat[e.seat] = bySeat[e.seat] || []).push(e);
      });
      Object.keys(bySeat).forEach(function (key) {
        const seat = Number(key);
        if (seat === payload.seat || !payload.players[seat]) return;
        const name = payload.players[seat].name;
        const last = bySeat[seat].slice(-3);
        last.forEach(function (e) {
          if (!e.action) return;
          spots(seat, e.action).forEach(function (el) {
            el.classList.add("last-move");
            el.dataset.lastBy = name;
            el.dataset.lastMark = String(seat + 1);
          });
        });
        const line = board.querySelector('.sp-last[data-last-seat="' + seat + '"]');
        if (line) {
          const told = last.map(function (e) {
            return e.text.indexOf(name + " ") === 0 ? e.text.slice(name.length + 1) : e.text;
          });
          line.textContent = t("Last: {entries}", {entries: told.join("; ")});
          line.dataset.tip = line.textContent;
          line.hidden = false;
        }
      });
    }

    kit.onUpdate(function (payload, entries, moved) {
      if (moved) compose = null;
      markLastMoves(payload);
    });
  }

  if (window.BOARDKIT) { start(window.BOARDKIT); return; }
  const kit = document.createElement("script");
  kit.src = document.currentScript.src.replace(/spqf\/board\.js.*$/, "kit.js");
  kit.onload = function () { start(window.BOARDKIT); };
  document.head.appendChild(kit);
})();
