"""Readable log lines (narrate) and button texts (label); never a secret."""

from __future__ import annotations

from typing import Any

from games.core.errors import GameError

from . import engine
from .cards import CARDS

State = dict[str, Any]
Action = dict[str, Any]
COLOR_NAME = {"g": "green", "b": "black", "any": "any", "stored": "stored"}

KIND_TEXT = {
    "gather": "gather {color} per modifier",
    "gather_either": "gather green or black per modifier",
    "gather_stored": "gather cubes like your stored ones",
    "gather_per_card": "gather a cube per stored card",
    "store_card": "store a card per modifier",
    "store_cube": "store a {color} cube per modifier",
    "store_supply": "store a supply cube per modifier",
    "resolve_row": "resolve a {arrow} trade-row card",
    "extra": "play {n} extra action card(s)",
    "convert": "convert a cube per modifier",
    "follow_twice": "follow any per-action action twice",
    "recruit_gather": "recruit a card per modifier (+1 {color})",
    "trash_gather": "trash a card per modifier (+1 {color})",
    "trash_vp": "trash a card per modifier (+1 VP)",
    "expand": "expand once",
    "expand_discount": "expand once, one cube cheaper",
    "expand_vp": "expand once and score 2 VP",
    "score_cubes": "discard {color} cubes for 1 VP each",
    "score_stored_cubes": "1 VP per stored cube",
    "score_stored_cards": "1 VP per stored card",
    "score_level": "1 VP per civilization level",
    "score_mods": "1 VP per modifier",
}


def action_text(a: dict[str, Any]) -> str:
    if a["kind"] == "store_cube" and a.get("color") == "any":
        text = "store one of your cubes per modifier"
        return text if a["follow"] else text + " (no follow)"
    text = KIND_TEXT[a["kind"]].format(
        color=COLOR_NAME.get(a.get("color", ""), ""), arrow=a.get("arrow", ""), n=a.get("n", 1)
    )
    if a["follow"] or a["kind"] == "follow_twice":
        return text
    return text + " (no follow)"


def card_name(card: Any) -> str:
    return str(CARDS[card]["name"]) if isinstance(card, int) else "a card"


_UNIT_TEXT = {
    "store": "stored {card}",
    "stash": "stored a {color} cube",
    "bank": "stored a {color} cube from the supply",
    "row": "chose {card} from a trade row",
    "extra": "gained extra action cards",
    "convert": "converted a cube to {color}",
    "recruit": "recruited {card}",
    "trash": "trashed {card}",
    "expand": "expanded the civilization",
    "discount": "expanded, paying one {color} less",
    "score": "scored VP",
    "stop": "stopped",
}


_UNIT_LABEL = {
    "store": "Store {card}",
    "stash": "Store a {color} cube",
    "bank": "Store a {color} cube from the supply",
    "row": "Resolve {card} from the trade row",
    "extra": "Take the extra action cards",
    "convert": "Convert a cube to {color}",
    "recruit": "Recruit {card}",
    "trash": "Trash {card}",
    "expand": "Expand",
    "discount": "Expand paying one {color} less",
    "score": "Score 1 VP",
}


def _unit_text(s: State, action: Action) -> str:
    t = action["type"]
    color = COLOR_NAME.get(action.get("color", ""), "")
    if t == "take":
        return "gathered the stored colours" if color == "stored" else f"gathered 1 {color}"
    return _UNIT_TEXT[t].format(card=card_name(action.get("card")), color=color)


def narrate(s: State, seat: int, action: Action) -> str:
    """The move, then what it did that nobody had to decide: cubes, VP, levels and storage gained
    by the mover, the active player and followers (automatic units resolve without a log line of
    their own). Only public counts are compared, so the sentence is the same for every viewer."""
    text = _move_text(s, seat, action)
    if s["step"] in ("draft", "over"):
        return text
    try:
        after = engine.apply(s, seat, action)
    except GameError:
        return text
    mine = _gains(s, after, seat)
    if mine:
        text += f" ({mine})"
    active = s["active"]
    theirs = _gains(s, after, active) if active != seat else ""
    if theirs:
        text += f"; the active player: {theirs}"
    for other in range(s["n"]):
        gains = _gains(s, after, other) if other not in (seat, active) else ""
        if gains:
            text += f"; a follower: {gains}"
    return text


