"""Blocks in the pairing (docs/tournaments.md, "Blocks"): two entrants with a block either way
(Settings.apart) are seated at different tables whenever the format can avoid it; when no
arrangement can, the round is still planned."""

from __future__ import annotations

import pytest

from tournaments.formats import FORMATS, Settings

from .helpers import best_seed_wins, seeded

TWO = Settings(table_size=2, min_seats=2, max_seats=4)
FOUR = Settings(table_size=4, min_seats=2, max_seats=4)


def together(plan, a: int, b: int) -> bool:
    return any(a in t.players and b in t.players for t in plan.tables)


def apart(settings: Settings, *pairs: tuple[int, int], **more) -> Settings:
    return Settings(
        **{**settings.__dict__, **more, "apart": frozenset(frozenset(p) for p in pairs)}
    )


@pytest.mark.parametrize("name", ["swiss", "single_elimination", "double_elimination"])
def test_it_seats_a_blocked_pair_apart_in_round_one(name):
    entrants = seeded(8)
    plain = FORMATS[name].plan_round(entrants, apart(TWO, rounds=3), [])
    first_table = plain.tables[0].players
    assert len(first_table) == 2  # the seeds would meet: 1 and the player drawn against them
    kept = FORMATS[name].plan_round(entrants, apart(TWO, first_table, rounds=3), [])
    assert not together(kept, *first_table)
    assert sorted(p for t in kept.tables for p in t.players) == list(range(1, 9))


@pytest.mark.parametrize("name", ["swiss", "single_elimination"])
def test_it_keeps_them_apart_at_tables_of_four(name):
    entrants = seeded(8)
    plain = FORMATS[name].plan_round(entrants, apart(FOUR, rounds=2), [])
    a, b = plain.tables[0].players[:2]
    kept = FORMATS[name].plan_round(entrants, apart(FOUR, (a, b), rounds=2), [])
    assert not together(kept, a, b)


def test_swiss_keeps_them_apart_in_later_rounds_before_avoiding_a_rematch():
    entrants = seeded(6)
    settings = apart(TWO, rounds=3)
    first = best_seed_wins(FORMATS["swiss"].plan_round(entrants, settings, []))
    plain = FORMATS["swiss"].plan_round(entrants, settings, [first])
    blocked = plain.tables[0].players
    kept = FORMATS["swiss"].plan_round(entrants, apart(TWO, blocked, rounds=3), [first])
    assert not together(kept, *blocked)
    assert sorted(p for t in kept.tables for p in t.players) == list(range(1, 7))


def test_an_unavoidable_pair_still_plays_the_final():
    entrants = seeded(2)
    plan = FORMATS["single_elimination"].plan_round(entrants, apart(TWO, (1, 2)), [])
    assert plan is not None and together(plan, 1, 2)


def test_round_robin_ignores_blocks_as_documented():
    entrants = seeded(4)
    settings = apart(TWO, (1, 2))
    fmt = FORMATS["round_robin"]
    played = []
    while (plan := fmt.plan_round(entrants, settings, played)) is not None:
        played.append(best_seed_wins(plan))
    assert any(together(r.plan, 1, 2) for r in played)  # everyone meets everyone
