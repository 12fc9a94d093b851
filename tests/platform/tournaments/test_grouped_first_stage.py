"""A first stage in groups feeding a playoff (PostgreSQL), made through the real form and the
API and played to its champion: 4 round-robin groups of 4, the top 2 of each into an 8-player
single elimination seeded crosswise (A1-B2, B1-A2, C1-D2, D1-C2); the groups shown side by
side on the event page and listed by the API; bad input refused with nothing changed."""

from __future__ import annotations

import pytest

from outbox.models import Job
from tests.platform.tournaments.conftest import current_tables, play_round, register_all
from tournaments import stages
from tournaments.models import Registration, Tournament
from tournaments.services import tournament_advance

FORM = {
    "name": "Group cup",
    "game": "goofspiel",
    "format": "round_robin",
    "table_size": 2,
    "advance": 1,
    "rounds": 3,
    "mode": "live",
    "move_minutes": 1,
    "seeding": "rating",
    "checkin_minutes": 0,
}


def quick_cards(root: Tournament) -> None:
    """Goofspiel with 3 cards in every stage (the form offers the game's default, 13 cards):
    only the test's speed, the same event."""
    Tournament.objects.filter(pk=root.pk).update(options={"cards": 3})
    root.stages.update(options={"cards": 3})


def play_to_end(t: Tournament) -> None:
    for _ in range(20):
        t.refresh_from_db()
        if t.status == "finished":
            return
        play_round(t)
        tournament_advance(tournament_id=t.pk)  # what the outbox runs after the results
    raise AssertionError(f"{t.name} never ended")


def the_stage_job_ran(root: Tournament, group: Tournament) -> str:
    """Each group's finish records the outbox job "tournaments.stage"; run what it runs."""
    assert Job.objects.filter(key=f"tournaments.stage:{group.pk}").exists()
    return stages.stage_next(tournament_id=group.pk)


@pytest.mark.django_db
def test_four_round_robin_groups_into_a_crosswise_playoff_through_the_form(client, players):
    alice, *rest = players(17)
    client.force_login(alice)
    made = client.post(
        "/tournaments/new/",
        {
            **FORM,
            "groups": 4,
            "next_format": "single_elimination",
            "next_rule": "top_per_group",
            "next_count": 2,
        },
    )
    assert made.status_code == 302, made.content.decode()[:3000]
    root = Tournament.objects.get(name="Group cup")
    groups = stages.stage_of(root, 1)
    assert [g.stage for g in groups] == [1, 1, 1, 1] and groups[0] == root
    assert all(g.format == "round_robin" and g.status == "draft" for g in groups[1:])
    (playoff,) = root.stages.filter(stage=2)
    assert playoff.format == "single_elimination" and playoff.advance_rule == "top_per_group"
    quick_cards(root)
    for user in rest:  # everyone registers at the event (group A's tournament), by its page
        client.force_login(user)
        assert client.post(f"/tournaments/{root.pk}/register/").status_code == 302
    assert root.registrations.count() == 16
    client.force_login(alice)
    assert client.post(f"/tournaments/{root.pk}/start/").status_code == 302
    groups = [Tournament.objects.get(pk=g.pk) for g in groups]
    assert [g.status for g in groups] == ["running"] * 4
    assert [g.registrations.count() for g in groups] == [4, 4, 4, 4]
    seeds = {
        r.user.display_name: r.seed
        for r in Registration.objects.filter(tournament__in=groups).select_related("user")
    }
    assert sorted(seeds.values()) == sorted([1, 2, 3, 4] * 4)
    page = client.get(f"/tournaments/{root.pk}/").content.decode()
    for g in groups:
        assert f'id="group-{g.pk}"' in page
    assert "Group D" in page and "the top 2 of each group go on" in page
    assert "Standings · Group A" in page  # the event's own tournament is group A
    moved = Registration.objects.filter(tournament=groups[3]).select_related("user").first()
    client.force_login(moved.user)
    page = client.get(f"/tournaments/{root.pk}/").content.decode()
    assert 'id="my-group"' in page and f'href="/tournaments/{groups[3].pk}/"' in page
    client.force_login(alice)

    for g in groups:
        assert stages.stage_next(tournament_id=g.pk) in ("waiting", "started")
        play_to_end(g)
    last = groups[-1]
    assert the_stage_job_ran(root, last) == "started"
    groups = [Tournament.objects.get(pk=g.pk) for g in groups]
    top2 = [[row["entrant"] for row in g.standings[:2]] for g in groups]
    names = {r.pk: r.name for r in Registration.objects.filter(tournament__in=groups)}
    playoff.refresh_from_db()
    assert playoff.status == "running"
    seeded = list(
        playoff.registrations.order_by("seed").values_list("user__display_name", flat=True)
    )
    (a1, a2), (b1, b2), (c1, c2), (d1, d2) = ([names[x] for x in pair] for pair in top2)
    assert seeded == [a1, b1, c1, d1, c2, d2, a2, b2]
    by_reg = {r.pk: r.name for r in playoff.registrations.all()}
    first_round = {frozenset(by_reg[p] for p in t.players) for t in current_tables(playoff)}
    assert first_round == {
        frozenset(pair) for pair in ((a1, b2), (b1, a2), (c1, d2), (d1, c2))
    }  # crosswise: no group's two meet before the semi-finals

    play_to_end(playoff)
    playoff.refresh_from_db()
    assert playoff.standings[0]["note"] == "champion"
    assert the_stage_job_ran(root, playoff) == "last"
    page = client.get(f"/tournaments/{playoff.pk}/").content.decode()
    assert page.count('class="stage-group"') == 5 and page.count('class="goes-on"') == 8
    assert playoff.standings[0]["name"] in page


