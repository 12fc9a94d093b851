"""Scythe (Stonemaier Games, 2016), the base game for 1 to 5 players: the engine contract over
plain JSON states (see docs/scythe.md for what is implemented and the rules readings chosen)."""

from __future__ import annotations

from ..core.game import Game
from .bots import BOTS
from .scoring import outcome
from .setup import setup
from .text import label, narrate, public_action, timeout_action
from .turn import apply, legal_actions, to_act
from .view import redetermine, view

GAME = Game(
    name="scythe",
    title="Scythe",
    min_seats=2,
    max_seats=5,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    redetermine=redetermine,
    bots=BOTS,
    narrate=narrate,
    label=label,
    public_action=public_action,
    timeout_action=timeout_action,
    summary="Farm, build and fight for the Factory in an alternate 1920s Eastern Europe.",
)

__all__ = ["GAME"]
