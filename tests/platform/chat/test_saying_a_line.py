"""chat_post: who may say what where, in which channel; every refusal changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chat.errors import ChatError
from chat.models import ChatLine, Sanction
from chat.services import MAX_LENGTH, chat_post
from lobbies.services import lobby_create, lobby_join
from play.services import action_submit


def _refused(code: str, **kwargs) -> ChatError:
    before = ChatLine.objects.count()
    with pytest.raises(ChatError) as refusal:
        chat_post(**kwargs)
    assert refusal.value.code == code
    assert ChatLine.objects.count() == before
    return refusal.value


def test_it_puts_a_players_line_in_the_players_channel_at_the_match_version(
    started_match, alice, seats
):
    action_submit(
        match_id=started_match.pk, user=alice, action="bid card=1", version=started_match.version
    )
    line = chat_post(user=alice, match_id=started_match.pk, text="  good   luck\n")
    assert (line.channel, line.text, line.step, line.author) == ("players", "good luck", 1, alice)


def test_it_puts_a_spectators_line_in_the_spectators_channel(started_match, carol):
    line = chat_post(user=carol, match_id=started_match.pk, text="nice bid")
    assert line.channel == "spectators" and line.match == started_match


def test_it_keeps_chatting_after_the_game_is_over(started_match, alice, bob):
    from play.services import seat_forfeit

    seat_forfeit(match_id=started_match.pk, seat_index=0, reason="resigned")
    assert chat_post(user=bob, match_id=started_match.pk, text="gg").channel == "players"


def test_it_refuses_a_visitor_who_is_not_logged_in(started_match):
    from django.contrib.auth.models import AnonymousUser

    _refused("not_logged_in", user=AnonymousUser(), match_id=started_match.pk, text="hi")


def test_it_refuses_an_outsider_at_a_private_tables_match(alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    table.refresh_from_db()
    refusal = _refused("not_found", user=carol, match_id=table.match.pk, text="let me in")
    assert refusal.status == 404
    assert chat_post(user=bob, match_id=table.match.pk, text="just us").channel == "players"


def test_it_refuses_an_unknown_match(alice):
    _refused("not_found", user=alice, match_id=999_999, text="hello?")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty"),
        (" \n\t ", "empty"),
        ("x" * (MAX_LENGTH + 1), "too_long"),
        ("x" * 100_000, "too_long"),
        (None, "malformed"),
        (["hi"], "malformed"),
        (42, "malformed"),
    ],
)
def test_it_refuses_a_line_that_is_empty_too_long_or_not_text(started_match, alice, text, code):
    _refused(code, user=alice, match_id=started_match.pk, text=text)


def test_it_takes_a_line_of_exactly_the_longest_length(started_match, alice):
    line = chat_post(user=alice, match_id=started_match.pk, text="é" * MAX_LENGTH)
    assert len(line.text) == MAX_LENGTH


def test_it_makes_one_line_of_plain_text_without_control_or_bidi_characters(started_match, alice):
    text = "gg\r\nwp\x00\x07 \u202eevil\u202c <b>bold</b>"
    line = chat_post(user=alice, match_id=started_match.pk, text=text)
    assert line.text == "gg wp evil <b>bold</b>"  # markup is kept as text: pages escape it


def test_it_limits_a_burst_of_lines(started_match, alice, bob):
    for n in range(5):
        chat_post(user=alice, match_id=started_match.pk, text=f"line {n}")
    refusal = _refused("too_fast", user=alice, match_id=started_match.pk, text="one more")
    assert refusal.status == 429
    assert chat_post(user=bob, match_id=started_match.pk, text="bob has his own count")


def test_it_limits_the_lines_of_a_minute(started_match, alice):
    """20 lines a minute: spread out so that no burst of 5 in 10 s is reached."""
    for n in range(20):
        line = chat_post(user=alice, match_id=started_match.pk, text=f"line {n}")
        ChatLine.objects.filter(pk=line.pk).update(
            created_at=line.created_at - timedelta(seconds=58 - 2 * (n // 4))
        )
    _refused("too_fast", user=alice, match_id=started_match.pk, text="line 21")
    ChatLine.objects.filter(author=alice).update(created_at=line.created_at - timedelta(minutes=2))
    assert chat_post(user=alice, match_id=started_match.pk, text="a minute later")


def test_it_refuses_an_account_the_moderators_muted_until_the_mute_ends(started_match, alice, dave):
    from chat.moderation import account_chat_mute

    mute = account_chat_mute(staff=dave, user_id=alice.pk, minutes=60, reason="insults")
    refusal = _refused("chat_muted", user=alice, match_id=started_match.pk, text="hey")
    assert refusal.status == 403 and f"{mute.until:%H:%M}" in refusal.message
    Sanction.objects.filter(pk=mute.pk).update(until=mute.created_at - timedelta(seconds=1))
    assert chat_post(user=alice, match_id=started_match.pk, text="I am back")


def test_it_refuses_a_suspended_account_even_with_a_stale_user_object(started_match, alice):
    from accounts.models import User

    User.objects.filter(pk=alice.pk).update(is_active=False)  # alice still holds is_active=True
    _refused("suspended", user=alice, match_id=started_match.pk, text="still here?")


def test_it_chats_at_a_table_before_the_start(alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=3)
    assert chat_post(user=alice, table_id=table.pk, text="waiting").channel == "players"
    assert chat_post(user=carol, table_id=table.pk, text="may I?").channel == "spectators"
    line = chat_post(user=alice, table_id=table.pk, text="sure")
    assert (line.table, line.match, line.step) == (table, None, 0)


def test_it_closes_a_tables_chat_once_the_game_starts_or_the_table_is_cancelled(alice, bob):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    assert _refused("started", user=alice, table_id=table.pk, text="hi").status == 409
    other = lobby_create(host=bob, game="goofspiel", seats=2)
    from lobbies.services import lobby_cancel

    lobby_cancel(table_id=other.pk, user=bob)
    _refused("cancelled", user=bob, table_id=other.pk, text="hi")


def test_it_hides_a_private_table_from_a_visitor_without_the_invite(alice, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=3, private=True)
    _refused("not_found", user=carol, table_id=table.pk, text="hi")
    line = chat_post(user=carol, table_id=table.pk, text="hi", invite=table.invite_token)
    assert line.channel == "spectators"
