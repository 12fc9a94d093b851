"""Dice City board context: the view reshaped for templates/games/dicecity/board.html.

Pure Python (no database). Each legal action of the viewer is attached to the thing it acts on
(a city space, a display card, a pile, a bandit or ship pile, a stock), so the template can make
that thing clickable in place; the site still lists every action as a button too.
"""

from __future__ import annotations

from typing import Any

from games.dicecity import cards as C
from games.dicecity.state import location_vp

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
        r = C.ROW_INDEX[a["die"]]
        return [("cell", seat, r * 6 + view["players"][seat]["dice"][r])]
    if kind in ("reactivate", "place", "copy"):
        return [("cell", seat, C.ROW_INDEX[a["row"]] * 6 + a["col"] - 1)]
    if kind == "attack_location":
        return [("cell", a["seat"], C.ROW_INDEX[a["row"]] * 6 + a["col"] - 1)]
    if kind in ("build", "discard"):
        return [("card", a["card"])]
    if kind == "attack_bandits":
        return [("bandits", a["pile"] - 1)]
    if kind == "trade":
        return [("ship", a["ship"] - 1)]
    if kind == "raid":
        return [("stock", a["seat"], a["resource"])]
    if kind == "spend_passes" and a["gain"] in C.RES_INDEX:
        return [("stock", seat, a["gain"])]
    return []


def _card(slug: str) -> dict[str, Any]:
    card = C.CARDS[slug]
    cost = [f"{n} {C.RESOURCES[i]}" for i, n in enumerate(card["cost"]) if n]
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


def _city(p: dict[str, Any], seat: int, found: dict[Key, Any], active: bool) -> list[Any]:
    rows = []
    for r, colour in enumerate(C.ROWS):
        cells = []
        for col in range(6):
            slot = r * 6 + col
            cell = _card(p["city"][slot])
            cell.update(
                vp=location_vp(p, slot),
                off=p["off"][slot],
                shield=p["defense"][slot],
                die=colour if p["dice"][r] == col else None,
                item=found.get(("cell", seat, slot)),
                col=col + 1,
            )
            cells.append(cell)
        rows.append({"colour": colour, "cells": cells, "used": active and p["dice"][r] < 0})
    return rows


def _player(view: dict[str, Any], seat: int, p: dict[str, Any], info: Any, found: Any) -> Any:
    active = view["turn"]["seat"] == seat and not view["over"]
    stock = [
        {"name": name, "count": p["res"][i], "item": found.get(("stock", seat, name))}
        for i, name in enumerate(C.RESOURCES)
    ]
    return {
        "seat": seat,
        "name": info["name"] if info else f"Player {seat + 1}",
        "is_bot": bool(info and info.get("is_bot")),
        "active": active,
        "rows": _city(p, seat, found, active),
        "stock": stock,
        "passes": p["passes"],
        "tokens": p["tokens"],
        "score": p["score"],
        "bandits": p["bandits"],
        "ships": p["ships"],
        "turns": p["turns"],
        "army": view["turn"]["army"] if active else 0,
        "bandit_army": view["turn"]["bandit_army"] if active else 0,
    }


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    found = _targets(legal, view)
    names = {p["seat"]: p for p in players}
    display = [dict(_card(slug), item=found.get(("card", slug))) for slug in view["display"]]
    piles = [
        dict(_card(slug), left=left, item=found.get(("card", slug)))
        for slug, left in view["piles"].items()
    ]
    bandits = [
        dict(C.BANDITS[i], left=left, item=found.get(("bandits", i)))
        for i, left in enumerate(view["bandits"])
    ]
    ships = [
        dict(vp=C.SHIPS[i]["vp"], cost="/".join(map(str, C.SHIPS[i]["cost"])), left=left,
             item=found.get(("ship", i)))
        for i, left in enumerate(view["ships"])
    ]  # fmt: skip
    turn = view["turn"]
    pending = view["pending"]
    return {
        "dc": {
            "players": [
                _player(view, i, p, names.get(i), found) for i, p in enumerate(view["players"])
            ],
            "display": display,
            "piles": piles,
            "bandits": bandits,
            "ships": ships,
            "deck_count": view["deck_count"],
            "step": STEP_TITLES.get(turn["step"], "Game over"),
            "pending": PENDING_TITLES.get(pending["kind"]) if pending else None,
            "turn": turn,
            "final_round": view["final_round"],
            "bandit_cut": turn["bandit_cut"],
            "boosts": {"army": turn["boost_army"], "resource": turn["boost_resource"]},
        }
    }
