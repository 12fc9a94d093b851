"""Every Scythe action type, declared once: its fields and their types, its handler
(handlers.py), its log line and its button (text.py). Adding an action type is one entry here,
plus the handler it calls and, if it has a phase of its own, the choices in phases.py.

The order of a turn (Scythe, How to play): `section` -> a top action and its sub-steps -> the
combats -> an encounter -> the Factory -> a bottom action -> `end_turn`; `reveal` in between.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import ActionSpec, Handler
from . import handlers as h
from . import text as t
from .stars import check_stars

State = dict[str, Any]
Action = dict[str, Any]


def _may_earn_stars(handler: Handler) -> Handler:
    """Scythe, Placing stars: an action that can complete upgrades, mechs, structures,
    recruits, workers, popularity or power checks the stars after it, the acting player first
    even if its turn just ended (combat and objective stars are placed where they are won)."""

    def apply_and_check(state: State, seat: int, action: Action) -> None:
        handler(state, seat, action)
        if not state["over"]:
            check_stars(state, seat)

    return apply_and_check


_SECRET = "chose in secret for the combat"  # the dial and cards stay untold (Scythe, Combat)

ACTIONS: dict[str, ActionSpec] = {
    # --- the section, then the top action ---
    "section": ActionSpec(
        h.choose_section, {"n": int}, narrate=t.took_section, label=t.take_section
    ),
    "move": ActionSpec(h.start_move, narrate=t.said("chose Move"), label=t.shown("Move units")),
    "gain": ActionSpec(
        h.gain_coins, narrate=t.said("chose Gain coins"), label=t.shown("Gain coins")
    ),
    "bolster": ActionSpec(
        _may_earn_stars(h.bolster),
        {"gain": str},
        narrate=t.said("bolstered {gain}"),
        label=t.shown("Bolster: {gain}"),
    ),
    "trade": ActionSpec(
        _may_earn_stars(h.trade),
        {"gain": str},
        narrate=t.said("traded for {gain}"),
        label=t.shown("Trade for {gain}"),
    ),
    "produce": ActionSpec(h.produce, narrate=t.said("chose Produce"), label=t.shown("Produce")),
    "factory_top": ActionSpec(
        _may_earn_stars(h.use_factory_top),
        optional={"choice": str},
        narrate=t.said("used the Factory card"),
        label=t.use_factory_card,
    ),
    "skip": ActionSpec(
        h.skip_top,
        narrate=t.said("skipped the top action"),
        label=t.shown("Skip the top action"),
    ),
    # --- the top action's sub-steps: moving, placing, producing ---
    "step": ActionSpec(
        h.take_step,
        {"unit": str, "to": str, "workers": int, "carry": str},
        narrate=t.moved,
        label=t.move_step,
    ),
    "load": ActionSpec(
        h.load_token,
        {"res": str},
        narrate=t.said("carried 1 {res} along"),
        label=t.shown("Carry 1 {res} along"),
    ),
    "end_move": ActionSpec(
        h.stop_moving, narrate=t.said("ended the move"), label=t.shown("Stop moving")
    ),
    "place": ActionSpec(
        _may_earn_stars(h.place_token),
        {"res": str, "hex": str},
        narrate=t.said("placed 1 {res} on {hex}"),
        label=t.shown("Put 1 {res} on {where}"),
    ),
    "produce_at": ActionSpec(
        _may_earn_stars(h.produce_on),
        {"hex": str},
        optional={"count": int},
        narrate=t.produced_on,
        label=t.produce_on,
    ),
    "done": ActionSpec(_may_earn_stars(h.done), narrate=t.said("finished"), label=t.shown("Done")),
    # --- combat ---
    "fight": ActionSpec(
        h.pick_fight,
        {"hex": str},
        narrate=t.said("started the combat on {hex}"),
        label=t.shown("Fight on {hex}"),
    ),
    "artillery": ActionSpec(h.fire_artillery, {"fire": bool}, narrate=t.fired, label=t.fire),
    "dial": ActionSpec(
        h.choose_in_combat, {"power": int}, narrate=t.said(_SECRET), label=t.shown("Dial {power}")
    ),
    "card": ActionSpec(
        h.choose_in_combat,
        {"value": int},
        narrate=t.said(_SECRET),
        label=t.shown("Add a {value} card"),
    ),
    "commit": ActionSpec(
        h.choose_in_combat,
        narrate=t.said("locked in a combat choice"),
        label=t.shown("Reveal when ready"),
    ),
    "retreat": ActionSpec(
        h.retreat,
        {"to": str},
        optional={"workers": int},
        narrate=t.retreated,
        label=t.retreat,
    ),
    # --- encounters and the Factory ---
    "encounter": ActionSpec(
        _may_earn_stars(h.choose_encounter),
        {"option": int},
        narrate=t.said("chose encounter option {option}"),
        label=t.shown("Encounter option {option}"),
    ),
    "benefit": ActionSpec(
        _may_earn_stars(h.take_benefit),
        {"what": str, "amount": int},
        narrate=t.took_benefit,
        label=t.take_benefit,
    ),
    "factory_card": ActionSpec(
        h.take_factory_card,
        {"card": int},
        narrate=t.said("took a Factory card"),
        label=t.shown("Take Factory card {card}"),
    ),
    # --- the bottom action and its cost ---
    "upgrade": ActionSpec(
        _may_earn_stars(h.bottom_effect),
        {"top": str, "bottom": str},
        narrate=t.said("upgraded {top} and {bottom}"),
        label=t.shown("Upgrade {top} / {bottom}"),
    ),
    "deploy": ActionSpec(
        _may_earn_stars(h.bottom_effect),
        {"mech": int, "hex": str},
        narrate=t.said("deployed a mech on {hex}"),
        label=t.shown("Deploy mech {mech} on {where}"),
    ),
    "build": ActionSpec(
        _may_earn_stars(h.bottom_effect),
        {"kind": str, "hex": str},
        narrate=t.said("built a {kind} on {hex}"),
        label=t.shown("Build a {kind} on {where}"),
    ),
    "enlist": ActionSpec(
        _may_earn_stars(h.bottom_effect),
        {"section": str, "bonus": str},
        narrate=t.said("enlisted the {section} recruit for {bonus}"),
        label=t.shown("Enlist the {section} recruit ({bonus})"),
    ),
    "pay": ActionSpec(
        _may_earn_stars(h.pay_only),
        {"action": str},
        narrate=t.said("paid for {action}"),
        label=t.shown("Pay for {action} (coins and bonuses only)"),
    ),
    "pay_from": ActionSpec(
        _may_earn_stars(h.pay_from), {"hex": str}, narrate=t.paid_from, label=t.pay_from
    ),
    "coerce": ActionSpec(_may_earn_stars(h.coerce), narrate=t.coerced, label=t.coerce),
    "decline_coins": ActionSpec(
        h.decline_coins,
        narrate=t.said("chose not to take the bottom action's coins"),
        label=t.shown("Decline the coins"),
    ),
    "factory_move": ActionSpec(
        h.start_factory_move,
        narrate=t.said("chose the Factory card's Move"),
        label=t.shown("Move (Factory card)"),
    ),
    "end_turn": ActionSpec(
        h.end_turn_now, narrate=t.said("ended the turn"), label=t.shown("End the turn")
    ),
    # --- objectives (Scythe, Objectives: before or after the top action, after the bottom) ---
    "reveal": ActionSpec(
        h.reveal_objective,
        {"card": int},
        narrate=t.said("revealed objective {card}"),
        label=t.shown("Reveal objective {card}"),
    ),
}
