"""Dice City (Vangelis Bagiartakis, AEG 2015) for 2 to 4 players: the engine the site plays.

Rules from the Spanish rule book (seeds/001); card numbers in data/cards.json; decisions on
the open questions in docs/dicecity.md and next to the code they shape.
"""

from __future__ import annotations

from typing import Any

from games.core import Game, Option, Outcome, places_from_scores

from .apply import apply
from .bots import bot_greedy, bot_random
from .moves import legal_actions
from .state import State, built_count, redetermine, score, setup, view
from .text import label, narrate


def to_act(state: State) -> tuple[int, ...]:
    if state["over"] is not None:
        return ()
    return (state["turn"]["seat"],)


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


def _view(state: State, seat: int | None) -> dict[str, Any]:
    return view(state, seat)


GAME = Game(
    name="dicecity",
    title="Dice City",
    min_seats=2,
    max_seats=4,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=_view,
    redetermine=redetermine,
    bots={"random": bot_random, "greedy": bot_greedy},
    options=(
        Option(
            name="full_rows_choice",
            label="Two full rows: the player who fills them chooses whether the game ends",
            kind="bool",
            default=False,
            help="Rule book, end of the game: optional rule for the two-full-rows condition.",
        ),
    ),
    narrate=narrate,
    label=label,
    summary="Roll five dice on a 5 x 6 city, use the locations under them, build, attack "
    "bandits and rivals, and ship goods for victory points.",
)
