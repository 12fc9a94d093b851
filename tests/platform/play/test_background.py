"""Without a broker (`make run`), bots play in a thread of their own, not inside the move."""

import time

import pytest

from lobbies.services import lobby_add_bot, lobby_create
from play.models import Match
from play.services import action_submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_bots_answer_from_their_own_thread(alice, settings):
    settings.BOTS_IN_BACKGROUND = True
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_add_bot(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    seat = match.seats.get(user=alice)
    deadline = time.monotonic() + 10
    while not Match.objects.get(pk=match.pk).version and time.monotonic() < deadline:
        time.sleep(0.05)  # the bot bids at the start, from its thread
    match.refresh_from_db()
    assert match.version == 1 and match.seats.get(bot__gt="").to_act is False
    card = match.state["hands"][seat.index][0]
    submitted = action_submit(match_id=match.pk, user=alice, action=f"bid card={card}", version=1)
    assert submitted.version == 2  # the move returns before the bot answers
    while Match.objects.get(pk=match.pk).version < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert Match.objects.get(pk=match.pk).version == 3
