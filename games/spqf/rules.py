"""to_act, legal_actions and apply: the decisions of each step, validated strictly; refusal says
why a well-formed action is refused, and timeout_action what a late follower does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import IllegalAction, LegalMemo, check_action
from games.core.words import Phrase, phrase, term

from . import effects, flow, tableau
from .actions import ACTIONS, UNITS
from .cards import CARDS
from .state import copy

State = dict[str, Any]
Action = dict[str, Any]


def to_act(s: State) -> tuple[int, ...]:
    step = s["step"]
    if step == "over":
        return ()
    if step == "draft":
        return tuple(i for i, done in enumerate(s["picked"]) if not done)
    if step == "follow":
        return (s["play"]["follower"],)
    if step == "unit":
        return (s["jobs"][0]["seat"],)
    return (s["active"],)


def _legal(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    step = s["step"]
    if step == "draft":
        return [{"type": "pick", "card": c} for c in s["packs"][seat]]
    if step == "choose":
        return [{"type": "play", "card": c} for c in flow.playable_hand(s)] + [{"type": "pass"}]
    if step == "modify":
        return flow.modify_options(s)
    if step == "follow":
        return flow.follow_options(s, seat) + [{"type": "decline"}]
    if step == "order":
        return [{"type": "first", "action": j["action"]} for j in s["jobs"] if j["seat"] == seat]
    if step == "unit":
        return effects.choices(s, s["jobs"][0])
    if step == "recruit":
        return [{"type": "recruit", "card": c} for c in tableau.recruitable(s, seat)]
    return []


legal_actions = LegalMemo(_legal, copy)


def apply(s: State, seat: int, action: Action) -> State:
    spec = check_action(ACTIONS, action, "SPQF")
    if seat not in to_act(s):
        over = s["step"] == "over"
        raise IllegalAction(
            phrase("The game is over.") if over else phrase("It is not your decision now.")
        )
    out = legal_actions.claim(s, seat, action)
    if out is None:
        raise IllegalAction(refusal(s, seat, action))
    spec.handler(out, seat, action)
    return out


def apply_trusted(s: State, seat: int, action: Action) -> State:
    """apply without validation, for an action taken from legal_actions (the search's
    play-outs)."""
    out = copy(s)
    ACTIONS[action["type"]].handler(out, seat, action)
    return out


# (type, step) -> why a well-formed action of that type is refused at that step: phrases
# (games.core.words), shown in the player's language.
_WHY: dict[tuple[str, str], Callable[[Phrase], Phrase]] = {
    ("play", "choose"): lambda name: phrase(
        "{name} cannot be played now: it is not in your hand, its cube cost cannot be paid, "
        "or none of its actions would change the game.",
        name=name,
    ),
    ("modify", "modify"): lambda name: phrase(
        "{name} cannot modify this action: it must share the action card's category (or be an "
        "oak leaf), a stored card helps once per turn, and binary-only cards take no modifiers.",
        name=name,
    ),
    ("follow", "follow"): lambda name: phrase(
        "{name} cannot follow that action: play a matching card from your hand, once per "
        "action, on an action that may be followed and that would change the game.",
        name=name,
    ),
}


def refusal(s: State, seat: int, action: Action) -> Phrase:
    """A sentence for a refused, well-formed action."""
    t = action["type"]
    step = s["step"]
    why = _WHY.get((t, step))
    if why is not None:
        return why(_name(action.get("card")))
    if t == "recruit":
        return phrase("Recruit from the central row or another player's trade row, never your own.")
    if t in UNITS and step == "unit":
        return phrase("That choice is not possible for this action now.")
    return phrase(
        "'{choice}' is not a choice at this point of the turn ({step}).", choice=t, step=step
    )


def _name(card: Any) -> Phrase:
    if isinstance(card, int) and 0 <= card < len(CARDS):
        return term(str(CARDS[card]["name"]))
    return term("that card")


def timeout_action(s: State, seat: int) -> Action | None:
    """A follower whose clock runs out declines to follow (the live-game follow time limit),
    and one resolving a followed action takes the first choice (or stops). The active player's
    own decisions have no default: running out of time forfeits, as the site does."""
    if seat not in to_act(s):
        return None
    if s["step"] == "follow":
        return {"type": "decline"}
    if s["step"] == "unit" and seat != s["active"]:
        options = legal_actions.shared(s, seat)
        stop = [a for a in options if a["type"] == "stop"]
        return dict((stop or options)[0])
    return None
