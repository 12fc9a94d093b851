"""First steps (issue 34): "Play a bot now" on each home game card takes a player in one click
to a live casual match against bots of the level chosen; a new account is greeted as new."""

import pytest

from lobbies.models import Table
from lobbies.services import LobbyError, lobby_play_bots
from play.models import Match

GAMES = ("dicecity", "scythe", "spqf")


def test_each_home_card_offers_play_a_bot_now_with_the_levels(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    for game in GAMES:
        assert f'action="/play-bots/{game}/"' in page
    assert page.count('<option value="standard" selected>Standard bot</option>') >= len(GAMES)
    assert page.count("Play a bot now") >= len(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_one_click_starts_a_live_casual_match_against_bots_of_the_level(client, alice, game):
    client.force_login(alice)
    response = client.post(f"/play-bots/{game}/", {"bot": "beginner"})
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    seats = list(match.seats.order_by("index"))
    assert sorted(s.bot for s in seats) == ["", "beginner"]
    assert [s.user for s in seats if not s.bot] == [alice]
    table = match.table
    assert table.status == Table.Status.STARTED and not table.ranked and table.private
    assert table.mode == Table.Mode.LIVE
    assert client.get(response["Location"]).status_code == 200


def test_it_refuses_an_unknown_level_or_game_and_creates_nothing(client, alice):
    client.force_login(alice)
    response = client.post("/play-bots/scythe/", {"bot": "grandmaster"}, follow=True)
    assert "has no bot called" in response.content.decode()
    response = client.post("/play-bots/chess/", {"bot": "standard"}, follow=True)
    assert "There is no game called" in response.content.decode()
    assert not Table.objects.exists() and not Match.objects.exists()
    with pytest.raises(LobbyError):
        lobby_play_bots(user=alice, game="spqf", bot="grandmaster")


def test_it_asks_a_visitor_to_log_in_and_takes_no_get(client, alice):
    page = client.get("/").content.decode()
    assert "Play a bot now" in page and "/accounts/login/?next=/" in page
    assert client.post("/play-bots/spqf/", {"bot": "standard"}).status_code == 302
    client.force_login(alice)
    assert client.get("/play-bots/spqf/").status_code == 405
    assert not Table.objects.exists()


def test_a_new_account_is_welcomed_as_new_then_welcomed_back(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert "Welcome, alice!" in page and "Welcome back" not in page
    client.post("/play-bots/dicecity/", {"bot": "standard"})
    page = client.get("/").content.decode()
    assert "Welcome back, alice." in page and "Welcome, alice!" not in page
