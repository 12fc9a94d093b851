"""Bots: uniform random, and a rule-of-thumb heuristic (expand when possible, gather what the
next level needs, modify to the useful amount, follow when it pays, recruit good cards)."""

from __future__ import annotations

from typing import Any

from games.core.levels import level_bots
from games.core.rng import Rng
from games.core.search import SearchConfig

from . import effects, tableau
from .cards import (
    CARDS,
    LEVEL_COSTS,
    LEVEL_VP,
    LOOSE_LIMIT,
    MAX_LEVEL,
    MONUMENTS,
    PER_ACTION,
    matches,
    room,
)
from .rules import legal_actions
from .scoring import monument_points, owned

State = dict[str, Any]
Action = dict[str, Any]
CI = tableau.CI
KIND_BASE = {
    "gather": 0.6,
    "gather_either": 0.6,
    "gather_stored": 1.2,
    "gather_per_card": 1.2,
    "store_card": 0.8,
    "store_cube": 0.5,
    "store_supply": 0.7,
    "resolve_row": 1.5,
    "extra": 1.2,
    "convert": 0.3,
    "follow_twice": 0.8,
    "recruit_gather": 1.3,
    "trash_gather": 0.7,
    "trash_vp": 1.0,
    "expand": 3.0,
    "expand_discount": 3.2,
    "expand_vp": 4.0,
    "score_cubes": 0.6,
    "score_stored_cubes": 1.5,
    "score_stored_cards": 1.5,
    "score_level": 1.5,
    "score_mods": 1.0,
}


def random_bot(s: State, seat: int, rng: Rng) -> Action:
    return rng.choice(legal_actions.shared(s, seat))


def deficit(p: dict[str, Any], color: str) -> int:
    """Cubes of a colour still missing for the next civilization level."""
    if p["level"] >= MAX_LEVEL:
        return 0
    i = CI[color]
    return max(0, int(LEVEL_COSTS[p["level"] + 1][i] - p["cubes"][i] - p["scubes"][i]))


def best_color(s: State, p: dict[str, Any]) -> str:
    def key(c: str) -> tuple[int, int]:
        room = tableau.can_gather(s, p, c)
        return (room, deficit(p, c) * 2 - p["cubes"][CI[c]])

    return max("gb", key=key)


def card_value(p: dict[str, Any], card: int) -> float:
    design = CARDS[card]
    value: float = design["vp"] + 0.3 * design["mods"]
    if design["cat"] == MONUMENTS[p["monument"]]["cat"]:
        value += design["mods"]
    value += max(KIND_BASE[a["kind"]] for a in design["actions"])
    if design["starting"]:
        value -= 1.5
    return value


def action_value(s: State, seat: int, a: dict[str, Any], times: int, hand_left: int) -> float:
    p = s["players"][seat]
    kind = a["kind"]
    if not effects.useful(s, seat, p, a, hand_left):
        return 0.0
    if kind.startswith("expand"):
        gain = LEVEL_VP[p["level"] + 1] - LEVEL_VP[p["level"]]
        first = 1 if s["firsts"][p["level"]] < 0 else 0
        return float(gain + first + (2 if kind == "expand_vp" else 0))
    if kind in ("gather", "gather_either"):
        c = a.get("color") or best_color(s, p)
        room = LOOSE_LIMIT - p["cubes"][CI[c]]
        return float(min(times, room) * (0.6 + (0.5 if deficit(p, c) else 0)))
    if kind == "score_cubes":
        spare = p["cubes"][CI[a["color"]]] + p["scubes"][CI[a["color"]]] - _needed(p, a["color"])
        return float(max(0, min(times, spare)))
    if kind == "score_stored_cubes":
        return float(p["scubes"][0] + p["scubes"][1])
    if kind == "score_stored_cards":
        return float(len(p["stored"]))
    if kind == "score_level":
        return float(p["level"])
    if kind == "trash_vp":
        return min(times, _trash_fodder(p)) * 1.0
    per = PER_ACTION[kind]
    return KIND_BASE[kind] * (min(times, 3) if per else 1)


def _needed(p: dict[str, Any], color: str) -> int:
    if p["level"] >= MAX_LEVEL:
        return 0
    return int(LEVEL_COSTS[p["level"] + 1][CI[color]])


def _trash_fodder(p: dict[str, Any]) -> int:
    return sum(1 for c in p["hand"] + p["discard"] if CARDS[c]["starting"])


def play_value(s: State, seat: int, card: int) -> float:
    p = s["players"][seat]
    design = CARDS[card]
    cat = design["cat"]
    extra = sum(CARDS[c]["mods"] for c in p["hand"] if c != card and matches(CARDS[c]["cat"], cat))
    extra += sum(CARDS[c]["mods"] for c in p["stored"] if matches(CARDS[c]["cat"], cat))
    times = design["mods"] + extra
    left = len(p["hand"]) - 1
    value = sum(action_value(s, seat, a, times, left) for a in design["actions"])
    return float(value - 0.5 * (design["cost"][0] + design["cost"][1]))


