"""Scythe board: a player's faction and mat (sections with their top boxes, bottom costs,
coins, recruits, structures), mechs, stars, objectives and combat cards as the viewer may see
them."""

from __future__ import annotations

from typing import Any

from .reference import FACTIONS, FACTORY_HEX, REF
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
MATS: list[dict[str, Any]] = REF["mats"]
OBJECTIVES: dict[str, dict[str, Any]] = REF["objectives"]
TOP_BOXES: dict[str, list[int]] = REF["top_boxes"]
BOXES_OF: dict[str, list[str]] = REF["boxes_of_top"]
BOTTOMS: list[str] = REF["bottom_actions"]
PAID_WITH: dict[str, str] = REF["bottom_resource"]
# The legal action a click on a top box stands for (its key in board_context's targets).
ACTION_OF_BOX = {
    "move": ("move",),
    "gain": ("gain",),
    "power": ("bolster", "power"),
    "cards": ("bolster", "cards"),
    "popularity": ("trade", "popularity"),
    "produce": ("produce",),
}


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
    """Scythe, End of game scoring: what a star, a territory and 2 resources are worth now (the
    engine's tiers, by popularity)."""
    row = next(t for t in REF["scoring_tiers"] if popularity <= t["popularity_up_to"])
    return (
        f"scores {row['star']}/star, {row['territory']}/territory, "
        f"{row['resource_pair']}/2 resources"
    )


def standing(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Territories and resources the seat controls and its score if the game ended now: all of
    it public, and all of it from the view (the engine applies its own rules)."""
    p = view["players"][seat]
    land = p["controlled"]
    score = p["score"]
    return {
        "territories": len(land),
        "factory": FACTORY_HEX in land,
        "resources": dict(p["controlled_resources"]),
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
                "name": OBJECTIVES[str(o)]["name"],
                "text": objective_text(OBJECTIVES[str(o)]["req"]),
                "item": keys.get(("reveal", o)),
            }
            for o in p["objs"]
        ]
        if "objs" in p
        else None,
        "objective_count": p["objectives"],
        "revealed": [
            {"name": OBJECTIVES[str(o)]["name"], "text": objective_text(OBJECTIVES[str(o)]["req"])}
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
