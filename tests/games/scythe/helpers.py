"""Builders for Scythe scenarios: a table with chosen factions and mats, then direct edits."""

from __future__ import annotations

from typing import Any

from games.scythe import GAME
from games.scythe.data import COMBAT_DECK, MATS
from games.scythe.state import new_player, turn_order

State = dict[str, Any]
MAT = {m["name"]: i for i, m in enumerate(MATS)}


def table(factions: list[str], mats: list[str], seed: int = 1) -> State:
    """Seat i plays factions[i] on mats[i] (names: Industrial, Engineering, Patriotic,
    Mechanical, Agricultural)."""
    state = GAME.setup(len(factions), seed, GAME.clean_options({}))
    deck = list(COMBAT_DECK)
    objectives = list(range(23, 0, -1))
    state["players"] = [
        new_player(f, MAT[m], deck, objectives) for f, m in zip(factions, mats, strict=True)
    ]
    state["deck"] = deck
    state["objdeck"] = objectives
    state["order"] = turn_order(factions, [MAT[m] for m in mats])
    state["turn"] = state["order"][0]
    return state


def play(state: State, seat: int, *actions: dict[str, Any]) -> State:
    for action in actions:
        state = GAME.apply(fresh(state), seat, action)
    return state


def section_of(state: State, seat: int, top: str) -> int:
    sections = MATS[state["players"][seat]["mat"]]["sections"]
    return next(i for i, s in enumerate(sections) if s["top"] == top)


def section_with_bottom(state: State, seat: int, bottom: str) -> int:
    sections = MATS[state["players"][seat]["mat"]]["sections"]
    return next(i for i, s in enumerate(sections) if s["bottom"] == bottom)


def at(state: State, seat: int, top: str) -> State:
    """The seat's turn, with the section whose top action is `top` chosen."""
    state["turn"] = seat
    state["phase"] = "section"
    state["ctx"] = {}
    state["players"][seat]["last"] = None
    return GAME.apply(fresh(state), seat, {"type": "section", "n": section_of(state, seat, top)})


def told(state: State, seat: int, action: dict[str, Any]) -> str:
    """The log line of an action, told from the states before and after it (contract's narrate)."""
    return GAME.narrate(state, seat, action, GAME.apply(fresh(state), seat, action))


def legal_types(state: State, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


def fresh(state: State) -> State:
    """A state edited in place by a test must not reuse a cached legal-action list."""
    from games.scythe import board, rules

    rules.legal_actions.forget()
    board._memo[0] = None
    return state


def step(unit: str, to: str, workers: int = 0, carry: str = "none") -> dict[str, Any]:
    return {"type": "step", "unit": unit, "to": to, "workers": workers, "carry": carry}
