"""play 0011: the matches from before time controls keep the time per move they were created
with: the "simple" control, and each seat owing a decision a bank of that time from when its
turn began (its deadline less the time per move), so its deadline is where it was."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.core import get_game

BEFORE = [("play", "0010_match_clock_banks")]
AFTER = [("play", "0011_existing_matches_simple")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(autouse=True)
def _latest_after():
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_old_matches_become_simple_with_their_time_per_move_and_deadline():
    apps = _migrate(BEFORE)
    Match, Seat = apps.get_model("play", "Match"), apps.get_model("play", "Seat")
    state = get_game("dicecity").setup(2, 7, {})
    deadline = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    live = Match.objects.create(
        game="dicecity", seed=7, options={}, state=state, move_seconds=300, deadline=deadline
    )
    turn = Match.objects.create(
        game="dicecity", seed=7, options={}, state=state, mode="turn", move_seconds=86400
    )
    for match in (live, turn):
        Seat.objects.create(match=match, index=0, to_act=True, to_act_since=0)
        Seat.objects.create(match=match, index=1, to_act=False)
    apps = _migrate(AFTER)
    Match = apps.get_model("play", "Match")
    live, turn = Match.objects.get(pk=live.pk), Match.objects.get(pk=turn.pk)
    assert live.clock == {
        "kind": "simple", "base": 300, "increment": 300, "cap": 300, "weekends": False,
    }  # fmt: skip
    began = (deadline - timedelta(seconds=300)).isoformat()
    assert live.banks == [
        {"left": 300.0, "since": began, "parts": 0},
        {"left": 300.0, "since": None, "parts": 0},
    ]
    assert live.deadline == deadline, "the deadline stays where it was"
    assert turn.clock["kind"] == "simple" and turn.clock["base"] == 86400
    assert [b["since"] for b in turn.banks] == [None, None], "no deadline: no clock running"
