"""The words the log lines and button texts of actions.py share. Everything here is public."""

from __future__ import annotations

from typing import Any

from . import cards as C

State = dict[str, Any]


def at(s: State, seat: int, row: str, col: int) -> str:
    """The name of what stands on that space of the seat's city."""
    return C.name(s["players"][seat]["city"][C.ROW_INDEX[row] * 6 + col - 1])


def under_die(s: State, seat: int, die: str) -> str:
    """The name of the location under the seat's die of that colour."""
    r = C.ROW_INDEX[die]
    return C.name(s["players"][seat]["city"][r * 6 + s["players"][seat]["dice"][r]])


def amounts(values: list[int]) -> str:
    """'2 wood, 2 stone' for [2, 2, 0]."""
    return ", ".join(f"{n} {C.RESOURCES[i]}" for i, n in enumerate(values) if n) or "nothing"


def _army(s: State) -> int:
    return int(s["turn"]["army"] + s["turn"]["bandit_army"])


def gains(before: State, after: State, seat: int) -> str:
    """'+2 stone, +1 army': what the seat's stock, army, VP tokens and pass tokens changed by."""
    p, q = before["players"][seat], after["players"][seat]
    parts = [f"{q['res'][i] - p['res'][i]:+d} {C.RESOURCES[i]}" for i in range(3)
             if q["res"][i] != p["res"][i]]  # fmt: skip
    if after["turn"]["seat"] == seat and _army(after) != _army(before):
        parts.append(f"{_army(after) - _army(before):+d} army")
    if q["tokens"] != p["tokens"]:
        parts.append(f"{q['tokens'] - p['tokens']:+d} VP")
    if q["passes"] != p["passes"]:
        parts.append(f"{q['passes'] - p['passes']:+d} pass token")
    moved = [C.ROWS[r] for r in range(5) if p["dice"][r] != q["dice"][r] and q["dice"][r] >= 0]
    if moved:
        parts.append("dice now " + ", ".join(f"{d} {q['dice'][C.ROW_INDEX[d]] + 1}" for d in moved))
    return ", ".join(parts)
