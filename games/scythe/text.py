"""Log sentences and button labels, safe for every viewer (no hidden card or dial)."""

from __future__ import annotations

from typing import Any

from ..core.notation import format_action
from .data import BOTTOM_RESOURCE, MATS, TERRAIN

State = dict[str, Any]
Action = dict[str, Any]

_SIMPLE = {
    "move": "chose Move",
    "gain": "chose Gain coins",
    "produce": "chose Produce",
    "skip": "skipped the top action",
    "end_move": "ended the move",
    "done": "finished",
    "commit": "locked in a combat choice",
    "end_turn": "ended the turn",
    "factory_move": "chose the Factory card's Move",
    "factory_top": "used the Factory card",
}


def narrate(state: State, seat: int, action: Action) -> str:
    kind = action["type"]
    if kind in ("dial", "card"):
        return "chose in secret for the combat"
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "section":
        return f"took section {_section_name(state, seat, action['n'])}"
    if kind == "step":
        text = f"moved {_unit(action['unit'])} to {action['to']}"
        if action.get("workers"):
            text += f" carrying {action['workers']} worker(s)"
        return text
    if kind == "bolster":
        return f"bolstered {action['gain']}"
    if kind == "trade":
        return f"traded for {action['gain']}"
    if kind == "place":
        return f"placed 1 {action['res']} on {action['hex']}"
    if kind == "load":
        return f"carried 1 {action['res']} along"
    if kind == "produce_at":
        return f"produced on {action['hex']}"
    if kind == "upgrade":
        return f"upgraded {action['top']} and {action['bottom']}"
    if kind == "deploy":
        return f"deployed a mech on {action['hex']}"
    if kind == "build":
        return f"built a {action['kind']} on {action['hex']}"
    if kind == "enlist":
        return f"enlisted the {action['section']} recruit for {action['bonus']}"
    if kind == "pay":
        return f"paid for {action['action']}"
    if kind == "pay_from":
        return f"paid 1 {_payment_kind(state)} from {action['hex']}"
    if kind == "coerce":
        return f"used Coercion: a combat card instead of 1 {_payment_kind(state)}"
    if kind == "fight":
        return f"started the combat on {action['hex']}"
    if kind == "artillery":
        return "fired Artillery" if action["fire"] else "held the Artillery"
    if kind == "retreat":
        if action["to"] == "home":
            return "retreated home"
        if action.get("workers"):
            return f"retreated onto {action['to']} with {action['workers']} worker(s)"
        return f"retreated onto {action['to']}"
    if kind == "encounter":
        return f"chose encounter option {action['option']}"
    if kind == "benefit":
        return f"took {_amount(action)} from the encounter"
    if kind == "factory_card":
        return "took a Factory card"
    if kind == "reveal":
        return f"revealed objective {action['card']}"
    return format_action(action)


_LABELS = {
    "move": "Move units",
    "gain": "Gain coins",
    "produce": "Produce",
    "skip": "Skip the top action",
    "end_move": "Stop moving",
    "done": "Done",
    "commit": "Reveal when ready",
    "end_turn": "End the turn",
    "factory_move": "Move (Factory card)",
    "factory_top": "Use the Factory card",
}


