"""Every Dice City action type, declared once: its fields, its handler (turn.py), its log line
and its button text. Adding an action type is one entry here, plus the handler it calls.

Log lines read what happened from the state after the move (`after`), never by applying it again;
the ones ending with the gains ("used Quarry: +2 stone") compare the seat before and after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import ActionSpec, StrList

from . import cards as C
from . import turn
from .text import amounts, at, gains, under_die

State = dict[str, Any]
Action = dict[str, Any]
Words = Callable[[State, int, Action], str]
Narrate = Callable[[State, int, Action, State], str]


def _says(words: Words) -> Narrate:
    """A log line told from the state before the move alone."""

    def narrate(s: State, seat: int, a: Action, after: State) -> str:
        return words(s, seat, a)

    return narrate


def _says_with_gains(words: Words) -> Narrate:
    """A log line ending with what the move changed for the seat ("used Quarry: +2 stone")."""

    def narrate(s: State, seat: int, a: Action, after: State) -> str:
        base = words(s, seat, a)
        change = gains(s, after, seat)
        return f"{base}: {change}" if change else base

    return narrate


def _with_die(words: Words) -> Words:
    """The button of something done with a die instead of using it: "Red die: pass ..."."""

    def label(s: State, seat: int, a: Action) -> str:
        return f"{a['die'].capitalize()} die: {words(s, seat, a)}"

    return label


def _discarded(s: State, seat: int, a: Action) -> str:
    text = f"discarded {C.name(a['card'])} from the display"
    if s["pending"] and s["pending"].get("left") == 1:
        text += f" and revealed {min(4, len(s['deck']))} new cards"
    return text


def _placed(s: State, seat: int, a: Action) -> str:
    covered = at(s, seat, a["row"], a["col"])
    return f"built {C.name(s['pending']['card'])} on {a['row']} {a['col']}, covering {covered}"


def _shipped(s: State, seat: int, a: Action) -> str:
    ship = C.SHIPS[a["ship"] - 1]
    return f"exported {amounts(ship['cost'])} on a trade ship: +{ship['vp']} VP"


def _bandits_button(s: State, seat: int, a: Action) -> str:
    pile = C.BANDITS[a["pile"] - 1]
    return f"Defeat bandits (defense {pile['defense']}, {pile['vp']} VP)"


def _ship_button(s: State, seat: int, a: Action) -> str:
    ship = C.SHIPS[a["ship"] - 1]
    return f"Trade ship for {ship['vp']} VP ({amounts(ship['cost'])})"


def _exchange_button(s: State, seat: int, a: Action) -> str:
    each = s["pending"]["gain_each"] if s.get("pending") else 2
    return f"Pay {a['amount']} {a['pay']}, gain {a['amount'] * each} {a['gain']}"


def _location(s: State, seat: int, a: Action) -> str:
    """'Manor (red 3)' in the city of the action's seat field (attacks) or the actor's."""
    owner = a.get("seat", seat)
    return f"{at(s, owner, a['row'], a['col'])} ({a['row']} {a['col']})"


DIE = {"die": str}
SPACE = {"row": str, "col": int}

# Dice City, "Utilice el paso de dados": each die does one of these, in any order.
DICE_STEP: dict[str, ActionSpec] = {
    "use": ActionSpec(
        turn.use,
        DIE,
        narrate=_says_with_gains(lambda s, seat, a: f"used {under_die(s, seat, a['die'])}"),
        label=lambda s, seat, a: f"Use {under_die(s, seat, a['die'])} ({a['die']} die)",
    ),
    "move": ActionSpec(
        turn.move,
        {"die": str, "other": str, "col": int},
        narrate=_says(
            lambda s, seat, a: (
                f"used the {a['die']} die to move the {a['other']} die to column {a['col']}"
            )
        ),
        label=_with_die(lambda s, seat, a: f"move the {a['other']} die to column {a['col']}"),
    ),
    "refresh": ActionSpec(
        turn.refresh,
        DIE,
        narrate=_says(lambda s, seat, a: f"used the {a['die']} die to refresh the display"),
        label=_with_die(lambda s, seat, a: "discard 4 display cards, reveal 4"),
    ),
    "reactivate": ActionSpec(
        turn.reactivate,
        {"die": str, **SPACE},
        narrate=_says(
            lambda s, seat, a: f"used the {a['die']} die to reactivate {_location(s, seat, a)}"
        ),
        label=_with_die(lambda s, seat, a: f"reactivate {_location(s, seat, a)}"),
    ),
    "pass": ActionSpec(
        turn.pass_die,
        DIE,
        narrate=_says(lambda s, seat, a: f"passed with the {a['die']} die: +1 pass token"),
        label=_with_die(lambda s, seat, a: "pass for a pass token"),
    ),
    # Two pass tokens buy a resource or +1 army, or make everyone else re-roll a die.
    "spend_passes": ActionSpec(
        turn.spend_passes,
        {"gain": str},
        narrate=_says_with_gains(lambda s, seat, a: "spent 2 pass tokens"),
        label=lambda s, seat, a: f"Spend 2 pass tokens: +1 {a['gain']}",
    ),
    "force_reroll": ActionSpec(
        turn.force_reroll,
        DIE,
        narrate=_says(
            lambda s, seat, a: f"spent 2 pass tokens: everyone else re-rolls their {a['die']} die"
        ),
        label=lambda s, seat, a: f"Spend 2 pass tokens: everyone else re-rolls {a['die']}",
    ),
    "end_dice": ActionSpec(
        turn.end_dice,
        narrate=_says(lambda s, seat, a: "ended the dice step"),
        label=lambda s, seat, a: "End the dice step",
    ),
}

# Dice City, "Paso de ataque": every attack the army strength allows.
ATTACK_STEP: dict[str, ActionSpec] = {
    "attack_bandits": ActionSpec(
        turn.attack_bandits,
        {"pile": int},
        narrate=_says_with_gains(
            lambda s, seat, a: f"defeated bandits (defense {C.BANDITS[a['pile'] - 1]['defense']})"
        ),
        label=_bandits_button,
    ),
    "attack_location": ActionSpec(
        turn.attack_location,
        {"seat": int, **SPACE},
        narrate=_says_with_gains(
            lambda s, seat, a: f"deactivated player {a['seat'] + 1}'s {_location(s, seat, a)}"
        ),
        label=lambda s, seat, a: f"Attack player {a['seat'] + 1}'s {_location(s, seat, a)}",
    ),
    "raid": ActionSpec(
        turn.raid,
        {"seat": int, "resource": str},
        narrate=_says_with_gains(lambda s, seat, a: f"raided player {a['seat'] + 1}'s stock"),
        label=lambda s, seat, a: f"Take 1 {a['resource']} from player {a['seat'] + 1}",
    ),
    "end_attacks": ActionSpec(
        turn.end_attacks,
        narrate=_says(lambda s, seat, a: "ended the attack step"),
        label=lambda s, seat, a: "End the attack step",
    ),
}

# Dice City, "Paso de construcción y comercio": build and trade as the stock pays for.
BUILD_STEP: dict[str, ActionSpec] = {
    "build": ActionSpec(
        turn.build,
        {"card": str},
        narrate=_says(
            lambda s, seat, a: f"bought {C.name(a['card'])} for {amounts(C.cost(a['card']))}"
        ),
        label=lambda s, seat, a: f"Build {C.name(a['card'])} ({amounts(C.cost(a['card']))})",
    ),
    "trade": ActionSpec(turn.trade, {"ship": int}, narrate=_says(_shipped), label=_ship_button),
    "end_turn": ActionSpec(
        turn.end_turn,
        narrate=_says(lambda s, seat, a: "ended the turn"),
        label=lambda s, seat, a: "End the turn",
    ),
}

# Follow-up choices (state["pending"]): of a refresh, a build, a location's ability, and of the
# table option "full_rows_choice" (the player who fills two rows decides whether the game ends).
FOLLOW_UPS: dict[str, ActionSpec] = {
    "discard": ActionSpec(
        turn.discard,
        {"card": str},
        narrate=_says(_discarded),
        label=lambda s, seat, a: f"Discard {C.name(a['card'])} from the display",
    ),
    "place": ActionSpec(
        turn.place,
        SPACE,
        narrate=_says(_placed),
        label=lambda s, seat, a: (
            f"Place on {a['row']} {a['col']} (over {at(s, seat, a['row'], a['col'])})"
        ),
    ),
    "end_game": ActionSpec(
        turn.end_game,
        narrate=_says(lambda s, seat, a: "chose to end the game (two full rows)"),
        label=lambda s, seat, a: "End the game (two full rows)",
    ),
    "play_on": ActionSpec(
        turn.play_on,
        narrate=_says(lambda s, seat, a: "chose to play on"),
        label=lambda s, seat, a: "Play on",
    ),
    "exchange": ActionSpec(
        turn.exchange,
        {"pay": str, "amount": int, "gain": str},
        narrate=_says_with_gains(lambda s, seat, a: f"traded {a['amount']} {a['pay']}"),
        label=_exchange_button,
    ),
    "move_die": ActionSpec(
        turn.move_die,
        {"die": str, "col": int},
        narrate=_says_with_gains(lambda s, seat, a: "moved a die"),
        label=lambda s, seat, a: f"Move the {a['die']} die to column {a['col']}",
    ),
    "reroll": ActionSpec(
        turn.reroll_dice,
        {"dice": StrList},
        narrate=_says_with_gains(lambda s, seat, a: "re-rolled " + ", ".join(a["dice"])),
        label=lambda s, seat, a: "Re-roll " + ", ".join(a["dice"]),
    ),
    "copy": ActionSpec(
        turn.copy_location,
        SPACE,
        narrate=_says_with_gains(lambda s, seat, a: f"copied {at(s, seat, a['row'], a['col'])}"),
        label=lambda s, seat, a: f"Copy {_location(s, seat, a)}",
    ),
    "statue": ActionSpec(
        turn.statue,
        {"stone": int, "iron": int},
        narrate=_says_with_gains(lambda s, seat, a: "paid extra for the Grand Statue"),
        label=lambda s, seat, a: (
            f"Pay {a['stone']} stone and {a['iron']} iron more: +{a['stone'] + a['iron']} VP"
        ),
    ),
}

ACTIONS: dict[str, ActionSpec] = {**DICE_STEP, **ATTACK_STEP, **BUILD_STEP, **FOLLOW_UPS}
# The step each of the turn's own actions belongs to, for the refusal that names it.
STEP_OF: dict[str, str] = {
    **dict.fromkeys(DICE_STEP, "dice"),
    **dict.fromkeys(ATTACK_STEP, "attack"),
    **dict.fromkeys(BUILD_STEP, "build"),
}
