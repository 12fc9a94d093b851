"""The pages: the form makes an arena, or an event with a second stage; the event page shows
the arena (sheets, games in play, berserk) and every stage."""

from __future__ import annotations

import pytest

from tests.platform.tournaments.conftest import register_all
from tournaments.models import Tournament
from tournaments.services import tournament_start

FORM = {
    "name": "Night arena",
    "game": "goofspiel",
    "table_size": 2,
    "advance": 1,
    "rounds": 3,
    "mode": "live",
    "move_minutes": 1,
    "seeding": "rating",
    "checkin_minutes": 0,
}


@pytest.mark.django_db
def test_form_makes_an_arena_and_its_page_shows_it(client, players):
    alice, *rest = players(3)
    client.force_login(alice)
    made = client.post(
        "/tournaments/new/", {**FORM, "format": "arena", "arena_minutes": 30, "berserk": "on"}
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    t = Tournament.objects.get(name="Night arena")
    assert t.format == "arena" and t.arena_minutes == 30 and t.berserk_allowed
    register_all(t, rest)
    tournament_start(tournament_id=t.pk, user=alice)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="arena"' in page and "1 game in play" in page
    client.force_login(rest[0])
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="berserk"' in page
    assert client.post(f"/tournaments/{t.pk}/berserk/").status_code == 302
    t.tables.get().match.refresh_from_db()
    assert t.tables.get().match.move_seconds == 30
    assert 'id="berserk"' not in client.get(f"/tournaments/{t.pk}/").content.decode()


@pytest.mark.django_db
def test_form_makes_an_event_of_two_stages_shown_on_one_page(client, players):
    (alice,) = players(1)
    client.force_login(alice)
    form = {**FORM, "name": "Spring open", "format": "swiss", "next_format": "single_elimination"}
    made = client.post("/tournaments/new/", {**form, "next_rule": "top", "next_count": 4})
    assert made.status_code == 302
    t = Tournament.objects.get(name="Spring open")
    (playoff,) = t.stages.all()
    assert playoff.format == "single_elimination" and playoff.advance_count == 4
    for pk in (t.pk, playoff.pk):
        page = client.get(f"/tournaments/{pk}/").content.decode()
        assert 'id="stages"' in page and "Stage 2" in page and "the top 4 go on" in page
    # a bad second stage: nothing is made, the form says why
    bad = client.post("/tournaments/new/", {**form, "name": "Bad open", "next_count": 1})
    assert bad.status_code == 200
    assert not Tournament.objects.filter(name__startswith="Bad open").exists()
