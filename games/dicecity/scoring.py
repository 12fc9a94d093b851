"""Scoring (Dice City, "Puntuación"): what each location is worth, the breakdown, the outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Outcome, places_from_scores

from . import cards as C

State = dict[str, Any]


def location_vp(p: Mapping[str, Any], slot: int) -> int:
    """Printed VP; the Cathedral's X is 1 per cultural location in its row, itself and printed
    Small Houses included, deactivated or not: the book's scoring example (a red row of Grand
    Statue, Manor, Great Wall, Manor, Small House and Cathedral) makes the Cathedral worth 6."""
    card = C.CARDS[p["city"][slot]]
    if card["vp"] != "X":
        return int(card["vp"])
    kind = card["effect"][0]["type"]  # op vp_per_type_in_row
    start = slot - slot % C.COLS
    return sum(1 for other in p["city"][start : start + C.COLS] if C.CARDS[other]["type"] == kind)


def built_count(p: Mapping[str, Any]) -> int:
    return sum(1 for card in p["city"] if card not in C.PRINTED)


def score(p: Mapping[str, Any], vps: Sequence[int] | None = None) -> dict[str, int]:
    """Dice City, "Puntuación": VP tokens, bandit and ship cards, and every location in the city,
    active or deactivated; covered cards left the city and do not count. `vps`: the city's
    location_vp per slot, if the caller has them already (the view)."""
    if vps is None:
        vps = [location_vp(p, slot) for slot in range(C.SLOTS)]
    locations = sum(vps)
    bandits = sum(p["bandits"])
    ships = sum(p["ships"])
    total = locations + p["tokens"] + bandits + ships
    return {
        "locations": locations,
        "vp tokens": p["tokens"],
        "bandits": bandits,
        "trade ships": ships,
        "location cards": built_count(p),
        "total": total,
    }


def outcome(state: State) -> Outcome | None:
    """Dice City, "Puntuación": most VP wins; ties go to the most location cards in the city,
    then the most VP from trade ships and bandits, then the player closest to the first player
    (seat 0 first, so a lower seat wins the last tie)."""
    if state["over"] is None:
        return None
    details = [score(p) for p in state["players"]]
    keys = [
        (d["total"], built_count(p), d["bandits"] + d["trade ships"], -seat)
        for seat, (d, p) in enumerate(zip(details, state["players"], strict=True))
    ]
    return Outcome(
        places=places_from_scores(keys),
        scores=tuple(float(d["total"]) for d in details),
        reason=state["over"],
        details=tuple(details),
    )
