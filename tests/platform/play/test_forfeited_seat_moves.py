"""A player who resigned may not move for the seat the bot now plays (issue 12)."""

import pytest
from django.test import Client

from lobbies.services import lobby_create, lobby_join
from play.models import ActionRecord, Match
from play.services import action_submit


@pytest.fixture
def carol_resigned(alice, bob, carol):
    """A three-seat Goofspiel match; carol resigns through the page. The test transaction never
    commits, so the bot has not bid for her yet: her seat still owes a move (as it does while a
    real bot waits BOT_MOVE_DELAY_MS)."""
    table = lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    match = Match.objects.get(table=table)
    page = Client()
    page.force_login(carol)
    page.post(f"/matches/{match.pk}/resign/")
    seat = match.seats.get(user=carol)
    assert seat.forfeited and seat.to_act
    return match, seat


def test_it_refuses_a_move_from_the_player_who_resigned(carol_resigned, carol):
    match, seat = carol_resigned
    match.refresh_from_db()
    api = Client()
    api.force_login(carol)
    card = match.state["hands"][seat.index][0]
    response = api.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": f"bid card={card}", "version": match.version},
        content_type="application/json",
    )
    assert response.status_code == 409
    assert response.json()["error"] == "forfeited"
    after = Match.objects.get(pk=match.pk)
    assert after.version == match.version and after.state == match.state
    assert not ActionRecord.objects.filter(match=match, action__type="bid").exists()


def test_the_bot_still_moves_for_the_resigned_seat(carol_resigned):
    match, seat = carol_resigned
    match.refresh_from_db()
    card = match.state["hands"][seat.index][0]
    moved = action_submit(
        match_id=match.pk, seat_index=seat.index, action=f"bid card={card}", version=match.version
    )
    assert moved.version == match.version + 1
