"""The printed components, loaded once from games/scythe/data/*.json and shaped for fast lookups.

The JSON files are reshaped from public sources (docs/scythe.md lists them); the rule books in the
project's seeds are the authority where they disagree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


_MAP = _load("map.json")
HEXES: dict[str, dict[str, Any]] = _MAP["hexes"]
FACTORY_HEX: str = _MAP["factory"]
SEATING: list[str] = _MAP["seating"]  # clockwise from the top (Scythe, Faction selection)
FACTIONS: dict[str, dict[str, Any]] = _load("factions.json")
MATS: list[dict[str, Any]] = sorted(_load("mats.json"), key=lambda m: m["number"])
ENCOUNTERS: dict[int, list[dict[str, Any]]] = {
    int(k): v for k, v in _load("encounters.json").items()
}
OBJECTIVES: dict[int, dict[str, Any]] = {int(k): v for k, v in _load("objectives.json").items()}
FACTORY_CARDS: dict[int, dict[str, Any]] = {int(k): v for k, v in _load("factory.json").items()}
STRUCTURE_TILES: dict[str, list[list[int]]] = _load("structure_tiles.json")

BASE_FACTIONS = [f for f in SEATING if FACTIONS[f]["base_game"]]
# Scythe quick reference, Setup: never Rusviet with Industrial nor Crimea with Patriotic.
BANNED_PAIRS = {("rusviet", "Industrial"), ("crimea", "Patriotic")}

RESOURCES = ("food", "wood", "metal", "oil")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
# Scythe, Produce: each terrain yields one kind of token (villages yield workers).
PRODUCES = {"farm": "food", "forest": "wood", "mountain": "metal", "tundra": "oil"}
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
BOTTOM_RESOURCE = {"upgrade": "oil", "deploy": "metal", "build": "wood", "enlist": "food"}
STRUCTURES = ("monument", "mill", "mine", "armory")
ENLIST_BONUSES = ("power", "coins", "popularity", "cards")
# Top-row boxes holding a technology cube, their base value and upgraded value.
TOP_BOXES = {
    "move": (2, 3),
    "gain": (1, 2),
    "power": (2, 3),
    "cards": (1, 2),
    "popularity": (1, 2),
    "produce": (2, 3),
}
BOXES_OF_TOP = {
    "move_gain": ("move", "gain"),
    "bolster": ("power", "cards"),
    "trade": ("popularity",),
    "produce": ("produce",),
}
COMBAT_DECK = [2] * 16 + [3] * 12 + [4] * 8 + [5] * 6
MAX_POWER = 16
MAX_POPULARITY = 18
DIAL_MAX = 7
WORKERS = 8
STAR_LIMIT = 6


def _terrain(hex_id: str) -> str:
    return str(HEXES[hex_id]["terrain"])


LAKES = frozenset(h for h, d in HEXES.items() if d["terrain"] == "lake")
HOMES = {d["home"]: h for h, d in HEXES.items() if "home" in d}
HOME_HEXES = frozenset(HOMES.values())
TUNNELS = frozenset(h for h, d in HEXES.items() if d["tunnel"])
ENCOUNTER_HEXES = tuple(sorted(h for h, d in HEXES.items() if d["encounter"]))
TERRITORIES = tuple(sorted(h for h in HEXES if h not in HOME_HEXES))
TERRAIN = {h: _terrain(h) for h in HEXES}
# Land borders without a river between two non-lake hexes (home bases included).
LAND = {h: frozenset(d.get("land", ())) for h, d in HEXES.items()}
RIVER = {h: frozenset(d.get("river", ())) for h, d in HEXES.items()}
# Lake <-> shore adjacency, both ways.
SHORE: dict[str, frozenset[str]] = {}
for _h, _d in HEXES.items():
    if _h in LAKES:
        SHORE[_h] = frozenset(_d["shore"])
    else:
        SHORE[_h] = frozenset(_d.get("lakes", ()))
# Any two hexes touching (rivers and lakes ignored): structure bonus tiles use this.
TOUCHING = {h: LAND[h] | RIVER[h] | SHORE[h] for h in HEXES}
AXIAL = {h: (d["q"], d["r"]) for h, d in HEXES.items()}
AT_AXIAL = {v: k for k, v in AXIAL.items()}
