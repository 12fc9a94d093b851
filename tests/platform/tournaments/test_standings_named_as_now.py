"""Standings name each entrant as now, in the reader's language: the stored rows keep the names
of the moment they were computed (a bot entrant's name in the language of whoever's action
completed the round, a player's display name before a rename); pages, the API and the e-mails
name them afresh (tournaments.selectors.standings)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments import selectors, services

from .conftest import create, register_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(alice, players):
    t = create(alice, game="dicecity", options={}, format="swiss", table_size=2, rounds=2)
    people = register_all(t, players(3))
    with translation.override("en"):  # the organiser's action, in English
        services.tournament_bot_add(tournament_id=t.pk, user=alice, bot="standard")
        services.tournament_start(tournament_id=t.pk, user=alice)
    t.refresh_from_db()
    assert any(row["name"].startswith("Standard bot") for row in t.standings)  # as stored
    renamed = people[0].user
    renamed.display_name = "Renamed"
    renamed.save(update_fields=["display_name"])
    return t


def test_the_standings_page_names_entrants_as_now(client, alice, started):
    alice.language = "es"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    for url in (f"/tournaments/{started.pk}/standings/", f"/tournaments/{started.pk}/"):
        page = client.get(url).content.decode()
        standings = page[page.index('id="standings"') :]
        assert "Bot estándar #" in standings and "Standard bot" not in standings, url
        assert "Renamed" in standings, url


def test_the_api_and_the_selector_name_them_in_the_active_language(api, started):
    rows = api.get(f"/api/tournaments/{started.pk}/standings/", HTTP_ACCEPT_LANGUAGE="vi").json()
    assert any(row["name"].startswith("Bot tiêu chuẩn #") for row in rows)
    assert "Renamed" in {row["name"] for row in rows}
    with translation.override("es"):
        names = [row["name"] for row in selectors.standings(started, 2)]
    assert len(names) == 2 and "Standard bot" not in " ".join(names)


def test_the_organiser_panel_says_registered_before_the_start_and_playing_after(
    client, alice, players
):
    t = create(alice)
    register_all(t, players(2))
    client.force_login(alice)

    def entrants() -> str:
        page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
        return page[page.index("<table") : page.index("</table>")]

    assert "Registered" in entrants() and "Playing" not in entrants()
    alice.language = "es"
    alice.save(update_fields=["language"])
    assert "Inscrito" in entrants()
    services.tournament_start(tournament_id=t.pk, user=alice)
    assert "Jugando" in entrants() and "Inscrito" not in entrants()
