"""The player panels beside a board (issue 34): one per seat, with its name, colour or faction,
whose turn it is, the game's key public numbers and a slot for its clock.

A game's board package may define `panel_stats(view) -> {seat: Panel}` in `boards/<game>/panel.py`
(a Panel: `colour`, `faction` and `stats`, a list of Stat). The numbers come from the viewer's
own view, which the engine already stripped of every other seat's secrets, and a panel shows
only counts and public tracks (a hand as its size, never its cards). Rendered with the board
(play.selectors.board_html), so the panels follow every snapshot as the board does.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, TypedDict


class Stat(TypedDict):
    key: str  # stable across updates: the page pulses a change of it (+N / -N)
    label: str
    value: int


class Panel(TypedDict, total=False):
    colour: str
    faction: str
    stats: list[Stat]


def stat(key: str, label: str, value: Any) -> Stat:
    return {"key": key, "label": label, "value": int(value or 0)}


def _module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"boards.{game}.panel")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"boards.{game}", f"boards.{game}.panel"):
            raise
        return None


def panels(game: str, view: dict[str, Any], seat: int | None, players: list[Any]) -> list[Any]:
    """Every seat's panel in seat order: the player (name, bot, to act, left, on vacation,
    place) with the game's numbers for that seat."""
    module = _module(game)
    numbers: dict[int, Panel] = module.panel_stats(view) if module else {}
    return [
        {**p, "you": p["seat"] == seat, **numbers.get(p["seat"], {"stats": []})} for p in players
    ]
