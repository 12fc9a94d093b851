"""SPQF, Fin del juego: the score of each seat and the places."""

from __future__ import annotations

from typing import Any

from games.core.game import Outcome

from .cards import CARDS, LEVEL_VP, MONUMENT_BONUS, MONUMENTS

State = dict[str, Any]


def owned(p: dict[str, Any]) -> list[int]:
    """All of a seat's cards: deck, hand, discard, trade row, stored (and any still in play)."""
    cards: list[int] = []
    for zone in ("deck", "hand", "discard", "row", "stored", "played", "following", "picks"):
        cards += p[zone]
    return cards


def monument_points(p: dict[str, Any]) -> int:
    """'1 PV por cada modificador indicado en las cartas de tu mazo (o almacenadas). ¡No cuentes
    las hojas de roble!' Oak-leaf cards never count, whatever the monument."""
    cat = MONUMENTS[p["monument"]]["cat"]
    return sum(CARDS[c]["mods"] for c in owned(p) if CARDS[c]["cat"] == cat)


def breakdown(s: State) -> list[dict[str, Any]]:
    rows = []
    for p in s["players"]:
        rows.append(
            {
                "tokens": p["vp"],
                "level": LEVEL_VP[p["level"]],
                "monument": monument_points(p),
                "monument_name": MONUMENTS[p["monument"]]["name"],
                "monument_bonus": 0,
                "cards": sum(CARDS[c]["vp"] for c in owned(p)),
                "civilization_level": p["level"],
            }
        )
    best = max(r["monument"] for r in rows)
    leaders = [r for r in rows if r["monument"] == best]
    if len(leaders) == 1:  # "Si los jugadores están empatados, no se otorga ningún bono."
        leaders[0]["monument_bonus"] = MONUMENT_BONUS
    for r in rows:
        r["total"] = r["tokens"] + r["level"] + r["monument"] + r["monument_bonus"] + r["cards"]
    return rows


def outcome(s: State) -> Outcome | None:
    if s["step"] != "over":
        return None
    rows = breakdown(s)
    # Tie: the highest civilization level wins; still tied, the win is shared.
    keys = [(r["total"], r["civilization_level"]) for r in rows]
    places = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    return Outcome(
        places=places,
        scores=tuple(float(r["total"]) for r in rows),
        reason=s["end"] or "",
        details=tuple(rows),
    )
