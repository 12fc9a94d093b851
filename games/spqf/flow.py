"""The turn: action phase (play, modify, follow, resolve), recruit, discard and draw phases.

Every function here works on the engine's private copy of the state and moves it forward until
somebody owes a real decision (`settle`). Steps: draft, choose, modify, follow, order, unit,
recruit, over. The functions taking (state, seat, action) are the handlers of the action table
(actions.py).
"""

from __future__ import annotations

from typing import Any

from . import effects, tableau
from .cards import CARDS, END_VP, HAND_SIZE, MAX_LEVEL, has_per_action, matches

State = dict[str, Any]
Action = dict[str, Any]


# --- the action phase ---------------------------------------------------------------------------


def start_turn(s: State) -> None:
    s["turn"] = {"plays": 1, "row_used": [], "stored_used": [], "queued": []}
    s["play"] = None
    s["jobs"] = []
    s["step"] = "choose"
    settle(s)


def playable_hand(s: State) -> list[int]:
    seat = s["active"]
    p = s["players"][seat]
    left = len(p["hand"]) - 1
    return [c for c in p["hand"] if effects.playable(s, seat, p, c, left)]


def play_card(s: State, card: int, source: str) -> None:
    """SPQF, Fase de acción 1: the action card; its cube cost is paid before anything else."""
    seat = s["active"]
    p = s["players"][seat]
    if source == "hand":
        p["hand"].remove(card)
        p["played"].append(card)
        s["turn"]["plays"] -= 1
    g, b = CARDS[card]["cost"]
    tableau.pay(s, p, g, b)
    s["play"] = {
        "card": card,
        "source": source,
        "mods": CARDS[card]["mods"],
        "mod_cards": [],
        "stored_mods": [],
        "color": None,
        "follows": [],
        "follower": -1,
    }
    s["step"] = "modify"


def play_from_hand(s: State, seat: int, action: Action) -> None:
    play_card(s, action["card"], "hand")
    settle(s)


def pass_turn(s: State, seat: int, action: Action) -> None:
    """SPQF, Fase de acción: "Si el jugador activo ... elige no jugar ninguna, puede pasar"."""
    s["step"] = "recruit"
    settle(s)


def needs_color(card: int) -> bool:
    """SPQF, Siguiendo: the active player's colour for 'gather either' binds the followers."""
    return any(a["kind"] == "gather_either" for a in CARDS[card]["actions"])


def modify_options(s: State) -> list[dict[str, Any]]:
    play = s["play"]
    card = play["card"]
    out: list[dict[str, Any]] = []
    p = s["players"][s["active"]]
    # "Siempre puede modificar las tarjetas que tienen por acciones ..., pero nunca solo acciones
    # binarias": a card with no per-action action takes no modifiers.
    if has_per_action(card):
        cat = CARDS[card]["cat"]
        out += [{"type": "modify", "card": c} for c in p["hand"] if matches(CARDS[c]["cat"], cat)]
        used = s["turn"]["stored_used"]
        out += [
            {"type": "modify", "stored": c}
            for c in p["stored"]
            if c not in used and matches(CARDS[c]["cat"], cat)
        ]
    if needs_color(card):
        # The colour must let the active player gather, when one does ("tanto como puedas").
        colors = [c for c in "gb" if tableau.can_gather(s, p, c)] or ["g", "b"]
        out += [{"type": "go", "color": c} for c in colors]
    elif out:
        out.append({"type": "go"})
    return out


def modify(s: State, seat: int, action: Action) -> None:
    """SPQF, Modificadores: a matching card from the hand, or a stored card once per turn."""
    play = s["play"]
    p = s["players"][s["active"]]
    if "card" in action:
        card = action["card"]
        p["hand"].remove(card)
        p["played"].append(card)
        play["mod_cards"].append(card)
    else:
        card = action["stored"]
        s["turn"]["stored_used"].append(card)
        play["stored_mods"].append(card)
    play["mods"] += CARDS[card]["mods"]
    settle(s)


def go(s: State, seat: int, action: Action) -> None:
    finish_modifying(s, action.get("color"))


def finish_modifying(s: State, color: str | None) -> None:
    s["play"]["color"] = color
    s["play"]["follower"] = s["active"]
    next_follower(s)


# --- following ---------------------------------------------------------------------------------


def follow_options(s: State, seat: int) -> list[dict[str, Any]]:
    """SPQF, Siguiendo: one card from hand per followed action, never stored cards, never an
    action marked as not followable; the follow must change the game for the follower."""
    play = s["play"]
    leader = play["card"]
    p = s["players"][seat]
    done = {f[2] for f in play["follows"] if f[0] == seat}
    left = len(p["hand"]) - 1
    out = []
    for k, a in enumerate(CARDS[leader]["actions"]):
        if k in done or not a["follow"]:
            continue
        if not effects.useful(s, seat, p, a, left, play["color"]):
            continue
        for c in p["hand"]:
            if effects.follow_times(c, leader, a):
                out.append({"type": "follow", "card": c, "action": k})
    return out


def next_follower(s: State) -> None:
    """Prompt the non-active seats in turn order; a seat that cannot follow is skipped."""
    play = s["play"]
    n = s["n"]
    seat = play["follower"]
    while True:
        seat = (seat + 1) % n
        if seat == s["active"]:
            start_resolution(s)
            return
        if follow_options(s, seat):
            play["follower"] = seat
            s["step"] = "follow"
            return


def decline(s: State, seat: int, action: Action) -> None:
    next_follower(s)


def follow(s: State, seat: int, action: Action) -> None:
    card, k = action["card"], action["action"]
    play = s["play"]
    p = s["players"][seat]
    p["hand"].remove(card)
    p["following"].append(card)
    times = effects.follow_times(card, play["card"], CARDS[play["card"]]["actions"][k])
    play["follows"].append([seat, card, k, times])
    if not follow_options(s, seat):
        next_follower(s)


