"""The card set as data (data/cards.json, designed in docs/spqf-cards.md) and its catalogue.

Every physical card has an instance number: 0-19 are the starting cards (seat p owns 5p..5p+4,
one of each of the 5 starting designs), 20-67 the 48 civilization cards. States hold only these
numbers; `CARDS[n]` is the design of card n. The action kinds (per action or binary, and how a
card prints each one) are data too, so nothing here imports the rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.core.state import clone
from games.core.words import Phrase, phrase, term

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
STORAGE_BASE: int = REFERENCE["storage_base"]
STORAGE_PER_LEVEL: int = REFERENCE["storage_per_level"]
COLORS = ("g", "b")
COLOR_INDEX = {"g": 0, "b": 1}
COLOR_NAME = {"g": "green", "b": "black", "any": "any", "stored": "stored"}

# SPQF, "Hay dos tipos de acciones": kind -> resolves once per modifier (True) or once (False).
# In the order of the book's lists.
_KINDS: dict[str, dict[str, Any]] = {
    k: v for k, v in _DATA["kinds"].items() if not k.startswith("_")
}
PER_ACTION: dict[str, bool] = {kind: bool(k["per_action"]) for kind, k in _KINDS.items()}
KIND_TEXT: dict[str, str] = {kind: str(k["text"]) for kind, k in _KINDS.items()}

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


_PER_ACTION_CARDS: tuple[bool, ...] = tuple(
    any(PER_ACTION[a["kind"]] for a in design["actions"]) for design in CARDS
)


def has_per_action(card: int) -> bool:
    """Does the card have a per-action action (so it takes modifiers)?"""
    return _PER_ACTION_CARDS[card]


def can_follow_any(card: int) -> bool:
    """SPQF, Bonus actions: 'follow any per-action action twice'."""
    return any(a["kind"] == "follow_twice" for a in CARDS[card]["actions"])


def room(level: int) -> int:
    """SPQF, Nivel de civilización: "En el nivel 0, los jugadores pueden almacenar un recurso y
    una carta. Cada nivel permite ... una carta y un recurso adicionales"."""
    return STORAGE_BASE + STORAGE_PER_LEVEL * level


def action_text(a: dict[str, Any]) -> Phrase:
    """An action as the card prints it: "gather green per modifier (no follow)"."""
    if a["kind"] == "store_cube" and a.get("color") == "any":
        text = phrase("store one of your cubes per modifier")
    else:
        template = KIND_TEXT[a["kind"]]
        args = {"color": term(COLOR_NAME.get(a.get("color", ""), "")),
                "arrow": term(a.get("arrow", "")), "n": a.get("n", 1)}  # fmt: skip
        text = Phrase(template, {k: v for k, v in args.items() if "{" + k in template})
    if a["follow"] or a["kind"] == "follow_twice":
        return text
    return phrase("{action} (no follow)", action=text)


def _catalogue_card(design: dict[str, Any]) -> dict[str, Any]:
    actions = [
        {
            **a,
            "text": action_text(a),
            # The same text as a phrase (games.core.words), for a board in another language.
            "phrase": action_text(a).to_json(),
            "binary": not PER_ACTION[a["kind"]],
        }
        for a in design["actions"]
    ]
    return {**design, "cost": list(design["cost"]), "actions": actions}


def _reference() -> dict[str, Any]:
    levels = [
        {"level": n, "cost": list(LEVEL_COSTS[n]), "vp": LEVEL_VP[n], "room": room(n)}
        for n in range(MAX_LEVEL + 1)
    ]
    return {
        "categories": list(CATEGORIES),
        "wild": WILD,
        "colors": {c: COLOR_NAME[c] for c in COLORS},
        "kinds": clone(_KINDS),
        "cards": [_catalogue_card(design) for design in CARDS],
        "monuments": clone(list(MONUMENTS)),
        "levels": levels,
        "rules": clone(REFERENCE),
    }


_REFERENCE = _reference()


def reference() -> dict[str, Any]:
    """The contract's `reference()`: the whole card set is public. `cards[n]` is the design of
    card instance n with each action's printed text and whether it is binary; `levels[n]` the
    reference card's line for level n. A copy, so no caller can change the rules' own tables."""
    return dict(clone(_REFERENCE))
