"""The contract's `reference()`: the printed components, all public, as JSON for the site's
board (the map and each territory's name as the log says it, factions, player mats, objective,
encounter and Factory cards, structure bonus tiles, the top-row boxes, what each bottom action
costs, the scoring tiers) and the engine's words the board repeats. What depends on the state
(control, the score so far) is in `view`. Card catalogues are keyed by the card number as text,
as JSON keys are."""

from __future__ import annotations

from typing import Any

from ..core.state import clone
from .data import (
    BOTTOM_ACTIONS,
    BOTTOM_RESOURCE,
    BOXES_OF_TOP,
    ENCOUNTERS,
    ENLIST_BONUSES,
    FACTIONS,
    FACTORY_CARDS,
    FACTORY_HEX,
    HEXES,
    MATS,
    OBJECTIVES,
    RESOURCES,
    STRUCTURE_TILES,
    STRUCTURES,
    TOP_BOXES,
)
from .scoring import TIERS
from .text import CARRY_WORDS, HEX_NAMES


def _build() -> dict[str, Any]:
    return {
        "hexes": HEXES,
        "factory_hex": FACTORY_HEX,
        # "Tundra south-west of the Factory": the name the log and the buttons give each hex
        "hex_names": dict(HEX_NAMES),
        "factions": FACTIONS,
        "mats": MATS,  # a player's "mat" in the view indexes this list
        "objectives": {str(n): card for n, card in OBJECTIVES.items()},
        "encounters": {str(n): card for n, card in ENCOUNTERS.items()},
        "factory_cards": {str(n): card for n, card in FACTORY_CARDS.items()},
        "structure_tiles": STRUCTURE_TILES,
        "structures": list(STRUCTURES),
        "resources": list(RESOURCES),
        "top_boxes": {name: list(values) for name, values in TOP_BOXES.items()},
        "boxes_of_top": {top: list(boxes) for top, boxes in BOXES_OF_TOP.items()},
        "bottom_actions": list(BOTTOM_ACTIONS),
        "bottom_resource": dict(BOTTOM_RESOURCE),
        "enlist_bonuses": list(ENLIST_BONUSES),
        # Scythe, End of game scoring: by popularity, coins per star, territory, 2 resources.
        "scoring_tiers": [
            {"popularity_up_to": top, "star": star, "territory": land, "resource_pair": pair}
            for top, star, land, pair in TIERS
        ],
        "words": {"carry": dict(CARRY_WORDS)},
    }


_REFERENCE = _build()


def reference() -> dict[str, Any]:
    """A copy, so no caller can change the rules' own tables."""
    return dict(clone(_REFERENCE))
