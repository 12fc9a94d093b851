"""Play ranked now: the queue, and tables formed from players with close ratings."""

from datetime import timedelta

import pytest
from django.utils import timezone

from ladders import pairing
from ladders.matchmaking import matchmaking_pair
from ladders.models import QueueEntry, Rating
from ladders.services import (
    LadderError,
    queue_join,
    queue_leave,
    queue_touch,
)
from lobbies.models import Table

T0 = timezone.now()


def _rated(user, rating):
    Rating.objects.create(user=user, game="goofspiel", rating=rating, games=30)
    return user


def test_it_seats_two_waiting_players_at_a_started_ranked_table(alice, bob):
    queue_join(user=alice, game="goofspiel", seats=2, now=T0)
    queue_join(user=bob, game="goofspiel", seats=2, now=T0)
    [table] = matchmaking_pair(now=T0)
    assert table.ranked and table.status == Table.Status.STARTED
    assert {s.user for s in table.match.seats.all()} == {alice, bob}
    assert set(QueueEntry.objects.values_list("table", flat=True)) == {table.pk}


def test_it_keeps_players_of_other_seat_counts_apart(alice, bob):
    queue_join(user=alice, game="goofspiel", seats=2, now=T0)
    queue_join(user=bob, game="goofspiel", seats=3, now=T0)
    assert matchmaking_pair(now=T0) == []


def test_it_widens_the_accepted_rating_difference_as_players_wait(alice, bob):
    queue_join(user=_rated(alice, 1500), game="goofspiel", seats=2, now=T0)
    queue_join(user=_rated(bob, 1700), game="goofspiel", seats=2, now=T0)
    assert matchmaking_pair(now=T0) == []
    assert matchmaking_pair(now=T0 + timedelta(seconds=20)) == []  # range 175
    assert len(matchmaking_pair(now=T0 + timedelta(seconds=25))) == 1  # range 200


def test_it_seats_the_closest_ratings_together(alice, bob, carol, dave):
    for user, rating in ((alice, 1500), (bob, 1900), (carol, 1540), (dave, 1880)):
        queue_join(user=_rated(user, rating), game="goofspiel", seats=2, now=T0)
    tables = matchmaking_pair(now=T0 + timedelta(seconds=1))
    pairs = [{s.user for s in t.match.seats.all()} for t in tables]
    assert sorted(pairs, key=len) == [{alice, carol}, {bob, dave}]


def test_it_refuses_a_second_place_in_the_queue(alice):
    queue_join(user=alice, game="goofspiel", seats=2)
    with pytest.raises(LadderError) as refused:
        queue_join(user=alice, game="goofspiel", seats=3)
    assert refused.value.code == "already_queued"


def test_it_refuses_queueing_during_a_ranked_live_game(alice, bob):
    queue_join(user=alice, game="goofspiel", seats=2, now=T0)
    queue_join(user=bob, game="goofspiel", seats=2, now=T0)
    matchmaking_pair(now=T0)
    with pytest.raises(LadderError) as refused:
        queue_join(user=alice, game="goofspiel", seats=2)
    assert refused.value.code == "in_match"


@pytest.mark.parametrize(
    ("game", "seats", "code"), [("chess", 2, "unknown_game"), ("goofspiel", 7, "bad_seats")]
)
def test_it_refuses_a_game_or_seat_count_that_does_not_exist(alice, game, seats, code):
    with pytest.raises(LadderError) as refused:
        queue_join(user=alice, game=game, seats=seats)
    assert refused.value.code == code


def test_it_lets_a_player_leave_the_queue(alice, bob):
    queue_join(user=alice, game="goofspiel", seats=2)
    queue_leave(user=alice)
    queue_join(user=bob, game="goofspiel", seats=2)
    assert matchmaking_pair() == []
    with pytest.raises(LadderError):
        queue_leave(user=alice)


def test_pairing_serves_the_longest_waiting_player_first():
    waiting = [pairing.Waiting(k, 1500 + k, T0 + timedelta(seconds=k)) for k in range(5)]
    groups = pairing.groups_form(waiting, 2, T0 + timedelta(seconds=5))
    assert [[w.key for w in g] for g in groups] == [[0, 1], [2, 3]]


def test_pairing_caps_the_accepted_range():
    assert pairing.accepted_range(0) == pairing.BASE_RANGE
    assert pairing.accepted_range(10_000) == pairing.MAX_RANGE


def test_it_drops_a_player_who_stopped_polling_instead_of_seating_them(alice, bob, carol):
    queue_join(user=alice, game="goofspiel", seats=2, now=T0)
    queue_join(user=bob, game="goofspiel", seats=2, now=T0 + timedelta(seconds=60))
    queue_join(user=carol, game="goofspiel", seats=2, now=T0 + timedelta(seconds=100))
    [table] = matchmaking_pair(now=T0 + timedelta(seconds=100))
    assert {s.user for s in table.match.seats.all()} == {bob, carol}
    assert not QueueEntry.objects.filter(user=alice).exists()


def test_it_keeps_a_player_who_polls(alice, bob):
    queue_join(user=alice, game="goofspiel", seats=2, now=T0)
    queue_touch(user=alice, now=T0 + timedelta(seconds=80))
    queue_join(user=bob, game="goofspiel", seats=2, now=T0 + timedelta(seconds=100))
    assert len(matchmaking_pair(now=T0 + timedelta(seconds=100))) == 1


def test_it_drops_a_player_who_sat_down_at_a_ranked_live_table_meanwhile(alice, bob, carol):
    from tests.platform.ladders.conftest import ranked_match

    queue_join(user=alice, game="goofspiel", seats=2, now=T0)
    queue_join(user=bob, game="goofspiel", seats=2, now=T0)
    ranked_match(alice, carol)  # alice joined a ranked table from the lobby while queued
    assert matchmaking_pair(now=T0) == []
    assert list(QueueEntry.objects.values_list("user", flat=True)) == [bob.pk]


def test_the_beat_task_forms_tables(alice, bob):
    from ladders.tasks import matchmaking_pair as task

    queue_join(user=alice, game="goofspiel", seats=2)
    queue_join(user=bob, game="goofspiel", seats=2)
    assert task.name == "ladders.tasks.matchmaking_pair"
    # Eager here; a task run in this process earlier may have left Celery's "inside a task"
    # flag set, which would refuse the join.
    assert task.delay().get(disable_sync_subtasks=False) == 1
