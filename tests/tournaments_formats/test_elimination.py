"""Single and double elimination: worked examples of docs/tournaments.md, byes, the grand final
reset, brackets and the settings that cannot work."""

from __future__ import annotations

import pytest

from tests.tournaments_formats.helpers import best_seed_wins, run_event, seeded, tables_of
from tournaments.formats import (
    FORMATS,
    Entrant,
    FormatError,
    PlayedRound,
    RoundPlan,
    Settings,
    TableResult,
)

SINGLE = FORMATS["single_elimination"]
DOUBLE = FORMATS["double_elimination"]


def worst_seed_wins_the_grand_finals(plan: RoundPlan) -> PlayedRound:
    if not plan.tables[0].key.startswith("GF"):
        return best_seed_wins(plan)
    results = []
    for table in plan.tables:
        order = sorted(table.players, reverse=True)
        places = tuple(order.index(p) + 1 for p in table.players)
        results.append(TableResult(table.key, table.players, places, (0.0,) * len(places)))
    return PlayedRound(plan, tuple(results))


def test_it_gives_the_top_seeds_byes_in_a_five_player_bracket():
    played, rows = run_event("single_elimination", seeded(5), Settings(2, 2, 2))
    assert [rnd.plan.label for rnd in played] == ["Round 1", "Round 2", "Final"]
    assert tables_of(played) == [
        [("R1-T1", (4, 5))],
        [("R2-T1", (1, 4)), ("R2-T2", (2, 3))],
        [("F", (1, 2))],
    ]
    assert played[0].plan.byes == (1, 2, 3)
    assert [(r.entrant, r.rank, r.note) for r in rows] == [
        (1, 1, "champion"),
        (2, 2, "out in round 3"),
        (3, 3, "out in round 2"),
        (4, 3, "out in round 2"),
        (5, 5, "out in round 1"),
    ]


def test_it_runs_thirteen_players_at_four_player_tables_with_two_advancing():
    config = Settings(4, 3, 4, advance=2)
    played, rows = run_event("single_elimination", seeded(13), config)
    assert tables_of(played) == [
        [
            ("R1-T1", (1, 8, 9, 13)),
            ("R1-T2", (2, 7, 10)),
            ("R1-T3", (3, 6, 11)),
            ("R1-T4", (4, 5, 12)),
        ],
        [("R2-T1", (5, 2, 3, 8)), ("R2-T2", (6, 1, 4, 7))],
        [("F", (1, 3, 2, 4))],
    ]
    assert rows[0].entrant == 1 and rows[0].note == "champion"
    bracket = SINGLE.bracket(seeded(13), config, played)
    assert bracket is not None and bracket.champion == 1
    first = bracket.columns[0].boxes[0]
    assert first.advancing == (1, 8)
    assert first.advance_to == ("R2-T2", "R2-T1")


def test_it_draws_the_rounds_still_to_come_with_empty_seats():
    config = Settings(4, 3, 4, advance=2)
    bracket = SINGLE.bracket(seeded(13), config, [])
    assert bracket is not None
    assert [c.label for c in bracket.columns] == ["Round 1", "Round 2", "Final"]
    assert [b.state for b in bracket.columns[0].boxes] == ["ready"] * 4
    assert bracket.columns[2].boxes[0].players == (None, None, None, None)


def test_it_runs_the_four_player_double_elimination_of_the_worked_example():
    played, rows = run_event("double_elimination", seeded(4), Settings(2, 2, 2))
    assert [rnd.plan.label for rnd in played] == [
        "Winners' round 1",
        "Winners' round 2 · Losers' round 1",
        "Losers' final",
        "Grand final",
    ]
    assert tables_of(played) == [
        [("W1-T1", (1, 4)), ("W1-T2", (2, 3))],
        [("W2-T1", (1, 2)), ("L1-T1", (3, 4))],
        [("LF", (2, 3))],
        [("GF", (1, 2))],
    ]
    assert played[2].plan.byes == (1,)
    assert rows[0].entrant == 1 and rows[0].note == "champion"


