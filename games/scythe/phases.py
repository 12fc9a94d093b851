"""What each phase of a turn offers (the legal actions before objectives are added)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import bottom, combat, encounters, factory, move_phase, top
from .board import occupancy
from .data import MATS

State = dict[str, Any]
Action = dict[str, Any]


def section_legal(state: State, seat: int) -> list[Action]:
    """Scythe, How to play: a section other than last turn's; Rusviet's Relentless may repeat
    it, the Factory card included (the Vietnamese book, Faction abilities)."""
    p = state["players"][seat]
    sections = list(range(4)) + ([factory.FACTORY_SECTION] if p["fcard"] is not None else [])
    if p["faction"] != "rusviet":
        sections = [s for s in sections if s != p["last"]]
    return [{"type": "section", "n": s} for s in sections]


def top_legal(state: State, seat: int) -> list[Action]:
    section = state["ctx"]["section"]
    if section == factory.FACTORY_SECTION:
        out = factory.top_legal(state, seat)
    else:
        out = top.top_legal(state, seat, section)
    return [*out, {"type": "skip"}]


def grant_legal(state: State, seat: int) -> list[Action]:
    ctx = state["ctx"]
    head = ctx["queue"][0]
    if head == "pick":
        return top.place_legal(state, seat, ctx.get("fixed"))
    if head == "produce":
        return top.produce_legal(state, seat, ctx["produce"])
    effects = bottom.effect_legal(state, seat, head, ctx.get("fixed"), occupancy(state))
    return [*effects, {"type": "done"}]


def bottom_legal(state: State, seat: int) -> list[Action]:
    section = state["ctx"]["section"]
    p = state["players"][seat]
    if section == factory.FACTORY_SECTION:
        out: list[Action] = [{"type": "factory_move"}]
    else:
        name = MATS[p["mat"]]["sections"][section]["bottom"]
        out = bottom.bottom_legal(state, seat, name)
        # 000, Coins: "a player may choose not to take the coins" (asked before the action).
        if out and not state["ctx"].get("no_coins") and bottom.section_info(p, name)["coins"]:
            out.append({"type": "decline_coins"})
    return [*out, {"type": "end_turn"}]


PHASE_LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "section": section_legal,
    "top": top_legal,
    "move": move_phase.legal,
    "load": move_phase.load_legal,
    "grant": grant_legal,
    "combat_pick": lambda s, seat: [{"type": "fight", "hex": h} for h in s["ctx"]["fights"]],
    "combat": combat.legal,
    "artillery": combat.artillery_legal,
    "retreat": combat.retreat_legal,
    "encounter": encounters.legal,
    "benefit": encounters.benefit_legal,
    "factory": lambda s, seat: factory.pick_legal(s),
    "bottom": bottom_legal,
    "payment": bottom.payment_legal,
    "end": lambda s, seat: [{"type": "end_turn"}],
}
