"""The words shared by log lines and buttons (names of cards, colours, what a move gave), and
the log's redaction of secret draft picks. Never a secret: only public counts are compared."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, COLOR_NAME, action_text

State = dict[str, Any]
Action = dict[str, Any]


def card_name(card: Any) -> str:
    return str(CARDS[card]["name"]) if isinstance(card, int) else "a card"


def color_name(action: Action) -> str:
    return COLOR_NAME.get(action.get("color", ""), "")


def followed(s: State, action: Action) -> str:
    """The text of the action of the card in play that `action` (follow, first) names."""
    return action_text(CARDS[s["play"]["card"]]["actions"][action["action"]])


def gains(before: State, after: State, seat: int) -> str:
    """What the move gave `seat`: cubes, VP, a level, storage ("+2 green, +1 VP")."""
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


def everyone_gains(before: State, after: State, seat: int) -> str:
    """What the resolution a move triggered gave the mover, the active player and followers,
    since automatic units have no log line of their own: " (+2 green); player 1: +1 green". The
    others are named "player N" (1-based), the words the site replaces with display names."""
    text = ""
    mine = gains(before, after, seat)
    if mine:
        text += f" ({mine})"
    active = before["active"]
    theirs = gains(before, after, active) if active != seat else ""
    if theirs:
        text += f"; player {active + 1}: {theirs}"
    for other in range(before["n"]):
        found = gains(before, after, other) if other not in (seat, active) else ""
        if found:
            text += f"; player {other + 1}: {found}"
    return text


def public_action(s: State, seat: int, action: Action) -> Action:
    """A draft pick stays secret until the end; every other choice is played face up."""
    if action.get("type") == "pick":
        return {"type": "pick"}
    return action
