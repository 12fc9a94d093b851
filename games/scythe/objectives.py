"""Scythe, Objectives: two secret cards; reveal a completed one in one's own turn for a star and
discard both (Saxony's Dominate: both may be completed). Requirements follow the data file
(one public source; docs/scythe.md lists the low-confidence cards)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .board import controlled, occupancy, resources_controlled
from .data import FACTORY_HEX, LAKES, SHORE, TERRAIN, TOUCHING, TUNNELS
from .stars import place_star

State = dict[str, Any]
Action = dict[str, Any]


def limit(p: dict[str, Any]) -> int:
    return 2 if p["faction"] == "saxony" else 1


def reveal_legal(state: State, seat: int) -> list[Action]:
    p = state["players"][seat]
    if p["obj_stars"] >= limit(p) or not p["objs"]:
        return []
    counts = _counts(state, seat)
    return [
        {"type": "reveal", "card": c}
        for c in p["objs"]
        if c in _CHECKS and _CHECKS[c](state, seat, counts, p)
    ]


def reveal(state: State, seat: int, card: int) -> None:
    p = state["players"][seat]
    p["obj_stars"] += 1
    gone = [card] if p["faction"] == "saxony" else list(p["objs"])
    p["objs"] = [c for c in p["objs"] if c not in gone]
    state["objdeck"] = [*state["objdeck"], *gone]  # to the bottom of the deck
    p["revealed"] = [*p.get("revealed", []), card]
    place_star(state, seat, "objective")


T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801 (named as the functools one it stands in for)
    """functools.cached_property without its lock: Python 3.11 takes an RLock on each first
    read, and `reveal_legal` builds a fresh `_Facts` for most of a game's decisions."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    def __get__(self, facts: Any, owner: Any = None) -> T:
        value = facts.__dict__[self.name] = self.compute(facts)
        return value


class _Facts:
    """Board facts an objective may need, computed on first use only."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        p = state["players"][seat]
        self.mechs = sum(1 for h in p["mechs"] if h is not None)
        self.workers = len(p["workers"])

    @cached_property
    def mine(self) -> set[str]:
        """Hexes with the seat's units or structures: a cheap superset of what it controls."""
        p = self.state["players"][self.seat]
        hexes = {p["char"], *p["workers"], *(h for h in p["mechs"] if h is not None)}
        hexes.update(p["built"].values())
        return hexes

    @cached_property
    def occ(self) -> dict[str, dict[int, list[int]]]:
        return occupancy(self.state)

    @cached_property
    def ctl(self) -> list[str]:
        return controlled(self.state, self.seat, self.occ)

    @cached_property
    def res(self) -> list[int]:
        return resources_controlled(self.state, self.seat, self.occ)

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


def _counts(state: State, seat: int) -> _Facts:
    return _Facts(state, seat)


def _terrain(c: _Facts, terrain: str) -> int:
    if sum(1 for h in c.mine if TERRAIN[h] == terrain) < 3:
        return 0
    return sum(1 for h in c.ctl if TERRAIN[h] == terrain)


def met(state: State, seat: int, card: int) -> bool:
    c = _counts(state, seat)
    p = state["players"][seat]
    check = _CHECKS.get(card)
    return bool(check and check(state, seat, c, p))


def _piles(state: State, c: _Facts, at_least: int) -> bool:
    """A cheap upper bound: tokens on hexes where the seat has anything."""
    return sum(sum(state["res"].get(h, ())) for h in c.mine) >= at_least


def _crowd(p: dict[str, Any]) -> int:
    """Most units of the seat on one hex (an upper bound for card 13 without structures)."""
    counts: dict[str, int] = {}
    for h in (p["char"], *p["workers"], *(m for m in p["mechs"] if m is not None)):
        counts[h] = counts.get(h, 0) + 1
    return max(counts.values())


def _highest_power(state: State, seat: int, c: Any, p: Any) -> bool:
    return (
        FACTORY_HEX in c.mine
        and FACTORY_HEX in c["ctl"]
        and all(p["power"] >= q["power"] for q in state["players"])
    )


