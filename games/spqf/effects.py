"""The effects interpreter: every action kind of the rule book, as data-driven small steps.

SPQF, "Hay dos tipos de acciones": a per-action kind resolves once per modifier; a binary kind
resolves once whatever the modifiers. A resolving action is a *job*; a job runs in *units*
(one per modifier for per-action kinds). Each unit offers the choices that are possible now;
a unit with no possible choice ends the job (the card is used "as fully as possible", Nota del
diseñador), a unit with one choice resolves by itself, otherwise its seat decides.

Functions here mutate the state they are given: the engine hands them its private copy.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, COLORS, LEVEL_COSTS, LOOSE_LIMIT, MAX_LEVEL, can_follow_any, matches

State = dict[str, Any]
Choice = dict[str, Any]

# kind -> resolves per modifier (True) or once (False). Order follows the book's lists.
PER_ACTION: dict[str, bool] = {
    "gather": True,
    "gather_either": True,
    "gather_stored": False,
    "gather_per_card": False,
    "store_card": True,
    "store_cube": True,
    "store_supply": True,
    "resolve_row": False,
    "extra": False,
    "convert": True,
    "follow_twice": False,
    "recruit_gather": True,
    "trash_gather": True,
    "trash_vp": True,
    "expand": False,
    "expand_discount": False,
    "expand_vp": False,
    "score_cubes": True,
    "score_stored_cubes": False,
    "score_stored_cards": False,
    "score_level": False,
    "score_mods": True,
}
OTHER = {"g": "b", "b": "g"}
CI = {"g": 0, "b": 1}


# --- small board facts -------------------------------------------------------------------------


def card_room(p: dict[str, Any]) -> bool:
    """SPQF, Nivel de civilización: level 0 stores one card; each level one more."""
    return bool(len(p["stored"]) < p["level"] + 1)


def cube_room(p: dict[str, Any]) -> bool:
    return bool(p["scubes"][0] + p["scubes"][1] < p["level"] + 1)


def can_gather(s: State, p: dict[str, Any], color: str) -> bool:
    """SPQF, Reunir: never more than four of a colour beyond the stored ones; supply is finite."""
    i = CI[color]
    return bool(s["supply"][i] > 0 and p["cubes"][i] < LOOSE_LIMIT)


def gather(s: State, p: dict[str, Any], color: str) -> None:
    if can_gather(s, p, color):
        i = CI[color]
        s["supply"][i] -= 1
        p["cubes"][i] += 1


def can_pay(p: dict[str, Any], g: int, b: int) -> bool:
    return bool(p["cubes"][0] + p["scubes"][0] >= g and p["cubes"][1] + p["scubes"][1] >= b)


def pay(s: State, p: dict[str, Any], g: int, b: int) -> None:
    """Loose cubes go first, then stored ones ('Puede gastar los recursos almacenados')."""
    for i, need in ((0, g), (1, b)):
        loose = min(need, p["cubes"][i])
        p["cubes"][i] -= loose
        p["scubes"][i] -= need - loose
        s["supply"][i] += need


def level_cost(p: dict[str, Any], discount: str | None = None) -> tuple[int, int] | None:
    if p["level"] >= MAX_LEVEL:
        return None
    g, b = LEVEL_COSTS[p["level"] + 1]
    if discount == "g":
        g = max(0, g - 1)
    elif discount == "b":
        b = max(0, b - 1)
    return g, b


def can_expand(p: dict[str, Any], discount: str | None = None) -> bool:
    cost = level_cost(p, discount)
    return cost is not None and can_pay(p, *cost)


def row_of(s: State, seat: int, arrow: str) -> tuple[str, int]:
    """The row an arrow points at: 'left' is the next seat in turn order, 'right' the previous."""
    n = s["n"]
    if arrow == "center":
        return "central", -1
    return "row", (seat + 1) % n if arrow == "left" else (seat - 1) % n


def row_cards(s: State, where: tuple[str, int]) -> list[int]:
    kind, owner = where
    cards: list[int] = s["central"] if kind == "central" else s["players"][owner]["row"]
    return cards


def recruitable(s: State, seat: int) -> list[int]:
    """SPQF, Fase de reclutamiento: any trade row but one's own (the central row included)."""
    found = list(s["central"])
    for other, p in enumerate(s["players"]):
        if other != seat:
            found.extend(p["row"])
    return found


# --- usefulness: "No puedes jugar una carta que no cambie el estado del juego" ------------------


