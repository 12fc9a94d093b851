"""Scythe, Move, as decisions: one step of one unit at a time.

A Move action lets 2 (upgraded 3) different units move; each takes 1 step (Speed: 2 for the
character and mechs; a Factory card's move: one unit, 2 steps, Speed 3). Stepping one hex at a
time lets a mech pick up and drop workers and any unit pick up and drop resources mid-move
(Scythe, Speed). A unit stops for good on entering enemy units, an encounter (the character)
or a home base.
"""

from __future__ import annotations

from typing import Any

from . import movement
from .board import occupancy, unit_hex
from .data import HOME_HEXES, LAKES, RESOURCES

State = dict[str, Any]
Action = dict[str, Any]


def begin(state: State, units: int, reach: int, after: str) -> None:
    state["ctx"].update(
        {
            "move": {"left": units, "reach": reach},
            "moved": [],
            "steps": {},
            "origins": {},
            "after": after,
        }
    )
    state["phase"] = "move"


def movable(state: State, seat: int) -> list[tuple[str, str]]:
    """(unit, hex) that may take a step now. Units already moving continue; a new unit may start
    while the action allows more units. Workers on one hex that have not moved are
    interchangeable: only the first of each hex is offered."""
    ctx = state["ctx"]
    p = state["players"][seat]
    steps = ctx["steps"]
    fresh = ctx["move"]["left"] > 0
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for unit, h in _units(p):
        if unit in steps:
            if steps[unit] > 0:
                out.append((unit, h))
        elif fresh:
            if unit[0] == "w":
                if h in seen:
                    continue
                seen.add(h)
            out.append((unit, h))
    return out


def _units(p: dict[str, Any]) -> list[tuple[str, str]]:
    out = [("char", str(p["char"]))]
    out += [(f"m{i}", h) for i, h in enumerate(p["mechs"]) if h is not None]
    out += [(f"w{i}", h) for i, h in enumerate(p["workers"])]
    return out


def legal(state: State, seat: int) -> list[Action]:
    occ = occupancy(state)
    enemies = movement.enemy_hexes(occ, seat)
    out: list[Action] = []
    cache: dict[tuple[str, str], list[str]] = {}
    for unit, start in movable(state, seat):
        kind = "c" if unit == "char" else unit[0]
        key = (kind, start)
        if key not in cache:
            cache[key] = movement.destinations(state, occ, seat, unit, 1, enemies)
        dests = cache[key]
        if not dests:
            continue
        loads = _loads(state, start)
        riders = occ[start][seat][2] if kind == "m" else 0
        least, loads = _lake_leaving(occ, seat, kind, start, riders, loads)
        for to in dests:
            for k in range(riders, least - 1, -1) if riders else (0,):
                for carry in loads:
                    out.append(
                        {"type": "step", "unit": unit, "to": to, "workers": k, "carry": carry}
                    )
    out.append({"type": "end_move"})
    return out


def _lake_leaving(
    occ: Any, seat: int, kind: str, start: str, riders: int, loads: tuple[str, ...]
) -> tuple[int, tuple[str, ...]]:
    """(fewest workers to take, loads allowed) for a unit leaving `start`: nothing may stay on
    a lake once its carrier leaves (000, Seaworthy/Submerge): the seat's last mech there takes
    every worker, its last character or mech every token."""
    if start not in LAKES or kind == "w":
        return 0, loads
    chars, mechs, _ = occ[start][seat]
    least = riders if kind == "m" and mechs == 1 else 0
    return least, (loads[:1] if chars + mechs == 1 else loads)


