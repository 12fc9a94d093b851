"""Bottom-row actions (Scythe, Bottom-row actions): Upgrade, Deploy, Build, Enlist; their cost paid
with tokens from controlled territories (or Crimea's Coercion), their coins, the recruits'
ongoing bonuses for the player and both neighbours, and the enlist one-time bonuses."""

from __future__ import annotations

from typing import Any

from .board import controller, occupancy, resources_controlled, worker_hexes
from .data import (
    BOTTOM_ACTIONS,
    BOTTOM_RESOURCE,
    ENLIST_BONUSES,
    LAKES,
    MATS,
    RES_INDEX,
    STRUCTURES,
    TOP_BOXES,
)
from .economy import discard_card, gain

State = dict[str, Any]
Action = dict[str, Any]


def section_info(p: dict[str, Any], action: str) -> dict[str, Any]:
    for section in MATS[p["mat"]]["sections"]:
        if section["bottom"] == action:
            return section  # type: ignore[no-any-return]
    raise KeyError(action)


def cost_now(p: dict[str, Any], action: str) -> int:
    return int(section_info(p, action)["cost"]) - int(p["cubes"][BOTTOM_ACTIONS.index(action)])


def free_slots(p: dict[str, Any], action: str) -> int:
    info = section_info(p, action)
    placed = int(p["cubes"][BOTTOM_ACTIONS.index(action)])
    return int(info["cost"]) - int(info["min_cost"]) - placed


def can_afford(state: State, seat: int, action: str, occ: Any) -> bool:
    p = state["players"][seat]
    need = cost_now(p, action)
    have = resources_controlled(state, seat, occ)[RES_INDEX[BOTTOM_RESOURCE[action]]]
    if have >= need:
        return True
    # Crimea, Coercion: once per turn one combat card stands in for one resource token.
    return (
        p["faction"] == "crimea"
        and have + 1 >= need
        and bool(p["hand"])
        and not state["ctx"].get("coerced")
    )


# --- paying: which territories' tokens, and Coercion ----------------------------------------------
#
# 000, Bottom-row actions: the cost is paid with tokens from territories one controls, any of
# them. The player chooses one token at a time (`pay_from hex=`) only when the piles leave a
# real choice; Crimea may instead give up a combat card for one token once a turn (`coerce`,
# 003, Coercion). When there is one way to pay (the tokens needed are all there are, or they
# lie in one territory, and Coercion is not possible or is the only way) it is paid at once.


def _piles(state: State, seat: int, kind: str) -> list[tuple[str, int]]:
    occ = occupancy(state)
    index = RES_INDEX[kind]
    return sorted(
        (h, c[index])
        for h, c in state["res"].items()
        if c[index] and controller(state, occ, h) == seat
    )


def _may_coerce(state: State, p: dict[str, Any]) -> bool:
    return p["faction"] == "crimea" and bool(p["hand"]) and not state["ctx"].get("coerced")


def start_payment(state: State, seat: int, action: Action) -> bool:
    """Begin paying for a chosen bottom action; True when it is settled already."""
    name = action["action"] if action["type"] == "pay" else action["type"]
    p = state["players"][seat]
    state["ctx"]["payment"] = {"action": action, "need": cost_now(p, name)}
    return settle(state, seat)


def payment_legal(state: State, seat: int) -> list[Action]:
    payment = state["ctx"]["payment"]
    kind = BOTTOM_RESOURCE[_name(payment["action"])]
    out: list[Action] = [{"type": "pay_from", "hex": h} for h, _ in _piles(state, seat, kind)]
    if _may_coerce(state, state["players"][seat]):
        out.append({"type": "coerce"})
    return out


def _name(action: Action) -> str:
    return str(action["action"] if action["type"] == "pay" else action["type"])


def settle(state: State, seat: int) -> bool:
    """Pay what has only one way to be paid; True when the whole cost is paid (the action is
    then carried out), False when the player must choose."""
    payment = state["ctx"]["payment"]
    kind = BOTTOM_RESOURCE[_name(payment["action"])]
    p = state["players"][seat]
    need = payment["need"]
    if need:
        piles = _piles(state, seat, kind)
        have = sum(c for _, c in piles)
        coerce = _may_coerce(state, p)
        if have < need:  # one short: Coercion is the only way (can_afford checked it)
            _coerce(state, seat)
            need = payment["need"]
            coerce = False
        if need and not coerce and (have == need or len(piles) == 1):
            for h, count in piles:
                take = min(need, count)
                _take(state, h, kind, take)
                need -= take
            payment["need"] = need
    if payment["need"]:
        return False
    del state["ctx"]["payment"]
    _carry_out(state, seat, payment["action"])
    return True


def _take(state: State, hex_id: str, kind: str, amount: int) -> None:
    counts = list(state["res"][hex_id])
    counts[RES_INDEX[kind]] -= amount
    if any(counts):
        state["res"][hex_id] = counts
    else:
        del state["res"][hex_id]


def _coerce(state: State, seat: int) -> None:
    # The card's value does not matter as a price: the weakest is given up (a choice between
    # card values would only ever lose strength).
    discard_card(state, seat, state["players"][seat]["hand"][0])
    state["ctx"]["coerced"] = True
    state["ctx"]["payment"]["need"] -= 1


