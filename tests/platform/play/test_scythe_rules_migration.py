"""play 0009: every stored Scythe match is stamped with the rules version it was started under,
so that a missing option can mean the current rules (games/scythe/state.py, docs/scythe.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.core import get_game

BEFORE = [("play", "0008_match_vacation_allowed")]
AFTER = [("play", "0009_scythe_rules_version")]
LOG = json.loads(
    (Path(__file__).parents[2] / "games" / "data" / "scythe_rules1_log.json").read_text()
)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(autouse=True)
def _latest_after():
    """Back to the latest migrations after each test: the later ones (play 0010 on) would be
    missing for the next tests of this process."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _stored(apps, game, options):
    """A match row as the site stored it before the migration (the historical model)."""
    engine = get_game(game)
    state = engine.setup(2, 7, options)
    Match = apps.get_model("play", "Match")
    return Match.objects.create(game=game, seed=7, options=options, state=state).pk


@pytest.mark.django_db(transaction=True)
def test_it_stamps_old_scythe_matches_with_rules_1_and_leaves_the_others():
    apps = _migrate(BEFORE)
    old = _stored(apps, "scythe", {})
    new = _stored(apps, "scythe", {"rules": 2})
    other = _stored(apps, "dicecity", {})
    apps = _migrate(AFTER)
    Match = apps.get_model("play", "Match")
    options = {m.pk: m.options for m in Match.objects.all()}
    assert options == {old: {"rules": 1}, new: {"rules": 2}, other: {}}


@pytest.mark.django_db(transaction=True)
def test_a_stamped_match_still_replays_its_log_to_its_recorded_end():
    """The rules-1 game recorded before the Enlist reading changed, stored as the site stored
    it then (no option), replays from the migrated options to the same places and scores."""
    apps = _migrate(BEFORE)
    game = get_game("scythe")
    Match = apps.get_model("play", "Match")
    assert LOG["options"] == {}  # recorded before the option existed
    state = game.setup(LOG["seats"], LOG["seed"], {"rules": 1})
    pk = Match.objects.create(game="scythe", seed=LOG["seed"], options={}, state=state).pk
    apps = _migrate(AFTER)
    stamped = apps.get_model("play", "Match").objects.get(pk=pk).options
    state = game.setup(LOG["seats"], LOG["seed"], stamped)
    for seat, action in LOG["moves"]:
        state = game.apply(state, seat, action)
    result = game.outcome(state)
    assert result is not None
    assert list(result.places) == LOG["final"]["places"]
    assert list(result.scores) == LOG["final"]["scores"]


@pytest.mark.django_db(transaction=True)
def test_it_unstamps_on_the_way_back():
    apps = _migrate(AFTER)
    pk = _stored(apps, "scythe", {"rules": 1})
    apps = _migrate(BEFORE)
    assert apps.get_model("play", "Match").objects.get(pk=pk).options == {}
    _migrate(AFTER)
