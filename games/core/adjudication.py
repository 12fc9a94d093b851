"""Ending an unfinished game by a rule instead of by play (a tournament round's deadline).

Two rules, both pure functions of the state:

- `adjudicated`: each seat's place by the game's own position evaluation, the value the bots
  judge positions by (`Game.extra["search"]`, a SearchConfig: `values` or `value`). Equal
  values share a place. A game without an evaluation is shared instead (said by the reason).
- `shared`: every seat shares first place, the draw-like result (each seat's tournament points
  are then the mean of the table's).

Scores are left at 0: a heuristic value is not the game's score (VP, coins), and the tie-break
"game score" should not mix the two.
"""

from __future__ import annotations

from typing import Any

from games.core.game import Game, Outcome, State, places_from_scores

ADJUDICATED = "adjudicated"
SHARED = "shared"


def evaluation(game: Game, state: State, seats: int) -> list[float] | None:
    """Every seat's value of the position, as the bots see it; None if the game has none."""
    config: Any = game.extra.get("search")
    if config is None:
        return None
    if config.values is not None:
        return [float(v) for v in config.values(state)][:seats]
    return [float(config.value(state, seat)) for seat in range(seats)]


def adjudicated(game: Game, state: State, seats: int) -> Outcome:
    values = evaluation(game, state, seats)
    if values is None or len(values) != seats:
        return shared(seats)
    return Outcome(places_from_scores(values), tuple(0.0 for _v in values), ADJUDICATED)


def shared(seats: int) -> Outcome:
    return Outcome(tuple(1 for _s in range(seats)), tuple(0.0 for _s in range(seats)), SHARED)
