"""Scythe board: a player's faction and mat (sections with their top boxes, bottom costs,
coins, recruits, structures), mechs, stars, objectives and combat cards as the viewer may see
them."""

from __future__ import annotations

from typing import Any

from games.scythe.board import controlled, occupancy, resources_controlled
from games.scythe.data import FACTIONS, FACTORY_HEX, MATS, OBJECTIVES, TOP_BOXES
from games.scythe.scoring import score_seat

from .words import (
    COLOURS,
    GAIN_WORDS,
    INK,
    TOP_TEXT,
    TOP_TITLES,
    ability_text,
    factory_card,
    gains,
    objective_text,
)

Item = dict[str, Any]


BOXES_OF = {
    "move_gain": ("move", "gain"),
    "bolster": ("power", "cards"),
    "trade": ("popularity",),
    "produce": ("produce",),
}
ACTION_OF_BOX = {
    "move": ("move",),
    "gain": ("gain",),
    "power": ("bolster", "power"),
    "cards": ("bolster", "cards"),
    "popularity": ("trade", "popularity"),
    "produce": ("produce",),
}
BOTTOMS = ("upgrade", "deploy", "build", "enlist")
PAID_WITH = {"upgrade": "oil", "deploy": "metal", "build": "wood", "enlist": "food"}


def _top_boxes(p: dict[str, Any], top: str, keys: dict[tuple[Any, ...], Item]) -> list[Any]:
    """The boxes of a top-row action with their values now (upgraded once the cube is gone)."""
    boxes = []
    for name in BOXES_OF[top]:
        value = TOP_BOXES[name][1 if name in p["up"] else 0]
        boxes.append(
            {
                "name": name,
                "text": TOP_TEXT[name][value != 1].format(value),
                "upgraded": name in p["up"],
                "item": keys.get(ACTION_OF_BOX[name]),
            }
        )
    if top == "trade":  # Trade's other choice: 2 resources, never upgraded
        item = keys.get(("trade", "resources"))
        boxes.append({"name": "resources", "text": "2 resources", "upgraded": False, "item": item})
    return boxes


def _sections(p: dict[str, Any], keys: dict[tuple[Any, ...], Item], mine: bool) -> list[Any]:
    out = []
    for n, sec in enumerate(MATS[p["mat"]]["sections"]):
        bottom = sec["bottom"]
        cubes = p["cubes"][BOTTOMS.index(bottom)]
        recruit = p["recruits"].get(bottom)
        out.append(
            {
                "n": n,
                "top": TOP_TITLES[sec["top"]],
                "boxes": _top_boxes(p, sec["top"], keys if mine else {}),
                "bottom": bottom,
                "cost": sec["cost"] - cubes,
                "resource": PAID_WITH[bottom],
                "slots": sec["cost"] - sec["min_cost"] - cubes,
                "cubes": cubes,
                "coins": sec["coins"],
                "recruit": gains(sec["recruit"]),
                "enlisted": recruit,
                "structure": sec["structure"],
                "built": p["built"].get(sec["structure"]),
                "last": p["last"] == n,
                "item": keys.get(("section", n)) if mine else None,
                "pay": keys.get(("pay", bottom)) if mine else None,
            }
        )
    return out


def tier(popularity: int) -> str:
    """Scythe, End of game scoring: what a star, a territory and 2 resources are worth now."""
    if popularity <= 6:
        star, land, pair = 3, 2, 1
    elif popularity <= 12:
        star, land, pair = 4, 3, 2
    else:
        star, land, pair = 5, 4, 3
    return f"scores {star}/star, {land}/territory, {pair}/2 resources"


def standing(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Territories and resources the seat controls and its score if the game ended now: all of
    it public (the engine's own control and scoring rules, applied to the view)."""
    occ = occupancy(view)
    land = controlled(view, seat, occ)
    score = score_seat(view, seat)
    return {
        "territories": len(land),
        "factory": FACTORY_HEX in land,
        "resources": dict(
            zip(
                ("food", "wood", "metal", "oil"), resources_controlled(view, seat, occ), strict=True
            )
        ),
        "score": score["total"],
        "breakdown": {k: v for k, v in score.items() if k not in ("total", "tiebreak")},
    }


def player(view: dict[str, Any], seat: int, info: Any, keys: Any) -> dict[str, Any]:
    p = view["players"][seat]
    faction = p["faction"]
    mine = seat == view["seat"]
    mechs = FACTIONS[faction]["mechs"]
    stars = [{"name": k, "count": v} for k, v in sorted(p["stars"].items())]
    return {
        "seat": seat,
        "name": info["name"] if info else f"Player {seat + 1}",
        "is_bot": bool(info and info.get("is_bot")),
        "forfeited": bool(info and info.get("forfeited")),
        "active": view["turn"] == seat and not view["over"],
        "mine": mine,
        "faction": faction,
        "faction_title": faction.capitalize(),
        "ability": FACTIONS[faction]["ability"],
        "colour": COLOURS[faction],
        "ink": INK.get(faction, "#fff"),
        "mat": f"{MATS[p['mat']]['name']} ({MATS[p['mat']]['number']})",
        "power": p["power"],
        "pop": p["pop"],
        "tier": tier(p["pop"]),
        "coins": p["coins"],
        "cards": p["cards"],
        "hand": p.get("hand"),
        "objectives": [
            {
                "name": OBJECTIVES[o]["name"],
                "text": objective_text(OBJECTIVES[o]["req"]),
                "item": keys.get(("reveal", o)),
            }
            for o in p["objs"]
        ]
        if "objs" in p
        else None,
        "objective_count": p["objectives"],
        "revealed": [
            {"name": OBJECTIVES[o]["name"], "text": objective_text(OBJECTIVES[o]["req"])}
            for o in p["revealed"]
        ],
        "stars": stars,
        "star_total": sum(p["stars"].values()),
        "workers_out": len(p["workers"]),
        "mechs": [
            {"name": name, "hex": p["mechs"][i], "text": ability_text(FACTIONS[faction], name)}
            for i, name in enumerate(mechs)
        ],
        "ability_text": ability_text(FACTIONS[faction], FACTIONS[faction]["ability"]),
        "sections": _sections(p, keys, mine),
        "fcard": factory_card(p["fcard"]),
        "fcard_item": keys.get(("section", 4)) if mine else None,
        "fcard_tops": [
            {"text": GAIN_WORDS.get(k[1] or "", "use it"), "item": item}
            for k, item in keys.items()
            if k[0] == "factory_top"
        ]
        if mine
        else [],
        "fcard_move": keys.get(("factory_move",)) if mine else None,
        "fcard_last": p["last"] == 4,
        "upgrades": len(p["up"]),
        "standing": standing(view, seat),
    }
