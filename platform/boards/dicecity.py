"""Dice City board context: the view reshaped for templates/games/dicecity/board.html.

Pure Python (no database). Each legal action of the viewer is attached to the thing it acts on
(a city space, a display card, a pile, a bandit or ship pile, a stock), so the template can make
that thing clickable in place. A die's actions take two clicks: the die (`data-pick`), then
where it goes or what it does (`data-after`, a map from the picked die to the action). The site
still lists every action as a button too, collapsed (`board_actions`: those drawn here).

It reads only the engine contract: the card catalogue from the game's `reference()`, and what
depends on the state (a location's defense and VP, the scores) from the view.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import get_game

Key = tuple[Any, ...]
STEP_TITLES = {"dice": "Dice step", "attack": "Attack step", "build": "Build and trade step"}
PENDING_TITLES = {
    "place": "Choose the space for the new location",
    "discard": "Choose the display cards to discard",
    "exchange": "Choose what to trade",
    "move_die": "Choose a die and its new column",
    "reroll": "Choose the dice to re-roll",
    "copy": "Choose the location whose ability to use",
    "statue": "Grand Statue: pay extra stone and iron for VP",
    "end_choice": "Two full rows: end the game or play on?",
}


@cache
def _catalogue() -> dict[str, Any]:
    """The engine's static data (rows = die colours, resources, cards, bandits, trade ships)."""
    return dict(get_game("dicecity").reference())


def _row_index(colour: str) -> int:
    return list(_catalogue()["rows"]).index(colour)


def _targets(legal: list[dict[str, Any]], view: dict[str, Any]) -> dict[Key, dict[str, Any]]:
    """The first legal action for each clickable thing."""
    seat = view["turn"]["seat"]
    found: dict[Key, dict[str, Any]] = {}
    for item in legal:
        for key in _keys(item["action"], view, seat):
            found.setdefault(key, item)
    return found


def _keys(a: dict[str, Any], view: dict[str, Any], seat: int) -> list[Key]:
    kind = a["type"]
    if kind == "use":
        r = _row_index(a["die"])
        return [("cell", seat, r * 6 + view["players"][seat]["dice"][r])]
    if kind in ("place", "copy"):  # reactivating takes a die: two clicks (_two_step)
        return [("cell", seat, _row_index(a["row"]) * 6 + a["col"] - 1)]
    if kind == "attack_location":
        return [("cell", a["seat"], _row_index(a["row"]) * 6 + a["col"] - 1)]
    if kind in ("build", "discard"):
        return [("card", a["card"])]
    if kind == "attack_bandits":
        return [("bandits", a["pile"] - 1)]
    if kind == "trade":
        return [("ship", a["ship"] - 1)]
    if kind == "raid":
        return [("stock", a["seat"], a["resource"])]
    if kind == "spend_passes" and a["gain"] in _catalogue()["resources"]:
        return [("stock", seat, a["gain"])]
    return []


# Actions made in two clicks: a die (the pick), then where it goes or what it does (the target).
_DIE_TARGETS = ("use", "move", "reactivate", "refresh", "pass", "move_die")


def _two_step(legal: list[dict[str, Any]], view: dict[str, Any]) -> dict[Key, dict[str, str]]:
    """For each target, the action each picked die makes there: {"die:red": action json}."""
    seat = view["turn"]["seat"]
    dice = view["players"][seat]["dice"]
    found: dict[Key, dict[str, str]] = {}
    for item in legal:
        a = item["action"]
        if a["type"] not in _DIE_TARGETS:
            continue
        target = _die_target(a, dice, seat)
        found.setdefault(target, {})[f"die:{a['die']}"] = item["json"]
    return found


def _die_target(a: dict[str, Any], dice: list[int], seat: int) -> Key:
    kind = a["type"]
    if kind == "use":
        return ("cell", seat, _row_index(a["die"]) * 6 + dice[_row_index(a["die"])])
    if kind == "move":
        return ("cell", seat, _row_index(a["other"]) * 6 + a["col"] - 1)
    if kind == "move_die":
        return ("cell", seat, _row_index(a["die"]) * 6 + a["col"] - 1)
    if kind == "reactivate":
        return ("cell", seat, _row_index(a["row"]) * 6 + a["col"] - 1)
    return (kind, seat)  # refresh: the display; pass: the pass tokens


def _after(mapping: dict[str, str] | None) -> str:
    """The data-after attribute's JSON: {pick: action} with the actions as objects."""
    if not mapping:
        return ""
    return "{" + ",".join(f'"{pick}":{action}' for pick, action in mapping.items()) + "}"


