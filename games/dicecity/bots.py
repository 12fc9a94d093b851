"""Bots: "random" (uniform over the legal actions) and "greedy" (one-step look-ahead on a
hand-tuned value of the position: VP, plus stock, army, pass tokens and the city's engine)."""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.core.levels import level_bots
from games.core.search import SearchConfig

from . import cards as C
from .moves import legal
from .rules import apply_unchecked, legal_actions
from .scoring import location_vp

State = dict[str, Any]

Action = dict[str, Any]

# What one use of a location is worth to the greedy bot, roughly in VP.
USE_VALUE = {
    "forest": 0.5, "mountain": 0.5, "cave": 0.5, "militia": 0.4, "small_house": 1.0,
    "traveller": 0.1, "lumber_mill": 1.0, "quarry": 1.0, "mine": 1.0, "regular_army": 0.8,
    "barracks": 1.0, "blacksmith": 0.5, "catapult": 0.8, "training_camp": 0.3,
    "watch_tower": 0.8, "bazaar": 1.0, "market_place": 0.8, "merchant_guild": 0.8, "mint": 0.6,
    "storehouse": 0.6, "cathedral": 0.0, "festival_hall": 0.8, "grand_statue": 0.0,
    "great_wall": 0.5, "manor": 2.0, "cemetery": 0.6, "church": 0.8, "stables": 0.3,
    "town_hall": 1.0, "well": 0.3,
}  # fmt: skip
ENDS = ("end_dice", "end_attacks", "end_turn")
# Moving a die, refreshing the display or forcing re-rolls change nothing the value counts,
# so the greedy bot does not spend time looking at them.
IGNORED = frozenset(("move", "refresh", "force_reroll"))


def bot_random(state: State, seat: int, rng: Rng) -> Action:
    return rng.choice(legal_actions.shared(state, seat))


def _engine_weight(s: State) -> float:
    """Future uses left: about two per location early, fading as the deck runs out."""
    return 0.4 if s["final_round"] else 0.5 + 1.5 * len(s["deck"]) / 52


# Printed VP by card, None for the Cathedral's X (counted by location_vp).
STATIC_VP = {slug: c["vp"] if isinstance(c["vp"], int) else None for slug, c in C.CARDS.items()}


def value(s: State, seat: int) -> float:
    p = s["players"][seat]
    city, off = p["city"], p["off"]
    vp = p["tokens"] + sum(p["bandits"]) + sum(p["ships"])
    engine = 0.0
    for i in range(C.SLOTS):
        card = city[i]
        printed = STATIC_VP[card]
        vp += location_vp(p, i) if printed is None else printed
        if not off[i]:
            engine += USE_VALUE[card]
    v = vp + _engine_weight(s) * engine + 0.5 * sum(p["res"]) + 0.35 * p["passes"]
    turn = s["turn"]
    if turn["seat"] == seat and turn["step"] == "dice":
        v += 0.45 * (turn["army"] + turn["bandit_army"]) + 0.3 * turn["bandit_cut"]
        v += 0.5 * (turn["boost_army"] + turn["boost_resource"])
    return float(v)


def _best_place(s: State, seat: int, card: str) -> tuple[Action, float]:
    """Cover the space whose loss costs least (a printed space, ideally with no VP)."""
    p = s["players"][seat]
    weight = _engine_weight(s)
    best_slot, best_loss = 0, 1e9
    for i, old in enumerate(p["city"]):
        loss = location_vp(p, i) + (0 if p["off"][i] else weight * USE_VALUE[old])
        if loss < best_loss:
            best_slot, best_loss = i, loss
    gain = weight * USE_VALUE[card] - best_loss
    action = {"type": "place", "row": C.ROWS[best_slot // 6], "col": best_slot % 6 + 1}
    return action, gain


def _after(t: State, seat: int, depth: int) -> float:
    pending = t["pending"]
    if pending is None or t["turn"]["seat"] != seat:
        return value(t, seat)
    if pending["kind"] == "place":
        card = pending["card"]
        extra = C.CARDS[card]["vp"] if isinstance(C.CARDS[card]["vp"], int) else 2
        return value(t, seat) + extra + _best_place(t, seat, card)[1]
    if depth == 0:
        return value(t, seat)
    # The look-ahead lists moves without the memo, which keeps the list of the real position
    # for `apply` to check the chosen move against.
    return max(_after(apply_unchecked(t, seat, a), seat, depth - 1) for a in legal(t, seat))


def bot_greedy(state: State, seat: int, rng: Rng) -> Action:
    actions = legal_actions.shared(state, seat)
    if len(actions) == 1:
        return actions[0]
    pending = state["pending"]
    if pending is not None and pending["kind"] == "place":
        return _best_place(state, seat, pending["card"])[0]
    base = value(state, seat)
    best: Action | None = None
    best_gain = -1e9 if pending is not None else 0.01
    for action in actions:
        if action["type"] in ENDS or action["type"] in IGNORED:
            continue
        gain = _after(apply_unchecked(state, seat, action), seat, 1) - base
        if gain > best_gain:
            best, best_gain = action, gain
    if best is None:
        return next(a for a in actions if a["type"] in ENDS)
    return best


BOTS = level_bots("dicecity", bot_random, bot_greedy, legal_actions)
# The candidate search (games/core/search.py): `value` is in VP; a lead of 4 VP is worth ~73%.
SEARCH = SearchConfig(value=value, scale=4.0, rollout=0, prior=bot_greedy)
