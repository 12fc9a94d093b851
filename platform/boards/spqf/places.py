"""Where each legal action of the viewer is made on the SPQF board.

A choice that names a card is made on that card, where it lies (hand, storage, discard pile,
draft pack, a trade row); a card that may follow more than one action of the card in play is
picked first (`data-pick`), then the action's line on that card (`data-after`). A colour is
chosen on the cubes (gather or store from the supply, store or discard your own), expanding on
your level; what names nothing (pass, resolve, decline, stop...) is a button of the prompt.
"""

from __future__ import annotations

from typing import Any

from boards.language import say

Item = dict[str, Any]
Key = tuple[Any, ...]

# Colour choices made on the cubes: the supply's, or the viewer's own loose ones.
ON_SUPPLY = ("take", "bank")
ON_OWN_CUBES = ("stash", "score")


def targets(legal: list[Item]) -> dict[Key, Item]:
    """The first legal action of each place on the board (a card, a cube, the level)."""
    found: dict[Key, Item] = {}
    for item in legal:
        key = _key(item["action"])
        if key is not None:
            found.setdefault(key, item)
    return found


def _key(a: dict[str, Any]) -> Key | None:
    kind = a["type"]
    card = a.get("card", a.get("stored"))
    if kind == "follow":
        return None  # follow (two_step), one click when the card has one follow
    if isinstance(card, int):
        return ("card", card)
    if kind == "first":
        return ("line", a["action"])
    if kind in ON_SUPPLY and a["color"] in ("g", "b"):
        return ("supply", a["color"])
    if kind in ON_OWN_CUBES and a["color"] in ("g", "b"):
        return ("cubes", a["color"])
    if kind == "expand":
        return ("level",)
    return None


def follows(legal: list[Item]) -> tuple[dict[Key, Item], dict[Key, dict[str, str]]]:
    """Follow choices: a card with one follow is one click on it; a card with several is picked,
    then the line of the action it follows: {("line", k): {"card:12": action json}}."""
    by_card: dict[int, list[Item]] = {}
    for item in legal:
        if item["action"]["type"] == "follow":
            by_card.setdefault(item["action"]["card"], []).append(item)
    direct = {("card", card): items[0] for card, items in by_card.items() if len(items) == 1}
    lines: dict[Key, dict[str, str]] = {}
    for card, items in by_card.items():
        if len(items) > 1:
            for item in items:
                lines.setdefault(("line", item["action"]["action"]), {})[f"card:{card}"] = item[
                    "json"
                ]
    return direct, lines


def picks(lines: dict[Key, dict[str, str]]) -> set[str]:
    return {pick for mapping in lines.values() for pick in mapping}


def after(mapping: dict[str, str] | None) -> str:
    """The data-after attribute's JSON: {pick: action} with the actions as objects."""
    if not mapping:
        return ""
    return "{" + ",".join(f'"{pick}":{action}' for pick, action in mapping.items()) + "}"


def _tip(tips: dict[str, str], kind: str) -> str:
    """The button's tooltip in the reader's language (boards/language.py)."""
    return say(tips[kind]) if kind in tips else ""


def buttons(legal: list[Item], tips: dict[str, str]) -> list[Item]:
    """The prompt's buttons, with their tooltips: every choice that names no card (a colour is
    also on its cube)."""
    return [
        dict(item, tip=f"{item['label']}: {_tip(tips, item['action']['type'])}".rstrip(": "))
        for item in legal
        if not isinstance(item["action"].get("card", item["action"].get("stored")), int)
        and item["action"]["type"] not in ("follow", "first")
    ]
