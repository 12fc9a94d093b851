"""Scythe, Encounters: the character alone triggers them; pay the chosen option's cost, take its
benefits at the character's territory; Polania's Meander allows two different options.

"Cost required, benefit optional" (000, Encounters): after paying, the player takes as much of
each benefit as it wants, one decision per benefit (`benefit what= amount=`, the whole amount
listed first, down to 0). A benefit that cannot change anything (power or popularity at the
top of its track, no worker left on the mat) is not asked; the bottom-row rewards and the
resources of choice are declined with `done` in the grant phase that follows."""

from __future__ import annotations

from typing import Any

from .board import add_resource
from .data import ENCOUNTERS, MAX_POPULARITY, MAX_POWER, RESOURCES, WORKERS
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
    """Pay the option; its plain benefits wait in `enc["gains"]` for the player to take (see
    `benefit_legal`); returns the queued follow-ups (grants, resource picks)."""
    enc = state["ctx"]["enc"]
    option = ENCOUNTERS[enc["card"]][option_number - 1]
    enc["taken"] = [*enc["taken"], option_number]
    pay_simple(state, seat, option["cost"])
    queue: list[str] = []
    gains: list[list[Any]] = []
    for what, amount in option["gain"].items():
        if what == "resources_of_choice":
            queue += ["pick"] * amount
        elif what in GRANTS:
            queue.append(GRANTS[what])
        else:
            gains.append([what, amount])
    enc["gains"] = gains
    skip_idle(state, seat)
    return queue


def _most(state: State, seat: int, what: str, amount: int) -> int:
    """How much of a benefit can still change the state (tracks and the mat are capped)."""
    p = state["players"][seat]
    if what == "power":
        return min(amount, MAX_POWER - int(p["power"]))
    if what == "popularity":
        return min(amount, MAX_POPULARITY - int(p["pop"]))
    if what == "gain_worker":
        return min(amount, WORKERS - len(p["workers"]))
    return int(amount)


def skip_idle(state: State, seat: int) -> None:
    """Drop the waiting benefits nothing can be taken of (a choice of one is not asked)."""
    enc = state["ctx"]["enc"]
    while enc["gains"] and _most(state, seat, *enc["gains"][0]) <= 0:
        enc["gains"] = enc["gains"][1:]


def benefit_legal(state: State, seat: int) -> list[Action]:
    what, amount = state["ctx"]["enc"]["gains"][0]
    most = _most(state, seat, what, amount)
    return [{"type": "benefit", "what": what, "amount": k} for k in range(most, -1, -1)]


def take_benefit(state: State, seat: int, what: str, amount: int) -> None:
    """Take `amount` of the first waiting benefit (0 declines it)."""
    enc = state["ctx"]["enc"]
    enc["gains"] = enc["gains"][1:]
    p = state["players"][seat]
    if amount == 0:
        pass
    elif what in RESOURCES:
        add_resource(state, enc["hex"], what, amount)
    elif what == "gain_worker":
        p["workers"] = [*p["workers"], *([enc["hex"]] * amount)]
    else:
        gain(state, seat, what, amount)
    skip_idle(state, seat)


def more_allowed(state: State, seat: int) -> bool:
    """Meander: Polania may take a second, different option of the same card."""
    enc = state["ctx"]["enc"]
    return state["players"][seat]["faction"] == "polania" and len(enc["taken"]) == 1


def finish(state: State) -> None:
    """The card goes face down to the bottom of the deck."""
    enc = state["ctx"].pop("enc")
    state["enc"] = [*state["enc"], enc["card"]]
