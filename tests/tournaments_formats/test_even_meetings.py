"""Even meetings (issue 32): multiplayer round robin planned whole against proven lower bounds
(tournaments.formats.meeting_plan), and 2-player Swiss rematches optimal at any size
(docs/tournaments.md, "Round robin" and "Swiss")."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from tests.tournaments_formats.helpers import run_event, seeded
from tests.tournaments_formats.simulate import entrants_for, play
from tournaments.formats import FORMATS, PlannedTable, PlayedRound, RoundPlan, Settings
from tournaments.formats import meeting_plan as mp
from tournaments.formats.common import pair, table_sizes
from tournaments.formats.round_robin import (
    affine_plane,
    default_rounds,
    design,
    designed,
    follows,
    planned,
    played_tables,
    schedule_round,
)
from tournaments.formats.swiss import match_pairs
from tournaments.formats.swiss import max_weight_matching as swiss_matching


@pytest.mark.parametrize("players", [50, 250])
def test_a_swiss_round_avoids_a_rematch_outside_the_first_window(players):
    """Every pair of ranks up to 24 apart has met, none 25 apart: at 50 players the graph is
    complete; at 250 the 24-rank window alone could only pair rematches; widened, it pairs
    rank i with rank i + 25 (50 ranks in a block), no rematch."""
    seated = list(range(1, players + 1))
    met = Counter({pair(a, b): 1 for a in seated for b in range(a + 1, min(players, a + 24) + 1)})
    points = {p: Fraction(0) for p in seated}
    tables = match_pairs(seated, points, met)
    assert sum(met.get(pair(a, b), 0) for a, b in tables) == 0
    assert sorted(abs(a - b) for a, b in tables) == [25] * (players // 2)


def seat_spread(played) -> int:
    """The widest spread of any player's seats after any round: their most used seat minus
    their least used, over the seats of the smallest table they sat at (a seat their table
    did not have is not one they could have been given)."""
    counts: dict[int, Counter[int]] = {}
    smallest: dict[int, int] = {}
    worst = 0
    for rnd in played:
        for table in rnd.plan.tables:
            for seat, player in enumerate(table.players):
                counts.setdefault(player, Counter())[seat] += 1
                smallest[player] = min(smallest.get(player, 9), len(table.players))
        for player, seats in counts.items():
            row = [seats[s] for s in range(smallest[player])]
            worst = max(worst, max(row) - min(row))
    return worst


# Measured over random events (2-200 players, 1-12 Swiss rounds, round robin up to 60): at 4-5
# seats no spread above 2; at 3 seats (whose tables leave the fewest orders to choose from)
# no spread above 3.
SPREAD_BOUND = {3: 3, 4: 2, 5: 2}
SEATS = settings(
    max_examples=10,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@SEATS
@given(
    players=st.integers(2, 200),
    size=st.integers(3, 5),
    exact=st.booleans(),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 2**16),
)
@example(players=139, size=3, exact=True, rounds=9, seed=139)
@example(players=200, size=5, exact=False, rounds=6, seed=1)
def test_swiss_seats_at_three_to_five_player_tables_stay_even(players, size, exact, rounds, seed):
    low = size if exact else 2
    assume(players >= low)
    config = Settings(size, low, 5, rounds=rounds)
    played = play(FORMATS["swiss"], entrants_for(players, seed), config, random.Random(seed))
    assert seat_spread(played) <= SPREAD_BOUND[size]


@SEATS
@given(
    players=st.integers(3, 40),
    size=st.integers(3, 5),
    exact=st.booleans(),
    seed=st.integers(0, 2**16),
)
@example(players=56, size=3, exact=False, seed=56)
@example(players=60, size=5, exact=False, seed=60)
def test_round_robin_seats_at_three_to_five_player_tables_stay_even(players, size, exact, seed):
    """The seating does not depend on how good the plan is, so the search runs on a small
    budget here (the plans' quality is pinned below)."""
    low = size if exact else 2
    assume(players >= low)
    config = Settings(size, low, 5)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mp, "MAX_STEPS", 5_000)
        patch.setattr(mp, "CYCLIC_STEPS", 5_000)
        planned.cache_clear()
        played = play(
            FORMATS["round_robin"], entrants_for(players, seed), config, random.Random(seed)
        )
    planned.cache_clear()
    assert seat_spread(played) <= SPREAD_BOUND[size]


