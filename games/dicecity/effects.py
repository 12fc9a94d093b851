"""The one small interpreter that runs every location's ability from its data (no class per card).

`resolve(t, seat, slot, die)` runs the effect ops of the card at `slot` on the (already copied)
state `t`. Ops needing a choice leave `t["pending"]` set; moves.py lists its options and the
chosen one is resolved by its handler in turn.py. The ongoing Great Wall is read by `defense`.
Open questions of the card data are decided here, each with the reading cited.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Rng

from . import cards as C

State = dict[str, Any]
Op = dict[str, Any]


def resolve(t: State, seat: int, slot: int, die: int) -> None:
    """Use the location at `slot` with die `die` (the die already taken off the board)."""
    p = t["players"][seat]
    card = p["city"][slot]
    # Self-deactivating locations (Catapult, Bazaar, Merchant Guild, Cemetery): the printed
    # deactivation symbol puts a token on the location when its ability is used (reading of the
    # symbol, data file "activate_deactivate_self"); it still scores, and a later die may
    # reactivate it (Dice City, "Reactiva una ubicación desactivada").
    if card in C.SELF_DEACTIVATING:
        p["off"][slot] = True
    for op in C.CARDS[card]["effect"]:
        OPS[op["op"]](t, seat, slot, die, op)


def _gain(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    # Mint: resource-type locations used after it this turn give +1 (see _boost).
    card = C.CARDS[t["players"][seat]["city"][slot]]
    bonus = t["turn"]["boost_resource"] if card["type"] == "resource" else 0
    t["players"][seat]["res"][C.RES_INDEX[op["resource"]]] += op["amount"] + bonus


def _army(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    turn = t["turn"]
    bonus = turn["boost_army"] if "army" in C.CARDS[t["players"][seat]["city"][slot]]["tags"] else 0
    # Watch Tower: its strength only counts against bandits.
    turn["bandit_army" if op.get("bandits_only") else "army"] += op["amount"] + bonus


def _vp(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    # "Cada vez que uses una ubicación que genere PV, toma una ficha de PV" (Dice City).
    t["players"][seat]["tokens"] += op["amount"]


def _boost(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Blacksmith and Mint. Open question decided: they raise only the ARMY (Blacksmith) or
    resource (Mint) locations used AFTER them this turn. The book resolves an ability when its
    location is used ("Usa la ubicación debajo del dado y resuelve su habilidad"), so what was
    already resolved is not revisited; neither card is printed ONGOING. Several stack."""
    t["turn"]["boost_" + op["what"]] += op["amount"]


