"""Scythe (Stonemaier Games, 2016), the base game for 2 to 5 players: the engine contract over
plain JSON states (see docs/scythe.md for what is implemented and the rules readings chosen)."""

from __future__ import annotations

from ..core.actions import labeller, narrator
from ..core.game import Game
from .actions import ACTIONS
from .bots import BOTS, SEARCH
from .reference import reference
from .rules import apply, apply_trusted, legal_actions, timeout_action, to_act
from .scoring import outcome
from .state import OPTIONS, redetermine, reveals, setup, view
from .text import public_action

GAME = Game(
    name="scythe",
    title="Scythe",
    min_seats=2,
    max_seats=5,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    apply_trusted=apply_trusted,
    outcome=outcome,
    view=view,
    redetermine=redetermine,
    bots=BOTS,
    options=OPTIONS,
    narrate=narrator(ACTIONS),
    label=labeller(ACTIONS),
    public_action=public_action,
    timeout_action=timeout_action,
    reference=reference,
    reveals=reveals,
    extra={"search": SEARCH},
    summary="Farm, build and fight for the Factory in an alternate 1920s Eastern Europe.",
)

__all__ = ["GAME"]
