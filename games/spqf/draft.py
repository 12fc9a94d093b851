"""The start of play: SPQF, Preparar 5-7 (shuffle, deal five) and the advanced draft of the
Civilization cards ("Avanzado"), one secret pick at a time, passing the rest to the left.

Functions here change the state they are given: setup's new state or `apply`'s copy.
"""

from __future__ import annotations

from typing import Any

from games.core.rng import Rng

from . import flow, tableau
from .cards import HAND_SIZE

State = dict[str, Any]
Action = dict[str, Any]


def begin_play(s: State) -> None:
    """Each seat shuffles its deck (drafted picks included) and draws its first hand."""
    rng = Rng(s["rng"])
    for p in s["players"]:
        p["deck"] += p["picks"]
        p["picks"] = []
        rng.shuffle(p["deck"])
    s["rng"] = rng.state
    s["packs"] = []
    s["picked"] = []
    for seat in range(s["n"]):
        tableau.draw(s, seat, HAND_SIZE)
    flow.start_turn(s)


def pick(s: State, seat: int, action: Action) -> None:
    """SPQF, Avanzado: pick one, then pass the rest to the player on your left."""
    s["packs"][seat].remove(action["card"])
    s["players"][seat]["picks"].append(action["card"])
    s["picked"][seat] = True
    if not all(s["picked"]):
        return
    n = s["n"]
    s["packs"] = [s["packs"][(i - 1) % n] for i in range(n)]
    s["picked"] = [False] * n
    if len(s["packs"][0]) == 1:  # the last card passed to each player is theirs: no choice
        for i in range(n):
            s["players"][i]["picks"] += s["packs"][i]
        s["packs"] = [[] for _ in range(n)]
    if not s["packs"][0]:
        begin_play(s)