def partitions(players: list[int], size: int):
    """Every split of ``players`` into tables of ``size`` (tables sorted, in order)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for others in itertools.combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        for tail in partitions(left, size):
            yield ((first, *others), *tail)


def best_by_brute_force(players: int, size: int, rounds: int) -> tuple[int, int]:
    """(pairs apart, pairs met more than once) of the best schedule, every one tried (round 1
    fixed: renaming players maps any schedule onto one that starts with it)."""
    splits = list(partitions(list(range(players)), size))
    best = None
    for rest in itertools.product(splits, repeat=rounds - 1):
        q = mp.quality(players, (splits[0], *rest), [size] * (players // size), [set()] * rounds)
        key = (q.never, q.twice + q.more)
        best = key if best is None or key < best else best
    assert best is not None
    return best


@pytest.mark.parametrize(
    ("players", "size", "rounds"), [(6, 3, 2), (6, 3, 3), (8, 4, 3), (9, 3, 2)]
)
def test_the_plan_matches_the_brute_force_optimum_and_the_bounds_hold(players, size, rounds):
    sizes, byes = mp.bye_rounds(players, size, size, rounds)
    best = best_by_brute_force(players, size, rounds)
    never_bound, again_bound = mp.bounds(players, sizes, byes)
    assert never_bound <= best[0]
    if never_bound == best[0]:
        assert again_bound <= best[1]
    q = mp.quality(players, planned(players, size, size, rounds), sizes, byes)
    assert (q.never, q.twice + q.more) == best


# What the plans achieve (docs/tournaments.md, "Round robin", the table): players, seats ->
# (pairs apart, pairs met twice, met three times or more), default rounds, tables down to 2.
ACHIEVED = {
    (7, 3): (6, 0, 0),
    (8, 3): (0, 0, 0),
    (10, 3): (5, 0, 0),
    (12, 3): (1, 7, 0),
    (13, 3): (12, 0, 0),
    (15, 3): (0, 0, 0),
    (18, 3): (0, 9, 0),  # a cyclic layout (9 turns of 2 base rounds): no pair apart
    # designs (round_robin.designed): every pair exactly once
    (24, 5): (0, 0, 0),  # the affine plane of 25, one point left out
    (26, 3): (0, 0, 0),  # the tripled affine plane of 9 (27), one point left out
    (27, 3): (0, 0, 0),
    (44, 3): (0, 0, 0),  # the tripled Kirkman system of 15 (45), one point left out
    (45, 3): (0, 0, 0),
    (32, 3): (0, 0, 0),  # 1-rotational Kirkman systems (33, 51, 57), one point left out
    (33, 3): (0, 0, 0),
    (50, 3): (0, 0, 0),
    (51, 3): (0, 0, 0),
    (56, 3): (0, 0, 0),
    (57, 3): (0, 0, 0),
    (27, 4): (0, 0, 0),  # a 1-rotational design of 28 over Z_3^3, one point left out
    (28, 4): (0, 0, 0),
}


@pytest.mark.parametrize(("players", "size"), sorted(ACHIEVED))
def test_the_plans_achieve_the_documented_table(players, size, monkeypatch):
    """With the wall-clock budget out of the way (the steps alone decide: the same plan on
    any machine, however loaded)."""
    monkeypatch.setattr(mp, "BUDGET", 10**6)
    planned.cache_clear()
    design.cache_clear()
    rounds = default_rounds(players, size)
    sizes, byes = mp.bye_rounds(players, size, 2, rounds)
    q = mp.quality(players, planned(players, size, 2, rounds), sizes, byes)
    planned.cache_clear()
    assert (q.never, q.twice, q.more) == ACHIEVED[players, size]
    assert q.never >= q.never_bound


def test_a_plan_cut_by_its_wall_clock_budget_comes_back_in_time_and_whole():
    """60 players at 4 seats on a budget of 0.5 s: back within it (plus one check of the
    clock's stride and the last quality count), every round seating everyone once."""
    began = time.perf_counter()
    schedule = mp.plan(60, 4, 2, 20, budget=0.5)
    assert time.perf_counter() - began < 2.5
    assert len(schedule) == 20
    for rnd in schedule:
        assert sorted(p for table in rnd for p in table) == list(range(60))
        assert sorted(len(table) for table in rnd) == [4] * 15


@pytest.mark.parametrize(("players", "size", "greedy"), [(12, 4, (12, 18)), (20, 5, (30, 40))])
def test_the_issue_s_cases_leave_fewer_pairs_apart_than_the_round_at_a_time_schedule(
    players, size, greedy
):
    """Before: 12 players at 4-player tables left 12 pairs apart and 18 twice; 20 at 5, 30
    apart (the same round-at-a-time schedule, still one of the search's starts)."""
    rounds = default_rounds(players, size)
    sizes, byes = mp.bye_rounds(players, size, 2, rounds)
    q = mp.quality(players, planned(players, size, 2, rounds), sizes, byes)
    assert q.never < greedy[0]
    assert q.twice + q.more < greedy[1]


def test_a_round_robin_event_plays_the_plan_and_one_begun_otherwise_goes_on_around_it(
    monkeypatch,
):
    """An event plays the planned rounds; one whose first round is not the plan's (begun with
    the round-at-a-time schedule, or with a plan another process made under load) keeps that
    round and plays a plan made around it: every round as played, pairs apart no more than
    the round-at-a-time schedule leaves. Without the wall-clock budget: under load a plan cut
    short may keep the round-at-a-time start, and then there is no other first round to try."""
    monkeypatch.setattr(mp, "BUDGET", 10**6)
    planned.cache_clear()
    entrants = seeded(12)
    config = Settings(4, 2, 5)
    played, _ = run_event("round_robin", entrants, config)
    plan = planned(12, 4, 2, default_rounds(12, 4))
    assert [
        sorted(tuple(sorted(p - 1 for p in t.players)) for t in r.plan.tables) for r in played
    ] == [sorted(rnd) for rnd in plan]
    assert follows(played_tables(list(range(1, 13)), played), plan)
    greedy = tuple(schedule_round(12, 4, 2, r) for r in range(1, 5))
    assert sorted(greedy[0]) != sorted(plan[0])  # the case: another first round
    first = PlayedRound(
        RoundPlan(
            1,
            "Round 1",
            tuple(
                PlannedTable(tuple(p + 1 for p in t), f"R1-T{i}") for i, t in enumerate(greedy[0])
            ),
            (),
        ),
        (),
    )
    assert not follows(played_tables(list(range(1, 13)), [first]), plan)
    fmt = FORMATS["round_robin"]
    rounds = [first]
    while (nxt := fmt.plan_round(entrants, config, rounds)) is not None:
        rounds.append(PlayedRound(nxt, ()))
    tables = [
        sorted(tuple(sorted(p - 1 for p in t.players)) for t in r.plan.tables) for r in rounds
    ]
    assert tables[0] == sorted(greedy[0]) and len(tables) == 4
    assert all(sorted(p for t in rnd for p in t) == list(range(12)) for rnd in tables)
    sizes, byes = mp.bye_rounds(12, 4, 2, 4)
    around = mp.quality(12, tuple(tuple(map(tuple, r)) for r in tables), sizes, byes)
    alone = mp.quality(12, greedy, sizes, byes)
    assert around.never <= alone.never


def _matching_weight(edges, matching) -> tuple[int, int]:
    weight = {(min(i, j), max(i, j)): w for i, j, w in edges}
    return len(matching), sum(weight[min(i, j), max(i, j)] for i, j in matching)


def _brute_force_matching(n, edges) -> tuple[int, int]:
    """(cardinality, weight) of the best matching, every subset of edges tried."""
    best = (0, 0)
    for k in range(len(edges) + 1):
        for chosen in itertools.combinations(edges, k):
            ends = [v for i, j, _w in chosen for v in (i, j)]
            if len(set(ends)) == len(ends):
                best = max(best, (k, sum(w for _i, _j, w in chosen)))
    return best


@settings(max_examples=60, deadline=None, database=None, derandomize=True)
@given(
    n=st.integers(2, 7),
    data=st.data(),
    scale=st.sampled_from([1, 2**40, 2**121]),
)
def test_the_swiss_matching_is_a_maximum_weight_matching_of_most_pairs(n, data, scale):
    """The 2-player Swiss matching (rustworkx; networkx for weights of 2^120 and more) is
    the best of most edges, checked against every subset of edges: weights as small as 1 and
    as large as the lexicographic criteria make (2^40 at 50 players, 2^54 at 500) or larger."""
    links = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = data.draw(st.lists(st.sampled_from(links), unique=True, max_size=9))
    edges = [
        (i, j, scale * data.draw(st.integers(1, 50)) + data.draw(st.integers(0, 3)))
        for i, j in chosen
    ]
    found = swiss_matching(n, edges)
    assert all(len({i, j} & {k, m}) == 0 for (i, j), (k, m) in itertools.combinations(found, 2))
    assert _matching_weight(edges, found) == _brute_force_matching(n, edges)


def test_the_swiss_matching_agrees_with_networkx_on_a_500_player_round():
    """A 500-player 2-player round (after 4 played): the matching's total weight is
    networkx's exactly (both optimal), and its first criteria (blocks, seat clashes,
    rematches) are zero."""
    import networkx as nx

    from tournaments.formats import swiss

    rng = random.Random(500)
    entrants = entrants_for(500, 500)
    config = Settings(2, 2, 5, rounds=5)
    played = play(FORMATS["swiss"], entrants, Settings(2, 2, 5, rounds=4), rng)
    captured = []
    real = swiss.max_weight_matching

    def spy(n, edges):
        captured.append(edges)
        return real(n, edges)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(swiss, "max_weight_matching", spy)
        FORMATS["swiss"].plan_round(entrants, config, played)
    edges = captured[-1]
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    reference = nx.max_weight_matching(graph, maxcardinality=True)
    assert _matching_weight(edges, real(500, edges)) == _matching_weight(edges, reference)


def _met(schedule) -> Counter:
    return Counter(
        pair(a, b) for rnd in schedule for t in rnd for a, b in itertools.combinations(t, 2)
    )


@pytest.mark.parametrize("w", [5, 7, 9, 11])
def test_tripling_seats_every_pair_of_two_layers_exactly_once(w):
    """meeting_plan.tripled: its w transversal rounds are rounds (each of the 3w players
    once) and seat every pair of players of two different layers exactly once, none of one
    layer; with the affine plane of 9 as the layers' schedule, every pair exactly once (a
    Kirkman triple system of 27)."""
    inner = affine_plane(3) if w == 9 else ()
    schedule = mp.tripled(inner, w)
    assert len(schedule) == len(inner) + w
    for rnd in schedule:
        assert sorted(p for t in rnd for p in t) == list(range(3 * w))
    met = _met(schedule[len(inner) :])
    assert all(
        met[pair(a, b)] == (a // w != b // w) for a, b in itertools.combinations(range(3 * w), 2)
    )
    if inner:
        assert set(_met(schedule).values()) == {1} and len(_met(schedule)) == 27 * 26 // 2


@pytest.mark.parametrize(
    ("players", "size"),
    [
        (24, 5),
        (26, 3),
        (27, 3),
        (32, 3),
        (33, 3),
        (44, 3),
        (45, 3),
        (50, 3),
        (51, 3),
        (56, 3),
        (57, 3),
        (27, 4),
        (28, 4),
    ],
)
def test_designed_schedules_meet_every_pair_once_at_balanced_tables(players, size, monkeypatch):
    """round_robin.designed: every pair exactly once in the default rounds, each round all
    the players at the balanced table sizes (common.table_sizes), none with a bye; and
    nothing where the sizes do not fit (13 players at 4 seats: the affine plane of 16 less 3
    points has 5 rounds, the default is 4; 45 at 3 seats with exact tables of 3 is a design,
    44 is not: its tables of 2 are below the minimum)."""
    monkeypatch.setattr(mp, "BUDGET", 10**6)
    design.cache_clear()
    rounds = default_rounds(players, size)
    schedule = designed(players, size, 2, rounds)
    sizes, byes = table_sizes(players, size, 2)
    assert len(schedule) == rounds and byes == 0
    for rnd in schedule:
        assert sorted(p for t in rnd for p in t) == list(range(players))
        assert sorted(map(len, rnd), reverse=True) == sizes
    met = _met(schedule)
    assert len(met) == players * (players - 1) // 2 and set(met.values()) == {1}
    assert designed(13, 4, 2, default_rounds(13, 4)) == ()
    assert designed(45, 3, 3, 22) and designed(44, 3, 3, 22) == ()
