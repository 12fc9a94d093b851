"""An event outside the site: its calendar feed and each player's private one (iCalendar),
results as CSV and JSON with registration ids, and the embeddable bracket and standings,
framed only by the sites the organiser chose while every other page stays un-frameable."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from tournaments import feeds, services
from tournaments.models import CalendarFeed, RoundSchedule, Tournament

from .conftest import create, current_tables, play_round, register_all

pytestmark = pytest.mark.django_db


def _events(body: bytes) -> list:
    return list(Calendar.from_ical(body).walk("VEVENT"))


def _running(alice, players, **kwargs) -> Tournament:
    t = create(alice, table_size=2, rounds=2, mode="turn", **kwargs)
    register_all(t, players(4))
    services.tournament_start(tournament_id=t.pk, user=alice)
    return t


def test_the_event_feed_lists_every_scheduled_round(client, alice, players):
    t = create(alice, starts_at=timezone.now() + timedelta(days=1))
    start = timezone.now().replace(microsecond=0) + timedelta(days=2)
    RoundSchedule.objects.create(tournament=t, number=1, starts_at=start)
    RoundSchedule.objects.create(
        tournament=t, number=2, starts_at=start + timedelta(days=1), deadline=start + timedelta(3)
    )
    response = client.get(f"/tournaments/{t.pk}/calendar.ics")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    events = _events(response.content)
    assert [str(e["summary"]) for e in events] == [
        "Spring cup",
        "Spring cup: round 1",
        "Spring cup: round 2",
    ]
    assert events[1].decoded("dtstart") == start
    assert events[2].decoded("dtend") == start + timedelta(3)
    assert str(events[1]["url"]).endswith(f"/tournaments/{t.pk}/")


def test_a_players_private_feed_has_the_game_they_owe_with_its_deadline(
    client, api, alice, players
):
    t = _running(alice, players)
    deadline = timezone.now().replace(microsecond=0) + timedelta(days=2)
    RoundSchedule.objects.create(tournament=t, number=1, deadline=deadline)
    RoundSchedule.objects.create(tournament=t, number=2, starts_at=deadline + timedelta(hours=1))
    table = current_tables(t)[0]
    player = t.registrations.get(pk=table.players[0]).user
    api.force_login(player)
    url = api.get("/api/tournaments/calendar/").json()["url"]
    api.logout()
    response = client.get(url)  # a calendar program: no session
    assert response.status_code == 200
    events = _events(response.content)
    mine = [e for e in events if str(e["url"]).endswith(f"/matches/{table.match_id}/")]
    assert len(mine) == 1 and mine[0].decoded("dtend") == deadline
    assert any(str(e["summary"]) == "Spring cup: round 2" for e in events)


def test_a_forged_or_replaced_feed_token_finds_nothing(client, api, alice):
    api.force_login(alice)
    old = api.get("/api/tournaments/calendar/").json()["url"]
    assert client.get(old).status_code == 200
    assert client.get(old.replace(".ics", "x.ics")).status_code == 404
    assert client.get("/tournaments/calendar/not-a-token.ics").status_code == 404
    new = api.post("/api/tournaments/calendar/").json()["url"]
    assert new != old
    assert client.get(old).status_code == 404 and client.get(new).status_code == 200
    assert CalendarFeed.objects.count() == 1


def test_the_feed_address_is_for_its_owner_only(api):
    assert api.get("/api/tournaments/calendar/").status_code == 403
    assert api.post("/api/tournaments/calendar/").status_code == 403


def test_the_event_page_shows_the_schedule_in_the_readers_time_zone(client, alice, players):
    t = create(alice)
    register_all(t, [alice])
    start = datetime(2030, 1, 2, 18, 0, tzinfo=UTC)
    RoundSchedule.objects.create(tournament=t, number=1, starts_at=start)
    client.force_login(alice)
    alice.time_zone = "Asia/Ho_Chi_Minh"
    alice.save(update_fields=["time_zone"])
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Thu 3 Jan 2030, 01:00" in page and "Asia/Ho_Chi_Minh" in page
    assert feeds.feed_of(alice).token in page  # her private feed's address


def test_results_export_as_csv_and_json_with_registration_ids(client, alice, players):
    t = create(alice, table_size=2, rounds=1)
    regs = register_all(t, players(5))
    services.tournament_start(tournament_id=t.pk, user=alice)
    play_round(t)
    assert services.tournament_advance(tournament_id=t.pk) == "finished"
    t.refresh_from_db()
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/tournaments/{t.pk}/results.csv").content.decode()))
    )
    names = {r.pk: r.name for r in regs}
    assert len(rows) == 5  # four seated, one bye
    assert {int(r["registration"]) for r in rows} == set(names)
    assert all(names[int(r["registration"])] == r["name"] for r in rows)
    assert [r["table"] for r in rows].count("bye") == 1
    data = client.get(f"/tournaments/{t.pk}/results.json").json()
    assert data["rounds"][0]["byes"][0]["id"] in names
    assert {s["entrant"] for s in data["standings"]} == set(names)
    standings = list(
        csv.DictReader(
            io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode())
        )
    )
    assert [int(r["rank"]) for r in standings] == [s["rank"] for s in data["standings"]]
    assert client.get(f"/api/tournaments/{t.pk}/results/").json() == data


def test_a_draft_exports_nothing_to_strangers(client, alice, bob):
    t = create(alice, open_registration=False)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.DRAFT)
    client.force_login(bob)
    for path in ("results.csv", "results.json", "standings.csv", "calendar.ics", "embed/"):
        assert client.get(f"/tournaments/{t.pk}/{path}").status_code == 404, path


def test_entrants_are_listed_with_registration_ids(api, alice, players):
    t = create(alice)
    regs = register_all(t, players(3))
    body = api.get(f"/api/tournaments/{t.pk}/entrants/").json()
    assert [(e["id"], e["name"]) for e in body] == [(r.pk, r.name) for r in regs]


def test_the_embed_page_is_framed_only_by_the_organisers_sites(client, api, alice):
    t = create(alice, format="single_elimination")
    embed = client.get(f"/tournaments/{t.pk}/embed/")
    assert "frame-ancestors 'none'" in embed["Content-Security-Policy"]
    api.force_login(alice)
    origins = ["https://club.example.org", "https://*.chess-club.example"]
    response = api.post(f"/api/tournaments/{t.pk}/embed/", {"origins": origins}, format="json")
    assert response.status_code == 200 and response.json()["embed_origins"] == origins
    embed = client.get(f"/tournaments/{t.pk}/embed/")
    policy = embed["Content-Security-Policy"]
    assert "frame-ancestors https://club.example.org https://*.chess-club.example" in policy
    assert "'none'" not in policy.split("frame-ancestors")[1].split(";")[0]
    assert "X-Frame-Options" not in embed
    page = client.get(f"/tournaments/{t.pk}/")
    assert "frame-ancestors 'none'" in page["Content-Security-Policy"]
    assert page["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    "origins",
    [["*"], ["https://a.example/path"], ["'self'"], ["https://a.example; script-src *"],
     ["javascript:alert(1)"], "https://ok.example http://",
     [f"https://s{i}.example" for i in range(11)]],
)  # fmt: skip
def test_bad_embed_origins_are_refused_and_change_nothing(api, alice, origins):
    t = create(alice)
    Tournament.objects.filter(pk=t.pk).update(embed_origins=["https://kept.example"])
    api.force_login(alice)
    response = api.post(f"/api/tournaments/{t.pk}/embed/", {"origins": origins}, format="json")
    assert response.status_code == 400, response.json()
    t.refresh_from_db()
    assert t.embed_origins == ["https://kept.example"]


def test_another_organisers_embed_list_is_refused(api, alice, bob):
    t = create(alice)
    api.force_login(bob)
    body = {"origins": ["https://evil.example"]}
    assert api.post(f"/api/tournaments/{t.pk}/embed/", body, format="json").status_code == 403
    t.refresh_from_db()
    assert t.embed_origins == []
