"""Two submissions of the same version at the same moment, against real PostgreSQL."""

import threading

import pytest
from django.db import connections

from play.errors import PlayError
from play.models import ActionRecord, Match
from play.services import action_submit

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_it_applies_exactly_one_of_two_simultaneous_submissions(started_match):
    assert connections["default"].vendor == "postgresql"
    user = started_match.seats.get(index=0).user
    barrier = threading.Barrier(2)
    results: list[object] = []

    def submit(card: int) -> None:
        barrier.wait()
        try:
            action_submit(
                match_id=started_match.pk, user=user, action=f"bid card={card}", version=0
            )
            results.append("applied")
        except PlayError as exc:
            results.append(exc.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(card,)) for card in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # The loser sees either the new version or that its seat no longer owes a bid.
    assert sorted(results)[0] == "applied"
    assert sorted(results)[1] in ("stale_version", "not_your_turn")
    match = Match.objects.get(pk=started_match.pk)
    assert match.version == 1
    assert ActionRecord.objects.filter(match=match).count() == 1


def test_it_refuses_the_second_of_two_same_version_moves_by_one_player_in_turn(alice, bob):
    """In a turn-by-turn game the loser of the race gets exactly stale_version."""
    from lobbies.services import lobby_create, lobby_join

    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    from games.core import get_game

    game = get_game("dicecity")
    seat = game.to_act(match.state)[0]
    user = match.seats.get(index=seat).user
    first, second = game.legal_actions(match.state, seat)[:2]
    barrier = threading.Barrier(2)
    results: list[str] = []

    def submit(action: dict) -> None:
        barrier.wait()
        try:
            action_submit(match_id=match.pk, user=user, action=action, version=0)
            results.append("applied")
        except PlayError as exc:
            results.append(exc.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(a,)) for a in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["applied", "stale_version"]
    assert Match.objects.get(pk=match.pk).version == 1
