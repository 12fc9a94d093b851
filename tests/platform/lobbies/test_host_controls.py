"""The host fills places with bots (casual tables), starts early, or cancels before the start."""

import pytest

from lobbies.models import Table
from lobbies.services import (
    LobbyError,
    lobby_add_bot,
    lobby_cancel,
    lobby_create,
    lobby_join,
    lobby_start,
)
from play.models import Match


@pytest.fixture
def table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})


def test_the_host_adds_a_bot(table, alice):
    lobby_add_bot(table_id=table.pk, user=alice, bot="random")
    assert [e.bot for e in table.entries.all()] == ["", "random"]


def test_a_bot_taking_the_last_place_starts_the_match_and_the_bots_play(
    table, alice, django_capture_on_commit_callbacks
):
    lobby_add_bot(table_id=table.pk, user=alice, bot="random")
    with django_capture_on_commit_callbacks(execute=True):
        lobby_add_bot(table_id=table.pk, user=alice, bot="random")
    match = Match.objects.get(table=table)
    assert sorted(s.bot for s in match.seats.all()) == ["", "random", "random"]
    assert [s.index for s in match.seats.filter(to_act=True)] == [match.seats.get(bot="").index]


def test_start_now_fills_the_empty_places_with_bots(table, alice, bob):
    lobby_join(table_id=table.pk, user=bob)
    lobby_start(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    assert sorted(s.name for s in match.seats.all()) == ["Random bot", "alice", "bob"]


def test_the_host_cancels_before_the_start(table, alice):
    lobby_cancel(table_id=table.pk, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.CANCELLED and not Match.objects.exists()


@pytest.mark.parametrize("verb", [lobby_add_bot, lobby_start, lobby_cancel])
def test_only_the_host_controls_the_table(table, bob, verb):
    lobby_join(table_id=table.pk, user=bob)
    with pytest.raises(LobbyError) as refused:
        verb(table_id=table.pk, user=bob)
    assert refused.value.code == "not_host"
    table.refresh_from_db()
    assert table.is_open and table.entries.count() == 2


def test_it_refuses_an_unknown_bot(table, alice):
    with pytest.raises(LobbyError) as refused:
        lobby_add_bot(table_id=table.pk, user=alice, bot="genius")
    assert refused.value.code == "unknown_bot" and table.entries.count() == 1


def test_a_ranked_table_does_not_start_early(alice):
    table = lobby_create(host=alice, game="goofspiel", seats=2, ranked=True)
    with pytest.raises(LobbyError) as refused:
        lobby_start(table_id=table.pk, user=alice)
    assert refused.value.code == "not_full"
    table.refresh_from_db()
    assert table.is_open and table.entries.count() == 1


def test_a_started_table_cannot_be_cancelled(table, alice):
    lobby_start(table_id=table.pk, user=alice)
    with pytest.raises(LobbyError) as refused:
        lobby_cancel(table_id=table.pk, user=alice)
    assert refused.value.code == "started"
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED
