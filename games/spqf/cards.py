"""The card set as data (data/cards.json, designed in docs/spqf-cards.md) and its catalogue.

Every physical card has an instance number: 0-19 are the starting cards (seat p owns 5p..5p+4,
one of each of the 5 starting designs), 20-67 the 48 civilization cards. States hold only these
numbers; `CARDS[n]` is the design of card n.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8"))

CATEGORIES: tuple[str, ...] = tuple(_DATA["categories"])
WILD: str = _DATA["wild"]
REFERENCE: dict[str, Any] = _DATA["reference"]
LEVEL_COSTS: tuple[tuple[int, int], ...] = tuple(
    (c["g"], c["b"]) if c else (0, 0) for c in REFERENCE["level_costs"]
)
LEVEL_VP: tuple[int, ...] = tuple(REFERENCE["level_vp"])
MAX_LEVEL = len(LEVEL_VP) - 1
LOOSE_LIMIT: int = REFERENCE["loose_cube_limit"]
HAND_SIZE: int = REFERENCE["hand_size"]
CENTRAL_SIZE: int = REFERENCE["central_row"]
END_VP: int = REFERENCE["end_vp_tokens"]
MONUMENT_BONUS: int = REFERENCE["monument_bonus"]
SUPPLY: tuple[int, int] = (REFERENCE["supply"]["g"], REFERENCE["supply"]["b"])
COLORS = ("g", "b")
COLOR_INDEX = {"g": 0, "b": 1}

STARTING_PER_SEAT = len(_DATA["starting"])
MAX_SEATS = 4
FIRST_CIV = STARTING_PER_SEAT * MAX_SEATS


def _design(raw: dict[str, Any], starting: bool) -> dict[str, Any]:
    cost = raw.get("cost", {})
    return {
        "id": raw["id"],
        "name": raw["name"],
        "cat": raw["cat"],
        "mods": raw["mods"],
        "vp": raw.get("vp", 0),
        "cost": (cost.get("g", 0), cost.get("b", 0)),
        "actions": tuple(raw["actions"]),
        "starting": starting,
    }


STARTING: tuple[dict[str, Any], ...] = tuple(_design(c, True) for c in _DATA["starting"])
CIVILIZATION: tuple[dict[str, Any], ...] = tuple(_design(c, False) for c in _DATA["civilization"])
CARDS: tuple[dict[str, Any], ...] = tuple(
    STARTING[i % STARTING_PER_SEAT] for i in range(FIRST_CIV)
) + (CIVILIZATION)
MONUMENTS: tuple[dict[str, Any], ...] = tuple(_DATA["monuments"])
CIV_IDS: tuple[int, ...] = tuple(range(FIRST_CIV, FIRST_CIV + len(CIVILIZATION)))


def starting_ids(seat: int) -> list[int]:
    return list(range(seat * STARTING_PER_SEAT, (seat + 1) * STARTING_PER_SEAT))


def matches(category: str, other: str) -> bool:
    """SPQF, Modificadores: a card modifies (or follows) a card of its category; oak is wild."""
    return category in (other, WILD) or other == WILD


_PER_ACTION_CARDS: dict[int, bool] = {}


def has_per_action(card: int) -> bool:
    """Does the card have a per-action action (so it takes modifiers)?"""
    found = _PER_ACTION_CARDS.get(card)
    if found is None:
        from .effects import PER_ACTION  # effects imports this module

        found = _PER_ACTION_CARDS[card] = any(PER_ACTION[a["kind"]] for a in CARDS[card]["actions"])
    return found


def can_follow_any(card: int) -> bool:
    """SPQF, Bonus actions: 'follow any per-action action twice'."""
    return any(a["kind"] == "follow_twice" for a in CARDS[card]["actions"])
