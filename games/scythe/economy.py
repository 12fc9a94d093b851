"""Gaining and paying: power, popularity, coins, combat cards and resource tokens.

Every function mutates a state that apply has already cloned.
"""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from .data import MAX_POPULARITY, MAX_POWER

State = dict[str, Any]


def gain_power(p: dict[str, Any], amount: int) -> None:
    p["power"] = max(0, min(MAX_POWER, p["power"] + amount))


def gain_popularity(p: dict[str, Any], amount: int) -> None:
    p["pop"] = max(0, min(MAX_POPULARITY, p["pop"] + amount))


def draw_cards(state: State, seat: int, count: int) -> int:
    """Scythe, Bolster: draw from the combat deck; an empty deck is rebuilt from the shuffled
    discard pile; with neither, nothing is drawn. Returns how many were drawn."""
    p = state["players"][seat]
    drawn = 0
    for _ in range(count):
        if not state["deck"]:
            if not state["discard"]:
                break
            rng = Rng(state["rng"])
            state["deck"] = list(state["discard"])
            state["discard"] = []
            rng.shuffle(state["deck"])
            state["rng"] = rng.state
        deck_top = state["deck"][-1]
        state["deck"] = state["deck"][:-1]
        p["hand"] = sorted([*p["hand"], deck_top])
        drawn += 1
    return drawn


def discard_card(state: State, seat: int, value: int) -> None:
    hand = list(state["players"][seat]["hand"])
    hand.remove(value)
    state["players"][seat]["hand"] = hand
    state["discard"] = [*state["discard"], value]


def gain(state: State, seat: int, what: str, amount: int) -> None:
    """A benefit by its data name: power, popularity, coins, combat_cards / cards."""
    p = state["players"][seat]
    if what == "power":
        gain_power(p, amount)
    elif what == "popularity":
        gain_popularity(p, amount)
    elif what == "coins":
        p["coins"] += amount
    elif what in ("combat_cards", "cards"):
        draw_cards(state, seat, amount)
    else:
        raise ValueError(what)


def can_pay_simple(p: dict[str, Any], cost: dict[str, int]) -> bool:
    """Costs in coins, popularity, power or combat cards (encounters, factory cards, Produce)."""
    return (
        p["coins"] >= cost.get("coins", 0)
        and p["pop"] >= cost.get("popularity", 0)
        and p["power"] >= cost.get("power", 0)
        and len(p["hand"]) >= cost.get("combat_cards", 0)
    )


def pay_simple(state: State, seat: int, cost: dict[str, int]) -> None:
    p = state["players"][seat]
    p["coins"] -= cost.get("coins", 0)
    p["pop"] -= cost.get("popularity", 0)
    p["power"] -= cost.get("power", 0)
    for _ in range(cost.get("combat_cards", 0)):
        # The card's value does not matter when it is a price: give up the weakest.
        discard_card(state, seat, p["hand"][0])