def useful(
    s: State,
    seat: int,
    p: dict[str, Any],
    a: dict[str, Any],
    hand_left: int,
    color: str | None = None,
    depth: int = 0,
) -> bool:
    kind = a["kind"]
    if kind == "gather":
        return can_gather(s, p, a["color"])
    if kind == "gather_either":
        if color is not None:
            return can_gather(s, p, color)
        return can_gather(s, p, "g") or can_gather(s, p, "b")
    if kind == "gather_stored":
        return any(p["scubes"][CI[c]] and can_gather(s, p, c) for c in COLORS)
    if kind == "gather_per_card":
        return bool(p["stored"]) and (can_gather(s, p, "g") or can_gather(s, p, "b"))
    if kind == "store_card":
        return hand_left > 0 and card_room(p)
    if kind == "store_cube":
        return cube_room(p) and _loose_of(p, a["color"]) > 0
    if kind == "store_supply":
        return cube_room(p) and (s["supply"][0] > 0 or s["supply"][1] > 0)
    if kind == "resolve_row":
        used = s["turn"]["row_used"]
        cards = row_cards(s, row_of(s, seat, a["arrow"]))
        if depth > 0:
            return any(c not in used for c in cards)
        return any(c not in used and playable(s, seat, p, c, hand_left, depth + 1) for c in cards)
    if kind == "extra":
        return hand_left > 0
    if kind == "convert":
        return any(p["cubes"][CI[c]] > 0 and can_gather(s, p, OTHER[c]) for c in COLORS)
    if kind == "recruit_gather":
        return bool(recruitable(s, seat))
    if kind in ("trash_gather", "trash_vp"):
        return hand_left > 0 or bool(p["discard"])
    if kind in ("expand", "expand_vp"):
        return can_expand(p)
    if kind == "expand_discount":
        return can_expand(p, "g") or can_expand(p, "b")
    if kind == "score_cubes":
        return bool(_loose_of(p, a["color"]) + p["scubes"][CI[a["color"]]] > 0)
    if kind == "score_stored_cubes":
        return bool(p["scubes"][0] + p["scubes"][1] > 0)
    if kind == "score_stored_cards":
        return bool(p["stored"])
    if kind == "score_level":
        return bool(p["level"] > 0)
    # score_mods always scores; follow_twice is only ever used to follow.
    return bool(kind == "score_mods")


def _loose_of(p: dict[str, Any], color: str) -> int:
    if color == "any":
        return int(p["cubes"][0] + p["cubes"][1])
    return int(p["cubes"][CI[color]])


def playable(
    s: State, seat: int, p: dict[str, Any], card: int, hand_left: int, depth: int = 0
) -> bool:
    """The cost can be paid first, and then at least one action changes the game."""
    design = CARDS[card]
    g, b = design["cost"]
    if g or b:
        if not can_pay(p, g, b):
            return False
        p = {**p, "cubes": list(p["cubes"]), "scubes": list(p["scubes"])}
        pay({"supply": [0, 0]}, p, g, b)
    return any(useful(s, seat, p, a, hand_left, None, depth) for a in design["actions"])


_FOLLOW: dict[tuple[int, int, int], int] = {}


def follow_times(card: int, leader: int, action: dict[str, Any]) -> int:
    key = (card, leader, id(action))
    times = _FOLLOW.get(key)
    if times is None:
        times = _FOLLOW[key] = _follow_times(card, leader, action)
    return times


def _follow_times(card: int, leader: int, action: dict[str, Any]) -> int:
    """SPQF, Siguiendo: how often a follower's card resolves a followed action (0: it cannot).

    A matching card resolves a per-action action once per modifier on it and a binary action
    once; a 'follow any per-action twice' card follows any per-action action twice.
    """
    if not action["follow"]:
        return 0
    per_action = PER_ACTION[action["kind"]]
    times = 0
    if matches(CARDS[card]["cat"], CARDS[leader]["cat"]):
        times = CARDS[card]["mods"] if per_action else 1
    if per_action and can_follow_any(card):
        times = max(times, 2)
    return times


# --- units --------------------------------------------------------------------------------------


def units(s: State, job: dict[str, Any]) -> int:
    """How many units a job runs: modifiers for per-action kinds, once for binary ones, except
    'gather cubes of your choice equal to your stored cards' which asks one colour per card."""
    a = CARDS[job["card"]]["actions"][job["action"]]
    if PER_ACTION[a["kind"]]:
        return int(job["times"])
    if a["kind"] == "gather_per_card":
        return len(s["players"][job["seat"]]["stored"])
    return 1


