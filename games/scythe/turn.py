"""Scythe, How to play: the turn as a sequence of small decisions.

Phases: section -> top (with its sub-steps: move, place, produce) -> combats -> encounter ->
factory -> bottom -> next player. `ctx` holds the turn's scratch data and is emptied between
turns. This module is the contract's entry points; `phases` lists the choices of each phase and
`handlers` applies them.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalAction, InvalidAction
from . import combat, move_phase, objectives
from .handlers import APPLY, MAY_EARN_STARS
from .phases import PHASE_LEGAL
from .stars import check_stars
from .state import fork

State = dict[str, Any]
Action = dict[str, Any]

# Every action type and the fields it carries (anything else is malformed: InvalidAction).
FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset(fields.split())
    for kind, fields in {
        "section": "n",
        "move": "",
        "gain": "",
        "bolster": "gain",
        "trade": "gain",
        "produce": "",
        "factory_top": "",
        "factory_move": "",
        "skip": "",
        "place": "res hex",
        "produce_at": "hex",
        "done": "",
        "step": "unit to workers carry",
        "end_move": "",
        "load": "res",
        "fight": "hex",
        "dial": "power",
        "card": "value",
        "commit": "",
        "encounter": "option",
        "benefit": "what amount",
        "factory_card": "card",
        "upgrade": "top bottom",
        "deploy": "mech hex",
        "build": "kind hex",
        "enlist": "section bonus",
        "pay": "action",
        "pay_from": "hex",
        "coerce": "",
        "end_turn": "",
        "reveal": "card",
        "artillery": "fire",
        "retreat": "to",
    }.items()
}
_OPTIONAL = {"factory_top": frozenset({"choice"}), "retreat": frozenset({"workers"})}
# Scythe, Objectives: reveal before or after the top action or after the bottom action.
REVEAL_PHASES = ("section", "bottom", "end")


def to_act(state: State) -> tuple[int, ...]:
    if state["over"]:
        return ()
    if state["phase"] == "combat":
        return combat.waiting(state)
    if state["phase"] == "artillery":
        return (state["ctx"]["combat"]["before"][0][0],)
    if state["phase"] == "retreat":
        return (state["ctx"]["retreat"]["seat"],)
    return (state["turn"],)


# The last answer of legal_actions, keyed on the state object itself: a bot asks for the list and
# then apply validates against it, so the second call is free. States are never mutated once
# built (apply works on a fork), which is what makes an identity key sound.
_memo: list[Any] = [None]


def legal_actions(state: State, seat: int) -> list[Action]:
    return list(_legal_memo(state, seat))


def _legal_memo(state: State, seat: int) -> list[Action]:
    """The shared list (callers inside the engine only read it)."""
    memo = _memo[0]
    if memo is not None and memo[0] is state and memo[1] == seat:
        return memo[2]  # type: ignore[no-any-return]
    out = _legal(state, seat)
    _memo[0] = (state, seat, out)
    return out


def _legal(state: State, seat: int) -> list[Action]:
    if state["over"] or seat not in to_act(state):
        return []
    phase = state["phase"]
    out = PHASE_LEGAL[phase](state, seat)
    if phase in REVEAL_PHASES:
        out += objectives.reveal_legal(state, seat)
    return out


def check_shape(action: Any) -> None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidAction("an action is an object with a string 'type'")
    kind = action["type"]
    if kind not in FIELDS:
        raise InvalidAction(f"Scythe has no action called {kind!r}")
    given = set(action) - {"type"}
    if not FIELDS[kind] <= given or given - FIELDS[kind] - _OPTIONAL.get(kind, frozenset()):
        fields = ", ".join(sorted(FIELDS[kind])) or "no fields"
        raise InvalidAction(f"{kind} takes {fields}")
    for key, value in action.items():
        if type(value) is not _FIELD_TYPE.get(key, str):
            raise InvalidAction(f"field {key!r} has a value of the wrong type")


_FIELD_TYPE = {
    "n": int,
    "power": int,
    "value": int,
    "option": int,
    "card": int,
    "mech": int,
    "workers": int,
    "amount": int,
    "fire": bool,
}


def apply(state: State, seat: int, action: Action) -> State:
    check_shape(action)
    if state["over"]:
        raise IllegalAction("The game is over.")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to act.")
    if not _allowed(state, seat, action):
        raise IllegalAction(refusal(state, action))
    return apply_trusted(state, seat, action)


def apply_trusted(state: State, seat: int, action: Action) -> State:
    """apply without validation, for an action taken from legal_actions (bots' lookahead)."""
    state = fork(state)
    APPLY[action["type"]](state, seat, action)
    if not state["over"] and action["type"] in MAY_EARN_STARS:
        check_stars(state, seat)  # the acting player first, even if its turn just ended
    return state


def _allowed(state: State, seat: int, action: Action) -> bool:
    """The action is among the legal ones; a move step is checked directly (cheaper than
    listing every step of every unit)."""
    if action["type"] == "step" and state["phase"] == "move":
        return move_phase.allowed(state, seat, action)
    return action in _legal_memo(state, seat)


def refusal(state: State, action: Action) -> str:
    phase = state["phase"]
    reasons = {
        "section": "Choose a section of your player mat other than last turn's.",
        "top": "That top-row action is not available (check its cost).",
        "move": "That unit cannot move there now.",
        "combat": "Choose a dial value up to your power (at most 7), then up to one card per unit.",
        "bottom": "You cannot pay for or place that bottom-row action.",
    }
    return reasons.get(phase, f"{action['type']} is not possible now.")
