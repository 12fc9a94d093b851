"""Table options in the API: what a host may set and what a client is shown.

An option the engine declares `hidden` (Scythe's `rules`, the rules version a match was started
under so that older logs still replay) is set by the site, never by a host: the form and the
table page leave it out, and so does the API, both ways. It stays stored on the table, the
tournament and the match, where replays and logs read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.core import get_game
from shared.errors import ServiceError


def _hidden(game: str) -> set[str]:
    try:
        declared = get_game(game).options
    except KeyError:  # an unknown game: its service says so
        return set()
    return {o.name for o in declared if o.hidden}


def options_shown(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The stored options as a client sees them: the hidden ones left out."""
    hidden = _hidden(game)
    return {name: value for name, value in (options or {}).items() if name not in hidden}


def options_refuse_hidden(game: str, given: Mapping[str, Any] | None) -> None:
    """A request that sets a hidden option is refused as an unknown option would be."""
    named = sorted(_hidden(game) & set(given or {}))
    if named:
        raise ServiceError("bad_options", f"unknown option(s): {', '.join(named)}")


@extend_schema_field({"type": "object", "additionalProperties": {}})
class ShownOptionsField(serializers.Field):  # type: ignore[type-arg]
    """A model's `options` for its `game`, the hidden ones left out (read only)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "The game's options chosen for it (docs/api.md).")
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value: Any) -> dict[str, Any]:
        return options_shown(value.game, value.options)
