"""The rules the platform calls: who acts, what is legal, applying a move and why one is refused.

Scythe, How to play: a turn is a sequence of small decisions. Phases: section -> top (with its
sub-steps: move, place, produce) -> combats -> encounter -> factory -> bottom -> next player.
`ctx` holds the turn's scratch data and is emptied between turns. phases.py lists the choices
of each phase; what each action does is in handlers.py, named by the ACTIONS table.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import LegalMemo, check_action
from ..core.errors import IllegalAction
from ..core.words import Phrase, phrase
from . import combat, move_phase, objectives
from .actions import ACTIONS
from .phases import PHASE_LEGAL
from .state import fork

State = dict[str, Any]
Action = dict[str, Any]

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


def _legal(state: State, seat: int) -> list[Action]:
    if state["over"] or seat not in to_act(state):
        return []
    phase = state["phase"]
    out = PHASE_LEGAL[phase](state, seat)
    if phase in REVEAL_PHASES:
        out += objectives.reveal_legal(state, seat)
    return out


# A bot asks for the list and `apply` then checks its choice against it: the second is free.
legal_actions = LegalMemo(_legal, fork)


def apply(state: State, seat: int, action: Action) -> State:
    check_action(ACTIONS, action, "Scythe")
    if state["over"] or seat not in to_act(state):
        raise IllegalAction(refusal(state, seat, action))
    work = _checked_copy(state, seat, action)
    if work is None:
        raise IllegalAction(refusal(state, seat, action))
    ACTIONS[action["type"]].handler(work, seat, action)
    return work


def apply_trusted(state: State, seat: int, action: Action) -> State:
    """apply without validation, for an action taken from legal_actions (bots' lookahead)."""
    state = fork(state)
    ACTIONS[action["type"]].handler(state, seat, action)
    return state


def _checked_copy(state: State, seat: int, action: Action) -> State | None:
    """The working copy to apply a legal action to (None: not legal). A move step is checked
    directly (cheaper than listing every step of every unit)."""
    if action["type"] == "step" and state["phase"] == "move":
        if not move_phase.allowed(state, seat, action):
            return None
        return legal_actions.working_copy(state, seat)
    return legal_actions.claim(state, seat, action)


# The reasons are phrases (games.core.words): the site shows them in the player's language.
_REASONS = {
    "section": phrase("Choose a section of your player mat other than last turn's."),
    "top": phrase("That top-row action is not available (check its cost)."),
    "move": phrase("That unit cannot move there now."),
    "combat": phrase(
        "Choose a dial value up to your power (at most 7), then up to one card per unit."
    ),
    "bottom": phrase("You cannot pay for or place that bottom-row action."),
}


def refusal(state: State, seat: int, action: Action) -> Phrase:
    """Why a well-formed action is refused: a sentence a player understands."""
    if state["over"]:
        return phrase("The game is over.")
    if seat not in to_act(state):
        return phrase("It is not your turn to act.")
    found = _REASONS.get(state["phase"])
    return found or phrase("{choice} is not possible now.", choice=action["type"])


# The quiet choices, in order of preference, when a seat's clock runs out.
_QUIET = ("commit", "skip", "end_move", "done", "end_turn")


def timeout_action(state: State, seat: int) -> Action | None:
    """When a seat's clock runs out: the quiet choice (reveal a zero dial, skip, end the move or
    the turn); in the section phase, the first section allowed."""
    actions = legal_actions.shared(state, seat)
    for kind in _QUIET:
        for action in actions:
            if action["type"] == kind:
                return action
    dials = [a for a in actions if a["type"] == "dial"]
    if dials:
        return dials[0]
    return actions[0] if actions else None
