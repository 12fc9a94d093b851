"""Round robin: every pair once at 2-player tables, resolvable designs for n = q*q, an even
spread otherwise (docs/tournaments.md, "Round robin")."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tests.tournaments_formats.helpers import best_seed_wins, run_event, seeded, tables_of
from tournaments.formats import FORMATS, Entrant, Settings
from tournaments.formats.common import meetings

ROUND_ROBIN = FORMATS["round_robin"]


def pair_counts(played, players):
    met = meetings(played)
    return Counter(met.get(p, 0) for p in itertools.combinations(sorted(players), 2))


@pytest.mark.parametrize("players", range(2, 21))
def test_it_pairs_every_two_players_exactly_once_at_two_player_tables(players):
    played, _ = run_event("round_robin", seeded(players), Settings(2, 2, 2))
    assert len(played) == (players - 1 if players % 2 == 0 else players)
    assert pair_counts(played, range(1, players + 1)) == Counter({1: players * (players - 1) // 2})
    byes = Counter(p for rnd in played for p in rnd.plan.byes)
    assert byes == (Counter(range(1, players + 1)) if players % 2 else Counter())


def test_it_schedules_the_worked_example_of_four_players_by_berger_tables():
    played, rows = run_event("round_robin", seeded(4), Settings(2, 2, 2))
    assert tables_of(played) == [
        [("R1-T1", (1, 4)), ("R1-T2", (2, 3))],
        [("R2-T1", (1, 2)), ("R2-T2", (4, 3))],
        [("R3-T1", (3, 1)), ("R3-T2", (2, 4))],
    ]
    assert [(r.entrant, r.points) for r in rows] == [(1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)]


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_it_uses_the_affine_plane_for_q_squared_players(q):
    played, _ = run_event("round_robin", seeded(q * q), Settings(q, 2, 5))
    assert len(played) == q + 1
    assert pair_counts(played, range(1, q * q + 1)) == Counter({1: q * q * (q * q - 1) // 2})


def test_it_schedules_the_worked_example_of_nine_players_at_three_player_tables():
    played, _ = run_event("round_robin", seeded(9), Settings(3, 3, 4))
    assert tables_of(played)[0] == [
        ("R1-T1", (1, 4, 7)),
        ("R1-T2", (2, 5, 8)),
        ("R1-T3", (3, 6, 9)),
    ]
    assert len(played) == 4


@pytest.mark.parametrize(("players", "size"), [(7, 3), (8, 3), (11, 3), (13, 4), (14, 5)])
def test_it_spreads_byes_evenly_when_no_design_exists(players, size):
    """Byes differ by at most one between players; every pair of the plan's tables is seated
    (what the plans achieve in meetings: test_even_meetings.py and the docs' table)."""
    played, _ = run_event("round_robin", seeded(players), Settings(size, size, 5))
    assert pair_counts(played, range(1, players + 1))  # the event was played
    byes = Counter(p for rnd in played for p in rnd.plan.byes)
    spread = [byes[p] for p in range(1, players + 1)]
    assert max(spread) - min(spread) <= 1


def test_it_gives_byes_to_the_tablemates_of_a_withdrawn_player_left_too_few():
    entrants = seeded(4)
    config = Settings(2, 2, 2)
    first = ROUND_ROBIN.plan_round(entrants, config, [])
    assert first is not None
    played = [best_seed_wins(first)]
    entrants[3] = Entrant(4, entrants[3].rating, 4, active=False)
    second = ROUND_ROBIN.plan_round(entrants, config, played)
    assert second is not None
    assert [t.players for t in second.tables] == [(1, 2)]
    assert second.byes == (3,)  # 3 was to meet 4
