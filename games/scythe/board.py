"""Who stands where, who controls what: questions every part of the rules asks of the board."""

from __future__ import annotations

from typing import Any

from .data import HOME_HEXES, RES_INDEX

State = dict[str, Any]


def unit_hex(player: dict[str, Any], unit: str) -> str | None:
    if unit == "char":
        return str(player["char"])
    index = int(unit[1:])
    if unit[0] == "m":
        return player["mechs"][index]  # type: ignore[no-any-return]
    return player["workers"][index]  # type: ignore[no-any-return]


# The last occupancy computed, with the unit lists it was computed from. Rules code replaces a
# player's unit lists instead of changing them in place (state.fork), so the same list objects
# (held here, so their ids cannot be reused) mean the same positions: a safe, cheap memo.
_memo: list[Any] = [None]


def occupancy(state: State) -> dict[str, dict[int, list[int]]]:
    """hex -> seat -> [characters, mechs, workers] on that hex (home bases included).

    The answer is shared: callers must not change it.
    """
    players = state["players"]
    memo = _memo[0]
    if memo is not None and len(memo[0]) == len(players):
        for (char, mechs, workers), p in zip(memo[0], players, strict=True):
            if char != p["char"] or mechs is not p["mechs"] or workers is not p["workers"]:
                break
        else:
            return memo[1]  # type: ignore[no-any-return]
    occ = _occupancy(state)
    _memo[0] = ([(p["char"], p["mechs"], p["workers"]) for p in players], occ)
    return occ


def _occupancy(state: State) -> dict[str, dict[int, list[int]]]:
    occ: dict[str, dict[int, list[int]]] = {}
    for seat, p in enumerate(state["players"]):
        for kind, hexes in ((0, (p["char"],)), (1, p["mechs"]), (2, p["workers"])):
            for h in hexes:
                if h is None:
                    continue
                here = occ.get(h)
                if here is None:
                    here = occ[h] = {}
                counts = here.get(seat)
                if counts is None:
                    counts = here[seat] = [0, 0, 0]
                counts[kind] += 1
    return occ


def controller(state: State, occ: dict[str, dict[int, list[int]]], hex_id: str) -> int | None:
    """Scythe, Control: units there, or one's structure with no enemy unit. Home bases: nobody."""
    if hex_id in HOME_HEXES:
        return None
    here = occ.get(hex_id)
    if here:
        if len(here) == 1:
            return next(iter(here))
        # Mid-move two factions can share a hex: the one with a character or mech holds it
        # until combat settles it (Scythe, Moving into territories controlled by opponents).
        fighters = [s for s, c in here.items() if c[0] or c[1]]
        return fighters[0] if len(fighters) == 1 else None
    owner = state["structs"].get(hex_id)
    return owner[0] if owner else None


def controlled(
    state: State, seat: int, occ: dict[str, dict[int, list[int]]] | None = None
) -> list[str]:
    """Territories (lakes and the Factory included, home bases not) a seat controls."""
    occ = occupancy(state) if occ is None else occ
    hexes = {h for h in occ if seat in occ[h]}
    hexes.update(h for h, s in state["structs"].items() if s[0] == seat)
    return sorted(h for h in hexes if controller(state, occ, h) == seat)


def worker_hexes(state: State, seat: int, occ: dict[str, dict[int, list[int]]]) -> list[str]:
    """Controlled territories with at least one of the seat's workers (deploy, build, trade)."""
    hexes = {h for h in state["players"][seat]["workers"] if h not in HOME_HEXES}
    return sorted(h for h in hexes if controller(state, occ, h) == seat)


def resources_controlled(
    state: State, seat: int, occ: dict[str, dict[int, list[int]]]
) -> list[int]:
    """Totals of food, wood, metal, oil on territories the seat controls."""
    totals = [0, 0, 0, 0]
    for h, counts in state["res"].items():
        if controller(state, occ, h) == seat:
            for i in range(4):
                totals[i] += counts[i]
    return totals


def add_resource(state: State, hex_id: str, kind: str, amount: int = 1) -> None:
    """state["res"] must already be a private copy."""
    counts = list(state["res"].get(hex_id, (0, 0, 0, 0)))
    counts[RES_INDEX[kind]] += amount
    state["res"][hex_id] = counts
