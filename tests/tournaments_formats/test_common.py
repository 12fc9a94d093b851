"""Place points, table sizes, seat order and seeding (docs/tournaments.md, "Common rules")."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from tournaments.formats import FormatError, seed_entrants
from tournaments.formats.common import place_points, seat_order, snake, table_sizes


def test_it_scales_place_points_by_table_size():
    assert place_points([1, 2, 3, 4]) == [1, Fraction(2, 3), Fraction(1, 3), 0]
    assert place_points([1, 2, 3]) == [1, Fraction(1, 2), 0]
    assert place_points([2, 1]) == [0, 1]


def test_it_shares_the_points_of_tied_places():
    assert place_points([1, 2, 2, 4]) == [1, Fraction(1, 2), Fraction(1, 2), 0]
    assert place_points([1, 1, 3, 4]) == [Fraction(5, 6), Fraction(5, 6), Fraction(1, 3), 0]
    assert place_points([1, 1]) == [Fraction(1, 2), Fraction(1, 2)]


def test_it_balances_table_sizes_without_going_below_the_minimum():
    assert table_sizes(13, 4, 2) == ([4, 3, 3, 3], 0)
    assert table_sizes(13, 4, 3) == ([4, 3, 3, 3], 0)
    assert table_sizes(7, 5, 3) == ([4, 3], 0)
    assert table_sizes(12, 4, 2) == ([4, 4, 4], 0)


def test_it_gives_byes_only_when_no_arrangement_fits():
    assert table_sizes(13, 4, 4) == ([4, 4, 4], 1)
    assert table_sizes(5, 2, 2) == ([2, 2], 1)
    assert table_sizes(6, 4, 4) == ([4], 2)
    assert table_sizes(1, 2, 2) == ([], 1)


def test_it_deals_seeds_into_tables_in_a_snake():
    assert snake(list(range(1, 9)), [4, 4]) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert snake(list(range(1, 14)), [4, 3, 3, 3]) == [
        [1, 8, 9, 13],
        [2, 7, 10],
        [3, 6, 11],
        [4, 5, 12],
    ]


def test_it_seats_first_whoever_sat_first_least():
    history = {1: Counter({0: 2}), 2: Counter({0: 1, 1: 1}), 3: Counter({1: 1, 2: 1})}
    rank = {1: 0, 2: 1, 3: 2}
    order = seat_order([1, 2, 3], history, rank)
    assert order[0] == 3
    assert seat_order([1, 2, 3], {}, rank) == (1, 2, 3)


def test_it_seeds_by_rating_highest_first_ties_by_id():
    entrants = seed_entrants([(7, 1500.0), (3, 1700.0), (5, 1500.0)], "rating", rng_seed=0)
    assert [(e.id, e.seed) for e in entrants] == [(3, 1), (5, 2), (7, 3)]


def test_it_seeds_at_random_reproducibly():
    players = [(i, 1500.0) for i in range(20)]
    first = seed_entrants(players, "random", rng_seed=42)
    assert first == seed_entrants(players, "random", rng_seed=42)
    assert first != seed_entrants(players, "random", rng_seed=43)
    assert sorted(e.seed for e in first) == list(range(1, 21))


def test_it_seeds_by_hand_and_refuses_an_incomplete_order():
    players = [(1, 1500.0), (2, 1600.0), (3, 1400.0)]
    entrants = seed_entrants(players, "manual", rng_seed=0, order=[3, 1, 2])
    assert [e.id for e in entrants] == [3, 1, 2]
    with pytest.raises(FormatError):
        seed_entrants(players, "manual", rng_seed=0, order=[3, 1])
    with pytest.raises(FormatError):
        seed_entrants(players, "alphabetical", rng_seed=0)
