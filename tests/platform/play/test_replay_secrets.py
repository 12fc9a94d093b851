"""The replay keeps every seat's secrets as for a spectator: a player replaying their own game
sees what anyone watching sees (no hand, no undisclosed choice), step by step."""

from django.test import Client

from lobbies.services import lobby_create, lobby_join
from play.models import Match
from play.services import action_submit, seat_forfeit


def _frame(user, match, step):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/matches/{match.pk}/replay/frame/", {"step": step}).json()["html"]


def test_a_player_replaying_sees_no_more_than_a_spectator(alice, bob, carol):
    table = lobby_create(host=alice, game="spqf", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    for _ in range(6):
        match.refresh_from_db()
        seat = match.engine.to_act(match.state)[0]
        action = match.engine.legal_actions(match.state, seat)[0]
        action_submit(match_id=match.pk, seat_index=seat, action=action, version=match.version)
    seat_forfeit(match_id=match.pk, seat_index=1, reason="resigned")
    for step in (0, 3, 6, 7):  # before the fix a player's frame carried their own hand
        seen = _frame(alice, match, step)
        assert seen == _frame(carol, match, step) == _frame(None, match, step)
