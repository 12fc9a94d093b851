"""A match ended by a forfeit (the engine itself is not over): nobody is "to play", no choices
are offered, the end screen says "Game over" once, and a socket payload carries no choices."""

from __future__ import annotations

import pytest
from django.test import Client

from play.selectors import match_payload
from play.services import seat_forfeit
from tests.platform.conftest import make_user

from .factories import played, played_to_end, seeded_match

pytestmark = pytest.mark.django_db

GAMES = ["dicecity", "spqf", "scythe"]


@pytest.mark.parametrize("game", GAMES)
def test_a_match_ended_by_a_forfeit_offers_no_choices_and_says_game_over_once(game):
    alice, bob = make_user("alice"), make_user("bob")
    match = played(seeded_match(game, 3, [alice, bob]), moves=4)
    # Bob resigns: one seat left, the match ends at once while the engine would play on.
    seat_forfeit(match_id=match.pk, seat_index=1, reason="resigned")
    match.refresh_from_db()
    assert match.is_finished and match.outcome["reason"] == "forfeit"
    assert match.engine.outcome(match.state) is None

    client = Client()
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    # What the page shows, not the initial payload's JSON copy of the board.
    page = page.split('<script id="initial-payload"')[0]
    assert page.count("Game over") == 1, page.count("Game over")
    assert "Your choices" not in page
    assert "to play" not in page
    assert 'class="legal' not in page
    assert ">Resign<" not in page

    seats = list(match.seats.select_related("user"))
    payload = match_payload(match, seats, 0, html=True)
    assert payload["legal"] == []
    assert payload["to_act"] == []
    assert "Your choices" not in payload["html"] and "to play" not in payload["html"]


@pytest.mark.parametrize("game", GAMES)
def test_a_match_the_rules_ended_says_game_over_once(game):
    alice, bob = make_user("alice"), make_user("bob")
    match = played_to_end(seeded_match(game, 1, [alice, bob]))
    assert match.is_finished and match.engine.outcome(match.state) is not None
    client = Client()
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    page = page.split('<script id="initial-payload"')[0]
    assert page.count("Game over") == 1, page.count("Game over")
    assert "Your choices" not in page and "to play" not in page
