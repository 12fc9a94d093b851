"""SPQF positions from a short description, so a rule scenario is a few lines.

    s = arrange(2, active=0, hands={0: [civ("le_oratory")]}, cubes={0: [1, 0]}, vp={0: 24})

`civ(design)` and `starting(seat, design)` name cards; `arrange` builds a table at the start of
`active`'s turn with exactly the given hands (what the seats held goes back into their decks),
and puts cards in the other zones, cubes, levels and VP tokens as asked (see its doc).

Every state is built afresh from `setup`: the engine's memo of legal actions is keyed on the
state object, so a state edited after the engine saw it could get a stale answer, and one made
here cannot. `edit(state, fn)` changes a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.state import clone

from . import cards as C
from . import flow
from .state import setup

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
    return setup(seats, seed, {"draft": draft})


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
    return dict(clone(s))


def edit(state: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """A copy of `state` changed by `change` (which may edit its argument in place)."""
    out = clone(state)
    change(out)
    return dict(clone(out))