def _gains(before: State, after: State, seat: int) -> str:
    p, q = before["players"][seat], after["players"][seat]
    parts = []
    for i, name in enumerate(("green", "black")):
        change = q["cubes"][i] + q["scubes"][i] - p["cubes"][i] - p["scubes"][i]
        if change:
            parts.append(f"{change:+d} {name}")
    if q["vp"] != p["vp"]:
        parts.append(f"{q['vp'] - p['vp']:+d} VP")
    if q["level"] != p["level"]:
        parts.append(f"level {q['level']}")
    stored = q["scubes"][0] + q["scubes"][1] - p["scubes"][0] - p["scubes"][1]
    if stored > 0:
        parts.append(f"{stored} cube{'s' if stored > 1 else ''} stored")
    cards = len(q["stored"]) - len(p["stored"])
    if cards > 0:
        parts.append(f"{cards} card{'s' if cards > 1 else ''} stored")
    return ", ".join(parts)


def _move_text(s: State, seat: int, action: Action) -> str:
    t = action["type"]
    card = action.get("card")
    if t == "pick":
        return "drafted a card"
    if t == "play":
        return f"played {card_name(card)} as the action card"
    if t == "pass":
        return "passed the rest of the action phase"
    if t == "modify":
        if "stored" in action:
            return f"added stored {card_name(action['stored'])} as a modifier"
        return f"added {card_name(card)} as a modifier"
    if t == "go":
        color = action.get("color")
        return f"resolves, choosing {COLOR_NAME[color]}" if color else "finished modifying"
    if t == "follow":
        leader = s["play"]["card"]
        a = CARDS[leader]["actions"][action["action"]]
        return f"followed with {card_name(card)}: {action_text(a)}"
    if t == "decline":
        return "declined to follow"
    if t == "first":
        a = CARDS[s["play"]["card"]]["actions"][action["action"]]
        return f"resolves first: {action_text(a)}"
    if t == "recruit" and s["step"] == "recruit":
        return f"recruited {card_name(card)}"
    return _unit_text(s, action)


def label(s: State, seat: int, action: Action) -> str:
    t = action["type"]
    card = action.get("card")
    if t == "pick":
        return f"Draft {card_name(card)}"
    if t == "play":
        return f"Play {card_name(card)}"
    if t == "pass":
        return "Pass (go to recruit)"
    if t == "modify":
        if "stored" in action:
            return f"Modify with stored {card_name(action['stored'])}"
        return f"Modify with {card_name(card)}"
    if t == "go":
        color = action.get("color")
        return f"Resolve with {COLOR_NAME[color]}" if color else "Resolve"
    if t == "follow":
        a = CARDS[s["play"]["card"]]["actions"][action["action"]]
        return f"Follow with {card_name(card)}: {action_text(a)}"
    if t == "decline":
        return "Do not follow"
    if t == "first":
        a = CARDS[s["play"]["card"]]["actions"][action["action"]]
        return f"First: {action_text(a)}"
    if t == "stop":
        return "Stop here"
    if t == "take":
        color = COLOR_NAME.get(action.get("color", ""), "")
        return "Gather the stored colours" if color == "stored" else f"Gather 1 {color}"
    if t == "score" and action.get("color") in ("g", "b"):
        return f"Discard 1 {COLOR_NAME[action['color']]} for 1 VP"
    color = COLOR_NAME.get(action.get("color", ""), "")
    return _UNIT_LABEL[t].format(card=card_name(action.get("card")), color=color)


def public_action(s: State, seat: int, action: Action) -> Action:
    """A draft pick stays secret until the end; every other choice is played face up."""
    if action.get("type") == "pick":
        return {"type": "pick"}
    return action
