"""Scythe quick reference, Setup: factions and player mats, seating, starting pieces and decks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.rng import Rng
from .data import (
    BANNED_PAIRS,
    BASE_FACTIONS,
    COMBAT_DECK,
    ENCOUNTER_HEXES,
    ENCOUNTERS,
    FACTIONS,
    FACTORY_CARDS,
    HOMES,
    MATS,
    OBJECTIVES,
    SEATING,
    STRUCTURE_TILES,
)

State = dict[str, Any]


def deal_factions(seats: int, rng: Rng) -> tuple[list[str], list[int]]:
    """Random faction and mat per seat, re-dealing the mats while a banned pair shows up."""
    factions = list(BASE_FACTIONS)
    rng.shuffle(factions)
    factions = factions[:seats]
    while True:
        mats = list(range(len(MATS)))
        rng.shuffle(mats)
        mats = mats[:seats]
        if not any(
            (f, MATS[m]["name"]) in BANNED_PAIRS for f, m in zip(factions, mats, strict=True)
        ):
            return factions, mats


def turn_order(factions: list[str], mats: list[int]) -> list[int]:
    """Seats clockwise in faction order, starting with the lowest player-mat number."""
    clockwise = sorted(range(len(factions)), key=lambda s: SEATING.index(factions[s]))
    first = min(range(len(factions)), key=lambda s: MATS[mats[s]]["number"])
    start = clockwise.index(first)
    return clockwise[start:] + clockwise[:start]


def new_player(faction: str, mat: int, deck: list[int], objectives: list[int]) -> dict[str, Any]:
    info = FACTIONS[faction]
    home = HOMES[faction]
    starting = sorted(h for h in _land_neighbours(home))
    return {
        "faction": faction,
        "mat": mat,
        "power": info["power"],
        "pop": MATS[mat]["popularity"],
        "coins": MATS[mat]["coins"],
        "hand": sorted(deck.pop() for _ in range(info["cards"])),
        "objs": sorted(objectives.pop() for _ in range(2)),
        "char": home,
        "mechs": [None, None, None, None],
        "workers": starting,
        "up": [],
        "cubes": [0, 0, 0, 0],
        "built": {},
        "recruits": {},
        "stars": {},
        "last": None,
        "fcard": None,
        "seen": [],
        "obj_stars": 0,
    }


def _land_neighbours(home: str) -> list[str]:
    from .data import LAND

    return sorted(LAND[home])


def setup(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    if not 2 <= seats <= 5:
        raise ValueError("Scythe seats 2 to 5 players (the solo Automa is not implemented)")
    rng = Rng.from_seed(seed)
    factions, mats = deal_factions(seats, rng)
    deck = list(COMBAT_DECK)
    rng.shuffle(deck)
    objectives = sorted(OBJECTIVES)
    rng.shuffle(objectives)
    players = [new_player(f, m, deck, objectives) for f, m in zip(factions, mats, strict=True)]
    encounters = sorted(ENCOUNTERS)
    rng.shuffle(encounters)
    factory = sorted(FACTORY_CARDS)
    rng.shuffle(factory)
    tiles = sorted(STRUCTURE_TILES)
    order = turn_order(factions, mats)
    return {
        "players": players,
        "order": order,
        "turn": order[0],
        "phase": "section",
        "ctx": {},
        "tokens": list(ENCOUNTER_HEXES),
        "res": {},
        "structs": {},
        "deck": deck,
        "discard": [],
        "enc": encounters,
        "objdeck": objectives,
        "fpile": sorted(factory[: seats + 1]),
        "fbox": sorted(factory[seats + 1 :]),
        "tile": tiles[rng.below(len(tiles))],
        "turns": 0,
        "over": None,
        "last_combat": None,
        "rng": rng.state,
    }