@pytest.mark.django_db
def test_two_groups_by_the_api_played_to_the_champion(players, api):
    alice, *rest = players(7)
    api.force_authenticate(alice)
    body = {
        "name": "API groups",
        "game": "goofspiel",
        "format": "round_robin",
        "table_size": 2,
        "options": {"cards": 3},
        "groups": 2,
    }
    made = api.post("/api/tournaments/", body, format="json")
    assert made.status_code == 201, made.content
    root = Tournament.objects.get(pk=made.json()["id"])
    url = f"/api/tournaments/{root.pk}/stages/"
    added = api.post(
        url,
        {"format": "single_elimination", "rule": "top_per_group", "count": 2},
        format="json",
    )
    assert added.status_code == 201, added.content
    for user in rest[:6]:
        api.force_authenticate(user)
        assert api.post(f"/api/tournaments/{root.pk}/register/").status_code in (200, 201)
    api.force_authenticate(alice)
    started = api.post(f"/api/tournaments/{root.pk}/start/")
    assert started.status_code == 200, started.content
    shown = api.get(url).json()
    assert [len(s["groups"]) for s in shown] == [2, 1]
    assert [g["group"] for g in shown[0]["groups"]] == ["A", "B"]
    groups = stages.stage_of(root, 1)
    for g in groups:
        play_to_end(g)
    assert stages.stage_next(tournament_id=groups[1].pk) == "started"
    groups = [Tournament.objects.get(pk=g.pk) for g in groups]
    (a1, a2), (b1, b2) = ([row["name"] for row in g.standings[:2]] for g in groups)
    playoff = root.stages.get(stage=2)
    seeded = list(
        playoff.registrations.order_by("seed").values_list("user__display_name", flat=True)
    )
    assert seeded == [a1, b1, a2, b2]  # 1-4 is A1-B2, 2-3 is B1-A2
    play_to_end(playoff)
    shown = api.get(url).json()
    final = shown[1]["groups"][0]
    assert final["status"] == "finished" and final["standings"][0]["note"] == "champion"
    assert all(row["entrant"] for g in shown[0]["groups"] for row in g["standings"])


