"""The engine's static data the Scythe board draws with, read once through the contract
(`get_game("scythe").reference()`: the map and its territories' names, factions, mats, card
catalogues, scoring tiers and the engine's own words), never from the game's modules."""

from __future__ import annotations

from typing import Any

from boards.language import language
from games.core import get_game, translate

REF: dict[str, Any] = dict(get_game("scythe").reference())
HEXES: dict[str, dict[str, Any]] = REF["hexes"]
HEX_NAMES: dict[str, str] = REF["hex_names"]
FACTIONS: dict[str, dict[str, Any]] = REF["factions"]
FACTORY_HEX: str = REF["factory_hex"]


def hex_name(hex_id: str) -> str:
    """`Mountain south of the Nordic base` in the reader's language: the engine's names are
    phrases (games.core.words), translated here."""
    name = HEX_NAMES.get(hex_id)
    return translate(name, language()) if name else hex_id


def place(hex_id: str) -> str:
    """`Mountain south of the Nordic base (r2c4)`: as the log names a territory."""
    return f"{hex_name(hex_id)} ({hex_id})" if hex_id in HEX_NAMES else hex_id
