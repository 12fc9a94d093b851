"""Scythe, Placing stars: the ten achievements on the triumph track; the game ends at once when
a player places the sixth."""

from __future__ import annotations

from typing import Any

from .board import occupancy
from .data import MAX_POPULARITY, MAX_POWER, STAR_LIMIT, STRUCTURES, WORKERS

State = dict[str, Any]


def place_star(state: State, seat: int, category: str) -> None:
    if state["over"]:
        return
    p = state["players"][seat]
    p["stars"] = {**p["stars"], category: p["stars"].get(category, 0) + 1}
    if sum(p["stars"].values()) >= STAR_LIMIT:
        state["over"] = {"reason": "sixth star", "seat": seat}
        undo_contested_moves(state)


def _achieved(p: dict[str, Any]) -> list[str]:
    done = []
    if len(p["up"]) == 6:
        done.append("upgrades")
    if all(h is not None for h in p["mechs"]):
        done.append("mechs")
    if len(p["built"]) == len(STRUCTURES):
        done.append("structures")
    if len(p["recruits"]) == 4:
        done.append("recruits")
    if len(p["workers"]) == WORKERS:
        done.append("workers")
    if p["pop"] >= MAX_POPULARITY:
        done.append("popularity")
    if p["power"] >= MAX_POWER:
        done.append("power")
    return done


def check_stars(state: State, active: int | None = None) -> None:
    """Each achievement once per player, the active player first, then clockwise (Scythe,
    End of the game, edge cases: an opponent's recruit-bonus star comes after the action)."""
    order = state["order"]
    start = order.index(state["turn"] if active is None else active)
    n = len(order)
    # Only the active player and the neighbours (recruit bonuses) can gain on this turn.
    seats = [order[start], order[(start + 1) % n], order[(start - 1) % n]]
    for seat in dict.fromkeys(seats):
        p = state["players"][seat]
        for category in _achieved(p):
            if category not in p["stars"]:
                place_star(state, seat, category)
                if state["over"]:
                    return


def undo_contested_moves(state: State) -> None:
    """Edge case: when the game ends with the active player's units sharing a hex with an
    opponent's units after a move, those units go back where they moved from."""
    ctx = state["ctx"]
    origins = ctx.get("origins")
    if not origins:
        return
    seat = state["turn"]
    p = state["players"][seat]
    occ = occupancy(state)
    for unit, origin in origins.items():
        here = (
            p["char"]
            if unit == "char"
            else p["mechs" if unit[0] == "m" else "workers"][int(unit[1:])]
        )
        if here is None or len(occ.get(here, {})) < 2:
            continue
        if unit == "char":
            p["char"] = origin
        elif unit[0] == "m":
            p["mechs"] = [origin if i == int(unit[1:]) else h for i, h in enumerate(p["mechs"])]
        else:
            p["workers"] = [origin if i == int(unit[1:]) else h for i, h in enumerate(p["workers"])]
