"""Scythe, Move: adjacency with rivers, lakes, tunnels and the Mine, the mech abilities that bend
it (Riverwalk, Seaworthy, Submerge, Township, Underpass, Wayfare, Speed), Swim, stopping rules,
carrying, and workers driven home by a character or mech."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .board import controller, occupancy, unit_hex
from .data import (
    FACTIONS,
    FACTORY_HEX,
    HEXES,
    HOME_HEXES,
    HOMES,
    LAKES,
    LAND,
    RES_INDEX,
    RIVER,
    SHORE,
    TERRAIN,
    TUNNELS,
)

State = dict[str, Any]
Occ = dict[str, dict[int, list[int]]]

# Mech ability index on every base faction mat: 0 Riverwalk, 1 movement, 2 combat, 3 Speed.
RIVERWALK, MOVE_ABILITY, COMBAT_ABILITY, SPEED = 0, 1, 2, 3


def has_mech_ability(player: dict[str, Any], index: int) -> bool:
    return player["mechs"][index] is not None


def mine_hex(player: dict[str, Any]) -> str | None:
    return player["built"].get("mine")  # type: ignore[no-any-return]


def neighbours(state: State, occ: Occ, seat: int, kind: str, here: str) -> frozenset[str]:
    """Hexes one move away for a unit of kind 'c', 'm' or 'w' of `seat` standing on `here`."""
    p = state["players"][seat]
    faction = p["faction"]
    fighter = kind != "w"
    moves = fighter and p["mechs"][MOVE_ABILITY] is not None
    wayfare = _wayfare_homes(state, seat) if moves and faction == "crimea" else frozenset()
    table = _static_neighbours(
        faction,
        fighter,
        fighter and p["mechs"][RIVERWALK] is not None,
        moves and faction in ("nordic", "polania"),
        wayfare,
        mine_hex(p),
    )
    out = table[here]
    if moves and faction in ("rusviet", "saxony") and here not in LAKES:
        links = _special_links(state, occ, seat, faction, here, mine_hex(p))
        if links:
            out = (out | links) - {here}
    return out


@lru_cache(maxsize=256)
def _static_neighbours(
    faction: str,
    fighter: bool,
    riverwalk: bool,
    lakes: bool,
    wayfare: frozenset[str],
    mine: str | None,
) -> dict[str, frozenset[str]]:
    """The adjacency that depends only on the board and the unlocked abilities (cached)."""
    walk = _riverwalk(faction)
    table = {}
    for here in HEXES:
        out: set[str] = set()
        if here in LAKES:
            out |= SHORE[here]
            if faction == "polania":
                out |= LAKES  # Submerge: every lake is adjacent to every other lake
        else:
            out |= LAND[here]
            if riverwalk:
                out |= {h for h in RIVER[here] if TERRAIN[h] in walk}
            elif not fighter and faction == "nordic":
                out |= RIVER[here]  # Swim: workers cross rivers (never onto lakes)
            if here in TUNNELS or here == mine:
                out |= TUNNELS
                if mine:
                    out.add(mine)
            if lakes:
                out |= SHORE[here]  # Seaworthy / Submerge: onto the lakes along the shore
        if not lakes:
            out -= LAKES
        out -= HOME_HEXES
        out |= wayfare  # Wayfare: one's own home base and inactive ones, from anywhere
        out.discard(here)
        table[here] = frozenset(out)
    return table


def _riverwalk(faction: str) -> frozenset[str]:
    return frozenset(FACTIONS[faction]["riverwalk"])


def _special_links(
    state: State, occ: Occ, seat: int, faction: str, here: str, mine: str | None
) -> set[str]:
    if faction == "rusviet":
        # Township: controlled villages and the Factory are adjacent to each other.
        group = {
            h
            for h in _candidate_hexes(state, occ, seat)
            if TERRAIN[h] == "village" and controller(state, occ, h) == seat
        }
        group.add(FACTORY_HEX)
        return group if here in group else set()
    if faction == "saxony":
        # Underpass: controlled mountains, all tunnels and one's Mine are adjacent to each other.
        group = {
            h
            for h in _candidate_hexes(state, occ, seat)
            if TERRAIN[h] == "mountain" and controller(state, occ, h) == seat
        }
        group |= TUNNELS
        if mine:
            group.add(mine)
        return group if here in group else set()
    return set()


def _candidate_hexes(state: State, occ: Occ, seat: int) -> set[str]:
    hexes = {h for h, here in occ.items() if seat in here}
    hexes.update(h for h, s in state["structs"].items() if s[0] == seat)
    return hexes


def _wayfare_homes(state: State, seat: int) -> frozenset[str]:
    """Wayfare: one's own home base and the home bases of factions not in the game."""
    return _wayfare_for(tuple(p["faction"] for p in state["players"]), seat)


@lru_cache(maxsize=64)
def _wayfare_for(factions: tuple[str, ...], seat: int) -> frozenset[str]:
    own = HOMES[factions[seat]]
    return frozenset(h for f, h in HOMES.items() if f not in factions or h == own)


