"""Joining and leaving a table; the last place taken starts the match in a random seat order."""

import pytest

from lobbies.models import Table, TableEntry
from lobbies.services import LobbyError, lobby_create, lobby_join, lobby_leave
from play.models import Match
from tests.platform.conftest import make_user


@pytest.fixture
def table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})


def test_it_seats_a_joining_player(table, bob):
    lobby_join(table_id=table.pk, user=bob)
    assert [e.user.display_name for e in table.entries.all()] == ["alice", "bob"]
    table.refresh_from_db()
    assert table.is_open and not Match.objects.exists()


def test_it_starts_the_match_when_the_last_place_is_taken(table, alice, bob, carol):
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED and table.started_at is not None
    match = table.match
    assert sorted(s.user.display_name for s in match.seats.all()) == ["alice", "bob", "carol"]
    assert [s.index for s in match.seats.all()] == [0, 1, 2]
    assert match.version == 0 and match.state["hands"] == [[1, 2, 3]] * 3
    assert (match.game, match.options, match.mode) == ("goofspiel", {"cards": 3}, "live")


def test_the_seat_order_is_random(db):
    hosts_first = set()
    for i in range(20):
        host, guest = make_user(f"host{i}"), make_user(f"guest{i}")
        table = lobby_create(host=host, game="goofspiel", seats=2)
        lobby_join(table_id=table.pk, user=guest)
        hosts_first.add(Match.objects.get(table=table).seats.get(index=0).user == host)
    assert hosts_first == {True, False}


def test_a_player_leaves_before_the_start(table, bob):
    lobby_join(table_id=table.pk, user=bob)
    lobby_leave(table_id=table.pk, user=bob)
    assert [e.user.display_name for e in table.entries.all()] == ["alice"]


def test_the_host_leaving_cancels_the_table(table, alice):
    lobby_leave(table_id=table.pk, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.CANCELLED


def test_it_refuses_a_second_place_for_the_same_player(table, bob):
    lobby_join(table_id=table.pk, user=bob)
    with pytest.raises(LobbyError) as refused:
        lobby_join(table_id=table.pk, user=bob)
    assert refused.value.code == "already_joined"
    assert TableEntry.objects.filter(table=table).count() == 2


def test_it_refuses_to_let_someone_leave_who_is_not_seated(table, bob):
    with pytest.raises(LobbyError) as refused:
        lobby_leave(table_id=table.pk, user=bob)
    assert refused.value.code == "not_joined"