def _unit_key(s: State, seat: int, choice: Action) -> float:
    p = s["players"][seat]
    t = choice["type"]
    color = choice.get("color")
    card = choice.get("card")
    if t in ("take", "stash", "bank", "convert", "discount"):
        return 1.0 if color == best_color(s, p) else 0.0
    if t == "store" and card is not None:
        return card_value(p, card)
    if t in ("recruit", "row") and card is not None:
        return card_value(p, card)
    if t == "trash" and card is not None:
        return -card_value(p, card) + (0.1 if card in p["discard"] else 0)
    if t == "score":
        if color not in CI:
            return 1.0
        spare = p["cubes"][CI[color]] + p["scubes"][CI[color]] > _needed(p, color)
        return 1.0 if spare else -1.0
    if t == "stop":
        return 0.0
    return 0.0


def heuristic_bot(s: State, seat: int, rng: Rng) -> Action:
    legal = legal_actions.shared(s, seat)
    if len(legal) == 1:
        return legal[0]
    step = s["step"]
    p = s["players"][seat]
    if step == "draft":
        return max(legal, key=lambda a: card_value(p, a["card"]))
    if step == "choose":
        plays = [a for a in legal if a["type"] == "play"]
        best = max(plays, key=lambda a: play_value(s, seat, a["card"]), default=None)
        if best is not None and play_value(s, seat, best["card"]) > 0.3:
            return best
        return {"type": "pass"}
    if step == "modify":
        return _modify(s, seat, legal)
    if step == "follow":
        return _follow(s, seat, legal)
    if step == "order":
        card = s["play"]["card"]
        return max(legal, key=lambda a: _order_rank(CARDS[card]["actions"][a["action"]]["kind"]))
    if step == "recruit":
        return max(legal, key=lambda a: card_value(p, a["card"]))
    return max(legal, key=lambda a: _unit_key(s, seat, a))


def _order_rank(kind: str) -> int:
    if kind.startswith("expand"):
        return 4
    if kind.startswith("gather"):
        return 3
    if kind.startswith("store"):
        return 2
    return 1


def _capacity(s: State, seat: int, card: int) -> int:
    p = s["players"][seat]
    best = 0
    for a in CARDS[card]["actions"]:
        kind = a["kind"]
        if not PER_ACTION[kind]:
            continue
        if kind in ("gather", "gather_either"):
            c = a.get("color") or best_color(s, p)
            cap = LOOSE_LIMIT - p["cubes"][CI[c]]
        elif kind == "store_card":
            cap = room(p["level"]) - len(p["stored"])
        elif kind in ("store_cube", "store_supply"):
            cap = room(p["level"]) - p["scubes"][0] - p["scubes"][1]
        elif kind == "score_cubes":
            cap = p["cubes"][CI[a["color"]]] - _needed(p, a["color"])
        elif kind == "trash_vp":
            cap = _trash_fodder(p)
        elif kind == "convert":
            cap = 1
        else:
            cap = 3
        best = max(best, cap)
    return best


def _modify(s: State, seat: int, legal: list[Action]) -> Action:
    play = s["play"]
    stored = [a for a in legal if a["type"] == "modify" and "stored" in a]
    if stored:
        return stored[0]
    p = s["players"][seat]
    hand_mods = [a for a in legal if a["type"] == "modify"]
    if hand_mods and play["mods"] < _capacity(s, seat, play["card"]):
        return min(hand_mods, key=lambda a: play_value(s, seat, a["card"]))
    goes = [a for a in legal if a["type"] == "go"]
    if len(goes) == 1:
        return goes[0]
    want = best_color(s, p)
    return next(a for a in goes if a.get("color") == want)


def _follow(s: State, seat: int, legal: list[Action]) -> Action:
    p = s["players"][seat]
    leader = s["play"]["card"]
    best, best_gain = None, 0.9
    for a in legal:
        if a["type"] != "follow":
            continue
        act = CARDS[leader]["actions"][a["action"]]
        times = effects.follow_times(a["card"], leader, act)
        gain = action_value(s, seat, act, times, len(p["hand"]) - 1)
        gain -= 0.4 * play_value(s, seat, a["card"])
        if gain > best_gain:
            best, best_gain = a, gain
    return best if best is not None else {"type": "decline"}


def value(s: State, seat: int) -> float:
    """How good a state looks for `seat`, in VP: the points it would score now (without the
    monument bonus, which depends on the others) and the cubes gathered toward the next level."""
    p = s["players"][seat]
    points = p["vp"] + LEVEL_VP[p["level"]] + monument_points(p)
    points += sum(CARDS[c]["vp"] for c in owned(p))
    if p["level"] < MAX_LEVEL:
        cost = LEVEL_COSTS[p["level"] + 1]
        have = [min(cost[i], p["cubes"][i] + p["scubes"][i]) for i in (0, 1)]
        gain = LEVEL_VP[p["level"] + 1] - LEVEL_VP[p["level"]]
        points += gain * sum(have) / max(1, cost[0] + cost[1])
    return float(points)


BOTS = level_bots("spqf", random_bot, heuristic_bot, legal_actions)


def turn_owner(s: State) -> int:
    """Whose turn it is: the others' follows inside a turn do not pass the turn on."""
    return int(s["active"])


# The candidate search (games/core/search.py) plays out with the standard bot to the end of
# the next player's turn; `value` is in VP, a lead of 4 VP is worth ~73%.
SEARCH = SearchConfig(value=value, scale=4.0, rollout=0, prior=heuristic_bot, turn_owner=turn_owner)
