"""Legal actions, one small decision at a time (Dice City, "Como se Juega": the four steps).

Dice step:   use / move / refresh (+ discard x4) / reactivate / pass with a die; spend_passes,
             force_reroll with two pass tokens; end_dice.
Attack step: attack_bandits, attack_location, raid (attack stock); end_attacks.
Build step:  build (+ place), trade; end_turn (+ end_game / play_on with the table option).
Follow-ups:  exchange, place, move_die, reroll, copy, statue, discard (state["pending"]).
"""

from __future__ import annotations

from typing import Any

from . import cards as C
from .effects import copy_targets, defense

State = dict[str, Any]
Action = dict[str, Any]
ROWS = C.ROWS
RES = C.RESOURCES


def legal(s: State, seat: int) -> list[Action]:
    """Every action `seat` may take now (rules.legal_actions memoizes this)."""
    if s["over"] is not None or s["turn"]["seat"] != seat:
        return []
    pending = s["pending"]
    if pending is not None:
        return PENDING[pending["kind"]](s, seat, pending)
    step = s["turn"]["step"]
    if step == "dice":
        return dice_actions(s, seat)
    if step == "attack":
        return attack_actions(s, seat) + [{"type": "end_attacks"}]
    return build_actions(s, seat)


def dice_actions(s: State, seat: int) -> list[Action]:
    """Dice City, "Utilice el paso de dados": each die does one thing, in any order. (The most
    listed step of a game: its loops keep their lookups out, and a die moves one column either
    way, to columns `col` and `col + 2` of the 1-based notation, when the board has them.)"""
    p = s["players"][seat]
    turn = s["turn"]
    dice, city, off = p["dice"], p["city"], p["off"]
    unused = [r for r in range(5) if dice[r] >= 0]
    deactivated = [i for i, down in enumerate(off) if down]
    can_refresh = not turn["refreshed"] and len(s["display"]) >= 4 and bool(s["deck"])
    can_pass = not turn["passed"]
    usable = C.USABLE
    out: list[Action] = []
    add = out.append
    for r in unused:
        die = ROWS[r]
        slot = r * 6 + dice[r]
        if city[slot] in usable and not off[slot]:
            add({"type": "use", "die": die})
        for r2 in unused:
            if r2 != r:
                col, other = dice[r2], ROWS[r2]
                if col > 0:
                    add({"type": "move", "die": die, "other": other, "col": col})
                if col < 5:
                    add({"type": "move", "die": die, "other": other, "col": col + 2})
        if can_refresh:
            add({"type": "refresh", "die": die})
        for i in deactivated:
            add({"type": "reactivate", "die": die, "row": ROWS[i // 6], "col": i % 6 + 1})
        if can_pass:
            add({"type": "pass", "die": die})
    # Two pass tokens buy a resource, +1 army, or a forced re-roll of one die colour.
    if p["passes"] >= 2:
        out.extend({"type": "spend_passes", "gain": g} for g in (*RES, "army"))
        out.extend({"type": "force_reroll", "die": die} for die in ROWS)
    out.append({"type": "end_dice"})
    return out


def bandit_defense(s: State, pile: int) -> int:
    return max(1, int(C.BANDITS[pile]["defense"]) - int(s["turn"]["bandit_cut"]))


def attack_actions(s: State, seat: int) -> list[Action]:
    """Dice City, "Paso de ataque": every attack the remaining army strength allows."""
    turn = s["turn"]
    army = turn["army"]
    out: list[Action] = []
    for pile, left in enumerate(s["bandits"]):
        if left and army + turn["bandit_army"] >= bandit_defense(s, pile):
            out.append({"type": "attack_bandits", "pile": pile + 1})
    if army < 2:
        return out
    for other, q in enumerate(s["players"]):
        if other == seat:
            continue
        for slot in range(C.SLOTS):
            if not q["off"][slot] and C.CARDS[q["city"][slot]]["defense"] is not None:
                need = defense(q, slot)
                if need is not None and need <= army:
                    row, col = ROWS[slot // 6], slot % 6 + 1
                    out.append({"type": "attack_location", "seat": other, "row": row, "col": col})
        out.extend(
            {"type": "raid", "seat": other, "resource": RES[i]} for i in range(3) if q["res"][i]
        )
    return out


def affordable(res: list[int], price: list[int]) -> bool:
    return res[0] >= price[0] and res[1] >= price[1] and res[2] >= price[2]


def build_actions(s: State, seat: int) -> list[Action]:
    """Dice City, "Paso de construcción y comercio": build from the display or the piles, use
    trade ships, as many as the stock pays for."""
    res = s["players"][seat]["res"]
    out: list[Action] = []
    seen = set()
    for card in s["display"]:
        if card not in seen:
            seen.add(card)
            if affordable(res, C.CARDS[card]["cost"]):
                out.append({"type": "build", "card": card})
    for card, left in s["piles"].items():
        if left and affordable(res, C.CARDS[card]["cost"]):
            out.append({"type": "build", "card": card})
    for pile, left in enumerate(s["ships"]):
        if left and affordable(res, C.SHIPS[pile]["cost"]):
            out.append({"type": "trade", "ship": pile + 1})
    out.append({"type": "end_turn"})
    return out


def _place(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    # "colócala en cualquier lugar del tablero ... encima de otra tarjeta": any of the 30 spaces.
    return [{"type": "place", "row": row, "col": col} for row in ROWS for col in range(1, 7)]


def _discard(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    return [{"type": "discard", "card": card} for card in dict.fromkeys(s["display"])]


def _exchange(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    """Market Place: pay 1 or 2 of ONE resource, gain 2 per paid of ONE other resource (decided:
    the card names one resource paid and one gained, so the gain is not split). Storehouse: pay
    1, gain 3 of the same."""
    res = s["players"][seat]["res"]
    out: list[Action] = []
    for i in range(3):
        for amount in range(1, min(res[i], pending["pay_max"]) + 1):
            gains = [RES[i]] if pending["gain"] == "same" else [g for g in RES if g != RES[i]]
            out.extend(
                {"type": "exchange", "pay": RES[i], "amount": amount, "gain": g} for g in gains
            )
    return out


def _move_die(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    dice = s["players"][seat]["dice"]
    return [
        {"type": "move_die", "die": ROWS[r], "col": col + 1}
        for r in range(5)
        if dice[r] >= 0
        for col in range(6)
        if col != dice[r]
    ]


def _reroll(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    """Well: this die always, plus any subset of the other unused dice."""
    own = pending["die"]
    dice = s["players"][seat]["dice"]
    others = [r for r in range(5) if dice[r] >= 0 and r != own]
    out = []
    for mask in range(1 << len(others)):
        chosen = sorted([own] + [r for k, r in enumerate(others) if mask >> k & 1])
        out.append({"type": "reroll", "dice": [ROWS[r] for r in chosen]})
    return out


def _copy(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    targets = copy_targets(s["players"][seat], pending["slot"], pending["scope"])
    return [{"type": "copy", "row": ROWS[i // 6], "col": i % 6 + 1} for i in targets]


def _statue(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    """Grand Statue, when built: pay up to 3 more stone and/or iron, 1 VP each (0 allowed)."""
    res = s["players"][seat]["res"]
    most = pending["max"]
    return [
        {"type": "statue", "stone": stone, "iron": iron}
        for stone in range(min(most, res[1]) + 1)
        for iron in range(min(most - stone, res[2]) + 1)
    ]


def _end_choice(s: State, seat: int, pending: dict[str, Any]) -> list[Action]:
    return [{"type": "end_game"}, {"type": "play_on"}]


PENDING = {
    "place": _place,
    "discard": _discard,
    "exchange": _exchange,
    "move_die": _move_die,
    "reroll": _reroll,
    "copy": _copy,
    "statue": _statue,
    "end_choice": _end_choice,
}
