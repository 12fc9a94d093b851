"""Building SPQF tables for scenario tests: put chosen cards where a rule needs them."""

from __future__ import annotations

from typing import Any

from games.spqf import GAME
from games.spqf.positions import ZONES, arrange, civ, edit, place, starting, table

__all__ = ["ZONES", "arrange", "civ", "edit", "place", "starting", "table"]


def act(s: dict[str, Any], seat: int, type_: str, **fields: Any) -> dict[str, Any]:
    return GAME.apply(s, seat, {"type": type_, **fields})


def narrate(s: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """The log line of a move, told from the states before and after it (the contract's
    narrate)."""
    return GAME.narrate(s, seat, action, GAME.apply(s, seat, action))


def legal(s: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return GAME.legal_actions(s, seat)


def types(s: dict[str, Any], seat: int) -> set[str]:
    return {a["type"] for a in legal(s, seat)}


def all_cards(s: dict[str, Any]) -> list[int]:
    found = list(s["central"]) + list(s["civ"]) + list(s["trashed"])
    for p in s["players"]:
        for z in ZONES:
            found += p[z]
    for pack in s["packs"]:
        found += pack
    return found


def play_on(s: dict[str, Any], until: Any, limit: int = 500) -> dict[str, Any]:
    """Apply simple choices (decline, pass, else the first legal one) until `until(s)`."""
    for _ in range(limit):
        if until(s):
            return s
        seat = GAME.to_act(s)[0]
        options = legal(s, seat)
        quiet = [a for a in options if a["type"] in ("decline", "pass", "stop")]
        s = GAME.apply(s, seat, quiet[0] if quiet else options[0])
    raise AssertionError("the condition never came true")


def next_turn(s: dict[str, Any]) -> dict[str, Any]:
    active = s["active"]
    return play_on(s, lambda t: t["active"] != active or t["step"] == "over")
