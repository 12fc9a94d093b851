"""Play ranked by e-mail (issue 14, point 10): a ranked queue at the turn-based pace. Players who
asked for the same game, table size and time per move, with close ratings, are seated at a
ranked turn-based table; the accepted range widens by the hour; bad requests change nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from ladders import pairing
from ladders.models import Rating, TurnQueueEntry
from ladders.turn_queue import TurnQueueError, turn_queue_join, turn_queue_leave, turn_queue_pair
from lobbies.models import Table
from tests.platform.conftest import make_user

T0 = timezone.now()
DAY = 24 * 3600


def _rated(user, rating, game="goofspiel"):
    Rating.objects.create(user=user, game=game, rating=rating, games=30)
    return user


def test_it_seats_players_who_chose_the_same_game_size_and_clock(alice, bob):
    turn_queue_join(user=alice, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    turn_queue_join(user=bob, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    [table] = turn_queue_pair(now=T0)
    assert table.ranked and table.status == Table.Status.STARTED
    match = table.match
    assert (match.mode, match.move_seconds, match.ranked) == ("turn", DAY, True)
    assert {s.user for s in match.seats.all()} == {alice, bob}
    assert match.deadline is not None  # the clock of the first turn runs
    assert set(TurnQueueEntry.objects.values_list("table", flat=True)) == {table.pk}


def test_different_clocks_or_sizes_wait_apart(alice, bob, carol):
    turn_queue_join(user=alice, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    turn_queue_join(user=bob, game="goofspiel", seats=2, move_seconds=3 * DAY, now=T0)
    turn_queue_join(user=carol, game="goofspiel", seats=3, move_seconds=DAY, now=T0)
    assert turn_queue_pair(now=T0) == []
    assert TurnQueueEntry.objects.filter(table__isnull=True).count() == 3


def test_a_three_player_table_waits_for_its_third(alice, bob, carol):
    for user in (alice, bob):
        turn_queue_join(user=user, game="goofspiel", seats=3, move_seconds=12 * 3600, now=T0)
    assert turn_queue_pair(now=T0) == []
    turn_queue_join(user=carol, game="goofspiel", seats=3, move_seconds=12 * 3600, now=T0)
    [table] = turn_queue_pair(now=T0)
    assert table.match.seats.count() == 3


def test_the_rating_range_widens_by_the_hour(alice, bob):
    _rated(alice, 1500)
    _rated(bob, 1700)
    turn_queue_join(user=alice, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    turn_queue_join(user=bob, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    assert turn_queue_pair(now=T0 + timedelta(minutes=30)) == []  # 200 apart, 75 accepted
    assert pairing.accepted_range(5 * 3600, pairing.TURN_WIDEN_EVERY_SECONDS) == 200
    assert len(turn_queue_pair(now=T0 + timedelta(hours=5))) == 1


def test_players_who_blocked_each_other_are_never_seated_together(alice, bob, carol):
    from accounts.services import block_add

    block_add(user=bob, display_name=alice.display_name)
    for user in (alice, bob):
        turn_queue_join(user=user, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    assert turn_queue_pair(now=T0) == []
    turn_queue_join(user=carol, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    [table] = turn_queue_pair(now=T0)
    assert {s.user for s in table.match.seats.all()} == {alice, carol}


def test_a_seated_player_may_queue_again(alice, bob):
    for user in (alice, bob):
        turn_queue_join(user=user, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    turn_queue_pair(now=T0)
    again = turn_queue_join(user=alice, game="goofspiel", seats=2, move_seconds=DAY, now=T0)
    assert again.waiting and TurnQueueEntry.objects.filter(user=alice).count() == 2


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"seats": 9}, "bad_seats"),
        ({"seats": "2"}, "bad_seats"),
        ({"move_seconds": 1800}, "bad_clock"),
        ({"move_seconds": DAY + 60}, "bad_clock"),
        ({"move_seconds": 15 * DAY}, "bad_clock"),
        ({"move_seconds": True}, "bad_clock"),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(alice, fields, code):
    body = {"game": "goofspiel", "seats": 2, "move_seconds": DAY, **fields}
    with pytest.raises(TurnQueueError) as refused:
        turn_queue_join(user=alice, **body)
    assert refused.value.code == code
    assert not TurnQueueEntry.objects.exists()


def test_one_wait_at_a_time_and_leaving(alice):
    turn_queue_join(user=alice, game="goofspiel", seats=2, move_seconds=DAY)
    with pytest.raises(TurnQueueError) as twice:
        turn_queue_join(user=alice, game="goofspiel", seats=3, move_seconds=DAY)
    assert twice.value.code == "already_queued"
    turn_queue_leave(user=alice)
    assert not TurnQueueEntry.objects.exists()
    with pytest.raises(TurnQueueError) as again:
        turn_queue_leave(user=alice)
    assert again.value.code == "not_queued"


def test_a_suspended_account_cannot_queue(db):
    banned = make_user("mallory")
    banned.is_active = False
    banned.save()
    with pytest.raises(TurnQueueError) as refused:
        turn_queue_join(user=banned, game="goofspiel", seats=2, move_seconds=DAY)
    assert refused.value.code == "suspended" and not TurnQueueEntry.objects.exists()


def test_the_api_joins_reports_and_leaves(client, alice, bob):
    client.force_login(alice)
    url = "/api/matchmaking/turn-queue/"
    assert client.get(url).json() == {"queued": False}
    body = {"game": "goofspiel", "seats": 2, "move_seconds": 2 * DAY}
    joined = client.post(url, body, content_type="application/json")
    assert joined.status_code == 201 and joined.json()["queued"] is True
    assert joined.json()["move_seconds"] == 2 * DAY
    turn_queue_join(user=bob, game="goofspiel", seats=2, move_seconds=2 * DAY)
    [table] = turn_queue_pair()
    status = client.get(url).json()
    assert status["queued"] is False and status["match"] == table.match.pk
    assert client.delete(url).json()["error"] == "not_queued"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "goofspiel", "seats": 2}, 400, "malformed"),
        ({"game": "goofspiel", "seats": "two", "move_seconds": DAY}, 400, "malformed"),
        ({"game": "nope", "seats": 2, "move_seconds": DAY}, 404, "unknown_game"),
        ({"game": "goofspiel", "seats": 2, "move_seconds": 60}, 400, "bad_clock"),
    ],
)
def test_the_api_refuses_bad_bodies(client, alice, body, status, code):
    client.force_login(alice)
    response = client.post("/api/matchmaking/turn-queue/", body, content_type="application/json")
    assert (response.status_code, response.json()["error"]) == (status, code)
    assert not TurnQueueEntry.objects.exists()


def test_the_api_needs_a_login(client, db):
    assert client.get("/api/matchmaking/turn-queue/").status_code in (401, 403)


def test_the_page_joins_shows_the_wait_and_leaves(client, alice):
    client.force_login(alice)
    page = client.get("/ladders/by-email/").content.decode()
    assert 'id="join"' in page and 'name="move_seconds"' in page
    response = client.post(
        "/ladders/by-email/join/", {"game": "goofspiel", "seats": 2, "move_seconds": DAY}
    )
    assert response.status_code == 302
    page = client.get("/ladders/by-email/").content.decode()
    assert 'id="waiting"' in page and "24 hours per move" in page
    client.post("/ladders/by-email/leave/")
    assert not TurnQueueEntry.objects.exists()


def test_the_page_shows_a_refusal(client, alice):
    client.force_login(alice)
    response = client.post(
        "/ladders/by-email/join/",
        {"game": "goofspiel", "seats": 2, "move_seconds": 60},
        follow=True,
    )
    assert "Time per move: whole hours" in response.content.decode()
    assert not TurnQueueEntry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_parallel_pairings_seat_each_player_once():
    """Every join schedules a pairing run (eager here) and four more runs race them: each
    player ends at exactly one table (SKIP LOCKED on the entries, real PostgreSQL)."""
    from collections import Counter

    from play.models import Seat
    from tests.platform.ladders.test_matchmaking_concurrency import _in_parallel

    players = [make_user(f"mailer{i}") for i in range(12)]

    def join(i):
        turn_queue_join(user=players[i], game="goofspiel", seats=2, move_seconds=DAY)

    assert _in_parallel(12, join) == []
    assert _in_parallel(4, lambda i: [turn_queue_pair() for _ in range(3)]) == []
    seated = Counter(Seat.objects.values_list("user_id", flat=True))
    assert sorted(seated) == sorted(p.pk for p in players) and set(seated.values()) == {1}
    assert not TurnQueueEntry.objects.filter(table__isnull=True).exists()
