"""Small builders for Dice City scenarios: a fresh table, cards put on spaces, dice placed."""

from __future__ import annotations

from typing import Any

from games.core import format_action, parse_action
from games.dicecity import GAME
from games.dicecity import cards as C
from games.dicecity.rules import legal_actions

State = dict[str, Any]


def table(seats: int = 2, seed: int = 1, **options: Any) -> State:
    return GAME.setup(seats, seed, GAME.clean_options(options))


def slot(where: str) -> int:
    """'red 3' -> the slot of the red row, column 3."""
    row, col = where.split()
    return C.ROW_INDEX[row] * 6 + int(col) - 1


def put(state: State, seat: int, where: str, card: str, off: bool = False) -> None:
    state["players"][seat]["city"][slot(where)] = card
    state["players"][seat]["off"][slot(where)] = off


def dice(state: State, seat: int, **cols: int) -> None:
    """Place the named dice (colour=column 1-6); every other die is set aside as used."""
    state["players"][seat]["dice"] = [cols.get(row, 0) - 1 for row in C.ROWS]


def act(state: State, text: str, seat: int | None = None) -> State:
    seat = state["turn"]["seat"] if seat is None else seat
    # Scenarios change states in place, which the memo of legal actions (keyed on the state
    # object, sound for the engine's own states) cannot see: start afresh.
    legal_actions.forget()
    return GAME.apply(state, seat, parse_action(text))


def legal(state: State, seat: int | None = None) -> set[str]:
    seat = state["turn"]["seat"] if seat is None else seat
    legal_actions.forget()  # as in act: the state may have been changed in place
    return {format_action(a) for a in GAME.legal_actions(state, seat)}


def res(state: State, seat: int = 0) -> list[int]:
    return list(state["players"][seat]["res"])


def at_step(state: State, step: str, army: int = 0) -> State:
    state["turn"]["step"] = step
    state["turn"]["army"] = army
    return state