def enemy_hexes(occ: Occ, seat: int) -> tuple[set[str], set[str]]:
    """(hexes with any enemy unit, hexes with an enemy character or mech)."""
    units: set[str] = set()
    fighters: set[str] = set()
    for h, here in occ.items():
        for other, counts in here.items():
            if other != seat:
                units.add(h)
                if counts[0] or counts[1]:
                    fighters.add(h)
    return units, fighters


def enemy_hexes_at(occ: Occ, seat: int, hex_id: str) -> tuple[bool, bool]:
    """(any enemy unit, any enemy character or mech) on one hex."""
    here = occ.get(hex_id, {})
    units = any(other != seat for other in here)
    fighters = any(other != seat and (c[0] or c[1]) for other, c in here.items())
    return units, fighters


def destinations(
    state: State,
    occ: Occ,
    seat: int,
    unit: str,
    reach: int,
    enemies: tuple[set[str], set[str]] | None = None,
) -> list[str]:
    """Where a unit can end one move of up to `reach` steps (Speed, Factory card moves).

    Scythe, Move: a character or mech stops on entering a hex with enemy units; a character stops
    on an encounter token; workers never enter a hex with enemy units nor leave one held by an
    enemy character or mech.
    """
    p = state["players"][seat]
    start = unit_hex(p, unit)
    if start is None:
        return []
    kind = "c" if unit == "char" else unit[0]
    units, fighters = enemies if enemies is not None else enemy_hexes(occ, seat)
    if kind == "w":
        if start in fighters or start in LAKES:
            return []  # 000, Seaworthy/Submerge: a worker leaves a lake only on a mech
        if reach == 1:
            return sorted(neighbours(state, occ, seat, kind, start) - units)
    stop = units | HOME_HEXES
    if kind == "c":
        stop = stop | set(state["tokens"])
    seen = {start}
    frontier = [start]
    found: list[str] = []
    for _ in range(reach):
        nxt = []
        for here in frontier:
            for h in neighbours(state, occ, seat, kind, here):
                if h in seen:
                    continue
                seen.add(h)
                if kind == "w" and h in units:
                    continue
                found.append(h)
                if h not in stop:
                    nxt.append(h)
        frontier = nxt
    return sorted(found)


def move_unit(
    state: State,
    seat: int,
    unit: str,
    to: str,
    workers: int,
    carry: str,
    enemy_workers_only: bool = True,
) -> tuple[int, int]:
    """Move a unit (state's players/res already private). Returns (workers driven home, pop lost).

    A mech may carry `workers` of the seat's workers from its hex; any unit may carry the
    resource tokens of its hex: `carry` is "all", one kind ("oil"...), part of one kind
    ("oil:2") or "none" (Scythe, Move: Resources and workers).
    """
    p = state["players"][seat]
    start = unit_hex(p, unit)
    assert start is not None
    if unit == "char":
        p["char"] = to
    elif unit[0] == "m":
        p["mechs"] = list(p["mechs"])
        p["mechs"][int(unit[1:])] = to
    else:
        p["workers"] = list(p["workers"])
        p["workers"][int(unit[1:])] = to
    if workers:
        moved = state["ctx"].get("moved", [])
        ws = list(p["workers"])
        here = [i for i, h in enumerate(ws) if h == start]
        # Carry workers that already moved first, so the others may still move on their own.
        here.sort(key=lambda i: (f"w{i}" not in moved, i))
        for i in here[:workers]:
            ws[i] = to
        p["workers"] = ws
    if carry not in ("none", "some") and start in state["res"]:  # some: chosen next, by `load`
        _carry_tokens(state, start, to, carry)
    if unit[0] == "w" or not enemy_workers_only:
        return 0, 0
    return drive_workers_home(state, seat, to)


def _carry_tokens(state: State, start: str, to: str, carry: str) -> None:
    here = state["res"].pop(start)
    taken = list(here) if carry == "all" else [0, 0, 0, 0]
    if carry != "all":
        kind, _, part = carry.partition(":")
        index = RES_INDEX[kind]
        taken[index] = int(part) if part else here[index]
    left = [a - b for a, b in zip(here, taken, strict=True)]
    if any(left):
        state["res"][start] = left
    old = state["res"].get(to, [0, 0, 0, 0])
    state["res"][to] = [a + b for a, b in zip(old, taken, strict=True)]


def drive_workers_home(state: State, seat: int, hex_id: str) -> tuple[int, int]:
    """Scythe, Controlled by workers: enemy workers alone on the hex retreat to their home base,
    and the mover loses 1 popularity for each (down to 0)."""
    occ = occupancy(state)
    here = occ.get(hex_id, {})
    if any(s != seat and (c[0] or c[1]) for s, c in here.items()):
        return 0, 0
    driven = 0
    for other in list(here):
        if other == seat:
            continue
        driven += send_workers_home(state, other, hex_id)
    p = state["players"][seat]
    lost = min(p["pop"], driven)
    p["pop"] -= lost
    return driven, lost


def send_workers_home(state: State, seat: int, hex_id: str) -> int:
    players = state["players"]
    q = players[seat] = dict(players[seat])
    home = HOMES[q["faction"]]
    count = sum(1 for h in q["workers"] if h == hex_id)
    q["workers"] = [home if h == hex_id else h for h in q["workers"]]
    return count
