"""SPQF: a deck-builder of a growing civilization, with this project's own card set."""

from __future__ import annotations

from games.core.game import Game, Option

from . import bots, engine, scoring, state, text

GAME = Game(
    name="spqf",
    title="SPQF",
    min_seats=2,
    max_seats=4,
    setup=state.setup,
    to_act=engine.to_act,
    legal_actions=engine.legal_actions,
    apply=engine.apply,
    outcome=scoring.outcome,
    view=state.view,
    redetermine=state.redetermine,
    bots={"random": bots.random_bot, "heuristic": bots.heuristic_bot},
    options=(
        Option(
            name="draft",
            label="Draft the starting Civilization cards",
            kind="bool",
            default=False,
            help="Advanced setup: pick your 5 Civilization cards one at a time, passing left.",
        ),
    ),
    public_action=text.public_action,
    narrate=text.narrate,
    label=text.label,
    timeout_action=engine.timeout_action,
    summary="Build a deck, follow your neighbours' actions and grow your civilization.",
)
