"""A block keeps two people apart, either way: bob cannot join alice's tables (nor she his),
and the ranked queue never pairs them (ladders/pairing.py keeps their entries apart)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from accounts.services import block_add, block_remove
from ladders import pairing
from ladders.matchmaking import matchmaking_pair
from ladders.models import QueueEntry
from ladders.services import queue_join
from lobbies.models import TableEntry
from lobbies.services import LobbyError, lobby_create, lobby_join
from tests.platform.conftest import make_user

T0 = timezone.now()


@pytest.mark.parametrize("who_blocks", ["host", "joiner"])
def test_a_blocked_player_cannot_join_the_table_either_way(alice, bob, who_blocks):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    blocker, blocked = (alice, bob) if who_blocks == "host" else (bob, alice)
    block_add(user=blocker, display_name=blocked.display_name)
    with pytest.raises(LobbyError) as refusal:
        lobby_join(table_id=table.pk, user=bob)
    assert (refusal.value.code, refusal.value.status) == ("blocked", 403)
    assert "alice" not in refusal.value.message and "bob" not in refusal.value.message
    assert list(TableEntry.objects.filter(table=table).values_list("user", flat=True)) == [alice.pk]


def test_nor_a_table_where_someone_they_blocked_already_sits(alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=3)
    lobby_join(table_id=table.pk, user=bob)
    block_add(user=carol, display_name="bob")
    with pytest.raises(LobbyError):
        lobby_join(table_id=table.pk, user=carol)
    block_remove(user=carol, display_name="bob")
    lobby_join(table_id=table.pk, user=carol)
    table.refresh_from_db()
    assert table.status == table.Status.STARTED


def test_the_table_page_says_so(client, alice, bob):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    block_add(user=alice, display_name="bob")
    client.force_login(bob)
    page = client.post(f"/tables/{table.pk}/join/", follow=True)
    assert "You cannot join this table." in page.content.decode()
    assert client.post(f"/api/tables/{table.pk}/join/").json()["error"] == "blocked"


def _waiting(key: int, rating: float, seconds_ago: float = 0) -> pairing.Waiting:
    joined = datetime(2026, 1, 1, tzinfo=UTC) - timedelta(seconds=seconds_ago)
    return pairing.Waiting(key, rating, joined)


def test_pairing_skips_a_kept_apart_pair_for_the_next_closest():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    pool = [_waiting(1, 1500, 10), _waiting(2, 1505, 5), _waiting(3, 1540, 5), _waiting(4, 1560)]
    assert pairing.groups_form(pool, 2, now) == [[pool[0], pool[1]], [pool[2], pool[3]]]
    apart = {frozenset((1, 2))}
    groups = pairing.groups_form(pool, 2, now, apart)
    assert [[w.key for w in g] for g in groups] == [[1, 3], [2, 4]]


def test_pairing_leaves_the_anchor_waiting_when_only_kept_apart_players_remain():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    pool = [_waiting(1, 1500, 10), _waiting(2, 1500, 5), _waiting(3, 1500)]
    apart = {frozenset((1, 2)), frozenset((1, 3))}
    groups = pairing.groups_form(pool, 2, now, apart)
    assert [[w.key for w in g] for g in groups] == [[2, 3]]
    three = pairing.groups_form(pool, 3, now, {frozenset((2, 3))})
    assert three == []


def test_the_ranked_queue_never_pairs_blocked_players(alice, bob, carol):
    dave = make_user("dave")
    block_add(user=bob, display_name="alice")
    for user in (alice, bob, carol, dave):
        queue_join(user=user, game="goofspiel", seats=2, now=T0)
    tables = matchmaking_pair(now=T0 + timedelta(seconds=1))
    pairs = [{s.user.display_name for s in t.match.seats.all()} for t in tables]
    assert len(pairs) == 2 and {"alice", "bob"} not in pairs


def test_two_blocked_players_alone_in_the_queue_keep_waiting(alice, bob):
    block_add(user=alice, display_name="bob")
    for user in (alice, bob):
        queue_join(user=user, game="goofspiel", seats=2, now=T0)
    assert matchmaking_pair(now=T0 + timedelta(seconds=1)) == []
    assert QueueEntry.objects.filter(table__isnull=True).count() == 2
