"""Dice City (Vangelis Bagiartakis, AEG 2015) for 2 to 4 players: the engine the site plays.

Rules from the Spanish rule book (seeds/001); card numbers in data/cards.json; decisions on
the open questions in docs/dicecity.md and next to the code they shape.
"""

from __future__ import annotations

from games.core import Game, labeller, narrator

from .actions import ACTIONS
from .bots import BOTS, SEARCH
from .cards import reference
from .rules import apply, apply_unchecked, legal_actions, to_act
from .scoring import outcome
from .state import OPTIONS, redetermine, reveals, setup, view

GAME = Game(
    name="dicecity",
    title="Dice City",
    min_seats=2,
    max_seats=4,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    apply_trusted=apply_unchecked,
    outcome=outcome,
    view=view,
    redetermine=redetermine,
    bots=BOTS,
    options=OPTIONS,
    narrate=narrator(ACTIONS),
    label=labeller(ACTIONS),
    reference=reference,
    reveals=reveals,
    public_view=True,  # no hands: the deck's order is hidden from every seat alike
    extra={"search": SEARCH},
    summary="Roll five dice on a 5 x 6 city, use the locations under them, build, attack "
    "bandits and rivals, and ship goods for victory points.",
)
