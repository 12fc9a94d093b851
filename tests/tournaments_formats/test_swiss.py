"""Swiss: worked examples of docs/tournaments.md, the brute-force check of repeat meetings, byes,
seat rotation, tie-breaks and withdrawals."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments_formats.helpers import (
    best_seed_wins,
    partitions,
    repeats,
    run_event,
    seeded,
    tables_of,
)
from tests.tournaments_formats.simulate import entrants_for, play, random_result
from tournaments.formats import (
    FORMATS,
    Entrant,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    TableResult,
)
from tournaments.formats.arrange import EXACT_LIMIT, arrange
from tournaments.formats.common import meetings, table_sizes

SWISS = FORMATS["swiss"]


def test_it_pairs_the_worked_example_of_nine_players_at_three_player_tables():
    played, rows = run_event("swiss", seeded(9), Settings(3, 2, 4, rounds=3))
    assert tables_of(played) == [
        [("R1-T1", (1, 6, 7)), ("R1-T2", (2, 5, 8)), ("R1-T3", (3, 4, 9))],
        [("R2-T1", (1, 2, 3)), ("R2-T2", (4, 5, 6)), ("R2-T3", (7, 8, 9))],
        [("R3-T1", (8, 1, 4)), ("R3-T2", (6, 9, 2)), ("R3-T3", (5, 3, 7))],
    ]
    assert repeats([t for _, t in tables_of(played)[2]], meetings(played[:2])) == 0
    assert [(r.entrant, r.rank, r.points) for r in rows[:4]] == [
        (1, 1, 3.0),
        (2, 2, 2.5),
        (3, 3, 2.0),
        (4, 4, 2.0),
    ]
    assert rows[2].tiebreaks["opponents_points"] > rows[3].tiebreaks["opponents_points"]


def test_it_seats_thirteen_players_at_four_player_tables_as_four_three_three_three():
    played, _ = run_event("swiss", seeded(13), Settings(4, 3, 4, rounds=2))
    assert tables_of(played)[0] == [
        ("R1-T1", (1, 8, 9, 13)),
        ("R1-T2", (2, 7, 10)),
        ("R1-T3", (3, 6, 11)),
        ("R1-T4", (4, 5, 12)),
    ]
    assert [len(t) for _, t in tables_of(played)[1]] == [4, 3, 3, 3]
    assert all(rnd.plan.byes == () for rnd in played)


def test_it_gives_the_bye_to_the_lowest_ranked_player_without_one():
    played, rows = run_event("swiss", seeded(5), Settings(2, 2, 2, rounds=3))
    assert [rnd.plan.byes for rnd in played] == [(5,), (4,), (3,)]
    assert tables_of(played)[0] == [("R1-T1", (1, 4)), ("R1-T2", (2, 3))]
    by_id = {r.entrant: r for r in rows}
    assert by_id[4].byes == 1 and by_id[4].points == 0.5  # a bye is worth 0.5
    assert by_id[5].points == 0.5  # the bye, then two losses


def test_it_breaks_ties_by_opponents_points_then_game_score_then_rating():
    entrants = [Entrant(1, 1500.0, 1), Entrant(2, 1600.0, 2), Entrant(3, 1400.0, 3)]
    entrants.append(Entrant(4, 1450.0, 4))
    plan = RoundPlan(
        1,
        "Round 1",
        (PlannedTable((1, 2), "R1-T1"), PlannedTable((3, 4), "R1-T2")),
    )
    played = [
        PlayedRound(
            plan,
            (
                TableResult("R1-T1", (1, 2), (1, 1), (30.0, 30.0)),
                TableResult("R1-T2", (3, 4), (1, 1), (35.0, 20.0)),
            ),
        )
    ]
    rows = SWISS.standings(entrants, Settings(2, 2, 2, rounds=1), played)
    # all on 0.5 points and 0.5 opponents' points: game score splits 3 > 1 = 2 > 4,
    # then rating puts 2 (1600) above 1 (1500)
    assert [(r.entrant, r.rank) for r in rows] == [(3, 1), (2, 2), (1, 3), (4, 4)]
    assert list(rows[0].tiebreaks) == ["opponents_points", "game_score", "rating"]


def test_it_shares_a_rank_only_when_every_tie_break_is_equal():
    entrants = [Entrant(1, 1500.0, 1), Entrant(2, 1500.0, 2)]
    plan = RoundPlan(1, "Round 1", (PlannedTable((1, 2), "R1-T1"),))
    played = [PlayedRound(plan, (TableResult("R1-T1", (1, 2), (1, 1), (5.0, 5.0)),))]
    rows = SWISS.standings(entrants, Settings(2, 2, 2, rounds=1), played)
    assert [r.rank for r in rows] == [1, 1]


def test_it_never_seats_first_a_player_who_sat_first_more_than_a_tablemate():
    entrants = entrants_for(40, 3)
    config = Settings(4, 3, 4, rounds=6)
    played = play(SWISS, entrants, config, random.Random(3))
    firsts: Counter[int] = Counter()
    for rnd in played:
        for table in rnd.plan.tables:
            assert firsts[table.players[0]] == min(firsts[p] for p in table.players)
        firsts.update(t.players[0] for t in rnd.plan.tables)


def test_it_never_pairs_a_withdrawn_player():
    entrants = entrants_for(12, 1)
    config = Settings(3, 3, 4, rounds=3)
    first = SWISS.plan_round(entrants, config, [])
    assert first is not None
    played = [best_seed_wins(first)]
    gone = entrants[0].id
    entrants[0] = Entrant(gone, entrants[0].rating, entrants[0].seed, active=False)
    second = SWISS.plan_round(entrants, config, played)
    assert second is not None
    seated = [p for t in second.tables for p in t.players] + list(second.byes)
    assert gone not in seated
    assert sorted(seated) == sorted(e.id for e in entrants if e.active)
    rows = SWISS.standings(entrants, config, played)
    assert next(r for r in rows if r.entrant == gone).note == "withdrawn"


@settings(max_examples=60, deadline=None, database=None)
@given(
    players=st.integers(3, 8),
    size=st.integers(2, 4),
    rounds=st.integers(1, 3),
    seed=st.integers(0, 10_000),
)
def test_it_repeats_no_more_meetings_than_the_best_arrangement(players, size, rounds, seed):
    """Brute force over every split of the seated players into the planned table sizes."""
    config = Settings(size, 2, 4, rounds=rounds + 1)
    entrants = entrants_for(players, seed)
    rng = random.Random(seed)
    played: list[PlayedRound] = []
    for _ in range(rounds):
        plan = SWISS.plan_round(entrants, config, played)
        assert plan is not None
        played.append(
            PlayedRound(plan, tuple(random_result(t.key, t.players, rng) for t in plan.tables))
        )
    plan = SWISS.plan_round(entrants, config, played)
    assert plan is not None
    met = dict(meetings(played))
    seated = sorted(p for t in plan.tables for p in t.players)
    sizes = [len(t.players) for t in plan.tables]
    best = min(repeats(split, met) for split in partitions(seated, sizes))
    assert repeats([t.players for t in plan.tables], met) <= best


@settings(max_examples=20, deadline=None, database=None)
@given(players=st.integers(11, 12), size=st.integers(3, 4), seed=st.integers(0, 10_000))
def test_it_finds_the_fewest_repeats_by_search_above_the_exhaustive_limit(players, size, seed):
    """Above EXACT_LIMIT players the arranger searches (greedy, swaps, restarts): on random
    histories of 11-12 players it still matches the brute force."""
    rng = random.Random(seed)
    people = list(range(players))
    met = {(a, b): rng.choice([0, 0, 0, 1, 1, 2]) for a in people for b in people if a < b}
    sizes, _ = table_sizes(players, size, 2)
    assert players > EXACT_LIMIT

    def cost(a: int, b: int) -> tuple[int, float]:
        return met[(min(a, b), max(a, b))], 0.0

    found = arrange(people, sizes, cost)
    best = min(repeats(split, met) for split in partitions(people, sizes))
    assert repeats(found, met) == best
