"""Words: the log lines and button labels the ACTIONS table (actions.py) names, the names of
things they share, and the public form of an action. Safe for every viewer: no hidden card or
dial is ever told."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from string import Formatter
from typing import Any

from ..core.words import Phrase, phrase, term
from .data import BOTTOM_RESOURCE, FACTORY_HEX, HEXES, MATS, TERRAIN

State = dict[str, Any]
Action = dict[str, Any]
Narrate = Callable[[State, int, Action, State], Phrase]
Label = Callable[[State, int, Action], Phrase]


# --- names of things --------------------------------------------------------------------------

# What a moving unit takes along (`carry=`): the words for a mix chosen next, a whole pile of
# one kind and part of one; also given to the board through `reference()`.
CARRY_WORDS = {
    "some": "some of the tokens (chosen next)",
    "whole": "the {kind}",
    "part": "{count} {kind}",
}


def carry_words(carry: str) -> Phrase:
    """`the oil` (all of it) or `2 oil` (part of the pile), or tokens chosen one by one."""
    if carry == "some":
        return phrase(CARRY_WORDS["some"])
    kind, _, part = carry.partition(":")
    if part:
        return phrase(CARRY_WORDS["part"], count=part, kind=term(kind))
    return phrase(CARRY_WORDS["whole"], kind=term(kind))


# Territories are named for people, not by their grid id: the terrain and where it lies from
# the nearest landmark (the Factory or a home base), e.g. "Tundra north-east of the Factory";
# the id follows in brackets, as the board prints it small on each hex.
_LANDMARKS = {FACTORY_HEX: term("the Factory")} | {
    h: phrase("the {faction} base", faction=term(d["home"].capitalize()))
    for h, d in HEXES.items()
    if "home" in d
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


def _name(hex_id: str) -> Phrase:
    if hex_id == FACTORY_HEX:
        return term("The Factory")
    if hex_id in _LANDMARKS:
        return phrase("{faction} base", faction=_LANDMARKS[hex_id].args["faction"])
    terrain = term(TERRAIN[hex_id].replace("_", " ").capitalize())
    mark = min(_LANDMARKS, key=lambda h: (_distance(hex_id, h), h))
    bearing = term(_bearing(mark, hex_id))
    return phrase("{terrain} {bearing} of {landmark}", terrain=terrain, bearing=bearing,
                  landmark=_LANDMARKS[mark])  # fmt: skip


HEX_NAMES = {h: _name(h) for h in HEXES}


@cache
def where(hex_id: str) -> Phrase:
    """`Forest north of the Factory (r3c4)`: the territory's name, then the id the board shows."""
    name = HEX_NAMES.get(hex_id)
    return phrase("{name} ({hex})", name=name, hex=hex_id) if name else Phrase(hex_id)


@cache
def unit(unit_id: str) -> Phrase:
    """`worker 1`, `mech 3`: counted from 1 as players count (the ids count from 0)."""
    if unit_id == "char":
        return term("the character")
    n = int(unit_id[1:]) + 1
    return phrase("mech {n}", n=n) if unit_id[0] == "m" else phrase("worker {n}", n=n)


def section_name(state: State, seat: int, n: int) -> Phrase:
    if n == 4:
        return term("Factory card")
    sec = MATS[state["players"][seat]["mat"]]["sections"][n]
    top = str(sec["top"]).replace("move_gain", "move/gain").capitalize()
    return phrase("{top} + {bottom}", top=term(top), bottom=term(str(sec["bottom"]).capitalize()))


_GAIN_NAMES = {"gain_worker": "worker(s)", "combat_cards": "combat card(s)"}


def amount(action: Action) -> Phrase:
    """`4 food`, `none of the worker(s)`: an encounter benefit taken in part or declined."""
    name = term(_GAIN_NAMES.get(action["what"], str(action["what"]).replace("_", " ")))
    if action["amount"] == 0:
        return phrase("none of the {name}", name=name)
    return phrase("{amount} {name}", amount=action["amount"], name=name)


def payment_kind(state: State) -> Phrase:
    """The resource the bottom action being paid costs."""
    payment = state["ctx"].get("payment")
    if not payment:
        return term("resource")
    action = payment["action"]
    return term(
        str(BOTTOM_RESOURCE[action["action"] if action["type"] == "pay" else action["type"]])
    )


# --- words from the action's fields -----------------------------------------------------------


def _fields(template: str) -> tuple[str, ...]:
    return tuple(name for _, name, _, _ in Formatter().parse(template) if name)


def _field(action: Action, key: str, named: bool) -> Any:
    """A field's value as the sentence says it: a hex by its territory's name in a log line
    ({hex}, {to}) or by its id on a button, {where} as the name, a word as a game term."""
    if key == "where":
        return where(action["hex"])
    value = action[key]
    if named and key in ("hex", "to") and value in HEXES:
        return where(value)
    if isinstance(value, str) and value not in HEXES:
        return term(value)
    return value


def said(template: str) -> Narrate:
    """A log line made of the action's fields ("bolstered {gain}", "produced on {hex}")."""
    keys = _fields(template)

    def narrate(state: State, seat: int, action: Action, after: State) -> Phrase:
        return Phrase(template, {k: _field(action, k, True) for k in keys})

    return narrate


def shown(template: str) -> Label:
    """A button made of the action's fields; {where} names its hex with the terrain."""
    keys = _fields(template)

    def label(state: State, seat: int, action: Action) -> Phrase:
        return Phrase(template, {k: _field(action, k, False) for k in keys})

    return label