def choices(s: State, job: dict[str, Any]) -> list[Choice]:
    seat = job["seat"]
    p = s["players"][seat]
    a = CARDS[job["card"]]["actions"][job["action"]]
    kind = a["kind"]
    if kind == "gather":
        return [{"type": "take", "color": a["color"]}] if can_gather(s, p, a["color"]) else []
    if kind == "gather_either":
        c = job["color"]
        return [{"type": "take", "color": c}] if c and can_gather(s, p, c) else []
    if kind == "gather_stored":
        return [{"type": "take", "color": "stored"}] if useful(s, seat, p, a, 0) else []
    if kind == "gather_per_card":
        return [{"type": "take", "color": c} for c in COLORS if can_gather(s, p, c)]
    if kind == "store_card":
        return [{"type": "store", "card": c} for c in p["hand"]] if card_room(p) else []
    if kind == "store_cube":
        if not cube_room(p):
            return []
        wanted = COLORS if a["color"] == "any" else (a["color"],)
        return [{"type": "stash", "color": c} for c in wanted if p["cubes"][CI[c]] > 0]
    if kind == "store_supply":
        if not cube_room(p):
            return []
        return [{"type": "bank", "color": c} for c in COLORS if s["supply"][CI[c]] > 0]
    if kind == "resolve_row":
        used = s["turn"]["row_used"]
        hand_left = len(p["hand"])
        cards = row_cards(s, row_of(s, seat, a["arrow"]))
        return [
            {"type": "row", "card": c}
            for c in cards
            if c not in used and playable(s, seat, p, c, hand_left, 1)
        ]
    if kind == "extra":
        return [{"type": "extra"}]
    if kind == "convert":
        # Converting a cube and back changes nothing, so 'as fully as possible' cannot force
        # conversions: the player may stop (docs/spqf.md).
        found = [
            {"type": "convert", "color": OTHER[c]}
            for c in COLORS
            if p["cubes"][CI[c]] > 0 and can_gather(s, p, OTHER[c])
        ]
        return found + [{"type": "stop"}] if found else []
    if kind == "recruit_gather":
        return [{"type": "recruit", "card": c} for c in recruitable(s, seat)]
    if kind in ("trash_gather", "trash_vp"):
        return [{"type": "trash", "card": c} for c in p["hand"] + p["discard"]]
    if kind in ("expand", "expand_vp"):
        return [{"type": "expand"}] if can_expand(p) else []
    if kind == "expand_discount":
        return [{"type": "discount", "color": c} for c in COLORS if can_expand(p, c)]
    if kind == "score_cubes":
        c = a["color"]
        if p["cubes"][CI[c]] + p["scubes"][CI[c]] == 0:
            return []
        return [{"type": "score", "color": c}, {"type": "stop"}]
    if kind in ("score_stored_cubes", "score_stored_cards", "score_level"):
        return [{"type": "score", "color": "-"}] if useful(s, seat, p, a, 0) else []
    if kind == "score_mods":
        return [{"type": "score", "color": "-"}]
    return []


def resolve(s: State, job: dict[str, Any], choice: Choice) -> bool:
    """Do one unit. Returns False when the choice ends the job (the optional 'stop')."""
    from .flow import recruit_card, trash_card

    seat = job["seat"]
    p = s["players"][seat]
    a = CARDS[job["card"]]["actions"][job["action"]]
    kind = a["kind"]
    t = choice["type"]
    if t == "stop":
        return False
    if t == "take":
        if choice["color"] == "stored":
            for c in COLORS:
                for _ in range(p["scubes"][CI[c]]):
                    gather(s, p, c)
        else:
            gather(s, p, choice["color"])
    elif t == "store":
        p["hand"].remove(choice["card"])
        p["stored"].append(choice["card"])
    elif t == "stash":
        i = CI[choice["color"]]
        p["cubes"][i] -= 1
        p["scubes"][i] += 1
    elif t == "bank":
        i = CI[choice["color"]]
        s["supply"][i] -= 1
        p["scubes"][i] += 1
    elif t == "row":
        s["turn"]["row_used"].append(choice["card"])
        s["turn"]["queued"].append(choice["card"])
    elif t == "extra":
        s["turn"]["plays"] += a["n"]
    elif t == "convert":
        to = CI[choice["color"]]
        p["cubes"][1 - to] -= 1
        s["supply"][1 - to] += 1
        s["supply"][to] -= 1
        p["cubes"][to] += 1
    elif t == "recruit":
        recruit_card(s, seat, choice["card"])
        gather(s, p, a["color"])
    elif t == "trash":
        trash_card(s, seat, choice["card"])
        if kind == "trash_vp":
            p["vp"] += 1
        else:
            gather(s, p, a["color"])
    elif t in ("expand", "discount"):
        _expand(s, seat, choice.get("color") if t == "discount" else None)
        if kind == "expand_vp":
            p["vp"] += 2
    elif t == "score":
        _score(s, p, kind, choice["color"])
    return True


def _score(s: State, p: dict[str, Any], kind: str, color: str) -> None:
    if kind == "score_cubes":
        pay(s, p, 1 if color == "g" else 0, 1 if color == "b" else 0)
        p["vp"] += 1
    elif kind == "score_stored_cubes":
        p["vp"] += p["scubes"][0] + p["scubes"][1]
    elif kind == "score_stored_cards":
        p["vp"] += len(p["stored"])
    elif kind == "score_level":
        p["vp"] += p["level"]
    else:
        p["vp"] += 1


def _expand(s: State, seat: int, discount: str | None) -> None:
    """SPQF, Nivel de civilización: levels in order; the first to reach each gains 1 VP.
    Several seats expanding on one card resolve in turn order from the active player, so the
    first to resolve is the first to reach it."""
    p = s["players"][seat]
    cost = level_cost(p, discount)
    assert cost is not None
    pay(s, p, *cost)
    p["level"] += 1
    if s["firsts"][p["level"] - 1] < 0:
        s["firsts"][p["level"] - 1] = seat
        p["vp"] += 1