def _loads(state: State, hex_id: str) -> tuple[str, ...]:
    """What a unit may take along from a hex (000, Move: any number of tokens): all the tokens
    there, all of one kind (`oil`), part of one kind (`oil:2`, fewer than the pile), any mix of
    several kinds (`some`: the tokens are then taken one by one, phase `load`), or none."""
    counts = state["res"].get(hex_id)
    if not counts:
        return ("none",)
    loads = _LOADS.get(tuple(counts))
    if loads is None:
        kinds = [i for i in range(4) if counts[i]]
        out = ["all"] if len(kinds) > 1 else []
        for i in kinds:
            out.append("all" if len(kinds) == 1 else RESOURCES[i])
            out += [f"{RESOURCES[i]}:{k}" for k in range(counts[i] - 1, 0, -1)]
        if len(kinds) > 1:
            out.append("some")  # any mix, one token at a time (`load res=`, then `done`)
        out.append("none")
        if len(_LOADS) > 4096:
            _LOADS.clear()
        loads = _LOADS[tuple(counts)] = tuple(out)
    return loads


# Piles seen so far -> their loads (a few hundred shapes at most).
_LOADS: dict[tuple[int, ...], tuple[str, ...]] = {}


def load_legal(state: State, seat: int) -> list[Action]:
    """After a step with `carry=some`: one more token of a kind still on the hex left, or done."""
    counts = state["res"].get(state["ctx"]["load"]["from"], (0, 0, 0, 0))
    out: list[Action] = [{"type": "load", "res": RESOURCES[i]} for i in range(4) if counts[i]]
    out.append({"type": "done"})
    return out


def load(state: State, res: str) -> bool:
    """Move one token along with the unit; True when nothing is left to take."""
    info = state["ctx"]["load"]
    counts = list(state["res"][info["from"]])
    counts[RESOURCES.index(res)] -= 1
    if any(counts):
        state["res"][info["from"]] = counts
    else:
        del state["res"][info["from"]]
    there = list(state["res"].get(info["to"], (0, 0, 0, 0)))
    there[RESOURCES.index(res)] += 1
    state["res"][info["to"]] = there
    return not any(counts)


def allowed(state: State, seat: int, action: Action) -> bool:
    """A step checked directly (cheaper than listing every step of every unit)."""
    if set(action) != {"type", "unit", "to", "workers", "carry"}:
        return False
    unit, to, workers, carry = action["unit"], action["to"], action["workers"], action["carry"]
    if not isinstance(unit, str) or not isinstance(to, str):
        return False
    if type(workers) is not int or type(carry) is not str:
        return False
    start = next((h for u, h in movable(state, seat) if u == unit), None)
    if start is None:
        return False
    occ = occupancy(state)
    riders = occ[start][seat][2] if unit[0] == "m" else 0
    loads = _loads(state, start)
    kind = "c" if unit == "char" else unit[0]
    least, loads = _lake_leaving(occ, seat, kind, start, riders, loads)
    if workers < least or workers > riders:
        return False
    if carry not in loads:
        return False
    return to in movement.destinations(state, occ, seat, unit, 1)


def step(state: State, seat: int, action: Action) -> bool:
    """Take the step; returns True when the whole Move action is over."""
    ctx = state["ctx"]
    p = state["players"][seat]
    unit, to = action["unit"], action["to"]
    if unit not in ctx["steps"]:
        speed = movement.has_mech_ability(p, movement.SPEED) and unit[0] != "w"
        ctx["steps"][unit] = ctx["move"]["reach"] + (1 if speed else 0)
        ctx["move"]["left"] -= 1
        ctx["moved"].append(unit)
        ctx["origins"][unit] = unit_hex(p, unit)
    occ = occupancy(state)
    units_there, fighters_there = movement.enemy_hexes_at(occ, seat, to)
    driven, _ = movement.move_unit(
        state,
        seat,
        unit,
        to,
        action["workers"],
        action["carry"],
        units_there and not fighters_there,
    )
    ctx["steps"][unit] -= 1
    stops = units_there or to in HOME_HEXES or (unit == "char" and to in state["tokens"])
    if stops and unit[0] != "w":
        ctx["steps"][unit] = 0
    if driven:
        ctx["drove_workers"] = True
    return ctx["move"]["left"] == 0 and not any(ctx["steps"].values())
