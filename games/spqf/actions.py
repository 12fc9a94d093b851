"""Every SPQF action type, declared once: its fields, its handler (flow.py, draft.py), its log
line and its button text. Adding an action type is one entry here, plus the handler it calls.

Log lines tell the move and then what the resolution it triggered gave, read from the state
after the move (`after`), never by applying it again (text.everyone_gains).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import ActionSpec
from games.core.actions import FieldType, Handler
from games.core.words import Phrase, phrase, term

from . import draft, flow
from .cards import COLOR_NAME
from .text import card_name, color_name, followed, told

State = dict[str, Any]
Action = dict[str, Any]
Words = Callable[[State, int, Action], Phrase]
Narrate = Callable[[State, int, Action, State], Phrase]

CARD: dict[str, FieldType] = {"card": int}
COLOR: dict[str, FieldType] = {"color": str}


def _told(words: Words) -> Narrate:
    """The move's words, then what it gave everyone (public counts only: safe for all)."""

    def narrate(s: State, seat: int, a: Action, after: State) -> Phrase:
        return told(words(s, seat, a), s, after, seat)

    return narrate


def _words(template: str) -> Words:
    """Words naming the action's card and colour: "recruited {card}", "Store a {color} cube"."""

    def words(s: State, seat: int, a: Action) -> Phrase:
        args = {"card": card_name(a.get("card")), "color": color_name(a)}
        return Phrase(template, {k: v for k, v in args.items() if "{" + k in template})

    return words


def _unit(fields: Mapping[str, FieldType], log: str | Words, button: str | Words) -> ActionSpec:
    """A choice while an action resolves (step "unit"): each one is a unit of the job."""
    return _spec(flow.unit, fields, log, button)


def _spec(
    handler: Handler, fields: Mapping[str, FieldType], log: str | Words, button: str | Words
) -> ActionSpec:
    says = _words(log) if isinstance(log, str) else log
    label = _words(button) if isinstance(button, str) else button
    return ActionSpec(handler, fields, narrate=_told(says), label=label)


def _modifier(from_hand: str, stored: str) -> Words:
    """Words naming a modifier from the hand or a stored one: "added stored Hazel Orchard"."""

    def words(s: State, seat: int, a: Action) -> Phrase:
        if "stored" in a:
            return phrase(stored, card=card_name(a["stored"]))
        return phrase(from_hand, card=card_name(a["card"]))

    return words


def _go(s: State, seat: int, a: Action) -> Phrase:
    color = a.get("color")
    if color:
        return phrase("resolves, choosing {color}", color=term(COLOR_NAME[color]))
    return phrase("finished modifying")


def _go_button(s: State, seat: int, a: Action) -> Phrase:
    color = a.get("color")
    return (
        phrase("Resolve with {color}", color=term(COLOR_NAME[color])) if color else term("Resolve")
    )


def _took(s: State, seat: int, a: Action) -> Phrase:
    color = color_name(a)
    if color == "stored":
        return phrase("gathered the stored colours")
    return phrase("gathered 1 {color}", color=color)


def _take_button(s: State, seat: int, a: Action) -> Phrase:
    color = color_name(a)
    if color == "stored":
        return phrase("Gather the stored colours")
    return phrase("Gather 1 {color}", color=color)


def _score_button(s: State, seat: int, a: Action) -> Phrase:
    # "score_cubes" discards a cube of the card's colour; the other scoring kinds name "vp".
    if a["color"] in ("g", "b"):
        return phrase("Discard 1 {color} for 1 VP", color=term(COLOR_NAME[a["color"]]))
    return phrase("Score 1 VP")


# SPQF, the turn (Fase de acción, Siguiendo, Fase de reclutamiento) and the advanced draft.
TURN: dict[str, ActionSpec] = {
    "pick": ActionSpec(
        draft.pick,
        CARD,
        # A pick is secret until the end (text.public_action): the log never names the card.
        narrate=lambda s, seat, a, after: phrase("drafted a card"),
        label=_words("Draft {card}"),
    ),
    "play": _spec(flow.play_from_hand, CARD, "played {card} as the action card", "Play {card}"),
    "pass": _spec(
        flow.pass_turn, {}, "passed the rest of the action phase", "Pass (go to recruit)"
    ),
    "modify": ActionSpec(
        flow.modify,
        optional={"card": int, "stored": int},
        one_of=("card", "stored"),
        narrate=_told(_modifier("added {card} as a modifier", "added stored {card} as a modifier")),
        label=_modifier("Modify with {card}", "Modify with stored {card}"),
    ),
    "go": ActionSpec(flow.go, optional=COLOR, narrate=_told(_go), label=_go_button),
    "follow": _spec(
        flow.follow,
        {"card": int, "action": int},
        lambda s, seat, a: phrase(
            "followed with {card}: {action}", card=card_name(a["card"]), action=followed(s, a)
        ),
        lambda s, seat, a: phrase(
            "Follow with {card}: {action}", card=card_name(a["card"]), action=followed(s, a)
        ),
    ),
    "decline": _spec(flow.decline, {}, "declined to follow", "Do not follow"),
    "first": _spec(
        flow.first,
        {"action": int},
        lambda s, seat, a: phrase("resolves first: {action}", action=followed(s, a)),
        lambda s, seat, a: phrase("First: {action}", action=followed(s, a)),
    ),
    # The recruit phase's choice and a unit of "recruit a card per modifier" alike.
    "recruit": _spec(flow.recruit, CARD, "recruited {card}", "Recruit {card}"),
}

# The choices of a resolving action (effects.py lists which are possible now).
UNITS: dict[str, ActionSpec] = {
    "take": _unit(COLOR, _took, _take_button),
    "store": _unit(CARD, "stored {card}", "Store {card}"),
    "stash": _unit(COLOR, "stored a {color} cube", "Store a {color} cube"),
    "bank": _unit(
        COLOR, "stored a {color} cube from the supply", "Store a {color} cube from the supply"
    ),
    "row": _unit(CARD, "chose {card} from a trade row", "Resolve {card} from the trade row"),
    "extra": _unit({}, "gained extra action cards", "Take the extra action cards"),
    "convert": _unit(COLOR, "converted a cube to {color}", "Convert a cube to {color}"),
    "trash": _unit(CARD, "trashed {card}", "Trash {card}"),
    "expand": _unit({}, "expanded the civilization", "Expand"),
    "discount": _unit(COLOR, "expanded, paying one {color} less", "Expand paying one {color} less"),
    "score": _unit(COLOR, "scored VP", _score_button),
    "stop": _unit({}, "stopped", "Stop here"),
}

ACTIONS: dict[str, ActionSpec] = {**TURN, **UNITS}
