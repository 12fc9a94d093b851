"""Bots: uniform random, and a greedy heuristic that plays a whole turn ahead in its head.

The heuristic bot scores a state for its seat (stars first, then the pieces that lead to
stars, then coins, popularity, power, territories and resources, then what tells a bottom
action's choices apart: the upgraded box and cube, the mech's ability, the structure and the
structure bonus tile, the recruit's section), tries every section, plays
the rest of that turn greedily one decision at a time, and keeps the best. In combat it spends
all it can when it attacks or defends something worth it.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..core.levels import level_bots
from ..core.rng import Rng
from ..core.search import SearchConfig
from .board import controller, occupancy
from .data import BOTTOM_ACTIONS, STRUCTURE_TILES
from .rules import apply_trusted as apply
from .rules import legal_actions
from .scoring import outcome, structure_count_of

State = dict[str, Any]
Action = dict[str, Any]


def random_bot(state: State, seat: int, rng: Rng) -> Action:
    return rng.choice(legal_actions(state, seat))


def value(state: State, seat: int) -> float:
    """How good a state looks for `seat` (a rough stand-in for its final coins)."""
    if state["over"]:
        result = outcome(state)
        assert result is not None
        return 1000.0 if result.places[seat] == 1 else -1000.0
    occ = occupancy(state)
    structs = state["structs"]
    # board.controlled and resources_controlled, counted without building their lists
    mine = {h for h, here in occ.items() if seat in here}
    mine.update(h for h, s in structs.items() if s[0] == seat)
    territories = sum(1 for h in mine if controller(state, occ, h) == seat)
    resources = sum(
        sum(counts)
        for h, counts in state["res"].items()
        if (h in mine or h not in occ) and controller(state, occ, h) == seat
    )
    return _worth(state["players"][seat], territories, resources, state["tile"])


def values(state: State) -> list[float]:
    """`value` for every seat at once (the search's leaf evaluation): each hex's controller is
    found once instead of once per seat."""
    seats = range(len(state["players"]))
    if state["over"]:
        return [value(state, s) for s in seats]
    occ = occupancy(state)
    res = state["res"]
    territories = [0] * len(seats)
    resources = [0] * len(seats)
    for h in {*occ, *state["structs"], *res}:
        owner = controller(state, occ, h)
        if owner is None:
            continue
        if h in occ or h in state["structs"]:
            territories[owner] += 1
        counts = res.get(h)
        if counts is not None:
            resources[owner] += sum(counts)
    tile = state["tile"]
    return [_worth(state["players"][s], territories[s], resources[s], tile) for s in seats]


# What tells apart the choices of a bottom action, each a little beside its piece's own worth
# (a mech 3.5, a structure 2.5, a recruit 3.5, an upgrade 3; a coin 0.3):
# - Upgrade, the top box: what the upgraded box adds each time (Move 3 units, Produce a 3rd
#   territory, Bolster 3 power or 2 cards, Trade 2 popularity, Gain 2 coins).
_UPGRADE_WORTH = {
    "move": 0.8,
    "produce": 0.6,
    "power": 0.4,
    "popularity": 0.4,
    "gain": 0.3,
    "cards": 0.2,
}
# - Upgrade, the bottom cube: one token saved on each later use of that bottom action (a token
#   is 0.6 to `value`), counted for at most 3 uses still to come.
_CUBE_WORTH = 0.3
# - Deploy: the mech's ability by its slot on the faction mat (Riverwalk, the faction's
#   terrain ability, its combat ability, Speed).
_MECH_ABILITY = (0.5, 0.3, 0.3, 0.7)
# - Build: the structure's top-row bonus (the Mill produces one more territory; the Mine's
#   tunnel, the Monument's popularity, the Armory's power), and the structure bonus tile's
#   coins (Scythe, End of game) at a coin's worth.
_STRUCTURE_WORTH = {"mill": 0.6, "mine": 0.4, "monument": 0.4, "armory": 0.3}
# - Enlist: the ongoing bonus of a section (every mat: Upgrade power, Deploy a coin, Build
#   popularity, Enlist a combat card) paid on each later use of its bottom action, ours (up to
#   3 counted) and about two of the neighbours'.
_RECRUIT_WORTH = {"upgrade": 0.12, "deploy": 0.12, "build": 0.2, "enlist": 0.12}


def _worth(p: dict[str, Any], territories: int, resources: int, tile: str) -> float:
    stars = sum(p["stars"].values())
    up, built, recruits = p["up"], p["built"], p["recruits"]
    m0, m1, m2, m3 = p["mechs"]
    mechs = (m0 is not None) + (m1 is not None) + (m2 is not None) + (m3 is not None)
    # Each bottom action's uses still to come (at most 3 counted).
    left = (
        min(3, 6 - len(up)),
        min(3, 4 - mechs),
        min(3, 4 - len(built)),
        min(3, 4 - len(recruits)),
    )
    c0, c1, c2, c3 = p["cubes"]
    economy = _CUBE_WORTH * (c0 * left[0] + c1 * left[1] + c2 * left[2] + c3 * left[3])
    economy += sum(map(_UPGRADE_WORTH.__getitem__, up))
    if mechs:
        economy += _MECH_WORTH[m0 is None, m1 is None, m2 is None, m3 is None]
    if built:
        economy += _structures_worth(built, tile)
    for section in recruits:
        economy += _RECRUIT_WORTH[section] * (left[_BOTTOM_INDEX[section]] + 2)
    # Scythe, End of game: the popularity tier multiplies what stars, territories and resources
    # pay (one more coin each a tier up).
    pop = p["pop"]
    resources = min(resources, 12)
    if pop > 6:
        economy += (0.3 if pop <= 12 else 0.6) * (stars + territories + resources // 2)
    return float(
        10.0 * stars
        + 3.0 * len(up)
        + 3.5 * mechs
        + 2.5 * len(built)
        + 3.5 * len(recruits)
        + 2.0 * len(p["workers"])
        + 0.3 * p["coins"]
        + 0.5 * pop
        + 0.3 * p["power"]
        + 0.3 * min(len(p["hand"]), 4)
        + 0.5 * territories
        + 0.6 * resources
        + (3.0 if p["fcard"] is not None else 0.0)
        + economy
    )


_BOTTOM_INDEX = {a: i for i, a in enumerate(BOTTOM_ACTIONS)}
# The abilities' worth of each set of deployed mechs, by which slots are empty.
_MECH_WORTH = {
    empty: sum(w for w, e in zip(_MECH_ABILITY, empty, strict=True) if not e)
    for empty in itertools.product((False, True), repeat=4)
}
_STRUCTURES: dict[tuple[str, ...], float] = {}


def _structures_worth(built: dict[str, str], tile: str) -> float:
    """The structures' top-row bonuses and the structure bonus tile's coins (a coin 0.3),
    remembered by tile and placements (a few hundred of them in a game)."""
    key = (tile, *built, *built.values())
    worth = _STRUCTURES.get(key)
    if worth is None:
        count = structure_count_of(set(built.values()), tile)
        coins = next((c for low, high, c in STRUCTURE_TILES[tile] if low <= count <= high), 0)
        worth = sum(_STRUCTURE_WORTH[k] for k in built) + 0.3 * coins
        if len(_STRUCTURES) > 100_000:
            _STRUCTURES.clear()
        _STRUCTURES[key] = worth
    return worth


def _finish(
    state: State,
    seat: int,
    stop: tuple[str, ...],
    rng: Rng,
    depth: int,
    line: list[Any] | None = None,
) -> State:
    """Play on greedily while `seat` acts and the phase is not in `stop` (the decisions taken
    are appended to `line` when one is given)."""
    for _ in range(20):
        if state["over"] or state["turn"] != seat or state["phase"] in stop:
            return state
        if state["phase"] in ("combat", "artillery", "retreat"):
            return state
        actions = legal_actions.fresh(state, seat)
        if state["phase"] == "payment":
            action = _payment_choice(state, actions)
        else:
            action = _best_single(state, seat, actions, rng, depth)
        if line is not None:
            line.append(action)
        state = apply(state, seat, action)
    return state


# Phases that continue an action just chosen (its sub-steps): judged by playing them out.
_SUB_STEPS = ("move", "grant", "encounter", "benefit", "factory", "combat_pick")


def _best_single(
    state: State, seat: int, actions: list[Action], rng: Rng, depth: int = 1
) -> Action:
    """The action whose result looks best, playing out the sub-steps it opens (depth-limited)."""
    best, best_score = actions[0], float("-inf")
    # Producing fewer than a hex yields (the book's "may") never helps this bot's value.
    actions = [a for a in actions if "count" not in a] or actions
    if len(actions) > 16:
        # Many move steps: judge a random sample of them (and always the way out).
        picks = [actions[rng.below(len(actions))] for _ in range(12)]
        actions = [*picks, actions[-1]]
    for action in actions:
        after = apply(state, seat, action)
        if depth > 0 and after["turn"] == seat and after["phase"] in _SUB_STEPS:
            after = _finish(after, seat, ("section", "top", "bottom", "end"), rng, depth - 1)
        score = value(after, seat) + _combat_risk(after, seat) + rng.random() * 0.01
        if score > best_score:
            best, best_score = action, score
    return best


def _payment_choice(state: State, actions: list[Action]) -> Action:
    """Pay from the smallest pile (big piles stay together for Stockpile-like objectives);
    Coercion only when it is the only way, which the engine applies by itself."""
    piles = [a for a in actions if a["type"] == "pay_from"]
    if not piles:
        return actions[0]
    res = state["res"]
    return min(piles, key=lambda a: (sum(res[a["hex"]]), a["hex"]))


def _combat_risk(state: State, seat: int) -> float:
    """A pending fight is worth what our power and cards are against theirs."""
    if state["phase"] not in ("combat", "combat_pick", "artillery"):
        return 0.0
    me = state["players"][seat]
    others = [q for s, q in enumerate(state["players"]) if s != seat]
    mine = min(7, me["power"]) + 3 * min(2, len(me["hand"]))
    theirs = max(min(7, q["power"]) + 3 * min(2, len(q["hand"])) for q in others)
    return 6.0 if mine >= theirs + 2 else -12.0


def _lookahead(state: State, seat: int, action: Action, rng: Rng) -> float:
    after = apply(state, seat, action)
    after = _finish(after, seat, ("section",), rng, 1)
    return value(after, seat) + _combat_risk(after, seat)


def _settled(state: State, seat: int, actions: list[Action]) -> Action | None:
    """The choices both the standard bot and its playout policy make the same way (a single
    choice, combat, artillery, payment, a reveal); None when the choice needs judging."""
    if len(actions) == 1:
        return actions[0]
    phase = state["phase"]
    if phase == "combat":
        return _combat_choice(state, seat, actions)
    if phase == "artillery":
        return {"type": "artillery", "fire": True}
    if phase == "payment":
        return _payment_choice(state, actions)
    for action in actions:
        if action["type"] == "reveal":
            return action
    return None


def heuristic_bot(state: State, seat: int, rng: Rng) -> Action:
    actions = legal_actions.shared(state, seat)
    settled = _settled(state, seat, actions)
    if settled is not None:
        return settled
    phase = state["phase"]
    if phase in ("section", "top", "bottom"):
        scored = [
            (_lookahead(state, seat, a, rng) + rng.random() * 0.01, i)
            for i, a in enumerate(actions)
        ]
        return actions[max(scored)[1]]
    return _best_single(state, seat, actions, rng)


def quick_bot(state: State, seat: int, rng: Rng) -> Action:
    """The strong bot's playout policy: the standard bot with a shallower look-ahead (the rest
    of the turn played greedily one decision at a time, sub-steps not played out), about 25
    times cheaper. Without any look-ahead a section or top action is judged before it changes
    anything, so the playouts would choose them at random."""
    actions = legal_actions.fresh(state, seat)
    settled = _settled(state, seat, actions)
    if settled is not None:
        return settled
    phase = state["phase"]
    if phase in ("section", "top", "bottom"):
        scored = []
        for i, action in enumerate(actions):
            after = _finish(apply(state, seat, action), seat, ("section",), rng, 0)
            score = value(after, seat) + _combat_risk(after, seat) + rng.random() * 0.01
            scored.append((score, i))
        return actions[max(scored)[1]]
    return _best_single(state, seat, actions, rng, depth=0)


def quick_turn(state: State, seat: int, rng: Rng) -> tuple[State, int] | None:
    """`quick_bot`'s whole turn at once, for the search's play-outs: at the start of a turn it
    judges each section by playing the rest of the turn greedily (as `quick_bot` does), and
    the line it judged best is the turn, so it returns that line's end (up to a fight, which
    the play-out's policy plays on) and its number of decisions instead of making them again
    one by one. None where a turn does not start (the play-out asks `quick_bot`)."""
    planned = quick_line(state, seat, rng)
    return None if planned is None else (planned[0], len(planned[1]))


def quick_line(state: State, seat: int, rng: Rng) -> tuple[State, list[Action]] | None:
    """The turn `quick_turn` takes: its end and its decisions."""
    if state["phase"] != "section":
        return None
    actions = legal_actions.fresh(state, seat)
    if _settled(state, seat, actions) is not None:
        return None
    best: tuple[float, State, list[Action]] | None = None
    for action in actions:
        line = [action]
        after = _finish(apply(state, seat, action), seat, ("section",), rng, 0, line)
        score = value(after, seat) + _combat_risk(after, seat) + rng.random() * 0.01
        if best is None or score > best[0]:
            best = (score, after, line)
    assert best is not None
    return best[1], best[2]


def _combat_choice(state: State, seat: int, actions: list[Action]) -> Action:
    """Dial everything up to 7, add the strongest cards allowed, then reveal."""
    dials = [a for a in actions if a["type"] == "dial"]
    if dials:
        return max(dials, key=lambda a: int(a["power"]))
    cards = [a for a in actions if a["type"] == "card"]
    if cards:
        return max(cards, key=lambda a: int(a["value"]))
    return actions[-1]


def turn_owner(state: State) -> int:
    """Whose turn it is: a defender's combat choices inside it do not pass the turn on."""
    return int(state["turn"])