def label(state: State, seat: int, action: Action) -> str:
    """Button text, in the imperative."""
    kind = action["type"]
    if kind == "factory_top" and action.get("choice"):
        return f"Use the Factory card: {action['choice']}"
    if kind in _LABELS:
        return _LABELS[kind]
    if kind == "section":
        return f"Take {_section_name(state, seat, action['n'])}"
    if kind == "dial":
        return f"Dial {action['power']}"
    if kind == "card":
        return f"Add a {action['value']} card"
    if kind == "step":
        text = f"Move {_unit(action['unit'])} to {_where(action['to'])}"
        if action.get("workers"):
            text += f" with {action['workers']} worker(s)"
        if action.get("carry") == "all":
            text += " and the resources"
        elif action.get("carry") not in (None, "none"):
            text += f" and {carry_words(action['carry'])}"
        return text
    if kind == "bolster":
        return f"Bolster: {action['gain']}"
    if kind == "trade":
        return f"Trade for {action['gain']}"
    if kind == "place":
        return f"Put 1 {action['res']} on {_where(action['hex'])}"
    if kind == "load":
        return f"Carry 1 {action['res']} along"
    if kind == "produce_at":
        return f"Produce on {_where(action['hex'])}"
    if kind == "upgrade":
        return f"Upgrade {action['top']} / {action['bottom']}"
    if kind == "deploy":
        return f"Deploy mech {action['mech']} on {_where(action['hex'])}"
    if kind == "build":
        return f"Build a {action['kind']} on {_where(action['hex'])}"
    if kind == "enlist":
        return f"Enlist the {action['section']} recruit ({action['bonus']})"
    if kind == "pay":
        return f"Pay for {action['action']} (coins and bonuses only)"
    if kind == "pay_from":
        return f"Pay 1 {_payment_kind(state)} from {_where(action['hex'])}"
    if kind == "coerce":
        hand = state["players"][seat]["hand"]
        card = f"your {hand[0]} card" if hand else "a combat card"
        return f"Coercion: pay with {card} instead of 1 {_payment_kind(state)}"
    if kind == "fight":
        return f"Fight on {action['hex']}"
    if kind == "retreat":
        if action["to"] == "home":
            return "Retreat home"
        if action.get("workers"):
            return f"Retreat onto the lake {action['to']} with the {action['workers']} worker(s)"
        return f"Retreat onto the lake {action['to']} (workers home)"
    if kind == "artillery":
        return (
            "Fire Artillery (pay 1 power: -2 to the opponent)"
            if action["fire"]
            else ("Do not fire Artillery")
        )
    if kind == "encounter":
        return f"Encounter option {action['option']}"
    if kind == "benefit":
        return f"Take {_amount(action)}"
    if kind == "factory_card":
        return f"Take Factory card {action['card']}"
    if kind == "reveal":
        return f"Reveal objective {action['card']}"
    return format_action(action)


_GAIN_NAMES = {"gain_worker": "worker(s)", "combat_cards": "combat card(s)"}


def _amount(action: Action) -> str:
    """`4 food`, `none of the worker(s)`: an encounter benefit taken in part or declined."""
    name = _GAIN_NAMES.get(action["what"], str(action["what"]).replace("_", " "))
    if action["amount"] == 0:
        return f"none of the {name}"
    return f"{action['amount']} {name}"


def _payment_kind(state: State) -> str:
    """The resource the bottom action being paid costs."""
    payment = state["ctx"].get("payment")
    if not payment:
        return "resource"
    action = payment["action"]
    return str(BOTTOM_RESOURCE[action["action"] if action["type"] == "pay" else action["type"]])


def carry_words(carry: str) -> str:
    """`the oil` (all of it) or `2 oil` (part of the pile), or tokens chosen one by one."""
    if carry == "some":
        return "some of the tokens (chosen next)"
    kind, _, part = carry.partition(":")
    return f"{part} {kind}" if part else f"the {kind}"


def _where(hex_id: str) -> str:
    """`r3c4 (forest)`: the id the board shows, with its terrain."""
    terrain = TERRAIN.get(hex_id)
    if terrain is None:
        return hex_id
    return f"{hex_id} ({terrain.replace('_', ' ')})"


def _unit(unit: str) -> str:
    if unit == "char":
        return "the character"
    return ("mech " if unit[0] == "m" else "worker ") + unit[1:]


def _section_name(state: State, seat: int, n: int) -> str:
    if n == 4:
        return "Factory card"
    sec = MATS[state["players"][seat]["mat"]]["sections"][n]
    top = str(sec["top"]).replace("move_gain", "move/gain").capitalize()
    return f"{top} + {str(sec['bottom']).capitalize()}"


def public_action(state: State, seat: int, action: Action) -> Action:
    """The log entry other seats see: a combat dial or card choice keeps its secret."""
    if action["type"] in ("dial", "card"):
        return {"type": action["type"]}
    return action


def timeout_action(state: State, seat: int) -> Action | None:
    """When a seat's clock runs out: the quiet choice (reveal a zero dial, skip, end the move or
    the turn); in the section phase, the first section allowed."""
    from .turn import legal_actions

    actions = legal_actions(state, seat)
    for kind in ("commit", "skip", "end_move", "done", "end_turn"):
        for action in actions:
            if action["type"] == kind:
                return action
    dials = [a for a in actions if a["type"] == "dial"]
    if dials:
        return dials[0]
    return actions[0] if actions else None
