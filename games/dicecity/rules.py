"""The rules the platform calls: who acts, what is legal, applying a move and why one is refused.

The legal actions themselves are listed step by step in moves.py, and what each action does is
in turn.py (the handlers named by actions.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import IllegalAction, LegalMemo, check_action

from . import cards as C
from .actions import ACTIONS, STEP_OF
from .effects import defense
from .moves import bandit_defense, legal
from .state import State, copy_state
from .turn import settle

Action = dict[str, Any]


def to_act(state: State) -> tuple[int, ...]:
    if state["over"] is not None:
        return ()
    return (state["turn"]["seat"],)


# A bot asks for the list and `apply` then checks its choice against it: the second is free.
legal_actions = LegalMemo(legal, copy_state)


def apply(state: State, seat: int, action: Action) -> State:
    check_action(ACTIONS, action, "Dice City")
    # to_act is empty once the game is over, so this also refuses any move after the end.
    t = legal_actions.claim(state, seat, action) if seat in to_act(state) else None
    if t is None:
        raise IllegalAction(refusal(state, seat, action))
    ACTIONS[action["type"]].handler(t, seat, action)
    settle(t, seat)
    return t


def apply_unchecked(state: State, seat: int, action: Action) -> State:
    """The change itself, for an action already known to be legal (bots search with this)."""
    t = copy_state(state)
    ACTIONS[action["type"]].handler(t, seat, action)
    settle(t, seat)
    return t


STEP_NAME = {"dice": "the dice step", "attack": "the attack step", "build": "the build step"}


def refusal(s: State, seat: int, action: Action) -> str:
    """Why a well-formed action is refused: a sentence a player understands (STYLE.md, 3)."""
    if s["over"] is not None:
        return "The game is over."
    if s["turn"]["seat"] != seat:
        return "It is not your turn."
    kind = action["type"]
    if s["pending"] is not None:
        return f"First finish the choice in progress ({s['pending']['kind'].replace('_', ' ')})."
    step = STEP_OF.get(kind)
    if step is None:
        return "There is no choice in progress for that."
    if step != s["turn"]["step"]:
        return f"That belongs to {STEP_NAME[step]}; you are in {STEP_NAME[s['turn']['step']]}."
    die = action.get("die")
    dice = s["players"][seat]["dice"]
    if kind != "force_reroll" and die in C.ROW_INDEX and dice[C.ROW_INDEX[die]] < 0:
        return f"Your {die} die is already used this turn."
    why = _WHY.get(kind)
    return (why(s, seat, action) if why else None) or "The rules do not allow that now."


def _passed(s: State, seat: int, action: Action) -> str | None:
    return "You may pass for a token only once per turn." if s["turn"]["passed"] else None


def _refreshed(s: State, seat: int, action: Action) -> str | None:
    return "You may refresh the display only once per turn." if s["turn"]["refreshed"] else None


def _two_passes(s: State, seat: int, action: Action) -> str | None:
    return "That costs two pass tokens." if s["players"][seat]["passes"] < 2 else None


def _bandits(s: State, seat: int, action: Action) -> str | None:
    if not 1 <= action["pile"] <= len(C.BANDITS):
        return None
    pile = action["pile"] - 1
    if not s["bandits"][pile]:
        return "That bandit pile is empty."
    have = s["turn"]["army"] + s["turn"]["bandit_army"]
    return f"You have only {have} army strength; the bandit needs {bandit_defense(s, pile)}."


def _location(s: State, seat: int, action: Action) -> str | None:
    if not 0 <= action["seat"] < s["seats"] or action["seat"] == seat:
        return None
    if action["row"] not in C.ROW_INDEX or not 1 <= action["col"] <= 6:
        return None
    q = s["players"][action["seat"]]
    slot = C.ROW_INDEX[action["row"]] * 6 + action["col"] - 1
    need = defense(q, slot)
    if need is None:
        return "That location has no defense value, so it cannot be attacked."
    if q["off"][slot]:
        return "That location is already deactivated."
    return f"You have only {s['turn']['army']} army strength; that location needs {need}."


def _raid(s: State, seat: int, action: Action) -> str | None:
    army = s["turn"]["army"]
    return f"You have only {army} army strength; each resource taken needs 2." if army < 2 else None


def _build(s: State, seat: int, action: Action) -> str | None:
    card = C.CARDS.get(action["card"])
    if card is None:
        return None
    price = ", ".join(f"{n} {C.RESOURCES[i]}" for i, n in enumerate(card["cost"]) if n)
    return f"{card['name']} costs {price or 'nothing'} and must be in the display or a pile."


# The particular reason, by action type, once the general ones above do not apply.
_WHY: dict[str, Callable[[State, int, Action], str | None]] = {
    "pass": _passed,
    "refresh": _refreshed,
    "spend_passes": _two_passes,
    "force_reroll": _two_passes,
    "attack_bandits": _bandits,
    "attack_location": _location,
    "raid": _raid,
    "build": _build,
}
