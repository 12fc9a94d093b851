"""Scythe, The Factory: the first visit of one's character lets one keep a Factory card, used as
a fifth mat section (its own top action; a bottom Move of one unit up to twice). No coins, no
recruit bonuses and no structure bonuses come with it."""

from __future__ import annotations

from typing import Any

from .data import FACTORY_CARDS, FACTORY_HEX
from .economy import can_pay_simple, gain, pay_simple

State = dict[str, Any]
Action = dict[str, Any]

FACTORY_SECTION = 4


def visit_due(state: State, seat: int) -> bool:
    p = state["players"][seat]
    return p["char"] == FACTORY_HEX and p["fcard"] is None and bool(state["fpile"])


def pick_legal(state: State) -> list[Action]:
    return [{"type": "factory_card", "card": c} for c in state["fpile"]]


def begin_visit(state: State, seat: int) -> None:
    p = state["players"][seat]
    p["seen"] = sorted(set(p["seen"]) | set(state["fpile"]))
    state["phase"] = "factory"


def take(state: State, seat: int, card: int) -> None:
    state["fpile"] = [c for c in state["fpile"] if c != card]
    state["players"][seat]["fcard"] = card


def top_legal(state: State, seat: int) -> list[Action]:
    p = state["players"][seat]
    card = FACTORY_CARDS[p["fcard"]]
    if not can_pay_simple(p, card["cost"]):
        return []
    choices = card["gain"].get("choose_one")
    if choices:
        return [{"type": "factory_top", "choice": c} for c in choices]
    return [{"type": "factory_top"}]


def apply_top(state: State, seat: int, action: Action) -> list[str]:
    """Pay the card's cost and take its gain; returns follow-ups (grants, picks, produce)."""
    p = state["players"][seat]
    card = FACTORY_CARDS[p["fcard"]]
    pay_simple(state, seat, card["cost"])
    queue: list[str] = []
    for what, amount in card["gain"].items():
        if what == "choose_one":
            queue.append(action["choice"])
        elif what in ("upgrade", "deploy", "build", "enlist"):
            queue.append(what)
        elif what == "produce_territories":
            queue.append("produce")
        elif what == "resources_of_choice":
            queue += ["pick"] * amount
        else:
            gain(state, seat, what, amount)
    return queue
