"""Bots move on their own; clocks run out; players resign and rank last."""

from datetime import timedelta

import pytest
from django.utils import timezone

from lobbies.services import lobby_add_bot, lobby_create, lobby_join
from play.errors import PlayError
from play.models import ActionRecord, Match
from play.services import action_submit, clocks_enforce, seat_forfeit


def test_bots_play_a_whole_casual_game_with_the_host(alice, django_capture_on_commit_callbacks):
    table = lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=True):
        lobby_add_bot(table_id=table.pk, user=alice)
        lobby_add_bot(table_id=table.pk, user=alice, bot="random")
    match = Match.objects.get(table=table)
    for _ in range(3):
        match.refresh_from_db()
        mine = match.seats.get(user=alice)
        assert mine.to_act, "the bots have bid: only alice owes a move"
        card = match.state["hands"][mine.index][0]
        with django_capture_on_commit_callbacks(execute=True):
            action_submit(
                match_id=match.pk, user=alice, action=f"bid card={card}", version=match.version
            )
    match.refresh_from_db()
    assert match.is_finished
    assert sorted(s.place for s in match.seats.all())[0] == 1


def test_dice_city_bots_finish_a_game_against_each_other(alice, django_capture_on_commit_callbacks):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    with django_capture_on_commit_callbacks(execute=True):
        lobby_add_bot(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    with django_capture_on_commit_callbacks(execute=True):
        seat_forfeit(
            match_id=match.pk, seat_index=match.seats.get(user=alice).index, reason="resigned"
        )
    match.refresh_from_db()
    assert match.is_finished and match.outcome["reason"] == "forfeit"
    assert match.seats.get(user=alice).place == 2


def test_a_resigning_player_ranks_last_and_a_bot_plays_on(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    table = lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    match = Match.objects.get(table=table)
    with django_capture_on_commit_callbacks(execute=True):
        seat_forfeit(
            match_id=match.pk, seat_index=match.seats.get(user=carol).index, reason="resigned"
        )
    match.refresh_from_db()
    assert not match.is_finished
    assert not match.seats.get(user=carol).to_act  # the bot already bid for carol
    for _ in range(3):
        for user in (alice, bob):
            match.refresh_from_db()
            seat = match.seats.get(user=user)
            card = match.state["hands"][seat.index][-1]
            with django_capture_on_commit_callbacks(execute=True):
                action_submit(
                    match_id=match.pk, user=user, action=f"bid card={card}", version=match.version
                )
    match.refresh_from_db()
    assert match.is_finished
    assert match.seats.get(user=carol).place == 3
    assert ActionRecord.objects.filter(match=match, action__type="_forfeit").count() == 1


def test_resigning_twice_is_refused(started_match):
    seat_forfeit(match_id=started_match.pk, seat_index=0, reason="resigned")
    with pytest.raises(PlayError):
        seat_forfeit(match_id=started_match.pk, seat_index=0, reason="resigned")


def test_a_player_out_of_time_forfeits_when_the_game_has_no_timeout_action(started_match):
    Match.objects.filter(pk=started_match.pk).update(timeout_policy="forfeit")  # casual: bot
    first = started_match.seats.get(index=0).user
    action_submit(match_id=started_match.pk, user=first, action="bid card=1", version=0)
    assert clocks_enforce() == 0  # nobody is late yet
    later = timezone.now() + timedelta(seconds=started_match.move_seconds + 1)
    assert clocks_enforce(now=later) == 1
    match = Match.objects.get(pk=started_match.pk)
    assert match.is_finished
    assert match.seats.get(index=1).place == 2 and match.seats.get(index=0).place == 1


def test_a_move_restarts_the_clock_only_when_the_turn_passes(started_match):
    deadline = started_match.deadline
    first = started_match.seats.get(index=0).user
    action_submit(match_id=started_match.pk, user=first, action="bid card=1", version=0)
    assert Match.objects.get(pk=started_match.pk).deadline == deadline


def test_a_move_the_site_makes_for_a_seat_out_of_time_is_marked(alice, bob):
    """Scythe has a timeout action (the quiet choice): the log records it as the site's."""
    table = lobby_create(host=alice, game="scythe", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    late = match.seats.get(to_act=True).index
    assert clocks_enforce(now=timezone.now() + timedelta(seconds=match.move_seconds + 1)) == 1
    record = ActionRecord.objects.get(match=match, seq=match.version + 1)
    assert record.seat == late and record.timed_out
    assert not Match.objects.get(pk=match.pk).seats.get(index=late).forfeited
    human = ActionRecord.objects.filter(match=match, timed_out=False)
    assert not human.exists()
