"""A game without secrets (Game.public_view: Dice City) gets one view a version for all its
viewers (play/snapshots.py Shared.view); each payload still holds exactly what the engine's own
view gives that seat, and a game with hands (SPQF) still gets one view per seat."""

import pytest

from lobbies.services import lobby_create, lobby_join
from play import snapshots

pytestmark = pytest.mark.django_db


def _match(host, guest, game):
    table = lobby_create(host=host, game=game, seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=guest)
    return table.match


@pytest.mark.parametrize("game", ["dicecity", "spqf"])
def test_each_viewer_gets_the_engine_s_own_view(alice, bob, game):
    match, seats = snapshots.load(_match(alice, bob, game).pk, 0)
    engine = match.engine
    shared = snapshots.Shared(seats, [])
    payloads = {
        seat: snapshots.socket_payload(match, seats, seat, False, [], "en", shared)
        for seat in (0, 1, None)
    }
    for seat, payload in payloads.items():
        assert payload["view"] == engine.view(match.state, seat)
    assert engine.public_view == (game == "dicecity")
    if engine.public_view:  # built once: the seats' views share the spectator's parts
        assert payloads[0]["view"]["players"] is payloads[1]["view"]["players"]
    else:
        assert payloads[0]["view"] != payloads[1]["view"]  # each sees its own hand