def _bandit_defense(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Training Camp: bandits have -1 defense for this player until the end of the turn. Timing
    decided: it lasts the whole turn, so it counts in the attack step that follows the dice
    step (Dice City, the four steps in order); several stack, never below 1."""
    t["turn"]["bandit_cut"] -= op["amount"]


def _harvest_in_row(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Merchant Guild: 1 of its resource for each active HARVEST location in this row (printed
    Forest/Mountain/Cave carry no HARVEST label, data note; a deactivated one gives nothing)."""
    p = t["players"][seat]
    start = slot - slot % C.COLS
    for other in range(start, start + C.COLS):
        card = p["city"][other]
        if "harvest" in C.CARDS[card]["tags"] and not p["off"][other]:
            p["res"][C.PRODUCES[card]] += 1


def _vp_per_pair(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Festival Hall: 1 VP per pair of same resources in stock; nothing is spent."""
    t["players"][seat]["tokens"] += sum(n // 2 for n in t["players"][seat]["res"])


def _exchange(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Market Place / Storehouse: a follow-up choice of what to pay (if anything can be paid)."""
    if any(t["players"][seat]["res"]):
        t["pending"] = {"kind": "exchange", "slot": slot, **_params(op)}


def _place_free(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Barracks: a Regular Army from its pile on any space, free (nothing if the pile is out)."""
    if t["piles"][op["card"]] > 0:
        t["pending"] = {"kind": "place", "card": op["card"], "slot": slot, "free": True}


def _move_die(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Stables: move one unused die to any space of its row."""
    if any(col >= 0 for col in t["players"][seat]["dice"]):
        t["pending"] = {"kind": "move_die", "slot": slot}


def _reroll(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Traveller re-rolls this die; Well this die and any of the other unused dice (a choice).
    The re-rolled dice go to their new columns and stay usable (card text)."""
    others = [r for r, col in enumerate(t["players"][seat]["dice"]) if col >= 0 and r != die]
    if op["others"] and others:
        t["pending"] = {"kind": "reroll", "slot": slot, "die": die}
    else:
        reroll(t, seat, [die])


def reroll(t: State, seat: int, dice: list[int]) -> None:
    rng = Rng(t["rng"])
    for r in dice:
        t["players"][seat]["dice"][r] = rng.below(6)
    t["rng"] = rng.state


def _copy(t: State, seat: int, slot: int, die: int, op: Op) -> None:
    """Cemetery (another location in its row), Church (a location with an unused die on it),
    Town Hall (any location in the city): a follow-up choice among copy_targets."""
    if copy_targets(t["players"][seat], slot, op["scope"]):
        t["pending"] = {"kind": "copy", "slot": slot, "die": die, "scope": op["scope"]}


def copy_targets(p: dict[str, Any], slot: int, scope: str) -> list[int]:
    """Active locations with a die ability, other than the copier. Decided: a copier cannot copy
    another copier (Cemetery, Church, Town Hall), which would only chain choices; a copied
    location's ability is resolved as if that location were used, so a self-deactivating one
    gets its token (the symbol is part of its ability)."""
    if scope == "row":
        start = slot - slot % C.COLS
        candidates: range | list[int] = range(start, start + C.COLS)
    elif scope == "die":
        candidates = [C.slot_of(r, col) for r, col in enumerate(p["dice"]) if col >= 0]
    else:
        candidates = range(C.SLOTS)
    city, off = p["city"], p["off"]
    return [
        other
        for other in candidates
        if other != slot
        and not off[other]
        and city[other] in C.USABLE
        and city[other] not in C.COPIERS
    ]


def defense(p: Mapping[str, Any], slot: int) -> int | None:
    """A location's defense, or None if it has no shield (a printed space: never attackable).

    Great Wall (ongoing): +2 to the OTHER locations with a shield in its row. Open question
    decided: printed spaces gain nothing (they have no shield to raise; the book: "No puedes
    atacar una ubicación que no tenga un valor de defensa"), and a deactivated Great Wall gives
    nothing (an ongoing ability works while the location is active).
    """
    base = C.CARDS[p["city"][slot]]["defense"]
    if base is None:
        return None
    start = slot - slot % C.COLS
    for other in range(start, start + C.COLS):
        card = p["city"][other]
        if other != slot and card in C.GREAT_WALL_BONUS and not p["off"][other]:
            base += C.GREAT_WALL_BONUS[card]
    return int(base)


def on_build(t: State, seat: int, card: str) -> None:
    """Grand Statue, when built: a follow-up choice to pay up to `max` more stone and/or iron
    (the `resources` of its op), `vp_each` VP per resource; only offered if one can be paid."""
    op = C.CARDS[card]["effect"][0]
    res = t["players"][seat]["res"]
    if any(res[C.RES_INDEX[name]] for name in op["resources"]):
        t["pending"] = {"kind": "statue", **_params(op)}


def _params(op: Op) -> dict[str, Any]:
    return {k: v for k, v in op.items() if k != "op"}


OPS: dict[str, Callable[[State, int, int, int, Op], None]] = {
    "gain": _gain,
    "army": _army,
    "vp": _vp,
    "boost": _boost,
    "bandit_defense": _bandit_defense,
    "harvest_in_row": _harvest_in_row,
    "vp_per_pair": _vp_per_pair,
    "exchange": _exchange,
    "place_free": _place_free,
    "move_die": _move_die,
    "reroll": _reroll,
    "copy": _copy,
}
