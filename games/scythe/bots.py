"""Bots: uniform random, and a greedy heuristic that plays a whole turn ahead in its head.

The heuristic bot scores a state for its seat (stars first, then the pieces that lead to
stars, then coins, popularity, power, territories and resources), tries every section, plays
the rest of that turn greedily one decision at a time, and keeps the best. In combat it spends
all it can when it attacks or defends something worth it.
"""

from __future__ import annotations

from typing import Any

from ..core.levels import level_bots
from ..core.rng import Rng
from ..core.search import SearchConfig
from .board import controller, occupancy
from .rules import apply_trusted as apply
from .rules import legal_actions
from .scoring import outcome

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
    return _worth(state["players"][seat], territories, resources)


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
    return [_worth(state["players"][s], territories[s], resources[s]) for s in seats]


def _worth(p: dict[str, Any], territories: int, resources: int) -> float:
    stars = sum(p["stars"].values())
    mechs = sum(1 for h in p["mechs"] if h is not None)
    return float(
        10.0 * stars
        + 3.0 * len(p["up"])
        + 3.5 * mechs
        + 2.5 * len(p["built"])
        + 3.5 * len(p["recruits"])
        + 2.0 * len(p["workers"])
        + 0.3 * p["coins"]
        + 0.5 * p["pop"]
        + 0.3 * p["power"]
        + 0.3 * min(len(p["hand"]), 4)
        + 0.5 * territories
        + 0.6 * min(resources, 12)
        + (3.0 if p["fcard"] is not None else 0.0)
    )


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
        actions = legal_actions(state, seat)
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
    actions = legal_actions(state, seat)
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
    actions = legal_actions(state, seat)
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
    actions = legal_actions(state, seat)
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
# measured better than another. `leap`
# (`quick_turn`) is off: at `horizon=1` a play-out never reaches another turn's start.
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