def test_it_makes_the_losers_bracket_finalist_win_the_grand_final_twice():
    played, rows = run_event(
        "double_elimination", seeded(4), Settings(2, 2, 2), worst_seed_wins_the_grand_finals
    )
    assert [rnd.plan.label for rnd in played][-2:] == ["Grand final", "Grand final reset"]
    assert tables_of(played)[-1] == [("GF2", (2, 1))]
    assert rows[0].entrant == 2 and rows[0].note == "champion"
    bracket = DOUBLE.bracket(seeded(4), Settings(2, 2, 2), played)
    assert bracket is not None and bracket.champion == 2
    assert [c.section for c in bracket.columns] == [
        "winners",
        "winners",
        "losers",
        "losers",
        "final",
        "final",
    ]
    assert bracket.columns[0].boxes[1].dropping == (3,)
    assert bracket.columns[0].boxes[1].drop_to == ("L1-T1",)


def test_it_ends_without_a_reset_when_the_winners_finalist_wins():
    played, _ = run_event("double_elimination", seeded(8), Settings(4, 3, 4, advance=2))
    assert tables_of(played) == [
        [("W1-T1", (1, 4, 5, 8)), ("W1-T2", (2, 3, 6, 7))],
        [("W2-T1", (3, 1, 2, 4)), ("L1-T1", (5, 7, 8, 6))],
        [("LF", (4, 6, 3, 5))],
        [("GF", (1, 2, 4, 3))],
    ]


def test_it_replays_the_grand_final_when_the_reset_would_be_below_the_minimum():
    """4-player tables, 3 at least, 1 advancing: the grand final seats the winners' finalist
    and three from the losers' bracket; if one of those wins, winner + unbeaten = 2 players,
    too few, so the whole table plays the reset."""
    config = Settings(4, 3, 4, advance=1)
    played, rows = run_event(
        "double_elimination", seeded(10), config, worst_seed_wins_the_grand_finals
    )
    final, reset = played[-2].plan.tables[0], played[-1].plan.tables[0]
    assert final.key == "GF" and reset.key == "GF2"
    assert sorted(reset.players) == sorted(final.players)
    assert rows[0].note == "champion"


def test_it_refuses_settings_that_cannot_produce_a_winner():
    with pytest.raises(FormatError):
        SINGLE.validate(Settings(3, 3, 3, advance=1), 4)  # 3 play, 1 + 1 bye = 2 left < 3
    with pytest.raises(FormatError):
        SINGLE.validate(Settings(2, 2, 4, advance=2), 8)
    with pytest.raises(FormatError):
        SINGLE.validate(Settings(4, 2, 4, advance=4), 8)
    with pytest.raises(FormatError):
        SINGLE.validate(Settings(6, 2, 5, advance=1), 8)  # above the game's maximum
    with pytest.raises(FormatError):
        SINGLE.validate(Settings(4, 3, 4, advance=1), 2)  # fewer than the minimum
    SINGLE.validate(Settings(3, 3, 3, advance=1), 5)
    DOUBLE.validate(Settings(3, 2, 3, advance=2), 200)


def test_it_knocks_out_a_withdrawn_player_and_keeps_the_bracket_going():
    entrants = seeded(8)
    config = Settings(2, 2, 2)
    first = SINGLE.plan_round(entrants, config, [])
    assert first is not None
    played = [best_seed_wins(first)]
    entrants[0] = Entrant(1, entrants[0].rating, 1, active=False)
    second = SINGLE.plan_round(entrants, config, played)
    assert second is not None
    seated = {p for t in second.tables for p in t.players} | set(second.byes)
    assert seated == {2, 3, 4}
    rows = SINGLE.standings(entrants, config, played)
    gone = next(r for r in rows if r.entrant == 1)
    assert gone.eliminated and gone.note == "withdrawn"


def test_it_lists_an_entrant_withdrawn_before_the_start_last():
    entrants = seeded(6)
    entrants[0] = Entrant(1, entrants[0].rating, 1, active=False)
    config = Settings(2, 2, 2)
    plan = SINGLE.plan_round(entrants, config, [])
    assert plan is not None
    assert 1 not in {p for t in plan.tables for p in t.players} | set(plan.byes)
    rows = SINGLE.standings(entrants, config, [best_seed_wins(plan)])
    assert rows[-1].entrant == 1 and rows[-1].eliminated and rows[-1].note == "withdrawn"
