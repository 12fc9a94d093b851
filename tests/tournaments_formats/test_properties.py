"""Whole events with random results, over player counts 2-200 and table sizes 2-5 (hypothesis):
the invariants every format keeps, round after round."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from tests.tournaments_formats.simulate import entrants_for, play, random_result
from tournaments.formats import FORMATS, Entrant, FormatError, PlayedRound, Settings

EVENTS = settings(
    max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def events(draw: st.DrawFn, max_players: int = 200) -> tuple[Settings, int, int]:
    size = draw(st.integers(2, 5))
    low = draw(st.integers(1, size))
    advance = 1 if size == 2 else draw(st.integers(1, size - 1))
    players = draw(st.integers(max(2, low), max_players))
    rounds = draw(st.integers(1, 5))
    config = Settings(table_size=size, min_seats=low, max_seats=5, advance=advance, rounds=rounds)
    return config, players, draw(st.integers(0, 2**16))


def run(
    name: str, config: Settings, players: int, seed: int, withdraw: float
) -> tuple[list[Entrant], list[PlayedRound]]:
    """Play the event through; then check each round seated, or gave a bye to, every active
    entrant still in the event when it was planned."""
    note(f"{name}: {config}, {players} players, seed {seed}, withdraw {withdraw}")
    fmt = FORMATS[name]
    try:
        fmt.validate(config, players)
    except FormatError:
        assume(False)
    entrants = entrants_for(players, seed)
    snapshots: list[list[Entrant]] = []
    played = play(fmt, entrants, config, random.Random(seed), withdraw=withdraw, seen=snapshots)
    for index, (rnd, then) in enumerate(zip(played, snapshots, strict=True)):
        rows = fmt.standings(then, config, played[:index])
        still_in = {row.entrant for row in rows if not row.eliminated}
        active = {e.id for e in then if e.active}
        seated = {p for t in rnd.plan.tables for p in t.players} | set(rnd.plan.byes)
        assert active & still_in <= seated, (rnd.plan.label, (active & still_in) - seated)
    return entrants, played


@EVENTS
@given(events(), st.sampled_from([0.0, 0.05]))
def test_it_keeps_swiss_tables_legal_and_seats_everyone(event, withdraw):
    config, players, seed = event
    entrants, played = run("swiss", config, players, seed, withdraw)
    assert len(played) == config.rounds
    rows = FORMATS["swiss"].standings(entrants, config, played)
    assert sorted(r.entrant for r in rows) == sorted(e.id for e in entrants)


@EVENTS
@given(events(max_players=60), st.sampled_from([0.0, 0.05]))
def test_it_keeps_round_robin_tables_legal_and_seats_everyone(event, withdraw):
    config, players, seed = event
    run("round_robin", config, players, seed, withdraw)


@EVENTS
@given(events(), st.sampled_from([0.0, 0.05]))
def test_it_ends_single_elimination_with_one_winner(event, withdraw):
    config, players, seed = event
    entrants, played = run("single_elimination", config, players, seed, withdraw)
    fmt = FORMATS["single_elimination"]
    rows = fmt.standings(entrants, config, played)
    champions = [r for r in rows if r.note == "champion" or (r.rank == 1 and not r.eliminated)]
    assert len([r for r in rows if r.rank == 1]) == 1
    assert len(champions) == 1
    bracket = fmt.bracket(entrants, config, played)
    assert bracket is not None
    if withdraw == 0.0:
        final = played[-1]
        assert [t.key for t in final.plan.tables] == ["F"]
        assert bracket.champion == champions[0].entrant
        winner = min(
            zip(
                final.results[0].places,
                final.results[0].scores,
                final.results[0].players,
                strict=True,
            ),
            key=lambda r: (r[0], -r[1]),
        )
        assert bracket.champion in final.results[0].players
        assert winner[0] == 1


@EVENTS
@given(events(), st.sampled_from([0.0, 0.05]))
def test_it_makes_a_losers_bracket_champion_win_twice(event, withdraw):
    config, players, seed = event
    entrants, played = run("double_elimination", config, players, seed, withdraw)
    fmt = FORMATS["double_elimination"]
    rows = fmt.standings(entrants, config, played)
    assert len([r for r in rows if r.rank == 1]) == 1
    if withdraw:
        return
    champion = rows[0].entrant
    assert rows[0].note == "champion"
    tables = [(t, r) for rnd in played for t, r in zip(rnd.plan.tables, rnd.results, strict=True)]
    finals = {t.key: r for t, r in tables if t.key.startswith("GF")}
    assert "GF" in finals

    def dropped(player: int) -> bool:
        return any(player in t.players and _below_cut(r, player, config) for t, r in tables)

    if dropped(champion):  # came through the losers' bracket: won the grand final...
        assert set(finals) == {"GF", "GF2"}
        assert _order(finals["GF"])[0] == champion
        # ...and finished the reset ahead of every winners'-bracket finalist
        unbeaten = [p for p in finals["GF"].players if not dropped(p)]
        reset = _order(finals["GF2"])
        assert all(reset.index(champion) < reset.index(p) for p in unbeaten)
    elif "GF2" not in finals:
        assert _order(finals["GF"])[0] == champion


def _order(result) -> list[int]:
    ranked = sorted(
        range(len(result.players)),
        key=lambda i: (result.places[i], -result.scores[i], result.players[i]),
    )
    return [result.players[i] for i in ranked]


def _below_cut(result, player: int, config: Settings) -> bool:
    order = sorted(
        range(len(result.players)),
        key=lambda i: (result.places[i], -result.scores[i], result.players[i]),
    )
    return result.key.startswith("W") and result.players.index(player) in order[config.advance :]


@settings(max_examples=15, deadline=None, database=None)
@given(st.sampled_from(sorted(FORMATS)), events(max_players=40))
def test_it_plans_the_same_round_from_the_same_arguments(name, event):
    config, players, seed = event
    fmt = FORMATS[name]
    try:
        fmt.validate(config, players)
    except FormatError:
        assume(False)
    entrants = entrants_for(players, seed)
    played: list[PlayedRound] = []
    rng = random.Random(seed)
    for _ in range(3):
        first = fmt.plan_round(entrants, config, played)
        assert first == fmt.plan_round(list(entrants), config, list(played))
        if first is None:
            break
        results = tuple(random_result(t.key, t.players, rng) for t in first.tables)
        played.append(PlayedRound(first, results))
