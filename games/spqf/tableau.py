"""A player's tableau and the shared rows: storage, cube limits, costs, levels, and moving cards.

Functions here mutate the state they are given: the engine hands them its private copy.
"""

from __future__ import annotations

from typing import Any

from games.core.rng import Rng

from .cards import CENTRAL_SIZE, LEVEL_COSTS, LOOSE_LIMIT, MAX_LEVEL, room

State = dict[str, Any]
Player = dict[str, Any]
CI = {"g": 0, "b": 1}
OTHER = {"g": "b", "b": "g"}


# --- small board facts -------------------------------------------------------------------------


def card_room(p: Player) -> bool:
    """SPQF, Nivel de civilización: level 0 stores one card; each level one more."""
    return bool(len(p["stored"]) < room(p["level"]))


def cube_room(p: Player) -> bool:
    return bool(p["scubes"][0] + p["scubes"][1] < room(p["level"]))


def can_gather(s: State, p: Player, color: str) -> bool:
    """SPQF, Reunir: never more than four of a colour beyond the stored ones; supply is finite."""
    i = CI[color]
    return bool(s["supply"][i] > 0 and p["cubes"][i] < LOOSE_LIMIT)


def gather(s: State, p: Player, color: str) -> None:
    if can_gather(s, p, color):
        i = CI[color]
        s["supply"][i] -= 1
        p["cubes"][i] += 1


def can_pay(p: Player, g: int, b: int) -> bool:
    return bool(p["cubes"][0] + p["scubes"][0] >= g and p["cubes"][1] + p["scubes"][1] >= b)


def pay(s: State, p: Player, g: int, b: int) -> None:
    """Loose cubes go first, then stored ones ('Puede gastar los recursos almacenados')."""
    for i, need in ((0, g), (1, b)):
        loose = min(need, p["cubes"][i])
        p["cubes"][i] -= loose
        p["scubes"][i] -= need - loose
        s["supply"][i] += need


def level_cost(p: Player, discount: str | None = None) -> tuple[int, int] | None:
    if p["level"] >= MAX_LEVEL:
        return None
    g, b = LEVEL_COSTS[p["level"] + 1]
    if discount == "g":
        g = max(0, g - 1)
    elif discount == "b":
        b = max(0, b - 1)
    return g, b


def can_expand(p: Player, discount: str | None = None) -> bool:
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


# --- card movements -----------------------------------------------------------------------------


def draw(s: State, seat: int, count: int) -> None:
    """SPQF, Fase de robo: draw; an empty deck is rebuilt by shuffling the discard pile."""
    p = s["players"][seat]
    for _ in range(count):
        if not p["deck"]:
            if not p["discard"]:
                return
            rng = Rng(s["rng"])
            p["deck"] = p["discard"]
            p["discard"] = []
            rng.shuffle(p["deck"])
            s["rng"] = rng.state
        p["hand"].append(p["deck"].pop())


def refill_central(s: State) -> None:
    """SPQF, Fase de reclutamiento: a card taken from the central row is replaced at once;
    placing the last card of the Civilization deck there starts the end of the game."""
    while len(s["central"]) < CENTRAL_SIZE and s["civ"]:
        s["central"].append(s["civ"].pop())
        if not s["civ"] and s["end"] is None:
            s["end"] = "the last Civilization card reached the central row"


def recruit_card(s: State, seat: int, card: int) -> None:
    """SPQF, Reclutar: the card goes to the recruiter's discard pile."""
    if card in s["central"]:
        s["central"].remove(card)
        refill_central(s)
    else:
        for p in s["players"]:
            if card in p["row"]:
                p["row"].remove(card)
                break
    s["players"][seat]["discard"].append(card)


def trash_card(s: State, seat: int, card: int) -> None:
    """SPQF, Basura: from the hand or the discard pile, out of the game."""
    p = s["players"][seat]
    (p["hand"] if card in p["hand"] else p["discard"]).remove(card)
    s["trashed"].append(card)
