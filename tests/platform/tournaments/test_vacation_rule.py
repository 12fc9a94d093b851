"""The tournament rule "vacations allowed" (issue 14, point 3): on by default; when the organiser
turns it off, a player's vacation does not pause the clocks of that tournament's games, and no
automatic vacation day is taken when such a clock runs out: the timeout happens as usual."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from lobbies.services import lobby_create, lobby_join
from notifications.models import Preferences, Vacation
from notifications.preferences import vacation_start
from notifications.sweep import deadlines_sweep
from play.models import Match, Seat
from tournaments import services
from tournaments.models import Tournament, TournamentTable

from .conftest import create, register_all

pytestmark = pytest.mark.django_db

CREATE = {
    "name": "Mail cup",
    "game": "goofspiel",
    "format": "swiss",
    "table_size": 2,
    "rounds": 1,
    "mode": "turn",
    "move_seconds": 4 * 3600,
    "options": {"cards": 3},
}


def _started(alice, users, **fields) -> Match:
    t = create(alice, **{**CREATE, **fields})
    register_all(t, users)
    services.tournament_start(tournament_id=t.pk, user=alice)
    return TournamentTable.objects.get(tournament=t).match


def _casual_turn_match(host, guest) -> Match:
    table = lobby_create(
        host=host, game="goofspiel", seats=2, mode="turn", move_seconds=4 * 3600,
        options={"cards": 3},
    )  # fmt: skip
    lobby_join(table_id=table.pk, user=guest)
    return Match.objects.get(table=table)


def test_vacations_are_allowed_by_default(alice, bob, carol):
    match = _started(alice, [bob, carol])
    assert Tournament.objects.get().vacation_allowed and match.vacation_allowed
    vacation_start(user=bob, days=2)
    assert Seat.objects.get(match=match, user=bob).paused_at is not None


def test_a_vacation_does_not_pause_a_tournament_that_forbids_it(alice, bob, carol):
    strict = _started(alice, [bob, carol], vacation_allowed=False)
    casual = _casual_turn_match(bob, alice)
    assert not strict.vacation_allowed
    vacation_start(user=bob, days=2)
    assert Seat.objects.get(match=strict, user=bob).paused_at is None
    assert Seat.objects.get(match=casual, user=bob).paused_at is not None
    # the sweep does not pause it either while bob is away
    deadlines_sweep(now=timezone.now() + timedelta(minutes=1))
    assert Seat.objects.get(match=strict, user=bob).paused_at is None


def test_no_automatic_vacation_when_the_tournament_forbids_it(alice, bob, carol):
    match = _started(alice, [bob, carol], vacation_allowed=False)
    late = match.deadline + timedelta(seconds=1)
    done = deadlines_sweep(now=late)
    assert done["automatic_vacations"] == 0
    assert not Vacation.objects.exists()
    assert done["timeouts"] == 1  # the match's clock ran out: both seats' bids made for them
    assert Seat.objects.filter(match=match, paused_at__isnull=False).count() == 0


def test_an_automatic_vacation_still_applies_where_allowed(alice, bob, carol):
    match = _started(alice, [bob, carol])
    Preferences.objects.create(user=carol, auto_vacation=False)
    done = deadlines_sweep(now=match.deadline + timedelta(seconds=1))
    assert done["automatic_vacations"] == 1 and Vacation.objects.get().user == bob


def test_the_api_takes_and_shows_the_rule(client, alice):
    client.force_login(alice)
    body = {**CREATE, "vacation_allowed": False}
    response = client.post("/api/tournaments/", body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["vacation_allowed"] is False
    default = client.post(
        "/api/tournaments/", {**CREATE, "name": "Open cup"}, content_type="application/json"
    )
    assert default.json()["vacation_allowed"] is True
    page = client.get(f"/tournaments/{response.json()['id']}/").content.decode()
    assert 'id="no-vacations"' in page


def test_a_bad_value_is_refused_and_nothing_is_created(client, alice):
    client.force_login(alice)
    body = {**CREATE, "vacation_allowed": "sometimes"}
    response = client.post("/api/tournaments/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "malformed"
    assert not Tournament.objects.exists()


def test_the_organiser_form_has_the_rule_on_by_default(client, alice):
    client.force_login(alice)
    form = client.get("/tournaments/new/").content.decode()
    box = re.search(r'<input[^>]*name="vacation_allowed"[^>]*>', form)
    assert box is not None and "checked" in box.group(0)
    fields = {
        "name": "Form cup", "game": "goofspiel", "format": "swiss", "table_size": 2,
        "advance": 1, "rounds": 1, "mode": "turn", "move_minutes": 24, "seeding": "random",
        "checkin_minutes": 0,
    }  # fmt: skip
    client.post("/tournaments/new/", fields)  # the box left unticked: vacations forbidden
    client.post("/tournaments/new/", {**fields, "name": "Easy cup", "vacation_allowed": "on"})
    assert dict(Tournament.objects.values_list("name", "vacation_allowed")) == {
        "Form cup": False,
        "Easy cup": True,
    }