def _single_hex(state: State, seat: int, c: Any, test: Any) -> bool:
    for h in c["ctl"]:
        counts = state["res"].get(h, [0, 0, 0, 0])
        mine = c["occ"].get(h, {}).get(seat, [0, 0, 0])
        if test(h, counts, mine):
            return True
    return False


def _lake_shore(state: State, seat: int, c: Any, p: Any) -> bool:
    if not any(len(SHORE[lake] & c.mine) >= 5 for lake in LAKES):
        return False
    ctl = set(c["ctl"])
    return any(len(SHORE[lake] & ctl) >= 5 for lake in LAKES)


def _ring() -> frozenset[str]:
    return frozenset(TOUCHING[FACTORY_HEX]) - LAKES


_FACTORY_RING = _ring()


Check = Callable[[State, int, Any, dict[str, Any]], bool]
_CHECKS: dict[int, Check] = {
    1: lambda s, seat, c, p: _terrain(c, "mountain") >= 3,
    2: lambda s, seat, c, p: (
        len(c.mine & TUNNELS) >= 3 and sum(1 for h in c["ctl"] if h in TUNNELS) >= 3
    ),
    3: lambda s, seat, c, p: _terrain(c, "farm") >= 3,
    4: lambda s, seat, c, p: _terrain(c, "tundra") >= 3,
    5: _highest_power,
    # 6: forced an opponent's worker home this turn with at least 7 power (low confidence).
    6: lambda s, seat, c, p: bool(s["ctx"].get("drove_workers")) and p["power"] >= 7,
    7: lambda s, seat, c, p: p["fcard"] is not None and c["mechs"] >= 1 and c["workers"] <= 3,
    8: lambda s, seat, c, p: p["coins"] <= 2 and c["workers"] >= 4 and p["pop"] >= 7,
    9: lambda s, seat, c, p: (
        _piles(s, c, 9) and _single_hex(s, seat, c, lambda h, r, u: sum(r) >= 9 and all(r))
    ),
    10: lambda s, seat, c, p: _terrain(c, "forest") >= 3,
    11: lambda s, seat, c, p: _terrain(c, "village") >= 3,
    12: lambda s, seat, c, p: p["coins"] >= 20,
    13: lambda s, seat, c, p: (
        _crowd(p) >= 5
        and _single_hex(
            s, seat, c, lambda h, r, u: sum(u) + (1 if h in p["built"].values() else 0) >= 6
        )
    ),
    14: lambda s, seat, c, p: (
        bool(p["up"])
        and c["mechs"] >= 1
        and bool(p["built"])
        and bool(p["recruits"])
        and _piles(s, c, 1)
        and all(c["res"])
    ),
    15: lambda s, seat, c, p: c["workers"] == len(p["recruits"]),
    16: lambda s, seat, c, p: (
        sum(s["res"].get(p["char"], ())) >= 5
        and _single_hex(
            s, seat, c, lambda h, r, u: u[0] == 1 and u[1] == 1 and u[2] == 1 and sum(r) >= 5
        )
    ),
    17: lambda s, seat, c, p: (
        p["fcard"] is None
        and len(c.mine & _FACTORY_RING) >= 2
        and sum(1 for h in c["ctl"] if h in _FACTORY_RING) >= 2
    ),
    18: lambda s, seat, c, p: p["power"] == 0 and p["pop"] >= 13 and c["workers"] >= 5,
    19: _lake_shore,
    20: lambda s, seat, c, p: len(p["built"]) >= 3 and p["pop"] >= 7 and c["mechs"] == 0,
    21: lambda s, seat, c, p: _piles(s, c, 9) and max(c["res"]) >= 9,
    22: lambda s, seat, c, p: p["fcard"] is not None and not p["up"],
    23: lambda s, seat, c, p: len(p["hand"]) >= 8 and p["stars"].get("combat", 0) >= 1,
}
