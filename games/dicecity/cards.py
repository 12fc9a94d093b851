"""The card data (data/cards.json) loaded once, with the lookups the rules need.

A city is 30 slots, slot = row * 6 + column (both 0-based); row r is also the colour of die r
(white, yellow, red, blue, black), and a die showing n lies in column n - 1 (Dice City,
"Preparar dados"). Cards are named by slug ("lumber_mill"); the printed board spaces are cards
too, marked `printed`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.core import clone

DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8")
)

ROWS: tuple[str, ...] = tuple(DATA["rows"])
ROW_INDEX = {name: i for i, name in enumerate(ROWS)}
RESOURCES: tuple[str, ...] = tuple(DATA["resources"])
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
CARDS: dict[str, dict[str, Any]] = DATA["cards"]
BOARD: tuple[str, ...] = tuple(slug for row in ROWS for slug in DATA["board"][row])
PILES: dict[str, int] = DATA["piles"]
DECK: dict[str, int] = DATA["deck"]
DISPLAY_SIZE: int = DATA["display_size"]
BANDITS: tuple[dict[str, int], ...] = tuple(DATA["bandits"])
SHIPS: tuple[dict[str, Any], ...] = tuple(DATA["trade_ships"])

COLS = 6
SLOTS = 30

# Locations a die can "use" (Dice City, "Utilice el paso de dados": use the location under it).
USABLE = frozenset(s for s, c in CARDS.items() if c["trigger"] in ("use", "use_then_deactivate"))
SELF_DEACTIVATING = frozenset(s for s, c in CARDS.items() if c["trigger"] == "use_then_deactivate")
COPIERS = frozenset(s for s, c in CARDS.items() if c["effect"][0]["op"] == "copy")
PRINTED = frozenset(s for s, c in CARDS.items() if c.get("printed"))
GREAT_WALL_BONUS = {
    s: c["effect"][0]["amount"] for s, c in CARDS.items() if c["trigger"] == "ongoing"
}
# What a location produces (Merchant Guild counts it), by slug.
PRODUCES = {
    s: RES_INDEX[c["effect"][0]["resource"]]
    for s, c in CARDS.items()
    if c["effect"][0]["op"] == "gain" and len(c["effect"]) == 1
}


def name(slug: str) -> str:
    return str(CARDS[slug]["name"])


def cost(slug: str) -> list[int]:
    return list(CARDS[slug]["cost"])


def slot_of(row: int, col: int) -> int:
    return row * COLS + col


def where(slot: int) -> str:
    """'red 3' for slot 14: the row colour and the 1-based column, as players say it."""
    return f"{ROWS[slot // COLS]} {slot % COLS + 1}"


def reference() -> dict[str, Any]:
    """The contract's `reference()`: the whole card catalogue is public (rows, resources, every
    card with its cost, defense, VP and text, bandits, trade ships), so the boards draw from it.
    A copy, so no caller can change the rules' own tables."""
    return dict(clone(DATA))


def ship_count(pile: int, seats: int) -> int:
    """Trade-ship piles: players + 2 (5 VP), players (10 VP), 1 (20 VP) (Dice City, "Preparar")."""
    rule = SHIPS[pile]["cards"]
    return seats + 2 if rule == "players+2" else seats if rule == "players" else int(rule)
