"""Scythe, Encounters: the character alone triggers them; pay the chosen option's cost, take its
benefits at the character's territory; Polania's Meander allows two different options."""

from __future__ import annotations

from typing import Any

from .board import add_resource
from .data import ENCOUNTERS, RESOURCES, WORKERS
from .economy import can_pay_simple, gain, pay_simple

State = dict[str, Any]
Action = dict[str, Any]

# Rewards that are a bottom-row effect done for free at the character's territory.
GRANTS = {
    "deploy_mech": "deploy",
    "build_structure": "build",
    "upgrade": "upgrade",
    "enlist": "enlist",
}


def draw(state: State) -> int:
    """Discard the token and draw the top card (shown to everyone)."""
    p = state["players"][state["turn"]]
    state["tokens"] = [h for h in state["tokens"] if h != p["char"]]
    card: int = state["enc"][0]
    state["enc"] = state["enc"][1:]
    state["ctx"]["enc"] = {"card": card, "hex": p["char"], "taken": []}
    state["phase"] = "encounter"
    return card


def legal(state: State, seat: int) -> list[Action]:
    enc = state["ctx"]["enc"]
    p = state["players"][seat]
    out: list[Action] = [
        {"type": "encounter", "option": i + 1}
        for i, option in enumerate(ENCOUNTERS[enc["card"]])
        if i + 1 not in enc["taken"] and can_pay_simple(p, option["cost"])
    ]
    if enc["taken"]:
        out.append({"type": "done"})
    return out


def choose(state: State, seat: int, option_number: int) -> list[str]:
    """Pay and take the option; returns the queued follow-ups (grants, resource picks)."""
    enc = state["ctx"]["enc"]
    option = ENCOUNTERS[enc["card"]][option_number - 1]
    enc["taken"] = [*enc["taken"], option_number]
    pay_simple(state, seat, option["cost"])
    queue: list[str] = []
    p = state["players"][seat]
    for what, amount in option["gain"].items():
        if what in RESOURCES:
            add_resource(state, enc["hex"], what, amount)
        elif what == "gain_worker":
            take = min(amount, WORKERS - len(p["workers"]))
            p["workers"] = [*p["workers"], *([enc["hex"]] * take)]
        elif what == "resources_of_choice":
            queue += ["pick"] * amount
        elif what in GRANTS:
            queue.append(GRANTS[what])
        else:
            gain(state, seat, what, amount)
    return queue


def more_allowed(state: State, seat: int) -> bool:
    """Meander: Polania may take a second, different option of the same card."""
    enc = state["ctx"]["enc"]
    return state["players"][seat]["faction"] == "polania" and len(enc["taken"]) == 1


def finish(state: State) -> None:
    """The card goes face down to the bottom of the deck."""
    enc = state["ctx"].pop("enc")
    state["enc"] = [*state["enc"], enc["card"]]
