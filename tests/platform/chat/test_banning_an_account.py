"""account_ban: the account goes inactive, its running games go to bots (as a resignation: the
seat forfeits, ranks last, a bot plays on, ranked results as for a resign), it leaves the
tables it waits at; the record says who, why and when; a ban can be lifted."""

from __future__ import annotations

import pytest

from accounts.models import User
from chat.errors import ChatError
from chat.models import Sanction
from chat.moderation import (
    BAN_FORFEIT_REASON,
    account_ban,
    account_chat_mute,
    account_unban,
    sanction_lift,
)
from chat.signals import account_banned
from ladders.models import RatingChange
from lobbies.models import Table
from lobbies.services import lobby_create, lobby_join
from play.models import ActionRecord, Match
from tests.platform.conftest import make_user


def _ranked(*users):
    table = lobby_create(host=users[0], game="goofspiel", seats=len(users), ranked=True)
    for user in users[1:]:
        lobby_join(table_id=table.pk, user=user)
    table.refresh_from_db()
    return table.match


def test_it_makes_the_account_inactive_and_keeps_who_why_and_when(alice, dave):
    sanction = account_ban(staff=dave, user_id=alice.pk, reason=" insults in chat ")
    alice.refresh_from_db()
    assert not alice.is_active
    assert (sanction.kind, sanction.reason, sanction.created_by, sanction.until) == (
        "ban",
        "insults in chat",
        dave,
        None,
    )
    assert sanction.created_at is not None and sanction.is_active


def test_a_banned_players_ranked_game_ends_as_if_they_had_resigned(alice, bob, dave):
    match = _ranked(alice, bob)
    account_ban(staff=dave, user_id=alice.pk, reason="cheating")
    match = Match.objects.get(pk=match.pk)
    seat = match.seats.get(user=alice)
    event = ActionRecord.objects.get(match=match, seat=seat.index)
    assert event.action == {"type": "_forfeit", "seat": seat.index, "reason": BAN_FORFEIT_REASON}
    assert match.is_finished and seat.forfeited and seat.place == 2
    assert match.seats.get(user=bob).place == 1
    changes = {c.user_id: c.delta for c in RatingChange.objects.filter(match=match)}
    assert changes[alice.pk] < 0 < changes[bob.pk]


def test_a_bot_plays_on_for_the_banned_seat_when_others_remain(
    alice, bob, carol, dave, django_capture_on_commit_callbacks
):
    table = lobby_create(host=alice, game="goofspiel", seats=3)
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        account_ban(staff=dave, user_id=bob.pk, reason="spam")
    match = Match.objects.get(pk=table.match.pk)
    seat = match.seats.get(user=bob)
    assert not match.is_finished and seat.forfeited
    bids = ActionRecord.objects.filter(match=match, seat=seat.index, action__type="bid")
    assert bids.count() == 1  # the bot made bob's bid of this round (all bid at once)


def test_the_banned_account_leaves_the_tables_it_waits_at(alice, bob, dave):
    hosted = lobby_create(host=alice, game="goofspiel", seats=3)
    joined = lobby_create(host=bob, game="goofspiel", seats=3)
    lobby_join(table_id=joined.pk, user=alice)
    account_ban(staff=dave, user_id=alice.pk, reason="spam")
    assert Table.objects.get(pk=hosted.pk).status == "cancelled"
    assert not Table.objects.get(pk=joined.pk).entries.filter(user=alice).exists()


def test_it_tells_the_apps_above_inside_the_same_transaction(alice, dave):
    heard = []

    def listener(sender, user, sanction, **kwargs):
        heard.append((user.pk, user.is_active, sanction.kind))

    account_banned.connect(listener, dispatch_uid="test.heard")
    try:
        account_ban(staff=dave, user_id=alice.pk, reason="spam")
    finally:
        account_banned.disconnect(dispatch_uid="test.heard")
    assert heard == [(alice.pk, False, "ban")]


