"""Multiplayer Elo, pure arithmetic (no Django): docs/ratings.md explains it with examples.

A table of N players counts as N-1 pairwise games for each player, scored by finishing place
(1 for a better place, 1/2 for the same place, 0 for a worse one). Each player's change is
K times the average, over their opponents, of (actual - expected), so a 5-player game moves a
rating about as much as a 2-player one. Changes are rounded to hundredths, so recomputing from
the stored results arrives at exactly the stored numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Pairing:
    """One opponent's part in a player's change: the pair's score S (1, 1/2, 0), the expected
    score E from the ratings before the game, and the points this pair gave or took."""

    opponent: int
    score: float
    expected: float
    points: float


def expected_place(ratings: Sequence[float], player: int) -> float:
    """The place the ratings before the game predicted: 1 plus, for each opponent, the chance
    that they finish ahead (1 - E). Equal ratings at a table of five predict 3."""
    return 1.0 + sum(
        1.0 - expected(ratings[player], other) for j, other in enumerate(ratings) if j != player
    )


def change_explained(
    ratings: Sequence[float], places: Sequence[int], rated_games: Sequence[int], player: int
) -> list[Pairing]:
    """`player`'s change split by opponent: K x (S - E) / (N - 1) each, in hundredths that add
    up exactly to `rating_changes(...)[player]` (the largest remainders take the odd cents)."""
    count = len(ratings)
    if count < 2:
        return []
    k = k_factor(rated_games[player])
    others = [j for j in range(count) if j != player]
    raw = {
        j: k
        * (pair_score(places[player], places[j]) - expected(ratings[player], ratings[j]))
        / (count - 1)
        for j in others
    }
    total = rating_changes(ratings, places, rated_games)[player]
    cents = _cents_summing_to(raw, round(total * 100))
    return [
        Pairing(
            opponent=j,
            score=pair_score(places[player], places[j]),
            expected=expected(ratings[player], ratings[j]),
            points=cents[j] / 100,
        )
        for j in others
    ]


def _cents_summing_to(raw: dict[int, float], total_cents: int) -> dict[int, int]:
    """Each value in whole hundredths, rounded down, then one more for the largest remainders
    until they sum to `total_cents` (the rounded total of the unrounded values)."""
    cents = {j: math.floor(value * 100) for j, value in raw.items()}
    spare = total_cents - sum(cents.values())
    by_remainder = sorted(raw, key=lambda j: raw[j] * 100 - cents[j], reverse=True)
    for j in by_remainder[: max(0, spare)]:
        cents[j] += 1
    return cents
