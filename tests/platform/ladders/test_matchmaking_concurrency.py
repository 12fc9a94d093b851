"""Several processes pairing at once never seat a player at two tables (real PostgreSQL)."""

import threading
from collections import Counter

import pytest
from django.db import connection
from django.utils import timezone

from ladders.matchmaking import matchmaking_pair
from ladders.models import QueueEntry
from ladders.services import queue_join
from play.models import Seat
from tests.platform.conftest import make_user


def _in_parallel(count, work):
    """Run work(i) in `count` threads released at the same moment; return what they raised."""
    start = threading.Barrier(count)
    errors = []

    def run(i):
        try:
            start.wait()
            work(i)
        except Exception as exc:  # noqa: BLE001 - reported by the caller's assertion
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def _assert_each_seated_once(players):
    seated = Counter(Seat.objects.values_list("user_id", flat=True))
    assert sorted(seated) == sorted(p.pk for p in players)
    assert set(seated.values()) == {1}
    assert not QueueEntry.objects.filter(table__isnull=True).exists()


@pytest.mark.django_db(transaction=True)
def test_it_never_places_a_player_at_two_tables_when_pairing_runs_in_parallel():
    now = timezone.now()
    players = [make_user(f"racer{i}") for i in range(12)]
    QueueEntry.objects.bulk_create(
        QueueEntry(user=p, game="goofspiel", seats=2, rating=1500, joined_at=now, seen_at=now)
        for p in players
    )
    assert _in_parallel(4, lambda i: [matchmaking_pair(now=now) for _ in range(3)]) == []
    _assert_each_seated_once(players)


@pytest.mark.django_db(transaction=True)
def test_it_seats_each_of_many_players_joining_at_once_exactly_once():
    """Every join schedules a pairing run after it commits (eager here): 12 runs race."""
    players = [make_user(f"rush{i}") for i in range(12)]
    joins = _in_parallel(12, lambda i: queue_join(user=players[i], game="goofspiel", seats=3))
    assert joins == []
    matchmaking_pair()
    _assert_each_seated_once(players)


@pytest.mark.django_db(transaction=True)
def test_results_sharing_players_apply_one_after_the_other_and_recompute_exactly():
    """Matches finishing at once with common players: each rating row is locked in turn, so no
    change is lost and the recomputation, in the order applied, finds the same numbers."""
    from django.core.management import call_command

    from ladders.models import Rating
    from tests.platform.ladders.conftest import finish_two, ranked_match

    people = [make_user(f"duel{i}") for i in range(4)]
    pairs = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)]
    matches = [ranked_match(people[a], people[b]) for a, b in pairs]
    errors = _in_parallel(
        len(matches), lambda i: finish_two(matches[i], winner=people[pairs[i][0]])
    )
    assert errors == []
    assert sorted(Rating.objects.values_list("games", flat=True)) == [3, 3, 3, 3]
    call_command("recompute_ratings")