def test_lifting_the_ban_lets_the_account_back_and_keeps_the_record(alice, bob, dave):
    match = _ranked(alice, bob)
    sanction = account_ban(staff=dave, user_id=alice.pk, reason="by mistake")
    assert account_unban(staff=dave, user_id=alice.pk) == 1
    alice.refresh_from_db()
    sanction.refresh_from_db()
    assert alice.is_active and sanction.lifted_by == dave and not sanction.is_active
    assert Match.objects.get(pk=match.pk).seats.get(user=alice).forfeited  # the game stays lost
    with pytest.raises(ChatError) as refusal:
        account_unban(staff=dave, user_id=alice.pk)
    assert refusal.value.code == "not_banned"


def test_it_refuses_what_staff_may_not_do(alice, bob, dave):
    other_staff = make_user("erin")
    User.objects.filter(pk=other_staff.pk).update(is_staff=True)
    cases = [
        (bob, alice.pk, "cheating", "not_staff"),
        (dave, dave.pk, "oops", "self"),
        (dave, other_staff.pk, "rival", "staff"),
        (dave, 999_999, "nobody", "not_found"),
        (dave, alice.pk, "  ", "malformed"),
    ]
    for staff, user_id, reason, code in cases:
        with pytest.raises(ChatError) as refusal:
            account_ban(staff=staff, user_id=user_id, reason=reason)
        assert refusal.value.code == code, (staff, user_id)
    assert not Sanction.objects.exists()
    assert User.objects.filter(is_active=False).count() == 0


def test_a_second_ban_is_refused(alice, dave):
    account_ban(staff=dave, user_id=alice.pk, reason="spam")
    with pytest.raises(ChatError) as refusal:
        account_ban(staff=dave, user_id=alice.pk, reason="again")
    assert refusal.value.code == "already_banned" and Sanction.objects.count() == 1


def test_a_superuser_may_ban_a_member_of_staff(dave):
    root = User.objects.create_superuser("root@example.com", "a-long-password-1")
    assert account_ban(staff=root, user_id=dave.pk, reason="rogue moderator").kind == "ban"


@pytest.mark.parametrize("minutes", [0, -5, 60 * 24 * 366, "60", True, None])
def test_a_chat_mute_lasts_a_whole_number_of_minutes_within_a_year(alice, dave, minutes):
    with pytest.raises(ChatError) as refusal:
        account_chat_mute(staff=dave, user_id=alice.pk, minutes=minutes, reason="rude")
    assert refusal.value.code == "malformed" and not Sanction.objects.exists()


def test_a_chat_mute_can_be_lifted_early(alice, started_match, dave):
    from chat.services import chat_post

    mute = account_chat_mute(staff=dave, user_id=alice.pk, minutes=60, reason="rude")
    alice.refresh_from_db()
    assert alice.is_active  # a chat mute is not a ban: alice plays on
    sanction_lift(staff=dave, sanction_id=mute.pk)
    assert chat_post(user=alice, match_id=started_match.pk, text="sorry")
    with pytest.raises(ChatError) as refusal:
        sanction_lift(staff=dave, sanction_id=mute.pk)
    assert refusal.value.code == "not_active"


def test_a_banned_account_stops_waiting_in_the_ranked_queue(alice, dave):
    from ladders.models import QueueEntry
    from ladders.services import queue_join

    queue_join(user=alice, game="goofspiel", seats=2)
    account_ban(staff=dave, user_id=alice.pk, reason="smurfing")
    assert not QueueEntry.objects.filter(user=alice).exists()


def test_a_banned_account_is_disqualified_from_its_tournaments(alice, bob, carol, dave):
    from tests.platform.tournaments.conftest import create, register_all
    from tournaments.models import Registration
    from tournaments.services import tournament_start

    upcoming = create(carol, name="Later cup")
    register_all(upcoming, [alice, bob])
    running = create(carol, name="Now cup")
    register_all(running, [alice, bob])
    tournament_start(tournament_id=running.pk, user=carol)
    table = running.tables.select_related("match").get()
    account_ban(staff=dave, user_id=alice.pk, reason="cheating")
    statuses = Registration.objects.filter(user=alice).values_list("status", flat=True)
    assert set(statuses) == {"disqualified"}
    assert Match.objects.get(pk=table.match.pk).seats.get(user=alice).forfeited
    assert running.audit.filter(action="disqualified", actor=dave).exists()
