"""Dice City positions from a short description, so a rule scenario is a few lines.

    state = position(
        city={0: "red 3: quarry; blue 1: mine off"},
        dice={0: "red 3, blue 1"},
        res={0: "2 wood 1 stone"},
        step="dice",
    )

`city` puts location cards on spaces ("ROW COL: card", "off" when deactivated), `dice` places
the named dice on their columns (every other die of that seat is set aside as used), `res` gives
a seat its goods, `players` sets any other player field (passes, tokens...). The turn belongs to
`turn` (seat 0 by default), at `step` with `army` strength.

Every function returns a new state and never edits its input: the engine's memo of legal actions
is keyed on the state object, so a state edited after the engine saw it could get a stale
answer; one made here cannot. `edit(state, fn)` changes a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.state import clone
from . import cards as C
from .state import setup

State = dict[str, Any]


def position(
    seats: int = 2,
    *,
    seed: int = 1,
    turn: int = 0,
    step: str = "dice",
    army: int = 0,
    city: Mapping[int, str] | None = None,
    dice: Mapping[int, str] | None = None,
    res: Mapping[int, str] | None = None,
    players: Mapping[int, Mapping[str, Any]] | None = None,
) -> State:
    state = setup(seats, seed, {})
    state["turn"].update(seat=turn, step=step, army=army)
    for seat, text in (city or {}).items():
        for slot, card, off in _spaces(text):
            state["players"][seat]["city"][slot] = card
            state["players"][seat]["off"][slot] = off
    for seat, text in (dice or {}).items():
        state["players"][seat]["dice"] = _dice(text)
    for seat, text in (res or {}).items():
        state["players"][seat]["res"] = _goods(text)
    for seat, fields in (players or {}).items():
        unknown = sorted(set(fields) - set(state["players"][seat]))
        if unknown:
            raise ValueError(f"players: no player field {', '.join(unknown)}")
        state["players"][seat].update(clone(dict(fields)))
    return dict(clone(state))


def edit(state: State, change: Callable[[State], None]) -> State:
    """A copy of `state` changed by `change` (which may edit its argument in place)."""
    out = clone(state)
    change(out)
    return dict(clone(out))


def slot(where: str) -> int:
    """'red 3' -> the space of the red row, column 3."""
    parts = where.split()
    if len(parts) != 2 or parts[0] not in C.ROW_INDEX or parts[1] not in "123456":
        raise ValueError(f"a space is 'ROW COL' (rows: {', '.join(C.ROWS)}), not {where!r}")
    return C.ROW_INDEX[parts[0]] * C.COLS + int(parts[1]) - 1


def _spaces(text: str) -> list[tuple[int, str, bool]]:
    out = []
    for part in filter(None, (x.strip() for x in text.split(";"))):
        where, _, what = part.partition(":")
        words = what.split()
        if not words or len(words) > 2 or words[0] not in C.CARDS or words[1:] not in ([], ["off"]):
            raise ValueError(f"city: 'ROW COL: card [off]', with a known card, not {part!r}")
        out.append((slot(where), words[0], words[1:] == ["off"]))
    return out


def _dice(text: str) -> list[int]:
    dice = [-1] * len(C.ROWS)
    for part in filter(None, (x.strip() for x in text.split(","))):
        space = slot(part)
        dice[space // C.COLS] = space % C.COLS
    return dice


def _goods(text: str) -> list[int]:
    goods = [0] * len(C.RESOURCES)
    words = text.split()
    if len(words) % 2:
        raise ValueError(f"res: counts of {', '.join(C.RESOURCES)}, not {text!r}")
    for count, kind in zip(words[::2], words[1::2], strict=True):
        if kind not in C.RES_INDEX or not count.isdigit():
            raise ValueError(f"res: counts of {', '.join(C.RESOURCES)}, not {text!r}")
        goods[C.RES_INDEX[kind]] += int(count)
    return goods
