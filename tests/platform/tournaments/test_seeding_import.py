"""Seeding from a CSV file: registered players by display name or e-mail, top seed first.
A bad file is refused with one message per bad line and changes nothing."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournaments import services
from tournaments.models import AuditEntry, Registration, Tournament

from .conftest import create, register_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(alice, players):
    t = create(alice, table_size=2, rounds=2)
    register_all(t, players(4))
    return t


def _post(api, t, text):
    return api.post(f"/api/tournaments/{t.pk}/seed-import/", {"csv": text}, format="json")


def _seeds(t):
    return (
        list(t.registrations.order_by("pk").values_list("manual_seed", flat=True)),
        Tournament.objects.get(pk=t.pk).seeding,
        AuditEntry.objects.filter(tournament=t).count(),
    )


def test_it_seeds_by_names_and_e_mails_in_the_files_order(api, alice, event):
    p = {r.user.display_name: r for r in event.registrations.select_related("user")}
    api.force_login(alice)
    text = f'name\nP3\n{p["p1"].user.email.upper()}\n"p4",ignored column\np2\n'
    response = _post(api, event, text)
    assert response.status_code == 200, response.json()
    event.refresh_from_db()
    assert event.seeding == Tournament.Seeding.MANUAL
    order = [p[n].pk for n in ("p3", "p1", "p4", "p2")]
    assert (
        list(
            Registration.objects.filter(pk__in=order)
            .order_by("manual_seed")
            .values_list("pk", flat=True)
        )
        == order
    )
    services.tournament_start(tournament_id=event.pk, user=alice)
    seeds = dict(event.registrations.values_list("pk", "seed"))
    assert [seeds[pk] for pk in order] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("p1\np2\nzed\np3\np4\n", ["line 3: 'zed' is not a registered player of this event"]),
        ("p1\np2\np1\np3\np4\n", ["line 3: 'p1' is already on line 1"]),
        ("p1\np2\n", ["not in the file: p3, p4"]),
        ("p1\nnobody@example.com\np2\np3\np1\n",
         ["line 2: 'nobody@example.com' is not a registered player of this event",
          "line 5: 'p1' is already on line 1"]),
        ("   \n", None),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_line_by_line_and_changes_nothing(api, alice, event, text, lines):
    before = _seeds(event)
    api.force_login(alice)
    response = _post(api, event, text)
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_csv" and body["detail"]
    if lines is not None:
        assert body["lines"] == lines
    assert _seeds(event) == before


def test_a_player_of_another_event_is_not_a_registered_player(api, alice, event, bob):
    other = create(alice, name="Other cup")
    register_all(other, [bob])
    api.force_login(alice)
    response = _post(api, event, "p1\np2\np3\np4\nbob\n")
    assert response.status_code == 400 and "'bob'" in response.json()["lines"][0]


def test_only_the_organisers_import_and_only_before_the_start(api, alice, bob, event):
    before = _seeds(event)
    api.force_login(bob)
    assert _post(api, event, "p1\np2\np3\np4\n").status_code == 403
    assert _seeds(event) == before
    services.tournament_start(tournament_id=event.pk, user=alice)
    api.force_login(alice)
    late = _post(api, event, "p1\np2\np3\np4\n")
    assert late.status_code == 409 and late.json()["error"] == "started"


def test_the_organiser_panel_takes_a_file(client, alice, event):
    client.force_login(alice)
    upload = SimpleUploadedFile("seeds.csv", "\ufeffp4\np3\np2\np1\n".encode(), "text/csv")
    response = client.post(
        f"/tournaments/{event.pk}/seed-import/", {"csv_file": upload, "next": "manage"}
    )
    assert response.status_code == 302
    first = event.registrations.get(manual_seed=1)
    assert first.user.display_name == "p4"
    page = client.get(f"/tournaments/{event.pk}/manage/").content.decode()
    assert 'id="seed-import"' in page and 'id="schedule-form"' in page
