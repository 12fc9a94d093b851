"""The tournament pages: list, create form, event page (bracket, standings, my next game),
rounds, standings, organiser panel, live status."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Tournament

from .conftest import create, current_tables, register_all

pytestmark = pytest.mark.django_db


def test_the_list_shows_upcoming_events_and_filters_by_game(client, alice):
    t = create(alice, name="Goof open")
    page = client.get("/tournaments/").content.decode()
    assert "Goof open" in page and f"/tournaments/{t.pk}/" in page
    assert "Goof open" not in client.get("/tournaments/?game=dicecity").content.decode()


def test_an_organiser_creates_an_event_from_the_form(client, alice):
    client.force_login(alice)
    assert client.get("/tournaments/new/").status_code == 200
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Form cup",
            "game": "goofspiel",
            "format": "single_elimination",
            "table_size": 2,
            "advance": 1,
            "rounds": 3,
            "mode": "live",
            "move_minutes": 5,
            "seeding": "random",
            "checkin_minutes": 0,
        },
    )
    t = Tournament.objects.get(name="Form cup")
    assert response.status_code == 302 and response.url == f"/tournaments/{t.pk}/"
    assert (t.format, t.seeding, t.move_seconds) == ("single_elimination", "random", 300)


def test_the_form_shows_the_services_refusal(client, alice):
    client.force_login(alice)
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Too big",
            "game": "goofspiel",
            "format": "swiss",
            "table_size": 6,
            "advance": 1,
            "rounds": 3,
            "mode": "live",
            "move_minutes": 5,
            "seeding": "rating",
        },
    )
    assert (
        response.status_code == 200 and "Goofspiel tables take 2 to 4" in response.content.decode()
    )
    assert not Tournament.objects.exists()


def test_a_player_registers_from_the_page(client, alice, bob):
    t = create(alice)
    client.force_login(bob)
    assert 'id="register"' in client.get(f"/tournaments/{t.pk}/").content.decode()
    client.post(f"/tournaments/{t.pk}/register/")
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="unregister"' in page and "bob" in page


def test_a_running_elimination_event_draws_its_bracket_and_my_next_game(client, alice, players):
    users = players(4)
    t = create(alice, format="single_elimination", table_size=2)
    register_all(t, users)
    services.tournament_start(tournament_id=t.pk, user=alice)
    client.force_login(users[0])
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "<svg" in page and 'class="bracket"' in page
    assert page.count('class="bracket-box"') == 3  # two tables in play and the final to come
    assert 'font-style="italic"' in page  # the final's seats: where their players come from
    assert 'id="my-next-game"' in page and "/matches/" in page
    for table in current_tables(t):
        assert f"/matches/{table.match_id}/" in page


def test_the_standings_page_shows_every_tiebreak_column(client, alice, players):
    t = create(alice, format="swiss", table_size=2, rounds=2)
    register_all(t, players(4))
    services.tournament_start(tournament_id=t.pk, user=alice)
    t.refresh_from_db()
    page = client.get(f"/tournaments/{t.pk}/standings/").content.decode()
    assert 'id="standings"' in page
    for key in t.standings[0]["tiebreaks"]:
        assert f'data-key="{key}"' in page
    assert client.get(f"/tournaments/{t.pk}/rounds/").status_code == 200


def test_the_organiser_panel_is_for_organisers_only(client, alice, bob):
    t = create(alice)
    client.force_login(bob)
    assert client.get(f"/tournaments/{t.pk}/manage/").status_code == 404
    client.force_login(alice)
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert 'id="start"' in page and 'id="audit"' in page


def test_the_status_the_page_polls_changes_when_something_happens(client, alice, bob):
    t = create(alice)
    before = client.get(f"/tournaments/{t.pk}/status/").json()
    services.tournament_register(tournament_id=t.pk, user=bob)
    after = client.get(f"/tournaments/{t.pk}/status/").json()
    assert before["stamp"] != after["stamp"] and after["status"] == "registration"


def test_a_draft_is_hidden_from_everyone_but_its_organisers(client, alice, bob):
    t = create(alice, open_registration=False)
    client.force_login(bob)
    assert client.get(f"/tournaments/{t.pk}/").status_code == 404
    client.force_login(alice)
    assert client.get(f"/tournaments/{t.pk}/").status_code == 200
