"""Optional per-game board context: play/boards/<game>.py may define
`board_context(view, seat, legal, players) -> dict`, merged into the board template's context."""

from __future__ import annotations

import importlib
from typing import Any


def board_context(
    game: str, view: dict[str, Any], seat: int | None, legal: list[Any], context: dict[str, Any]
) -> dict[str, Any]:
    try:
        module = importlib.import_module(f"play.boards.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"play.boards.{game}":
            raise
        return {}
    return dict(module.board_context(view, seat, legal, context["players"]))
