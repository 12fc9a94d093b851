"""Why a well-formed action is refused: a sentence a player understands (STYLE.md, 3)."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .state import State, defense

STEP_OF = {
    "use": "dice", "move": "dice", "refresh": "dice", "reactivate": "dice", "pass": "dice",
    "spend_passes": "dice", "force_reroll": "dice", "end_dice": "dice",
    "attack_bandits": "attack", "attack_location": "attack", "raid": "attack",
    "end_attacks": "attack", "build": "build", "trade": "build", "end_turn": "build",
}  # fmt: skip
STEP_NAME = {"dice": "the dice step", "attack": "the attack step", "build": "the build step"}


def refusal(s: State, seat: int, action: dict[str, Any]) -> str:
    if s["over"] is not None:
        return "The game is over."
    if s["turn"]["seat"] != seat:
        return "It is not your turn."
    kind = action["type"]
    if s["pending"] is not None:
        return f"First finish the choice in progress ({s['pending']['kind'].replace('_', ' ')})."
    step = STEP_OF.get(kind)
    if step is None:
        return "There is no choice in progress for that."
    if step != s["turn"]["step"]:
        return f"That belongs to {STEP_NAME[step]}; you are in {STEP_NAME[s['turn']['step']]}."
    p = s["players"][seat]
    die = action.get("die")
    if kind != "force_reroll" and die in C.ROW_INDEX and p["dice"][C.ROW_INDEX[die]] < 0:
        return f"Your {action['die']} die is already used this turn."
    return _specific(s, seat, action) or "The rules do not allow that now."


def _specific(s: State, seat: int, action: dict[str, Any]) -> str | None:
    kind = action["type"]
    turn = s["turn"]
    if kind == "pass" and turn["passed"]:
        return "You may pass for a token only once per turn."
    if kind == "refresh" and turn["refreshed"]:
        return "You may refresh the display only once per turn."
    if kind in ("spend_passes", "force_reroll") and s["players"][seat]["passes"] < 2:
        return "That costs two pass tokens."
    if kind == "attack_bandits" and 1 <= action["pile"] <= len(C.BANDITS):
        pile = action["pile"] - 1
        if not s["bandits"][pile]:
            return "That bandit pile is empty."
        need = max(1, C.BANDITS[pile]["defense"] - turn["bandit_cut"])
        have = turn["army"] + turn["bandit_army"]
        return f"You have only {have} army strength; the bandit needs {need}."
    if kind == "attack_location" and 0 <= action["seat"] < s["seats"] and action["seat"] != seat:
        return _location_reason(s, action)
    if kind == "raid" and turn["army"] < 2:
        return f"You have only {turn['army']} army strength; each resource taken needs 2."
    if kind == "build" and action["card"] in C.CARDS:
        card = C.CARDS[action["card"]]
        return f"{card['name']} costs {_price(card['cost'])} and must be in the display or a pile."
    return None


def _location_reason(s: State, action: dict[str, Any]) -> str | None:
    if action["row"] not in C.ROW_INDEX or not 1 <= action["col"] <= 6:
        return None
    q = s["players"][action["seat"]]
    slot = C.ROW_INDEX[action["row"]] * 6 + action["col"] - 1
    need = defense(q, slot)
    if need is None:
        return "That location has no defense value, so it cannot be attacked."
    if q["off"][slot]:
        return "That location is already deactivated."
    return f"You have only {s['turn']['army']} army strength; that location needs {need}."


def _price(cost: list[int]) -> str:
    parts = [f"{n} {C.RESOURCES[i]}" for i, n in enumerate(cost) if n]
    return ", ".join(parts) or "nothing"
