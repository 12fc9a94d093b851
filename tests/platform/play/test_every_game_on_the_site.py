"""Every registered game is playable on the site: it starts, draws its board for each seat,
takes moves, ends, and replays."""

import pytest
from django.urls import reverse

from games.core import game_names, get_game
from lobbies.services import lobby_add_bot, lobby_create
from play.bots import bots_play
from play.models import Match
from play.services import seat_forfeit

SITE_GAMES = [name for name in game_names() if name != "goofspiel"]


@pytest.mark.parametrize("name", SITE_GAMES)
def test_it_plays_each_game_through_the_site(name, client, alice, carol):
    game = get_game(name)
    table = lobby_create(host=alice, game=name, seats=game.min_seats)
    for _ in range(game.min_seats - 1):
        lobby_add_bot(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    me = match.seats.get(user=alice).index
    # The bots play while it is theirs to play; let alice's seat be played by a bot for a while.
    match.seats.filter(index=me).update(forfeited=True)
    bots_play(match_id=match.pk, limit=40)
    match.seats.filter(index=me).update(forfeited=False)
    match.refresh_from_db()
    assert match.version > 0
    client.force_login(alice)
    page = client.get(reverse("play:match", args=[match.pk]))
    assert page.status_code == 200 and "view-json" not in page.content.decode()
    client.force_login(carol)
    assert client.get(reverse("play:match", args=[match.pk])).status_code == 200
    seat_forfeit(match_id=match.pk, seat_index=me, reason="resigned")
    match.refresh_from_db()
    assert match.is_finished
    client.force_login(alice)
    finished = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Game over" in finished
    replay = client.get(reverse("play:replay", args=[match.pk]), {"step": match.version // 2})
    assert replay.status_code == 200 and "view-json" not in replay.content.decode()