# --- resolution --------------------------------------------------------------------------------


def start_resolution(s: State) -> None:
    """SPQF, Fase de acción 4-5: the active player resolves, then followers in turn order."""
    play = s["play"]
    card = play["card"]
    active = s["active"]
    jobs = [_job(active, card, k, play["mods"], play["color"]) for k in _own_actions(card)]
    n = s["n"]
    for offset in range(1, n):
        seat = (active + offset) % n
        follows = sorted((f for f in play["follows"] if f[0] == seat), key=lambda f: f[2])
        jobs += [_job(seat, card, f[2], f[3], play["color"]) for f in follows]
    s["jobs"] = jobs
    p = s["players"][active]
    left = len(p["hand"])
    mine = [j for j in jobs if j["seat"] == active]
    if len(mine) == 2 and all(
        effects.useful(s, active, p, CARDS[card]["actions"][j["action"]], left, play["color"])
        for j in mine
    ):
        # "Si una carta tiene varias acciones, puede usarlas en cualquier orden."
        s["step"] = "order"
        return
    run_jobs(s)


def _own_actions(card: int) -> list[int]:
    return [k for k, a in enumerate(CARDS[card]["actions"]) if a["kind"] != "follow_twice"]


def _job(seat: int, card: int, k: int, times: int, color: str | None) -> dict[str, Any]:
    return {"seat": seat, "card": card, "action": k, "times": times, "left": -1, "color": color}


def first(s: State, seat: int, action: Action) -> None:
    k = action["action"]
    jobs = s["jobs"]
    i = next(i for i, j in enumerate(jobs) if j["seat"] == s["active"] and j["action"] == k)
    jobs.insert(0, jobs.pop(i))
    run_jobs(s)


def run_jobs(s: State) -> None:
    jobs = s["jobs"]
    while jobs:
        job = jobs[0]
        if job["left"] < 0:
            job["left"] = effects.units(s, job)
        options = effects.choices(s, job) if job["left"] > 0 else []
        if not options:
            jobs.pop(0)
            continue
        if len(options) > 1:
            s["step"] = "unit"
            return
        do_unit(s, options[0], run=False)
    end_play(s)


def unit(s: State, seat: int, action: Action) -> None:
    """One unit of the resolving action, chosen by the job's seat."""
    do_unit(s, action)


def do_unit(s: State, choice: dict[str, Any], run: bool = True) -> None:
    job = s["jobs"][0]
    if effects.resolve(s, job, choice):
        job["left"] -= 1
    else:
        job["left"] = 0
    if run:
        run_jobs(s)


def end_play(s: State) -> None:
    """'Debes resolver completamente la carta de acción actual antes de jugar otra.'"""
    s["play"] = None
    s["jobs"] = []
    queued = s["turn"]["queued"]
    if queued:
        play_card(s, queued.pop(0), "row")
        settle(s)
        return
    s["step"] = "choose"
    settle(s)


def settle(s: State) -> None:
    """Skip every step in which nobody has a real choice."""
    while True:
        step = s["step"]
        if step == "choose" and (s["turn"]["plays"] <= 0 or not playable_hand(s)):
            s["step"] = "recruit"
            continue
        if step == "modify":
            options = modify_options(s)
            if len(options) <= 1 and all(o["type"] == "go" for o in options):
                finish_modifying(s, options[0].get("color") if options else None)
                continue
        if step == "recruit" and not tableau.recruitable(s, s["active"]):
            end_turn(s)
            continue
        return


# --- recruit, discard, draw ---------------------------------------------------------------------


def recruit(s: State, seat: int, action: Action) -> None:
    """The recruit phase's card, or a unit of a resolving 'recruit' action (same choice)."""
    if s["step"] != "recruit":
        do_unit(s, action)
        return
    tableau.recruit_card(s, s["active"], action["card"])
    end_turn(s)


def end_turn(s: State) -> None:
    """SPQF, Fase de descarte and Fase de robo, then the end-of-game check."""
    active = s["active"]
    _discard_phase(s, s["players"][active])
    tableau.draw(s, active, HAND_SIZE)
    _check_end(s)
    nxt = (active + 1) % s["n"]
    if nxt == s["first"]:
        s["round"] += 1
        # The table's house rule "end after N rounds" (off by default; docs/spqf.md, End).
        limit = s.get("round_limit", 0)
        if s["end"] is None and limit and s["round"] >= limit:
            s["end"] = "the round limit"
        if s["end"] is not None:
            # "Finalice la ronda actual para que cada jugador tenga el mismo número de turnos."
            s["step"] = "over"
            s["play"] = None
            return
    s["active"] = nxt
    start_turn(s)


def _discard_phase(s: State, p: dict[str, Any]) -> None:
    """The old trade row and the played cards go to the discard pile, and so do the cards every
    follower played; starting cards in hand are discarded, the rest become the new trade row."""
    p["discard"] += p["row"] + p["played"]
    p["row"] = []
    p["played"] = []
    for q in s["players"]:
        if q["following"]:
            q["discard"] += q["following"]
            q["following"] = []
    p["discard"] += [c for c in p["hand"] if CARDS[c]["starting"]]
    p["row"] = [c for c in p["hand"] if not CARDS[c]["starting"]]
    p["hand"] = []


def _check_end(s: State) -> None:
    if s["end"] is not None:
        return
    for p in s["players"]:
        if p["vp"] >= END_VP:
            s["end"] = f"a player holds {END_VP} or more VP tokens"
            return
        if p["level"] >= MAX_LEVEL:
            s["end"] = f"a player reached civilization level {MAX_LEVEL}"
            return
