"""Words: the log lines and button labels the ACTIONS table (actions.py) names, the names of
things they share, and the public form of an action. Safe for every viewer: no hidden card or
dial is ever told."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .data import BOTTOM_RESOURCE, FACTORY_HEX, HEXES, MATS, TERRAIN

State = dict[str, Any]
Action = dict[str, Any]
Narrate = Callable[[State, int, Action, State], str]
Label = Callable[[State, int, Action], str]


# --- names of things --------------------------------------------------------------------------

# What a moving unit takes along (`carry=`): the words for a mix chosen next, a whole pile of
# one kind and part of one; also given to the board through `reference()`.
CARRY_WORDS = {
    "some": "some of the tokens (chosen next)",
    "whole": "the {kind}",
    "part": "{count} {kind}",
}


def carry_words(carry: str) -> str:
    """`the oil` (all of it) or `2 oil` (part of the pile), or tokens chosen one by one."""
    if carry == "some":
        return CARRY_WORDS["some"]
    kind, _, part = carry.partition(":")
    if part:
        return CARRY_WORDS["part"].format(count=part, kind=kind)
    return CARRY_WORDS["whole"].format(kind=kind)


# Territories are named for people, not by their grid id: the terrain and where it lies from
# the nearest landmark (the Factory or a home base), e.g. "Tundra north-east of the Factory";
# the id follows in brackets, as the board prints it small on each hex.
_LANDMARKS = {FACTORY_HEX: "the Factory"} | {
    h: f"the {d['home'].capitalize()} base" for h, d in HEXES.items() if "home" in d
}


def _distance(a: str, b: str) -> int:
    dq: int = HEXES[a]["q"] - HEXES[b]["q"]
    dr: int = HEXES[a]["r"] - HEXES[b]["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _bearing(frm: str, to: str) -> str:
    """The compass point from `frm` to `to` on the drawn map (pointy-top hexes, north up)."""
    dq, dr = HEXES[to]["q"] - HEXES[frm]["q"], HEXES[to]["r"] - HEXES[frm]["r"]
    x, y = 3**0.5 * (dq + dr / 2), 1.5 * dr  # y grows southwards
    # atan2 without math: the sector of the angle, by comparing slopes (tan 22.5 = 0.414).
    if abs(y) <= 0.414 * abs(x):
        return "east" if x > 0 else "west"
    if abs(x) <= 0.414 * abs(y):
        return "south" if y > 0 else "north"
    return ("south" if y > 0 else "north") + ("-east" if x > 0 else "-west")


def _name(hex_id: str) -> str:
    if hex_id in _LANDMARKS:
        return _LANDMARKS[hex_id][4:].capitalize() if hex_id != FACTORY_HEX else "The Factory"
    terrain = TERRAIN[hex_id].replace("_", " ").capitalize()
    mark = min(_LANDMARKS, key=lambda h: (_distance(hex_id, h), h))
    return f"{terrain} {_bearing(mark, hex_id)} of {_LANDMARKS[mark]}"


HEX_NAMES = {h: _name(h) for h in HEXES}


def where(hex_id: str) -> str:
    """`Forest north of the Factory (r3c4)`: the territory's name, then the id the board shows."""
    name = HEX_NAMES.get(hex_id)
    return f"{name} ({hex_id})" if name else hex_id


def unit(unit_id: str) -> str:
    """`worker 1`, `mech 3`: counted from 1 as players count (the ids count from 0)."""
    if unit_id == "char":
        return "the character"
    return ("mech " if unit_id[0] == "m" else "worker ") + str(int(unit_id[1:]) + 1)


def section_name(state: State, seat: int, n: int) -> str:
    if n == 4:
        return "Factory card"
    sec = MATS[state["players"][seat]["mat"]]["sections"][n]
    top = str(sec["top"]).replace("move_gain", "move/gain").capitalize()
    return f"{top} + {str(sec['bottom']).capitalize()}"


_GAIN_NAMES = {"gain_worker": "worker(s)", "combat_cards": "combat card(s)"}


def amount(action: Action) -> str:
    """`4 food`, `none of the worker(s)`: an encounter benefit taken in part or declined."""
    name = _GAIN_NAMES.get(action["what"], str(action["what"]).replace("_", " "))
    if action["amount"] == 0:
        return f"none of the {name}"
    return f"{action['amount']} {name}"


def payment_kind(state: State) -> str:
    """The resource the bottom action being paid costs."""
    payment = state["ctx"].get("payment")
    if not payment:
        return "resource"
    action = payment["action"]
    return str(BOTTOM_RESOURCE[action["action"] if action["type"] == "pay" else action["type"]])


