"""Optional per-game board context: boards/<game>.py (or a boards/<game>/ package) may define
`board_context(view, seat, legal, players) -> dict`, merged into the board template's context.

A board reads only what the engine contract gives: the seat's `view`, the legal actions and
the game's `reference()` data (docs/engine-contract.md), never a game's own modules.
"""

from __future__ import annotations

import importlib
from typing import Any


def board_context(
    game: str, view: dict[str, Any], seat: int | None, legal: list[Any], context: dict[str, Any]
) -> dict[str, Any]:
    try:
        module = importlib.import_module(f"boards.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"boards.{game}":
            raise
        return {}
    outcome = context.get("outcome")
    if outcome and hasattr(module, "as_finished"):
        # Ended by the site (forfeits) while the engine would play on: nobody is to play.
        view = module.as_finished(view, outcome)
    return dict(module.board_context(view, seat, legal, context["players"]))
