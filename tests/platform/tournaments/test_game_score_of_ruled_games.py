"""The game-score tie-break and games ended at a round's deadline by the organiser's rule
(PostgreSQL, the real sweep): such a game has no game score (the rule gives 0 to every seat),
so it counts as the player's mean of their games played to the end, not as 0; an organiser's
own result keeps its scores."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from play.models import Match
from tournaments import schedule, services, sweep
from tournaments.models import Tournament

from .conftest import create, current_tables, play_round, register_all

pytestmark = pytest.mark.django_db


def _scores_after_round_one(t):
    mine = {}
    for table in current_tables(t):
        table.refresh_from_db()
        for player, score in zip(table.players, table.scores, strict=True):
            mine[player] = score
    return mine


@pytest.mark.parametrize("rule", ["shared", "adjudicate"])
def test_a_game_ended_by_the_rule_counts_as_the_players_mean_game_score(players, rule):
    alice, *rest = players(5)
    t = create(alice, rounds=2, mode="turn", move_seconds=3600)
    Tournament.objects.filter(pk=t.pk).update(unfinished_rule=rule)
    register_all(t, rest)
    services.tournament_start(tournament_id=t.pk, user=alice)
    play_round(t)
    first = _scores_after_round_one(t)
    assert any(first.values())  # goofspiel scores something
    services.tournament_advance(tournament_id=t.pk)
    deadline = timezone.now() + timedelta(hours=1)
    schedule.round_schedule_set(
        tournament_id=t.pk, user=alice, number=2, starts_at=None, deadline=deadline
    )
    assert sweep.tournaments_sweep(now=deadline + timedelta(seconds=1))["deadlines"] == 2
    reasons = {
        Match.objects.get(pk=x.match_id).outcome["reason"] for x in t.tables.filter(round__number=2)
    }
    assert reasons <= {"shared", "adjudicated"}
    t.refresh_from_db()
    assert t.status == "finished"
    shown = {row["entrant"]: row["tiebreaks"]["game_score"] for row in t.standings}
    # two games each, one with a score: the ruled one counts as that one again (not as 0)
    assert shown == {player: pytest.approx(2 * score) for player, score in first.items()}
