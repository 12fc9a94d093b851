"""The rules the platform calls: who acts, what is legal, applying a move and why one is refused.

The legal actions themselves are listed step by step in moves.py, and what each action does is
in turn.py (the handlers named by actions.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import IllegalAction, LegalMemo, check_action
from games.core.words import Phrase, phrase, term

from . import cards as C
from .actions import ACTIONS, STEP_OF
from .effects import defense
from .moves import bandit_defense, legal
from .state import State, copy_state
from .text import amounts, card, die
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


# The reasons are phrases (games.core.words): the site shows them in the player's language.
STEP_NAME = {
    "dice": term("the dice step"),
    "attack": term("the attack step"),
    "build": term("the build step"),
}


def refusal(s: State, seat: int, action: Action) -> Phrase:
    """Why a well-formed action is refused: a sentence a player understands (STYLE.md, 3)."""
    if s["over"] is not None:
        return phrase("The game is over.")
    if s["turn"]["seat"] != seat:
        return phrase("It is not your turn.")
    kind = action["type"]
    if s["pending"] is not None:
        return phrase("First finish the choice in progress.")
    step = STEP_OF.get(kind)
    if step is None:
        return phrase("There is no choice in progress for that.")
    if step != s["turn"]["step"]:
        now = STEP_NAME[s["turn"]["step"]]
        return phrase("That belongs to {step}; you are in {now}.", step=STEP_NAME[step], now=now)
    colour = action.get("die")
    dice = s["players"][seat]["dice"]
    if kind != "force_reroll" and colour in C.ROW_INDEX and dice[C.ROW_INDEX[colour]] < 0:
        return phrase("Your {die} die is already used this turn.", die=die(colour))
    why = _WHY.get(kind)
    return (why(s, seat, action) if why else None) or phrase("The rules do not allow that now.")


def _passed(s: State, seat: int, action: Action) -> Phrase | None:
    if s["turn"]["passed"]:
        return phrase("You may pass for a token only once per turn.")
    return None


def _refreshed(s: State, seat: int, action: Action) -> Phrase | None:
    if s["turn"]["refreshed"]:
        return phrase("You may refresh the display only once per turn.")
    return None


def _two_passes(s: State, seat: int, action: Action) -> Phrase | None:
    return phrase("That costs two pass tokens.") if s["players"][seat]["passes"] < 2 else None


def _bandits(s: State, seat: int, action: Action) -> Phrase | None:
    if not 1 <= action["pile"] <= len(C.BANDITS):
        return None
    pile = action["pile"] - 1
    if not s["bandits"][pile]:
        return phrase("That bandit pile is empty.")
    have = s["turn"]["army"] + s["turn"]["bandit_army"]
    return phrase(
        "You have only {have} army strength; the bandit needs {need}.",
        have=have,
        need=bandit_defense(s, pile),
    )


def _location(s: State, seat: int, action: Action) -> Phrase | None:
    if not 0 <= action["seat"] < s["seats"] or action["seat"] == seat:
        return None
    if action["row"] not in C.ROW_INDEX or not 1 <= action["col"] <= 6:
        return None
    q = s["players"][action["seat"]]
    slot = C.ROW_INDEX[action["row"]] * 6 + action["col"] - 1
    need = defense(q, slot)
    if need is None:
        return phrase("That location has no defense value, so it cannot be attacked.")
    if q["off"][slot]:
        return phrase("That location is already deactivated.")
    return phrase(
        "You have only {have} army strength; that location needs {need}.",
        have=s["turn"]["army"],
        need=need,
    )


def _raid(s: State, seat: int, action: Action) -> Phrase | None:
    army = s["turn"]["army"]
    if army < 2:
        return phrase("You have only {have} army strength; each resource taken needs 2.", have=army)
    return None


def _build(s: State, seat: int, action: Action) -> Phrase | None:
    found = C.CARDS.get(action["card"])
    if found is None:
        return None
    return phrase(
        "{card} costs {price} and must be in the display or a pile.",
        card=card(action["card"]),
        price=amounts(list(found["cost"])),
    )


# The particular reason, by action type, once the general ones above do not apply.
_WHY: dict[str, Callable[[State, int, Action], Phrase | None]] = {
    "pass": _passed,
    "refresh": _refreshed,
    "spend_passes": _two_passes,
    "force_reroll": _two_passes,
    "attack_bandits": _bandits,
    "attack_location": _location,
    "raid": _raid,
    "build": _build,
}
