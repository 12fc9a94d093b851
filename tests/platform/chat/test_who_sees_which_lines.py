"""What each viewer reads: both channels, a player who hides the spectators, people muted or
blocked, lines removed by staff; the table's lines come first in the match's chat."""

from __future__ import annotations

import pytest

from chat import selectors
from chat.errors import ChatError
from chat.models import Mute
from chat.services import chat_post, chat_preference_set, person_mute
from lobbies.services import lobby_create, lobby_join


def _seen(match, viewer) -> list[str]:
    place = selectors.match_place(match, viewer)
    return [line.text for line in selectors.lines_seen(place, viewer)]


@pytest.fixture
def talk(started_match, alice, bob, carol):
    chat_post(user=alice, match_id=started_match.pk, text="from alice")
    chat_post(user=carol, match_id=started_match.pk, text="from carol")
    chat_post(user=bob, match_id=started_match.pk, text="from bob")
    return started_match


def test_everyone_reads_both_channels_by_default(talk, alice, bob, carol):
    everything = ["from alice", "from carol", "from bob"]
    assert _seen(talk, alice) == _seen(talk, bob) == _seen(talk, carol) == everything


def test_a_player_who_hides_the_spectators_reads_only_the_players(talk, alice, carol):
    chat_preference_set(user=alice, show_spectators=False)
    assert _seen(talk, alice) == ["from alice", "from bob"]
    chat_preference_set(user=carol, show_spectators=False)  # a spectator always reads both
    assert "from carol" in _seen(talk, carol)


def test_a_muted_person_is_hidden_from_the_one_who_muted_them_only(talk, alice, bob, carol):
    person_mute(user=alice, person_id=bob.pk)
    assert _seen(talk, alice) == ["from alice", "from carol"]
    assert "from bob" in _seen(talk, carol)
    person_mute(user=alice, person_id=bob.pk, muted=False)
    assert "from bob" in _seen(talk, alice)  # the past lines come back


def test_muting_twice_keeps_one_mute_and_refuses_oneself_or_nobody(alice, bob):
    person_mute(user=alice, person_id=bob.pk)
    person_mute(user=alice, person_id=bob.pk)
    assert Mute.objects.filter(user=alice).count() == 1
    for person, code in ((alice.pk, "self"), (999_999, "not_found"), ("bob", "malformed")):
        with pytest.raises(ChatError) as refusal:
            person_mute(user=alice, person_id=person)
        assert refusal.value.code == code


def test_a_block_either_way_hides_the_lines_both_ways(talk, alice, bob, carol):
    """bob blocked alice (accounts): neither reads the other; carol reads both."""
    from accounts.services import block_add

    block_add(user=bob, display_name="alice")
    assert _seen(talk, alice) == ["from alice", "from carol"]
    assert _seen(talk, bob) == ["from carol", "from bob"]
    assert len(_seen(talk, carol)) == 3
    assert selectors.chat_blocked(alice.pk, bob.pk) and selectors.chat_blocked(bob.pk, alice.pk)


def test_a_line_removed_by_staff_is_gone_for_everyone(talk, alice, carol, dave):
    from chat.models import ChatLine
    from chat.moderation import line_remove

    line_remove(staff=dave, line_id=ChatLine.objects.get(text="from bob").pk)
    assert "from bob" not in _seen(talk, alice) and "from bob" not in _seen(talk, carol)


def test_the_tables_lines_come_first_in_the_matchs_chat(alice, bob):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    chat_post(user=alice, table_id=table.pk, text="before the start")
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    chat_post(user=bob, match_id=table.match.pk, text="during the game")
    lines = selectors.lines_seen(selectors.match_place(table.match, bob), bob)
    assert [(x.text, selectors.line_json(x)["before_start"]) for x in lines] == [
        ("before the start", True),
        ("during the game", False),
    ]


def test_lines_after_an_id_are_the_ones_said_since(talk, alice):
    place = selectors.match_place(talk, alice)
    first = selectors.lines_seen(place, alice)[0]
    assert [x.text for x in selectors.lines_seen(place, alice, after=first.pk)] == [
        "from carol",
        "from bob",
    ]


def test_nobody_outside_a_private_match_nor_logged_out_reads_it(alice, bob, carol):
    from django.contrib.auth.models import AnonymousUser

    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    table.refresh_from_db()
    assert selectors.match_place(table.match, carol) is None
    assert selectors.match_place(table.match, AnonymousUser()) is None