def _card(slug: str) -> dict[str, Any]:
    catalogue = _catalogue()
    card = catalogue["cards"][slug]
    cost = [f"{n} {catalogue['resources'][i]}" for i, n in enumerate(card["cost"]) if n]
    return {
        "slug": slug,
        "name": card["name"],
        "type": card["type"],
        "vp": card["vp"],
        "defense": card["defense"],
        "text": card["text"],
        "cost": ", ".join(cost) or "free",
        "printed": bool(card.get("printed")),
    }


def _city(
    p: dict[str, Any], seat: int, found: dict[Key, Any], steps: dict[Key, Any], active: bool
) -> list[Any]:
    picks = {pick for mapping in steps.values() for pick in mapping}
    rows = []
    for r, colour in enumerate(_catalogue()["rows"]):
        cells = []
        for col in range(6):
            slot = r * 6 + col
            cell = _card(p["city"][slot])
            die = colour if p["dice"][r] == col else None
            cell.update(
                vp=p["location_vp"][slot],
                off=p["off"][slot],
                shield=p["defense"][slot],
                die=die,
                pick=f"die:{die}" if die and f"die:{die}" in picks else "",
                after=_after(steps.get(("cell", seat, slot))),
                item=found.get(("cell", seat, slot)),
                col=col + 1,
            )
            cells.append(cell)
        rows.append({"colour": colour, "cells": cells, "used": active and p["dice"][r] < 0})
    return rows


def _player(
    view: dict[str, Any], seat: int, p: dict[str, Any], info: Any, found: Any, steps: Any
) -> Any:
    active = view["turn"]["seat"] == seat and not view["over"]
    targeted = any(key[1] == seat for key in found if key[0] in ("cell", "stock"))
    stock = [
        {"name": name, "count": p["res"][i], "item": found.get(("stock", seat, name))}
        for i, name in enumerate(_catalogue()["resources"])
    ]
    return {
        "seat": seat,
        "name": info["name"] if info else f"Player {seat + 1}",
        "is_bot": bool(info and info.get("is_bot")),
        "active": active,
        "targeted": targeted,
        "rows": _city(p, seat, found, steps, active),
        "stock": stock,
        "passes": p["passes"],
        "pass_after": _after(steps.get(("pass", seat))),
        "tokens": p["tokens"],
        "score": p["score"],
        "bandits": p["bandits"],
        "ships": p["ships"],
        "turns": p["turns"],
        "army": view["turn"]["army"] if active else 0,
        "bandit_army": view["turn"]["bandit_army"] if active else 0,
    }


def _market(view: dict[str, Any], found: dict[Key, Any]) -> dict[str, Any]:
    """The display, the piles, the bandits and the trade ships, each with its legal action."""
    catalogue = _catalogue()
    return {
        "display": [dict(_card(slug), item=found.get(("card", slug))) for slug in view["display"]],
        "piles": [
            dict(_card(slug), left=left, item=found.get(("card", slug)))
            for slug, left in view["piles"].items()
        ],
        "bandits": [
            dict(catalogue["bandits"][i], left=left, item=found.get(("bandits", i)))
            for i, left in enumerate(view["bandits"])
        ],
        "ships": [
            dict(
                vp=ship["vp"],
                cost="/".join(map(str, ship["cost"])),
                left=left,
                item=found.get(("ship", i)),
            )
            for i, (ship, left) in enumerate(
                zip(catalogue["trade_ships"], view["ships"], strict=True)
            )
        ],
    }


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    found = _targets(legal, view)
    steps = _two_step(legal, view)
    names = {p["seat"]: p for p in players}
    turn = view["turn"]
    pending = view["pending"]
    over = view["over"]
    every = [_player(view, i, p, names.get(i), found, steps) for i, p in enumerate(view["players"])]
    # The viewer's own city first; a spectator follows the seat to play.
    own = seat if seat is not None else turn["seat"]
    placed = {item["json"] for item in found.values()}
    placed.update(action for mapping in steps.values() for action in mapping.values())
    return {
        "board_actions": placed,
        "dc": {
            "me": every[own] if seat is not None else None,
            "others": [p for p in every if seat is None or p["seat"] != seat],
            "players": every,
            "refresh_after": _after(steps.get(("refresh", turn["seat"]))),
            **_market(view, found),
            "deck_count": view["deck_count"],
            # Once over, the site's result table says so: no step, no stale "Final round".
            "over": over,
            "step": None if view["over"] else STEP_TITLES.get(turn["step"]),
            "pending": PENDING_TITLES.get(pending["kind"]) if pending and not over else None,
            "turn": turn,
            "final_round": None if view["over"] else view["final_round"],
            "bandit_cut": turn["bandit_cut"],
            "boosts": {"army": turn["boost_army"], "resource": turn["boost_resource"]},
        },
    }
