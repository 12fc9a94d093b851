"""Scythe, End of game scoring: coins in hand plus, by popularity tier, coins per star, per
controlled territory (the Factory counts as 3) and per 2 controlled resources; the structure
bonus tile; the six tie-breakers."""

from __future__ import annotations

from typing import Any

from ..core.game import Outcome, places_from_scores
from .board import controlled, occupancy, resources_controlled
from .data import (
    AT_AXIAL,
    AXIAL,
    ENCOUNTER_HEXES,
    FACTORY_HEX,
    LAKES,
    STRUCTURE_TILES,
    TERRAIN,
    TOUCHING,
    TUNNELS,
)

State = dict[str, Any]

# (highest popularity of the tier, coins per star, per territory, per 2 resources)
TIERS = ((6, 3, 2, 1), (12, 4, 3, 2), (18, 5, 4, 3))


def tier(popularity: int) -> tuple[int, int, int]:
    for top, star, territory, resources in TIERS:
        if popularity <= top:
            return star, territory, resources
    raise ValueError(popularity)


def structure_count(state: State, seat: int, tile: str) -> int:
    """What the drawn structure bonus tile counts for a seat's structures (controlled or not)."""
    return structure_count_of({h for h, s in state["structs"].items() if s[0] == seat}, tile)


def structure_count_of(mine: set[str], tile: str) -> int:
    """What a structure bonus tile counts for structures on these hexes."""
    if tile == "adjacent_tunnels":
        return len({h for b in mine for h in TOUCHING[b] if h in TUNNELS})
    if tile == "adjacent_lakes":
        return len({h for b in mine for h in TOUCHING[b] if h in LAKES})
    if tile == "adjacent_encounters":
        return len({h for b in mine for h in TOUCHING[b] if h in ENCOUNTER_HEXES})
    if tile == "on_tunnels":
        return sum(1 for h in mine if h in TUNNELS)
    if tile == "on_farms_or_tundras":
        return sum(1 for h in mine if TERRAIN[h] in ("farm", "tundra"))
    return longest_row(mine)


def longest_row(hexes: set[str]) -> int:
    """Longest straight line of structures on consecutive hexes, along any of the 3 axes."""
    best = 1 if hexes else 0
    for h in hexes:
        q, r = AXIAL[h]
        for dq, dr in ((1, 0), (0, 1), (1, -1)):
            length = 1
            nq, nr = q + dq, r + dr
            while AT_AXIAL.get((nq, nr)) in hexes:
                length += 1
                nq, nr = nq + dq, nr + dr
            best = max(best, length)
    return best


def structure_bonus(state: State, seat: int) -> int:
    count = structure_count(state, seat, state["tile"])
    for low, high, coins in STRUCTURE_TILES[state["tile"]]:
        if low <= count <= high:
            return coins
    return 0


def score_seat(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    occ = occupancy(state)
    territories = controlled(state, seat, occ)
    land = len(territories) + (2 if FACTORY_HEX in territories else 0)
    resources = sum(resources_controlled(state, seat, occ))
    stars = sum(p["stars"].values())
    per_star, per_territory, per_pair = tier(p["pop"])
    detail = {
        "coins": p["coins"],
        "stars": stars * per_star,
        "territories": land * per_territory,
        "resources": (resources // 2) * per_pair,
        "structure_bonus": structure_bonus(state, seat),
    }
    detail["total"] = sum(detail.values())
    pieces = len(p["workers"]) + sum(1 for h in p["mechs"] if h is not None) + len(p["built"])
    detail["tiebreak"] = [pieces, p["power"], p["pop"], resources, land, stars]
    return detail


def outcome(state: State) -> Outcome | None:
    if not state["over"]:
        return None
    details = [score_seat(state, s) for s in range(len(state["players"]))]
    keys = [(d["total"], *d["tiebreak"]) for d in details]
    return Outcome(
        places=places_from_scores(keys),
        scores=tuple(float(d["total"]) for d in details),
        reason=state["over"]["reason"],
        details=tuple(details),
    )
