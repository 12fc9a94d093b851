"""Scythe positions from a short description, so a rule scenario is a few lines.

    state = position(
        "nordic Industrial, saxony Engineering",
        units={0: "char r1c4; mechs r1c5; workers r1c4 r1c4 r2c5"},
        res="r1c4: 2 wood 1 oil; r1c5: 3 metal",
        players={0: {"coins": 9, "power": 7, "hand": [2, 3]}},
        built={0: "mill r1c5"},
    )
    state = choose_section(state, 0, top="produce")    # the seat's turn, that section taken

Seats are "faction Mat" pairs in seat order (mats: Industrial, Engineering, Patriotic,
Mechanical, Agricultural); the turn order follows the book (lowest mat number first), and `turn`
names the seat to act. A unit list replaces that seat's units: `char HEX`, `mechs HEX...` (up to
four), `workers HEX...`. `res` lists the tokens on each territory. `players` sets any other field
of a player (coins, power, pop, hand, objs, up, cubes, recruits, stars...).

Every function returns a new state built for the purpose and never edits its input: the engine's
memos (the last legal-action list, the occupancy) are keyed on the objects themselves, so a
state that was edited after the engine saw it could get a stale answer; one made here cannot.
`edit(state, fn)` is the safe way to change a state the engine has already seen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.state import clone
from .data import COMBAT_DECK, HEXES, MATS, RES_INDEX, RESOURCES, STRUCTURES
from .rules import apply
from .state import new_player, setup, turn_order

State = dict[str, Any]
MAT = {m["name"]: i for i, m in enumerate(MATS)}


def position(
    seats: str,
    *,
    seed: int = 1,
    turn: int | None = None,
    units: Mapping[int, str] | None = None,
    res: str = "",
    players: Mapping[int, Mapping[str, Any]] | None = None,
    built: Mapping[int, str] | None = None,
) -> State:
    """A table at the start of a turn (phase `section`), described as in the module's doc."""
    pairs = [part.split() for part in seats.split(",")]
    if any(len(pair) != 2 or pair[1] not in MAT for pair in pairs):
        raise ValueError(f"seats: 'faction Mat, ...' with mats among {', '.join(MAT)}")
    factions, mats = [f for f, _ in pairs], [MAT[m] for _, m in pairs]
    state = setup(len(pairs), seed, {})
    deck, objectives = list(COMBAT_DECK), list(range(23, 0, -1))
    state["players"] = [
        new_player(f, m, deck, objectives) for f, m in zip(factions, mats, strict=True)
    ]
    state["deck"], state["objdeck"] = deck, objectives
    state["order"] = turn_order(factions, mats)
    state["turn"] = state["order"][0] if turn is None else turn
    for seat, text in (units or {}).items():
        _units(state["players"][seat], text)
    state["res"] = _resources(res)
    for seat, fields in (players or {}).items():
        _fields(state["players"][seat], fields)
    for seat, text in (built or {}).items():
        _built(state, seat, text)
    return dict(clone(state))


def edit(state: State, change: Callable[[State], None]) -> State:
    """A copy of `state` changed by `change` (which may edit its argument in place)."""
    out = clone(state)
    change(out)
    return dict(clone(out))


def choose_section(
    state: State, seat: int, top: str | None = None, bottom: str | None = None
) -> State:
    """`seat`'s turn with the mat section whose top (or bottom) action is named chosen."""
    sections = MATS[state["players"][seat]["mat"]]["sections"]
    n = next(i for i, s in enumerate(sections) if s["top"] == top or s["bottom"] == bottom)

    def turn(s: State) -> None:
        s["turn"], s["phase"], s["ctx"] = seat, "section", {}
        s["players"][seat]["last"] = None

    return apply(edit(state, turn), seat, {"type": "section", "n": n})


def _units(p: dict[str, Any], text: str) -> None:
    for part in filter(None, (x.strip() for x in text.split(";"))):
        kind, *hexes = part.split()
        _check_hexes(hexes)
        if kind == "char" and len(hexes) == 1:
            p["char"] = hexes[0]
        elif kind == "mechs" and len(hexes) <= 4:
            p["mechs"] = [*hexes, *([None] * (4 - len(hexes)))]
        elif kind == "workers" and len(hexes) <= 8:
            p["workers"] = sorted(hexes)
        else:
            raise ValueError(f"units: 'char HEX', 'mechs HEX...' or 'workers HEX...', not {part!r}")


def _resources(text: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for part in filter(None, (x.strip() for x in text.split(";"))):
        hex_id, _, tokens = part.partition(":")
        hex_id = hex_id.strip()
        _check_hexes([hex_id])
        pile = out.setdefault(hex_id, [0] * len(RESOURCES))
        words = tokens.split()
        if len(words) % 2 or not words:
            raise ValueError(f"res: 'HEX: 2 wood 1 oil', not {part!r}")
        for count, kind in zip(words[::2], words[1::2], strict=True):
            if kind not in RES_INDEX or not count.isdigit():
                raise ValueError(f"res: a count and one of {', '.join(RESOURCES)}, not {part!r}")
            pile[RES_INDEX[kind]] += int(count)
    return out


def _fields(p: dict[str, Any], fields: Mapping[str, Any]) -> None:
    unknown = sorted(set(fields) - set(p))
    if unknown:
        raise ValueError(f"players: no player field {', '.join(unknown)}")
    p.update(clone(dict(fields)))


def _built(state: State, seat: int, text: str) -> None:
    for part in filter(None, (x.strip() for x in text.split(","))):
        kind, _, hex_id = part.partition(" ")
        hex_id = hex_id.strip()
        if kind not in STRUCTURES:
            raise ValueError(f"built: one of {', '.join(STRUCTURES)}, not {kind!r}")
        _check_hexes([hex_id])
        state["players"][seat]["built"][kind] = hex_id
        state["structs"][hex_id] = [seat, kind]


def _check_hexes(hexes: list[str]) -> None:
    bad = [h for h in hexes if h not in HEXES]
    if bad:
        raise ValueError(f"no territory called {', '.join(bad)}")
