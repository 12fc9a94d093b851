"""Multiplayer Elo, pure arithmetic (no Django): docs/ratings.md explains it with examples.

A table of N players counts as N-1 pairwise games for each player, scored by finishing place
(1 for a better place, 1/2 for the same place, 0 for a worse one). Each player's change is
K times the average, over their opponents, of (actual - expected), so a 5-player game moves a
rating about as much as a 2-player one. Changes are rounded to hundredths, so recomputing from
the stored results arrives at exactly the stored numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

INITIAL_RATING = 1500.0
PROVISIONAL_GAMES = 20
K_PROVISIONAL = 64.0
K_ESTABLISHED = 32.0


def expected(rating: float, opponent: float) -> float:
    """The logistic expectation of `rating` against `opponent` (0.5 when equal)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def pair_score(place: int, opponent_place: int) -> float:
    """A better (lower) place wins the pair, the same place draws it."""
    if place < opponent_place:
        return 1.0
    if place == opponent_place:
        return 0.5
    return 0.0


def k_factor(rated_games: int) -> float:
    """A higher K for the first PROVISIONAL_GAMES rated games, so new players find their level."""
    return K_PROVISIONAL if rated_games < PROVISIONAL_GAMES else K_ESTABLISHED


def is_provisional(rated_games: int) -> bool:
    return rated_games < PROVISIONAL_GAMES


def rating_changes(
    ratings: Sequence[float], places: Sequence[int], rated_games: Sequence[int]
) -> list[float]:
    """The change of each player's rating, by seat, rounded to hundredths."""
    count = len(ratings)
    if count < 2:
        return [0.0] * count
    changes = []
    for i in range(count):
        surplus = sum(
            pair_score(places[i], places[j]) - expected(ratings[i], ratings[j])
            for j in range(count)
            if j != i
        )
        changes.append(round(k_factor(rated_games[i]) * surplus / (count - 1), 2))
    return changes


def apply_changes(ratings: Sequence[float], changes: Sequence[float]) -> list[float]:
    return [round(r + c, 2) for r, c in zip(ratings, changes, strict=True)]