BOTS = level_bots("scythe", random_bot, heuristic_bot, legal_actions)
# The candidate search (games/core/search.py): a star is worth 10 to `value`, a lead of one
# star ~73%. It plays out with `quick_bot` (a playout by the standard bot cost ~40 ms, too dear
# for any useful number of rounds) to the end of the turn (`horizon=1`), over 4 alternatives.
# At 0.1 s, seeds 1000-1029 (bench/README.md): 22 of 30 against standard; the same seeds with
# `horizon=2` (the opponent's reply played out too) 22 of 30, with `confidence=1.0` 23 of 30,
# with both and `quick_turn` 21 of 30, `horizon=3` with `quick_turn` 23 of 30: no setting
# measured better than another. With `value` telling bottom-action choices apart (the economy
# terms, 2026-11-28) 24 of 30 on the same seeds, against 17 of 30 before in the same session,
# and 16 of 20 on seeds 1030-1049.
# `leap` (`quick_turn`) is off: at `horizon=1` a play-out never reaches another turn's start.
SEARCH = SearchConfig(
    turn_owner=turn_owner,
    value=value,
    values=values,
    scale=10.0,
    rollout=0,
    prior=heuristic_bot,
    playout=quick_bot,
    horizon=1,
    width=4,
    confidence=2.0,
)