def pay_from(state: State, seat: int, hex_id: str) -> bool:
    payment = state["ctx"]["payment"]
    _take(state, hex_id, BOTTOM_RESOURCE[_name(payment["action"])], 1)
    payment["need"] -= 1
    return settle(state, seat)


def coerce(state: State, seat: int) -> bool:
    _coerce(state, seat)
    return settle(state, seat)


def effect_legal(state: State, seat: int, action: str, fixed: str | None, occ: Any) -> list[Action]:
    """The placements of one bottom action. `fixed` pins the hex (an encounter's reward)."""
    p = state["players"][seat]
    if action == "upgrade":
        tops = [b for b in TOP_BOXES if b not in p["up"]]
        bottoms = [a for a in BOTTOM_ACTIONS if free_slots(p, a) > 0]
        return [{"type": "upgrade", "top": t, "bottom": b} for t in tops for b in bottoms]
    if action == "enlist":
        open_bonuses = [b for b in ENLIST_BONUSES if b not in p["recruits"].values()]
        sections = [a for a in BOTTOM_ACTIONS if a not in p["recruits"]]
        return [
            {"type": "enlist", "section": s, "bonus": b} for s in sections for b in open_bonuses
        ]
    hexes = [fixed] if fixed else worker_hexes(state, seat, occ)
    hexes = [h for h in hexes if h not in LAKES]  # never deploy or build on a lake
    if action == "deploy":
        mechs = [i for i, h in enumerate(p["mechs"]) if h is None]
        return [{"type": "deploy", "mech": i, "hex": h} for i in mechs for h in hexes]
    kinds = [k for k in STRUCTURES if k not in p["built"]]
    hexes = [h for h in hexes if h not in state["structs"]]  # one structure per territory
    return [{"type": "build", "kind": k, "hex": h} for k in kinds for h in hexes]


def _tokens_nearby(state: State, p: dict[str, Any], kind: str) -> int:
    """Tokens of a kind on hexes where the player has anything: an upper bound of what it
    controls, cheap enough to rule most unaffordable actions out without the occupancy."""
    index = RES_INDEX[kind]
    hexes = {p["char"], *p["workers"], *(h for h in p["mechs"] if h is not None)}
    hexes.update(p["built"].values())
    res = state["res"]
    return sum(res[h][index] for h in hexes if h in res)


def bottom_legal(state: State, seat: int, action: str) -> list[Action]:
    p = state["players"][seat]
    slack = 1 if p["faction"] == "crimea" and p["hand"] else 0
    if _tokens_nearby(state, p, BOTTOM_RESOURCE[action]) + slack < cost_now(p, action):
        return []
    occ = occupancy(state)
    if not can_afford(state, seat, action, occ):
        return []
    effects = effect_legal(state, seat, action, None, occ)
    # A completed action may still be paid for its coins and recruit bonuses.
    return effects or [{"type": "pay", "action": action}]


def apply_effect(state: State, seat: int, action: Action) -> None:
    p = state["players"][seat]
    kind = action["type"]
    if kind == "upgrade":
        p["up"] = [*p["up"], action["top"]]
        cubes = list(p["cubes"])
        cubes[BOTTOM_ACTIONS.index(action["bottom"])] += 1
        p["cubes"] = cubes
    elif kind == "deploy":
        mechs = list(p["mechs"])
        mechs[action["mech"]] = action["hex"]
        p["mechs"] = mechs
    elif kind == "build":
        p["built"] = {**p["built"], action["kind"]: action["hex"]}
        state["structs"] = {**state["structs"], action["hex"]: [seat, action["kind"]]}
    elif kind == "enlist":
        p["recruits"] = {**p["recruits"], action["section"]: action["bonus"]}
        gain(state, seat, action["bonus"], 2)  # one-time bonus: 2 of it


def recruit_bonuses(state: State, seat: int, action: str, own: bool = True) -> None:
    """Scythe, Enlist, Ongoing bonus: the active player first, then the left neighbour, then the
    right one; in a 2-player game the opponent gains it once. `own=False`: the active player's
    recruit of this section was enlisted by this very action, so it pays nothing yet."""
    order = state["order"]
    i = order.index(seat)
    n = len(order)
    takers = [seat]
    for other in (order[(i + 1) % n], order[(i - 1) % n]):
        if other not in takers:
            takers.append(other)
    for taker in takers:
        if taker == seat and not own:
            continue
        q = state["players"][taker]
        if action in q["recruits"]:
            bonus = section_info(q, action)["recruit"]
            for what, amount in bonus.items():
                gain(state, taker, what, amount)


def _carry_out(state: State, seat: int, action: Action) -> None:
    """After the cost: the coins, the effect, the recruit bonuses."""
    name = _name(action)
    p = state["players"][seat]
    if not state["ctx"].pop("no_coins", False):
        p["coins"] += int(section_info(p, name)["coins"])
    # 000, How to play: costs and benefits are read before the action is taken, so enlisting
    # the recruit of this very section does not pay its ongoing bonus for this action. Rules
    # version 1 (matches started before this reading, state["rules"] == 1) paid it at once.
    had_recruit = name in p["recruits"] or state.get("rules") == 1
    if action["type"] != "pay":
        apply_effect(state, seat, action)
    recruit_bonuses(state, seat, name, own=had_recruit)
