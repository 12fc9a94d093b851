"""Where each legal action of the viewer is made on the Dice City board.

One click: the thing the action names (a city space, a display card, a pile, a bandit or ship
pile, a stock). Two clicks: a die (`data-pick`), then where it goes or what it does
(`data-after`, a map from the picked die to the action); its targets are city spaces and the
die's own tray (pass, refresh). Actions that name no thing are buttons of the status bar.
"""

from __future__ import annotations

import json
from typing import Any

from boards.language import say

from .words import catalogue

Key = tuple[Any, ...]
Item = dict[str, Any]

# Actions made in two clicks: a die (the pick), then where it goes or what it does (the target).
DIE_TARGETS = ("use", "move", "reactivate", "refresh", "pass", "move_die")
# Actions shown as buttons of the status bar: they name no thing on the table.
BUTTONS = ("end_dice", "end_attacks", "end_turn", "end_game", "play_on", "exchange", "statue")


def row_index(colour: str) -> int:
    return list(catalogue()["rows"]).index(colour)


def slot(row: str, col: int) -> int:
    return row_index(row) * 6 + col - 1


def targets(legal: list[Item], view: dict[str, Any]) -> dict[Key, Item]:
    """The first legal action for each clickable thing."""
    seat = view["turn"]["seat"]
    found: dict[Key, Item] = {}
    for item in legal:
        for key in _keys(item["action"], view, seat):
            found.setdefault(key, item)
    return found


def _keys(a: dict[str, Any], view: dict[str, Any], seat: int) -> list[Key]:
    kind = a["type"]
    if kind == "use":
        r = row_index(a["die"])
        return [("cell", seat, r * 6 + view["players"][seat]["dice"][r])]
    if kind in ("place", "copy"):  # reactivating takes a die: two clicks (two_step)
        return [("cell", seat, slot(a["row"], a["col"]))]
    if kind == "attack_location":
        return [("cell", a["seat"], slot(a["row"], a["col"]))]
    if kind in ("build", "discard"):
        return [("card", a["card"])]
    if kind == "attack_bandits":
        return [("bandits", a["pile"] - 1)]
    if kind == "trade":
        return [("ship", a["ship"] - 1)]
    if kind == "raid":
        return [("stock", a["seat"], a["resource"])]
    if kind == "spend_passes":
        if a["gain"] == "army":
            return [("army", seat)]
        return [("stock", seat, a["gain"]), ("spend", a["gain"])]
    if kind == "force_reroll":
        return [("force", a["die"])]
    return []


def two_step(legal: list[Item], view: dict[str, Any]) -> dict[Key, dict[str, str]]:
    """For each target, the action each picked die makes there: {"die:red": action json}."""
    seat = view["turn"]["seat"]
    dice = view["players"][seat]["dice"]
    found: dict[Key, dict[str, str]] = {}
    for item in legal:
        a = item["action"]
        if a["type"] not in DIE_TARGETS:
            continue
        for target in _die_targets(a, dice, seat):
            found.setdefault(target, {})[f"die:{a['die']}"] = item["json"]
    return found


def _die_targets(a: dict[str, Any], dice: list[int], seat: int) -> list[Key]:
    kind = a["type"]
    if kind == "use":
        return [("cell", seat, row_index(a["die"]) * 6 + dice[row_index(a["die"])])]
    if kind == "move":
        return [("cell", seat, slot(a["other"], a["col"]))]
    if kind == "move_die":
        return [("cell", seat, slot(a["die"], a["col"]))]
    if kind == "reactivate":  # on the deactivation token: the space may be a move's target
        return [("token", seat, slot(a["row"], a["col"]))]
    # Pass and refresh: on the die's own tray; pass also on the pass tokens, refresh on the
    # display's title.
    return [(kind, seat), (kind, seat, a["die"])]


def after(mapping: dict[str, str] | None) -> str:
    """The data-after attribute's JSON: {pick: action} with the actions as objects."""
    if not mapping:
        return ""
    return "{" + ",".join(f'"{pick}":{action}' for pick, action in mapping.items()) + "}"


def buttons(legal: list[Item], tips: dict[str, str]) -> list[Item]:
    """The status bar's buttons, each with its tooltip."""
    return [
        dict(i, tip=f"{i['label']}: {_tip(tips, i['action']['type'])}".rstrip(": "))
        for i in legal
        if _is_button(i)
    ]


def _tip(tips: dict[str, str], kind: str) -> str:
    """The button's tooltip in the reader's language (boards/language.py)."""
    return say(tips[kind]) if kind in tips else ""


def _is_button(item: Item) -> bool:
    return bool(item["action"]["type"] in BUTTONS)


def reroll_dice(legal: list[Item]) -> dict[str, Any] | None:
    """The Well's choice of dice to re-roll: the die that must go, the ones that may, and the
    actions by the sorted list of dice (the board composes the list by clicking dice)."""
    options = [i for i in legal if i["action"]["type"] == "reroll"]
    if not options:
        return None
    sets = [set(i["action"]["dice"]) for i in options]
    fixed = set.intersection(*sets)
    free = set.union(*sets) - fixed
    return {
        "fixed": sorted(fixed, key=row_index),
        "free": sorted(free, key=row_index),
        "actions": json.dumps({",".join(i["action"]["dice"]): i["action"] for i in options}),
    }


def placed(found: dict[Key, Item], steps: dict[Key, dict[str, str]], legal: list[Item]) -> set[str]:
    """Every choice the board draws in place, as the site's JSON: the button list shows the
    others openly and all of them collapsed."""
    out = {item["json"] for item in found.values()}
    out.update(action for mapping in steps.values() for action in mapping.values())
    out.update(i["json"] for i in legal if _is_button(i) or i["action"]["type"] == "reroll")
    return out
