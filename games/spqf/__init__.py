"""SPQF: a deck-builder of a growing civilization, with this project's own card set.

Rules from the Spanish rule book; the card set in data/cards.json (docs/spqf-cards.md);
decisions on the open questions in docs/spqf.md and next to the code they shape.
"""

from __future__ import annotations

from games.core import Game, labeller, narrator

from .actions import ACTIONS
from .bots import BOTS, SEARCH
from .cards import reference
from .rules import apply, apply_trusted, legal_actions, timeout_action, to_act
from .scoring import outcome
from .state import OPTIONS, redetermine, reveals, setup, view
from .text import public_action

GAME = Game(
    name="spqf",
    title="SPQF",
    min_seats=2,
    max_seats=4,
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
    public_action=public_action,
    narrate=narrator(ACTIONS),
    label=labeller(ACTIONS),
    timeout_action=timeout_action,
    reference=reference,
    reveals=reveals,
    extra={"search": SEARCH},
    summary="Build a deck, follow your neighbours' actions and grow your civilization.",
)