# --- words from the action's fields -----------------------------------------------------------


class _Fields(dict[str, Any]):
    """An action's fields for str.format_map, plus {where}: its hex with the terrain."""

    def __missing__(self, key: str) -> str:
        if key == "where":
            return where(self["hex"])
        raise KeyError(key)


class _Named(dict[str, Any]):
    """An action's fields for a log line: a hex field reads as the territory's name."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        return where(value) if key in ("hex", "to") and value in HEXES else value


def said(template: str) -> Narrate:
    """A log line made of the action's fields ("bolstered {gain}", "produced on {hex}")."""

    def narrate(state: State, seat: int, action: Action, after: State) -> str:
        return template.format_map(_Named(action))

    return narrate


def shown(template: str) -> Label:
    """A button made of the action's fields; {where} names its hex with the terrain."""

    def label(state: State, seat: int, action: Action) -> str:
        return template.format_map(_Fields(action))

    return label


# --- the log lines and buttons that need more than the fields ---------------------------------


def took_section(state: State, seat: int, action: Action, after: State) -> str:
    return f"took section {section_name(state, seat, action['n'])}"


def take_section(state: State, seat: int, action: Action) -> str:
    return f"Take {section_name(state, seat, action['n'])}"


def moved(state: State, seat: int, action: Action, after: State) -> str:
    text = f"moved {unit(action['unit'])} to {where(action['to'])}"
    if action.get("workers"):
        text += f" carrying {action['workers']} worker(s)"
    return text


def move_step(state: State, seat: int, action: Action) -> str:
    text = f"Move {unit(action['unit'])} to {where(action['to'])}"
    if action.get("workers"):
        text += f" with {action['workers']} worker(s)"
    if action.get("carry") == "all":
        text += " and the resources"
    elif action.get("carry") not in (None, "none"):
        text += f" and {carry_words(action['carry'])}"
    return text


def use_factory_card(state: State, seat: int, action: Action) -> str:
    if action.get("choice"):
        return f"Use the Factory card: {action['choice']}"
    return "Use the Factory card"


def paid_from(state: State, seat: int, action: Action, after: State) -> str:
    return f"paid 1 {payment_kind(state)} from {where(action['hex'])}"


def pay_from(state: State, seat: int, action: Action) -> str:
    return f"Pay 1 {payment_kind(state)} from {where(action['hex'])}"


def coerced(state: State, seat: int, action: Action, after: State) -> str:
    # Which card was given up stays untold: the hand is secret.
    return f"used Coercion: a combat card instead of 1 {payment_kind(state)}"


def coerce(state: State, seat: int, action: Action) -> str:
    hand = state["players"][seat]["hand"]
    card = f"your {hand[0]} card" if hand else "a combat card"
    return f"Coercion: pay with {card} instead of 1 {payment_kind(state)}"


def fired(state: State, seat: int, action: Action, after: State) -> str:
    return "fired Artillery" if action["fire"] else "held the Artillery"


def fire(state: State, seat: int, action: Action) -> str:
    if action["fire"]:
        return "Fire Artillery (pay 1 power: -2 to the opponent)"
    return "Do not fire Artillery"


def retreated(state: State, seat: int, action: Action, after: State) -> str:
    if action["to"] == "home":
        return "retreated home"
    if action.get("workers"):
        return f"retreated onto {where(action['to'])} with {action['workers']} worker(s)"
    return f"retreated onto {where(action['to'])}"


def retreat(state: State, seat: int, action: Action) -> str:
    if action["to"] == "home":
        return "Retreat home"
    if action.get("workers"):
        return f"Retreat onto {where(action['to'])} with the {action['workers']} worker(s)"
    return f"Retreat onto {where(action['to'])} (workers home)"


def took_benefit(state: State, seat: int, action: Action, after: State) -> str:
    return f"took {amount(action)} from the encounter"


def take_benefit(state: State, seat: int, action: Action) -> str:
    return f"Take {amount(action)}"


def produced_on(state: State, seat: int, action: Action, after: State) -> str:
    if "count" in action:
        return f"produced only {action['count']} on {where(action['hex'])}"
    return f"produced on {where(action['hex'])}"


def produce_on(state: State, seat: int, action: Action) -> str:
    if "count" in action:
        return f"Produce only {action['count']} on {where(action['hex'])}"
    return f"Produce on {where(action['hex'])}"


def public_action(state: State, seat: int, action: Action) -> Action:
    """The log entry other seats see: a combat dial or card choice keeps its secret."""
    if action["type"] in ("dial", "card"):
        return {"type": action["type"]}
    return action
