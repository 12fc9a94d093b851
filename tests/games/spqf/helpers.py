"""Building SPQF tables for scenario tests: put chosen cards where a rule needs them."""

from __future__ import annotations

from typing import Any

from games.spqf import GAME, flow
from games.spqf import cards as C

ZONES = ("hand", "deck", "discard", "row", "stored", "played", "following", "picks")


def civ(design: str) -> int:
    """The instance number of a Civilization card design."""
    for i in C.CIV_IDS:
        if C.CARDS[i]["id"] == design:
            return i
    raise KeyError(design)


def starting(seat: int, design: str) -> int:
    ids = [c["id"] for c in C.STARTING]
    return seat * C.STARTING_PER_SEAT + ids.index(design)


def table(seats: int = 2, seed: int = 0, draft: bool = False) -> dict[str, Any]:
    return GAME.setup(seats, seed, {"draft": draft})


def place(s: dict[str, Any], card: int, seat: int | None, zone: str) -> None:
    """Move one card from wherever it is to a seat's zone (or 'central', 'civ', 'trashed')."""
    for p in s["players"]:
        for z in ZONES:
            if card in p[z]:
                p[z].remove(card)
    for key in ("central", "civ", "trashed"):
        if card in s[key]:
            s[key].remove(card)
    if seat is None:
        s[zone].append(card)
    else:
        s["players"][seat][zone].append(card)


def arrange(
    seats: int = 2,
    active: int = 0,
    hands: dict[int, list[int]] | None = None,
    seed: int = 0,
    **board: Any,
) -> dict[str, Any]:
    """A table at the start of `active`'s turn, with exactly the given hands (the cards the
    seats held before go back into their decks). board: cubes={seat: [g, b]},
    scubes={seat: [g, b]}, level={seat: n}, vp={seat: n}, stored/discard/row={seat: [cards]},
    central=[cards]."""
    s = table(seats, seed)
    s["active"] = s["first"] = active
    for p in s["players"]:
        p["deck"] += p["hand"]
        p["hand"] = []
    for seat, cards in (hands or {}).items():
        for card in cards:
            place(s, card, seat, "hand")
    for zone in ("stored", "discard", "row"):
        for seat, cards in board.get(zone, {}).items():
            for card in cards:
                place(s, card, seat, zone)
    for card in board.get("central", []):
        place(s, card, None, "central")
    for key in ("cubes", "scubes"):
        for seat, value in board.get(key, {}).items():
            s["players"][seat][key] = list(value)
    for key in ("level", "vp"):
        for seat, value in board.get(key, {}).items():
            s["players"][seat][key] = value
    s["step"] = "choose"
    s["turn"] = {"plays": 1, "row_used": [], "stored_used": [], "queued": []}
    flow.settle(s)
    return s


def act(s: dict[str, Any], seat: int, type_: str, **fields: Any) -> dict[str, Any]:
    return GAME.apply(s, seat, {"type": type_, **fields})


def narrate(s: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """The log line of a move, told from the states before and after it (the contract's
    narrate)."""
    return GAME.narrate(s, seat, action, GAME.apply(s, seat, action))


def legal(s: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return GAME.legal_actions(s, seat)


def types(s: dict[str, Any], seat: int) -> set[str]:
    return {a["type"] for a in legal(s, seat)}


def all_cards(s: dict[str, Any]) -> list[int]:
    found = list(s["central"]) + list(s["civ"]) + list(s["trashed"])
    for p in s["players"]:
        for z in ZONES:
            found += p[z]
    for pack in s["packs"]:
        found += pack
    return found


def play_on(s: dict[str, Any], until: Any, limit: int = 500) -> dict[str, Any]:
    """Apply simple choices (decline, pass, else the first legal one) until `until(s)`."""
    for _ in range(limit):
        if until(s):
            return s
        seat = GAME.to_act(s)[0]
        options = legal(s, seat)
        quiet = [a for a in options if a["type"] in ("decline", "pass", "stop")]
        s = GAME.apply(s, seat, quiet[0] if quiet else options[0])
    raise AssertionError("the condition never came true")


def next_turn(s: dict[str, Any]) -> dict[str, Any]:
    active = s["active"]
    return play_on(s, lambda t: t["active"] != active or t["step"] == "over")
