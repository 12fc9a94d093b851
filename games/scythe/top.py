"""Top-row actions (Scythe, Top-row actions): Move/Gain, Bolster, Trade, Produce, with upgraded
values and the structure bonuses (Monument, Armory, Mill; the Mine lives in movement)."""

from __future__ import annotations

from typing import Any

from .board import add_resource, controller, occupancy, worker_hexes
from .data import LAKES, MATS, PRODUCES, RESOURCES, TERRAIN, TOP_BOXES, WORKERS
from .economy import draw_cards, gain_popularity, gain_power

State = dict[str, Any]
Action = dict[str, Any]


def box(p: dict[str, Any], name: str) -> int:
    """The value a top box shows now: its upgraded value once its cube has been removed."""
    base, upgraded = TOP_BOXES[name]
    return upgraded if name in p["up"] else base


def top_of(p: dict[str, Any], section: int) -> str:
    return str(MATS[p["mat"]]["sections"][section]["top"])


def produce_cost(p: dict[str, Any]) -> dict[str, int]:
    """Scythe, Produce: the red boxes uncovered as workers leave the mat (0-3 on the board: free;
    4-5: 1 power; 6-7: also 1 popularity; 8: also 1 coin)."""
    on_board = len(p["workers"])
    cost: dict[str, int] = {}
    if on_board >= 4:
        cost["power"] = 1
    if on_board >= 6:
        cost["popularity"] = 1
    if on_board >= 8:
        cost["coins"] = 1
    return cost


def top_legal(state: State, seat: int, section: int) -> list[Action]:
    p = state["players"][seat]
    top = top_of(p, section)
    if top == "move_gain":
        return [{"type": "move"}, {"type": "gain"}]
    if top == "bolster":
        if p["coins"] < 1:
            return []
        return [{"type": "bolster", "gain": "power"}, {"type": "bolster", "gain": "cards"}]
    if top == "trade":
        if p["coins"] < 1:
            return []
        out = [{"type": "trade", "gain": "popularity"}]
        if any(h not in LAKES for h in worker_hexes(state, seat, occupancy(state))):
            out.append({"type": "trade", "gain": "resources"})
        return out
    cost = produce_cost(p)
    if (
        p["power"] >= cost.get("power", 0)
        and p["pop"] >= cost.get("popularity", 0)
        and p["coins"] >= cost.get("coins", 0)
    ):
        return [{"type": "produce"}]
    return []


def apply_gain(state: State, seat: int) -> None:
    p = state["players"][seat]
    p["coins"] += box(p, "gain")


def apply_bolster(state: State, seat: int, what: str) -> None:
    p = state["players"][seat]
    p["coins"] -= 1
    if what == "power":
        gain_power(p, box(p, "power"))
    else:
        draw_cards(state, seat, box(p, "cards"))
    if "monument" in p["built"]:
        gain_popularity(p, 1)  # Monument: +1 popularity with every Bolster


def apply_trade(state: State, seat: int, what: str) -> bool:
    """Returns True when resources are to be placed next (two picks)."""
    p = state["players"][seat]
    p["coins"] -= 1
    if "armory" in p["built"]:
        gain_power(p, 1)  # Armory: +1 power with every Trade
    if what == "popularity":
        gain_popularity(p, box(p, "popularity"))
        return False
    return True


def place_legal(state: State, seat: int, fixed: str | None) -> list[Action]:
    hexes = [fixed] if fixed else worker_hexes(state, seat, occupancy(state))
    hexes = [h for h in hexes if h not in LAKES]  # tokens are never left on a lake
    out: list[Action] = [{"type": "place", "res": r, "hex": h} for h in hexes for r in RESOURCES]
    out.append({"type": "done"})
    return out


def mill_hex(state: State, seat: int, produce: dict[str, Any]) -> str | None:
    """The Mill's territory when it may count as the extra territory of this Produce: built,
    controlled (000, Structure control) and not a Factory card's produce."""
    hex_id = state["players"][seat]["built"].get("mill") if produce["mill"] else None
    if hex_id is None or controller(state, occupancy(state), hex_id) != seat:
        return None
    return str(hex_id)


def produce_legal(state: State, seat: int, produce: dict[str, Any]) -> list[Action]:
    """The territories still to choose: up to the limit among controlled territories with
    workers, and the Mill's territory on top of the limit (000, Build: Mill "may count as an
    additional territory"), which the player may also leave out."""
    occ = occupancy(state)
    chosen = produce["chosen"]
    mill = mill_hex(state, seat, produce)
    out: list[Action] = []
    hexes: list[str] = []
    if sum(1 for h in chosen if h != mill) < produce["limit"]:
        hexes = [
            h
            for h in worker_hexes(state, seat, occ)
            if h not in chosen and h != mill and (TERRAIN[h] in PRODUCES or TERRAIN[h] == "village")
        ]
    if mill is not None and mill not in chosen:
        hexes.append(mill)
    for h in hexes:
        # 000, How to play: "gain as much or as little of the benefit as you wish": each worker
        # may produce, so a hex also produces fewer (1 worker from a village with 2): the whole
        # yield first (no count), then each smaller count down to 1.
        out.append({"type": "produce_at", "hex": h})
        yields = full_yield(state, seat, h, 1 if h == mill else 0)
        out += [{"type": "produce_at", "hex": h, "count": n} for n in range(yields - 1, 0, -1)]
    out.append({"type": "done"})
    return out


def full_yield(state: State, seat: int, hex_id: str, extra: int = 0) -> int:
    """What the hex's workers (plus the Mill's 1) produce at most: a token each, or a worker
    each in a village while workers remain on the mat (Scythe, Produce)."""
    p = state["players"][seat]
    count = extra + sum(1 for h in p["workers"] if h == hex_id)
    if TERRAIN[hex_id] == "village":
        return min(count, WORKERS - len(p["workers"]))
    return count if PRODUCES.get(TERRAIN[hex_id]) else 0


def produce_at(
    state: State, seat: int, hex_id: str, extra: int = 0, limit: int | None = None
) -> None:
    """Every worker on the hex (plus the Mill's 1) produces one token, or one worker in a
    village while workers remain on the mat (Scythe, Produce); `limit`: the player chose to
    produce fewer."""
    p = state["players"][seat]
    count = full_yield(state, seat, hex_id, extra)
    if limit is not None:
        count = min(count, limit)
    if TERRAIN[hex_id] == "village":
        p["workers"] = [*p["workers"], *([hex_id] * count)]
        return
    kind = PRODUCES.get(TERRAIN[hex_id])
    if kind and count:
        add_resource(state, hex_id, kind, count)


def finish_produce(state: State, seat: int, produce: dict[str, Any]) -> None:
    """Produce on the chosen hexes; the Mill's territory, when chosen, produces one more (its
    workers too) as an extra territory (Scythe, Build: Mill)."""
    mill = mill_hex(state, seat, produce)
    counts = produce.get("counts", {})
    for h in produce["chosen"]:
        produce_at(state, seat, h, 1 if h == mill else 0, counts.get(h))