@pytest.mark.django_db
def test_bad_groups_refused_and_nothing_changed(players, api, client):
    alice, *rest = players(6)
    api.force_authenticate(alice)
    before = Tournament.objects.count()
    base = {"name": "Bad groups", "game": "goofspiel", "table_size": 2, "format": "round_robin"}
    for extra in (
        {"groups": 0},
        {"groups": 17},
        {"format": "arena", "arena_minutes": 30, "groups": 2},
    ):
        answer = api.post("/api/tournaments/", {**base, **extra}, format="json")
        assert answer.status_code == 400, (extra, answer.content)
        assert answer.json()["error"] == "bad_groups"
    assert Tournament.objects.count() == before
    client.force_login(alice)
    page = client.post("/tournaments/new/", {**FORM, "name": "Bad groups", "groups": 40})
    assert page.status_code == 200 and Tournament.objects.count() == before

    # three groups cannot start with 5 players (a group of 1): refused, nobody moved
    made = api.post(
        "/api/tournaments/", {**base, "groups": 3, "options": {"cards": 3}}, format="json"
    )
    root = Tournament.objects.get(pk=made.json()["id"])
    register_all(root, rest[:5])
    refused = api.post(f"/api/tournaments/{root.pk}/start/")
    assert refused.status_code == 409, refused.content
    assert "Cannot start with" in refused.json()["detail"]
    root.refresh_from_db()
    assert root.status == "registration" and root.registrations.count() == 5
    assert all(g.registrations.count() == 0 and g.status == "draft" for g in root.stages.all())


@pytest.mark.django_db
def test_cancelling_the_event_cancels_its_groups_and_playoff(players, api):
    alice, *rest = players(9)
    api.force_authenticate(alice)
    made = api.post(
        "/api/tournaments/",
        {
            "name": "Called off",
            "game": "goofspiel",
            "format": "round_robin",
            "table_size": 2,
            "options": {"cards": 3},
            "groups": 2,
        },
        format="json",
    )
    root = Tournament.objects.get(pk=made.json()["id"])
    stages.stage_add(
        tournament_id=root.pk,
        user=alice,
        format="single_elimination",
        rule="top_per_group",
        count=2,
    )
    register_all(root, rest)
    assert api.post(f"/api/tournaments/{root.pk}/start/").status_code == 200
    assert api.post(f"/api/tournaments/{root.pk}/cancel/").status_code == 200
    assert set(Tournament.objects.filter(pk=root.pk).values_list("status", flat=True)) | set(
        root.stages.values_list("status", flat=True)
    ) == {"cancelled"}
    # nothing of it plays on: no round starts in the other group
    (other,) = root.stages.filter(stage=1)
    assert tournament_advance(tournament_id=other.pk) == "idle"


@pytest.mark.django_db
def test_the_groups_audit_lines_in_the_readers_language(players):
    from django.utils import translation

    from tournaments.labels import audit_text
    from tournaments.models import AuditEntry

    alice, *rest = players(5)
    root = stages.event_create(
        organiser=alice,
        then={"format": "single_elimination", "rule": "top_per_group", "count": 1},
        groups=2,
        name="Spoken cup",
        game="goofspiel",
        format="round_robin",
        table_size=2,
        options={"cards": 3},
    )
    register_all(root, rest)
    services_start(root, alice)
    entries = {e.action: e for e in AuditEntry.objects.filter(tournament=root)}
    said = {
        "en": [
            "Stage 1 in 2 groups.",
            "Stage 2 added (Single elimination).",
            "Players dealt into 2 groups.",
        ],
        "es": [
            "Fase 1 en 2 grupos.",
            "Fase 2 añadida (Eliminación simple).",
            "Jugadores repartidos en 2 grupos.",
        ],
    }
    for language, sentences in said.items():
        with translation.override(language):
            shown = [audit_text(entries[a]) for a in ("groups", "stage", "groups_dealt")]
        assert shown == sentences


def services_start(t, user):
    from tournaments.services import tournament_start

    tournament_start(tournament_id=t.pk, user=user)
