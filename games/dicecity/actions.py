"""Every Dice City action type, declared once: its fields, its handler (turn.py), its log line
and its button text. Adding an action type is one entry here, plus the handler it calls.

Log lines read what happened from the state after the move (`after`), never by applying it again;
the ones ending with the gains ("used Quarry: +2 stone") compare the seat before and after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import ActionSpec, StrList
from games.core.words import Phrase, phrase, term

from . import cards as C
from . import turn
from .text import amounts, at, card, die, gains, under_die

State = dict[str, Any]
Action = dict[str, Any]
Words = Callable[[State, int, Action], Phrase]
Narrate = Callable[[State, int, Action, State], Phrase]


def _says(words: Words) -> Narrate:
    """A log line told from the state before the move alone."""

    def narrate(s: State, seat: int, a: Action, after: State) -> Phrase:
        return words(s, seat, a)

    return narrate


def _says_with_gains(words: Words) -> Narrate:
    """A log line ending with what the move changed for the seat ("used Quarry: +2 stone")."""

    def narrate(s: State, seat: int, a: Action, after: State) -> Phrase:
        base = words(s, seat, a)
        change = gains(s, after, seat)
        return phrase("{base}: {change}", base=base, change=change) if change else base

    return narrate


def _with_die(words: Words) -> Words:
    """The button of something done with a die instead of using it: "Red die: pass ..."."""

    def label(s: State, seat: int, a: Action) -> Phrase:
        return phrase(
            "{Die} die: {words}", Die=term(a["die"].capitalize()), words=words(s, seat, a)
        )

    return label


def _discarded(s: State, seat: int, a: Action) -> Phrase:
    if s["pending"] and s["pending"].get("left") == 1:
        return phrase("discarded {card} from the display and revealed {n} new cards",
                      card=card(a["card"]), n=min(4, len(s["deck"])))  # fmt: skip
    return phrase("discarded {card} from the display", card=card(a["card"]))


def _placed(s: State, seat: int, a: Action) -> Phrase:
    covered = at(s, seat, a["row"], a["col"])
    return phrase("built {card} on {row} {col}, covering {covered}",
                  card=card(s["pending"]["card"]), row=die(a["row"]), col=a["col"],
                  covered=covered)  # fmt: skip


def _shipped(s: State, seat: int, a: Action) -> Phrase:
    ship = C.SHIPS[a["ship"] - 1]
    return phrase("exported {cost} on a trade ship: +{vp} VP",
                  cost=amounts(ship["cost"]), vp=ship["vp"])  # fmt: skip


def _bandits_button(s: State, seat: int, a: Action) -> Phrase:
    pile = C.BANDITS[a["pile"] - 1]
    return phrase("Defeat bandits (defense {defense}, {vp} VP)",
                  defense=pile["defense"], vp=pile["vp"])  # fmt: skip


def _ship_button(s: State, seat: int, a: Action) -> Phrase:
    ship = C.SHIPS[a["ship"] - 1]
    return phrase("Trade ship for {vp} VP ({cost})", vp=ship["vp"], cost=amounts(ship["cost"]))


def _exchange_button(s: State, seat: int, a: Action) -> Phrase:
    each = s["pending"]["gain_each"] if s.get("pending") else 2
    return phrase("Pay {amount} {pay}, gain {gained} {gain}", amount=a["amount"],
                  pay=term(a["pay"]), gained=a["amount"] * each, gain=term(a["gain"]))  # fmt: skip


def _location(s: State, seat: int, a: Action) -> Phrase:
    """'Manor (red 3)' in the city of the action's seat field (attacks) or the actor's."""
    owner = a.get("seat", seat)
    return phrase("{place} ({row} {col})", place=at(s, owner, a["row"], a["col"]),
                  row=die(a["row"]), col=a["col"])  # fmt: skip


def _player(a: Action) -> str:
    """The seat an attack names, as "player N": the site puts the display name in its place,
    so it stays out of the translation."""
    return f"player {a['seat'] + 1}"


DIE = {"die": str}
SPACE = {"row": str, "col": int}

# Dice City, "Utilice el paso de dados": each die does one of these, in any order.
DICE_STEP: dict[str, ActionSpec] = {
    "use": ActionSpec(
        turn.use,
        DIE,
        narrate=_says_with_gains(
            lambda s, seat, a: phrase("used {place}", place=under_die(s, seat, a["die"]))
        ),
        label=lambda s, seat, a: phrase(
            "Use {place} ({die} die)", place=under_die(s, seat, a["die"]), die=die(a["die"])
        ),
    ),
    "move": ActionSpec(
        turn.move,
        {"die": str, "other": str, "col": int},
        narrate=_says(
            lambda s, seat, a: phrase(
                "used the {die} die to move the {other} die to column {col}",
                die=die(a["die"]),
                other=die(a["other"]),
                col=a["col"],
            )
        ),
        label=_with_die(
            lambda s, seat, a: phrase(
                "move the {other} die to column {col}", other=die(a["other"]), col=a["col"]
            )
        ),
    ),
    "refresh": ActionSpec(
        turn.refresh,
        DIE,
        narrate=_says(
            lambda s, seat, a: phrase(
                "used the {die} die to refresh the display", die=die(a["die"])
            )
        ),
        label=_with_die(lambda s, seat, a: phrase("discard 4 display cards, reveal 4")),
    ),
    "reactivate": ActionSpec(
        turn.reactivate,
        {"die": str, **SPACE},
        narrate=_says(
            lambda s, seat, a: phrase(
                "used the {die} die to reactivate {place}",
                die=die(a["die"]),
                place=_location(s, seat, a),
            )  # fmt: skip
        ),
        label=_with_die(
            lambda s, seat, a: phrase("reactivate {place}", place=_location(s, seat, a))
        ),
    ),
    "pass": ActionSpec(
        turn.pass_die,
        DIE,
        narrate=_says(
            lambda s, seat, a: phrase("passed with the {die} die: +1 pass token", die=die(a["die"]))
        ),
        label=_with_die(lambda s, seat, a: phrase("pass for a pass token")),
    ),
    # Two pass tokens buy a resource or +1 army, or make everyone else re-roll a die.
    "spend_passes": ActionSpec(
        turn.spend_passes,
        {"gain": str},
        narrate=_says_with_gains(lambda s, seat, a: phrase("spent 2 pass tokens")),
        label=lambda s, seat, a: phrase("Spend 2 pass tokens: +1 {gain}", gain=term(a["gain"])),
    ),
    "force_reroll": ActionSpec(
        turn.force_reroll,
        DIE,
        narrate=_says(
            lambda s, seat, a: phrase(
                "spent 2 pass tokens: everyone else re-rolls their {die} die", die=die(a["die"])
            )
        ),
        label=lambda s, seat, a: phrase(
            "Spend 2 pass tokens: everyone else re-rolls {die}", die=die(a["die"])
        ),
    ),
    "end_dice": ActionSpec(
        turn.end_dice,
        narrate=_says(lambda s, seat, a: phrase("ended the dice step")),
        label=lambda s, seat, a: phrase("End the dice step"),
    ),
}

# Dice City, "Paso de ataque": every attack the army strength allows.
ATTACK_STEP: dict[str, ActionSpec] = {
    "attack_bandits": ActionSpec(
        turn.attack_bandits,
        {"pile": int},
        narrate=_says_with_gains(
            lambda s, seat, a: phrase(
                "defeated bandits (defense {defense})", defense=C.BANDITS[a["pile"] - 1]["defense"]
            )
        ),
        label=_bandits_button,
    ),
    "attack_location": ActionSpec(
        turn.attack_location,
        {"seat": int, **SPACE},
        narrate=_says_with_gains(
            lambda s, seat, a: phrase(
                "deactivated {player}'s {place}", player=_player(a), place=_location(s, seat, a)
            )  # fmt: skip
        ),
        label=lambda s, seat, a: phrase(
            "Attack {player}'s {place}", player=_player(a), place=_location(s, seat, a)
        ),
    ),
    "raid": ActionSpec(
        turn.raid,
        {"seat": int, "resource": str},
        narrate=_says_with_gains(
            lambda s, seat, a: phrase("raided {player}'s stock", player=_player(a))
        ),
        label=lambda s, seat, a: phrase(
            "Take 1 {resource} from {player}", resource=term(a["resource"]), player=_player(a)
        ),
    ),
    "end_attacks": ActionSpec(
        turn.end_attacks,
        narrate=_says(lambda s, seat, a: phrase("ended the attack step")),
        label=lambda s, seat, a: phrase("End the attack step"),
    ),
}

# Dice City, "Paso de construcción y comercio": build and trade as the stock pays for.
BUILD_STEP: dict[str, ActionSpec] = {
    "build": ActionSpec(
        turn.build,
        {"card": str},
        narrate=_says(
            lambda s, seat, a: phrase(
                "bought {card} for {cost}", card=card(a["card"]), cost=amounts(C.cost(a["card"]))
            )
        ),
        label=lambda s, seat, a: phrase(
            "Build {card} ({cost})", card=card(a["card"]), cost=amounts(C.cost(a["card"]))
        ),
    ),
    "trade": ActionSpec(turn.trade, {"ship": int}, narrate=_says(_shipped), label=_ship_button),
    "end_turn": ActionSpec(
        turn.end_turn,
        narrate=_says(lambda s, seat, a: phrase("ended the turn")),
        label=lambda s, seat, a: phrase("End the turn"),
    ),
}

# Follow-up choices (state["pending"]): of a refresh, a build, a location's ability, and of the
# table option "full_rows_choice" (the player who fills two rows decides whether the game ends).
FOLLOW_UPS: dict[str, ActionSpec] = {
    "discard": ActionSpec(
        turn.discard,
        {"card": str},
        narrate=_says(_discarded),
        label=lambda s, seat, a: phrase("Discard {card} from the display", card=card(a["card"])),
    ),
    "place": ActionSpec(
        turn.place,
        SPACE,
        narrate=_says(_placed),
        label=lambda s, seat, a: phrase(
            "Place on {row} {col} (over {covered})",
            row=die(a["row"]),
            col=a["col"],
            covered=at(s, seat, a["row"], a["col"]),
        ),
    ),
    "end_game": ActionSpec(
        turn.end_game,
        narrate=_says(lambda s, seat, a: phrase("chose to end the game (two full rows)")),
        label=lambda s, seat, a: phrase("End the game (two full rows)"),
    ),
    "play_on": ActionSpec(
        turn.play_on,
        narrate=_says(lambda s, seat, a: phrase("chose to play on")),
        label=lambda s, seat, a: phrase("Play on"),
    ),
    "exchange": ActionSpec(
        turn.exchange,
        {"pay": str, "amount": int, "gain": str},
        narrate=_says_with_gains(
            lambda s, seat, a: phrase(
                "traded {amount} {pay}", amount=a["amount"], pay=term(a["pay"])
            )
        ),
        label=_exchange_button,
    ),
    "move_die": ActionSpec(
        turn.move_die,
        {"die": str, "col": int},
        narrate=_says_with_gains(lambda s, seat, a: phrase("moved a die")),
        label=lambda s, seat, a: phrase(
            "Move the {die} die to column {col}", die=die(a["die"]), col=a["col"]
        ),
    ),
    "reroll": ActionSpec(
        turn.reroll_dice,
        {"dice": StrList},
        narrate=_says_with_gains(
            lambda s, seat, a: phrase("re-rolled {dice}", dice=[die(d) for d in a["dice"]])
        ),
        label=lambda s, seat, a: phrase("Re-roll {dice}", dice=[die(d) for d in a["dice"]]),
    ),
    "copy": ActionSpec(
        turn.copy_location,
        SPACE,
        narrate=_says_with_gains(
            lambda s, seat, a: phrase("copied {place}", place=at(s, seat, a["row"], a["col"]))
        ),
        label=lambda s, seat, a: phrase("Copy {place}", place=_location(s, seat, a)),
    ),
    "statue": ActionSpec(
        turn.statue,
        {"stone": int, "iron": int},
        narrate=_says_with_gains(lambda s, seat, a: phrase("paid extra for the Grand Statue")),
        label=lambda s, seat, a: phrase(
            "Pay {stone} stone and {iron} iron more: +{vp} VP",
            stone=a["stone"],
            iron=a["iron"],
            vp=a["stone"] + a["iron"],
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
