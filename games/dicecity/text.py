"""Log sentences (narrate) and button texts (label). Everything here is public information."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import cards as C
from .apply import apply_unchecked
from .state import State

Action = dict[str, Any]
LabelFn = Callable[[State, int, Action], str]


def _at(s: State, seat: int, row: str, col: int) -> str:
    return C.name(s["players"][seat]["city"][C.ROW_INDEX[row] * 6 + col - 1])


def _under_die(s: State, seat: int, die: str) -> str:
    r = C.ROW_INDEX[die]
    return C.name(s["players"][seat]["city"][r * 6 + s["players"][seat]["dice"][r]])


def _amounts(values: list[int]) -> str:
    return ", ".join(f"{n} {C.RESOURCES[i]}" for i, n in enumerate(values) if n) or "nothing"


def _army(s: State) -> int:
    return int(s["turn"]["army"] + s["turn"]["bandit_army"])


def gains(before: State, after: State, seat: int) -> str:
    """'+2 stone, +1 army': what the seat's stock, army, VP tokens and pass tokens changed by."""
    p, q = before["players"][seat], after["players"][seat]
    parts = [f"{q['res'][i] - p['res'][i]:+d} {C.RESOURCES[i]}" for i in range(3)
             if q["res"][i] != p["res"][i]]  # fmt: skip
    if after["turn"]["seat"] == seat and _army(after) != _army(before):
        parts.append(f"{_army(after) - _army(before):+d} army")
    if q["tokens"] != p["tokens"]:
        parts.append(f"{q['tokens'] - p['tokens']:+d} VP")
    if q["passes"] != p["passes"]:
        parts.append(f"{q['passes'] - p['passes']:+d} pass token")
    moved = [C.ROWS[r] for r in range(5) if p["dice"][r] != q["dice"][r] and q["dice"][r] >= 0]
    if moved:
        parts.append("dice now " + ", ".join(f"{d} {q['dice'][C.ROW_INDEX[d]] + 1}" for d in moved))
    return ", ".join(parts)


# Actions whose log line ends with what they changed ("used Quarry: +2 stone").
WITH_GAINS = frozenset(
    {"use", "copy", "exchange", "reroll", "attack_bandits", "attack_location",
     "raid", "spend_passes", "statue", "move_die"}
)  # fmt: skip


def narrate(s: State, seat: int, action: Action) -> str:
    kind = action["type"]
    base = SENTENCES[kind](s, seat, action) if kind in SENTENCES else kind.replace("_", " ")
    if kind not in WITH_GAINS:
        return base
    change = gains(s, apply_unchecked(s, seat, action), seat)
    return f"{base}: {change}" if change else base


def _ship(s: State, seat: int, a: Action) -> str:
    ship = C.SHIPS[a["ship"] - 1]
    return f"exported {_amounts(ship['cost'])} on a trade ship: +{ship['vp']} VP"


def _discarded(s: State, seat: int, a: Action) -> str:
    text = f"discarded {C.name(a['card'])} from the display"
    if s["pending"] and s["pending"].get("left") == 1:
        text += f" and revealed {min(4, len(s['deck']))} new cards"
    return text


def _placed(s: State, seat: int, a: Action) -> str:
    covered = _at(s, seat, a["row"], a["col"])
    return f"built {C.name(s['pending']['card'])} on {a['row']} {a['col']}, covering {covered}"


SENTENCES: dict[str, LabelFn] = {
    "use": lambda s, seat, a: f"used {_under_die(s, seat, a['die'])}",
    "copy": lambda s, seat, a: f"copied {_at(s, seat, a['row'], a['col'])}",
    "move": lambda s, seat, a: (
        f"used the {a['die']} die to move the {a['other']} die to column {a['col']}"
    ),
    "refresh": lambda s, seat, a: f"used the {a['die']} die to refresh the display",
    "discard": _discarded,
    "reactivate": lambda s, seat, a: (
        f"used the {a['die']} die to reactivate "
        f"{_at(s, seat, a['row'], a['col'])} ({a['row']} {a['col']})"
    ),
    "pass": lambda s, seat, a: f"passed with the {a['die']} die: +1 pass token",
    "spend_passes": lambda s, seat, a: "spent 2 pass tokens",
    "force_reroll": lambda s, seat, a: (
        f"spent 2 pass tokens: everyone else re-rolls their {a['die']} die"
    ),
    "end_dice": lambda s, seat, a: "ended the dice step",
    "attack_bandits": lambda s, seat, a: (
        f"defeated bandits (defense {C.BANDITS[a['pile'] - 1]['defense']})"
    ),
    "attack_location": lambda s, seat, a: (
        f"deactivated player {a['seat'] + 1}'s "
        f"{_at(s, a['seat'], a['row'], a['col'])} ({a['row']} {a['col']})"
    ),
    "raid": lambda s, seat, a: f"raided player {a['seat'] + 1}'s stock",
    "end_attacks": lambda s, seat, a: "ended the attack step",
    "build": lambda s, seat, a: f"bought {C.name(a['card'])} for {_amounts(C.cost(a['card']))}",
    "place": _placed,
    "trade": _ship,
    "end_turn": lambda s, seat, a: "ended the turn",
    "end_game": lambda s, seat, a: "chose to end the game (two full rows)",
    "play_on": lambda s, seat, a: "chose to play on",
    "exchange": lambda s, seat, a: f"traded {a['amount']} {a['pay']}",
    "move_die": lambda s, seat, a: "moved a die",
    "reroll": lambda s, seat, a: "re-rolled " + ", ".join(a["dice"]),
    "statue": lambda s, seat, a: "paid extra for the Grand Statue",
}


