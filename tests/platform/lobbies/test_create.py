"""lobby_create: a table within the game's limits, with its clock, privacy and engine options."""

import pytest

from lobbies.models import Table
from lobbies.services import LobbyError, lobby_create


def test_it_opens_a_table_with_the_host_seated(alice):
    table = lobby_create(
        host=alice,
        game="goofspiel",
        seats=3,
        ranked=True,
        mode="turn",
        move_seconds=2 * 86400,
        private=True,
        options={"cards": "8"},
    )
    table.refresh_from_db()
    assert (table.game, table.seats, table.ranked, table.mode) == ("goofspiel", 3, True, "turn")
    assert table.move_seconds == 2 * 86400 and table.private and table.is_open
    assert table.options == {"cards": 8}
    assert [e.user for e in table.entries.all()] == [alice]


def test_it_fills_in_the_engine_defaults(alice):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    assert table.options == {"cards": 5} and table.mode == "live" and table.move_seconds == 300
    assert not table.ranked and not table.private


@pytest.mark.parametrize(
    ("kwargs", "code", "why"),
    [
        ({"seats": 1}, "bad_seats", "2 to 4 players"),
        ({"seats": 5}, "bad_seats", "2 to 4 players"),
        ({"game": "chess"}, "unknown_game", "no game called 'chess'"),
        ({"mode": "postal"}, "bad_mode", "live or turn-based"),
        ({"move_seconds": 5}, "bad_clock", "between 15 and 3600"),
        ({"mode": "turn", "move_seconds": 60}, "bad_clock", "between 3600 and 1209600"),
        ({"options": {"cards": 4}}, "bad_options", "Cards per hand"),
        ({"options": {"jokers": True}}, "bad_options", "unknown option"),
    ],
)
def test_it_refuses_a_table_outside_the_limits(alice, kwargs, code, why):
    with pytest.raises(LobbyError) as refused:
        lobby_create(host=alice, **{"game": "goofspiel", "seats": 2, **kwargs})
    assert refused.value.code == code and why in refused.value.message
    assert not Table.objects.exists()
