"""Games never stall: a seat out of time gets a bot's move or forfeits, as the table chose;
after MISSED_TURNS_LIMIT missed turns in a row the bot keeps the seat; paused clocks wait."""

from datetime import timedelta

import pytest
from django.utils import timezone

from lobbies.services import LobbyError, lobby_create, lobby_join
from play.models import ActionRecord, Match, TimeoutPolicy
from play.services import (
    MISSED_TURNS_LIMIT,
    action_submit,
    clocks_enforce,
    seats_pause,
    seats_resume,
)


def _match(host, other, **kwargs):
    table = lobby_create(host=host, game="goofspiel", seats=2, options={"cards": 5}, **kwargs)
    lobby_join(table_id=table.pk, user=other)
    return Match.objects.get(table=table)


def _late(match):
    return Match.objects.get(pk=match.pk).deadline + timedelta(seconds=1)


def test_casual_default_a_bot_moves_and_the_player_keeps_the_seat(alice, bob):
    match = _match(alice, bob)
    assert match.on_timeout == TimeoutPolicy.BOT_MOVE
    action_submit(
        match_id=match.pk, user=match.seats.get(index=0).user, action="bid card=1", version=0
    )
    assert clocks_enforce(now=_late(match)) == 1
    record = ActionRecord.objects.get(match=match, seat=1)
    assert record.timed_out
    seat = Match.objects.get(pk=match.pk).seats.get(index=1)
    assert not seat.forfeited and seat.missed_in_a_row == 1


def test_ranked_default_forfeits_and_the_bot_plays_on(alice, bob):
    match = _match(alice, bob, ranked=True)
    assert match.on_timeout == TimeoutPolicy.FORFEIT
    action_submit(
        match_id=match.pk, user=match.seats.get(index=0).user, action="bid card=1", version=0
    )
    clocks_enforce(now=_late(match))
    match.refresh_from_db()
    assert match.seats.get(index=1).forfeited


def test_the_table_may_choose_forfeit_for_a_casual_game(alice, bob):
    match = _match(alice, bob, timeout_policy="forfeit")
    assert match.timeout_policy == "forfeit" and match.on_timeout == TimeoutPolicy.FORFEIT


def test_a_bad_timeout_policy_is_refused(alice):
    with pytest.raises(LobbyError) as caught:
        lobby_create(host=alice, game="goofspiel", seats=2, timeout_policy="nap")
    assert caught.value.code == "bad_timeout_policy"


def test_after_the_limit_of_missed_turns_the_bot_keeps_the_seat(alice, bob):
    match = _match(alice, bob, mode="turn", move_seconds=3600)
    for _turn in range(MISSED_TURNS_LIMIT):
        match.refresh_from_db()
        if match.is_finished:
            break
        first = match.seats.get(index=0)
        if first.to_act:
            action_submit(
                match_id=match.pk, seat_index=0, action=_any(match, 0), version=match.version
            )
        assert clocks_enforce(now=_late(match)) >= 1
    seat = Match.objects.get(pk=match.pk).seats.get(index=1)
    assert seat.forfeited, "the bot keeps the seat"
    forfeit = ActionRecord.objects.get(match=match, action__type="_forfeit")
    assert f"missed {MISSED_TURNS_LIMIT} turns" in forfeit.action["reason"]


def test_a_move_of_the_players_own_starts_the_count_again(alice, bob):
    match = _match(alice, bob, mode="turn", move_seconds=3600)
    action_submit(match_id=match.pk, seat_index=0, action=_any(match, 0), version=0)
    clocks_enforce(now=_late(match))  # seat 1 misses turn 1
    match.refresh_from_db()
    assert match.seats.get(index=1).missed_in_a_row == 1
    action_submit(match_id=match.pk, seat_index=0, action=_any(match, 0), version=match.version)
    match.refresh_from_db()
    action_submit(match_id=match.pk, seat_index=1, action=_any(match, 1), version=match.version)
    match.refresh_from_db()
    action_submit(match_id=match.pk, seat_index=0, action=_any(match, 0), version=match.version)
    clocks_enforce(now=_late(match))  # seat 1 misses again, but moved itself in between
    assert Match.objects.get(pk=match.pk).seats.get(index=1).missed_in_a_row == 1


def test_a_paused_clock_is_not_run_out_and_gets_its_time_back(alice, bob):
    match = _match(alice, bob, mode="turn", move_seconds=3600)
    start = timezone.now()
    assert seats_pause(user_id=bob.pk, since=start) == 1
    assert seats_pause(user_id=alice.pk, since=start) == 1
    deadline = Match.objects.get(pk=match.pk).deadline
    assert clocks_enforce(now=deadline + timedelta(days=2)) == 0
    back = start + timedelta(days=2)
    assert seats_resume(user_id=alice.pk, now=back) == 1
    assert seats_resume(user_id=bob.pk, now=back) == 1
    match.refresh_from_db()
    assert match.deadline == deadline + timedelta(days=2)
    assert not match.seats.filter(paused_at__isnull=False).exists()


def test_a_bot_seat_whose_bot_never_ran_is_moved_by_the_sweep(alice, bob):
    match = _match(alice, bob)
    match.seats.filter(index=1).update(forfeited=True)  # as if it left and its bot task was lost
    action_submit(match_id=match.pk, seat_index=0, action=_any(match, 0), version=0)
    assert clocks_enforce(now=_late(match)) == 1
    assert not ActionRecord.objects.get(match=match, seat=1).timed_out


def _any(match, seat):
    match.refresh_from_db()
    legal = match.engine.legal_actions(match.state, seat)
    return legal[0]