def label(s: State, seat: int, a: Action) -> str:
    kind = a["type"]
    die = str(a.get("die"))
    if kind == "use":
        return f"Use {_under_die(s, seat, die)} ({die} die)"
    if kind in DIE_LABELS:
        return f"{die.capitalize()} die: {DIE_LABELS[kind](s, seat, a)}"
    return OTHER_LABELS[kind](s, seat, a)


DIE_LABELS: dict[str, LabelFn] = {
    "move": lambda s, seat, a: f"move the {a['other']} die to column {a['col']}",
    "refresh": lambda s, seat, a: "discard 4 display cards, reveal 4",
    "reactivate": lambda s, seat, a: (
        f"reactivate {_at(s, seat, a['row'], a['col'])} ({a['row']} {a['col']})"
    ),
    "pass": lambda s, seat, a: "pass for a pass token",
}


def _bandits(s: State, seat: int, a: Action) -> str:
    pile = C.BANDITS[a["pile"] - 1]
    return f"Defeat bandits (defense {pile['defense']}, {pile['vp']} VP)"


def _build(s: State, seat: int, a: Action) -> str:
    return f"Build {C.name(a['card'])} ({_amounts(C.cost(a['card']))})"


def _trade(s: State, seat: int, a: Action) -> str:
    ship = C.SHIPS[a["ship"] - 1]
    return f"Trade ship for {ship['vp']} VP ({_amounts(ship['cost'])})"


def _exchange(s: State, seat: int, a: Action) -> str:
    each = s["pending"]["gain_each"] if s.get("pending") else 2
    return f"Pay {a['amount']} {a['pay']}, gain {a['amount'] * each} {a['gain']}"


OTHER_LABELS: dict[str, LabelFn] = {
    "spend_passes": lambda s, seat, a: f"Spend 2 pass tokens: +1 {a['gain']}",
    "force_reroll": lambda s, seat, a: f"Spend 2 pass tokens: everyone else re-rolls {a['die']}",
    "end_dice": lambda s, seat, a: "End the dice step",
    "attack_bandits": _bandits,
    "attack_location": lambda s, seat, a: (
        f"Attack player {a['seat'] + 1}'s "
        f"{_at(s, a['seat'], a['row'], a['col'])} ({a['row']} {a['col']})"
    ),
    "raid": lambda s, seat, a: f"Take 1 {a['resource']} from player {a['seat'] + 1}",
    "end_attacks": lambda s, seat, a: "End the attack step",
    "build": _build,
    "place": lambda s, seat, a: (
        f"Place on {a['row']} {a['col']} (over {_at(s, seat, a['row'], a['col'])})"
    ),
    "trade": _trade,
    "end_turn": lambda s, seat, a: "End the turn",
    "end_game": lambda s, seat, a: "End the game (two full rows)",
    "play_on": lambda s, seat, a: "Play on",
    "exchange": _exchange,
    "move_die": lambda s, seat, a: f"Move the {a['die']} die to column {a['col']}",
    "reroll": lambda s, seat, a: "Re-roll " + ", ".join(a["dice"]),
    "copy": lambda s, seat, a: f"Copy {_at(s, seat, a['row'], a['col'])} ({a['row']} {a['col']})",
    "statue": lambda s, seat, a: (
        f"Pay {a['stone']} stone and {a['iron']} iron more: +{a['stone'] + a['iron']} VP"
    ),
    "discard": lambda s, seat, a: f"Discard {C.name(a['card'])} from the display",
}
