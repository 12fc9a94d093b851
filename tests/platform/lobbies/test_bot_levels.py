"""The host seats a bot of a level (beginner, standard, strong; docs/bots.md), stored with the
seat; standard is the default, and a player's seat a bot takes over gets standard too."""

import pytest

from games.core import get_game
from lobbies.services import LobbyError, lobby_add_bot, lobby_create, lobby_start
from play.services import _bot_choose


@pytest.fixture
def table(alice):
    return lobby_create(host=alice, game="dicecity", seats=3, options={})


def test_a_bot_is_standard_unless_the_host_picks_a_level(table, alice):
    lobby_add_bot(table_id=table.pk, user=alice)
    lobby_add_bot(table_id=table.pk, user=alice, bot="strong")
    match = table.match
    assert sorted(s.bot for s in match.seats.all()) == ["", "standard", "strong"]


def test_start_now_fills_the_empty_places_with_standard_bots(table, alice):
    lobby_start(table_id=table.pk, user=alice)
    assert sorted(s.bot for s in table.match.seats.all()) == ["", "standard", "standard"]


def test_the_table_page_offers_the_levels_with_standard_selected(client, table, alice):
    client.force_login(alice)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    for value, label in [("random", "Random bot"), ("beginner", "Beginner bot"),
                         ("strong", "Strong bot")]:  # fmt: skip
        assert f'<option value="{value}">{label}</option>' in page
    assert '<option value="standard" selected>Standard bot</option>' in page


def test_the_api_seats_a_bot_of_a_level(client, table, alice):
    client.force_login(alice)
    response = client.post(
        f"/api/tables/{table.pk}/bot/", {"bot": "beginner"}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    assert [e.bot for e in table.entries.all()] == ["", "beginner"]


def test_it_refuses_a_level_the_game_does_not_have(table, alice):
    with pytest.raises(LobbyError) as refused:
        lobby_add_bot(table_id=table.pk, user=alice, bot="grandmaster")
    assert refused.value.code == "unknown_bot" and table.entries.count() == 1


def test_a_players_seat_taken_over_by_a_bot_plays_the_standard_level():
    game = get_game("scythe")
    assert _bot_choose(game, "") is game.bots["standard"]
    assert _bot_choose(game, "heuristic") is game.bots["standard"]  # a seat stored before levels