# --- the log lines and buttons that need more than the fields ---------------------------------


def took_section(state: State, seat: int, action: Action, after: State) -> Phrase:
    return phrase("took section {section}", section=section_name(state, seat, action["n"]))


def take_section(state: State, seat: int, action: Action) -> Phrase:
    return phrase("Take {section}", section=section_name(state, seat, action["n"]))


def moved(state: State, seat: int, action: Action, after: State) -> Phrase:
    args = {"unit": unit(action["unit"]), "to": where(action["to"])}
    if action.get("workers"):
        return phrase("moved {unit} to {to} carrying {workers} worker(s)",
                      workers=action["workers"], **args)  # fmt: skip
    return phrase("moved {unit} to {to}", **args)


# Every sentence a step's button can be, by (carrying workers?, what else is carried).
_STEPS = {
    (False, ""): "Move {unit} to {to}",
    (False, "all"): "Move {unit} to {to} and the resources",
    (False, "some"): "Move {unit} to {to} and {carry}",
    (True, ""): "Move {unit} to {to} with {workers} worker(s)",
    (True, "all"): "Move {unit} to {to} with {workers} worker(s) and the resources",
    (True, "some"): "Move {unit} to {to} with {workers} worker(s) and {carry}",
}


def move_step(state: State, seat: int, action: Action) -> Phrase:
    args: dict[str, Any] = {"unit": unit(action["unit"]), "to": where(action["to"])}
    if action.get("workers"):
        args["workers"] = action["workers"]
    carry = action.get("carry")
    if carry not in (None, "none", "all"):
        args["carry"] = carry_words(carry)
    kind = "all" if carry == "all" else "some" if "carry" in args else ""
    return Phrase(_STEPS[bool(action.get("workers")), kind], args)


def use_factory_card(state: State, seat: int, action: Action) -> Phrase:
    if action.get("choice"):
        return phrase("Use the Factory card: {choice}", choice=term(action["choice"]))
    return phrase("Use the Factory card")


def paid_from(state: State, seat: int, action: Action, after: State) -> Phrase:
    return phrase("paid 1 {kind} from {hex}", kind=payment_kind(state), hex=where(action["hex"]))


def pay_from(state: State, seat: int, action: Action) -> Phrase:
    return phrase("Pay 1 {kind} from {hex}", kind=payment_kind(state), hex=where(action["hex"]))


def coerced(state: State, seat: int, action: Action, after: State) -> Phrase:
    # Which card was given up stays untold: the hand is secret.
    return phrase("used Coercion: a combat card instead of 1 {kind}", kind=payment_kind(state))


def coerce(state: State, seat: int, action: Action) -> Phrase:
    hand = state["players"][seat]["hand"]
    kind = payment_kind(state)
    if hand:
        return phrase("Coercion: pay with your {card} card instead of 1 {kind}",
                      card=hand[0], kind=kind)  # fmt: skip
    return phrase("Coercion: pay with a combat card instead of 1 {kind}", kind=kind)


def fired(state: State, seat: int, action: Action, after: State) -> Phrase:
    return phrase("fired Artillery") if action["fire"] else phrase("held the Artillery")


def fire(state: State, seat: int, action: Action) -> Phrase:
    if action["fire"]:
        return phrase("Fire Artillery (pay 1 power: -2 to the opponent)")
    return phrase("Do not fire Artillery")


def retreated(state: State, seat: int, action: Action, after: State) -> Phrase:
    if action["to"] == "home":
        return phrase("retreated home")
    if action.get("workers"):
        return phrase("retreated onto {to} with {workers} worker(s)",
                      to=where(action["to"]), workers=action["workers"])  # fmt: skip
    return phrase("retreated onto {to}", to=where(action["to"]))


def retreat(state: State, seat: int, action: Action) -> Phrase:
    if action["to"] == "home":
        return phrase("Retreat home")
    if action.get("workers"):
        return phrase("Retreat onto {to} with the {workers} worker(s)",
                      to=where(action["to"]), workers=action["workers"])  # fmt: skip
    return phrase("Retreat onto {to} (workers home)", to=where(action["to"]))


def took_benefit(state: State, seat: int, action: Action, after: State) -> Phrase:
    return phrase("took {amount} from the encounter", amount=amount(action))


def take_benefit(state: State, seat: int, action: Action) -> Phrase:
    return phrase("Take {amount}", amount=amount(action))


def public_action(state: State, seat: int, action: Action) -> Action:
    """The log entry other seats see: a combat dial or card choice keeps its secret."""
    if action["type"] in ("dial", "card"):
        return {"type": action["type"]}
    return action


def messages() -> list[str]:
    """The game words built from data rather than written in a phrase() call (for the
    catalogues: scripts/game_messages.py); the playouts there find the action fields' words."""
    found = [*CARRY_WORDS.values(), *_GAIN_NAMES.values(), "resource", "The Factory"]
    found += [str(t).replace("_", " ").capitalize() for t in set(TERRAIN.values())]
    found += [d["home"].capitalize() for d in HEXES.values() if "home" in d]
    found += [a + b for a in ("north", "south") for b in ("", "-east", "-west")]
    found += ["east", "west", *BOTTOM_RESOURCE.values(), *BOTTOM_RESOURCE, *_STEPS.values()]
    for mat in MATS:
        for sec in mat["sections"]:
            found.append(str(sec["top"]).replace("move_gain", "move/gain").capitalize())
            found.append(str(sec["bottom"]).capitalize())
    return [*found, "sixth star", "turn limit"]
