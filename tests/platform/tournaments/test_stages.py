"""Events of several stages (PostgreSQL): a Swiss whose top 4 go into single elimination, the
top of each group, bad input refused, the API."""

from __future__ import annotations

import pytest

from tests.platform.tournaments.conftest import create, register_all
from tests.platform.tournaments.conftest import play_round as play_tables
from tournaments import stages
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.services import tournament_advance, tournament_start


def play_round(t):
    """Play the round in play, then the advance the outbox runs after the results' commit."""
    play_tables(t)
    tournament_advance(tournament_id=t.pk)


def swiss(alice, users, **kwargs):
    t = create(alice, format="swiss", rounds=2, **kwargs)
    register_all(t, users)
    return t


@pytest.mark.django_db
def test_swiss_top_four_seeded_into_single_elimination(players):
    alice, *rest = players(9)
    t = swiss(alice, rest)
    (playoff,) = stages.stage_add(
        tournament_id=t.pk, user=alice, format="single_elimination", rule="top", count=4
    )
    assert playoff.event_id == t.pk and playoff.stage == 2 and playoff.status == "draft"
    tournament_start(tournament_id=t.pk, user=alice)
    assert stages.stage_next(tournament_id=t.pk) == "waiting"
    play_round(t)
    play_round(t)
    t.refresh_from_db()
    assert t.status == "finished"
    assert stages.stage_next(tournament_id=t.pk) == "started"
    assert stages.stage_next(tournament_id=t.pk) == "started"  # twice: nothing more
    playoff.refresh_from_db()
    assert playoff.status == "running"
    seeded = list(playoff.registrations.order_by("seed").values_list("user__display_name", "seed"))
    top = [row["name"] for row in t.standings[:4]]
    assert [name for name, _seed in seeded] == top
    shown = stages.event_stages(playoff)
    assert [s["stage"] for s in shown] == [1, 2]
    assert shown[1]["rule"] == "top" and shown[1]["groups"][0]["status"] == "running"


@pytest.mark.django_db
def test_top_per_group_snake_into_groups(players):
    alice, *rest = players(9)
    t = swiss(alice, rest)
    groups = stages.stage_add(
        tournament_id=t.pk, user=alice, format="round_robin", rule="top", count=6, groups=2
    )
    assert len(groups) == 2
    tournament_start(tournament_id=t.pk, user=alice)
    play_round(t)
    play_round(t)
    assert stages.stage_next(tournament_id=t.pk) == "started"
    t.refresh_from_db()
    top = [row["name"] for row in t.standings[:6]]
    names = [
        list(g.registrations.order_by("manual_seed").values_list("user__display_name", flat=True))
        for g in Tournament.objects.filter(pk__in=[g.pk for g in groups]).order_by("pk")
    ]
    assert names == [[top[0], top[3], top[4]], [top[1], top[2], top[5]]]  # the snake
    # a final stage takes the best of each group
    (final,) = stages.stage_add(
        tournament_id=t.pk, user=alice, format="single_elimination", rule="top_per_group", count=1
    )
    for g in groups:
        g.refresh_from_db()
        for _ in range(3):
            play_round(g)
    assert stages.stage_next(tournament_id=groups[0].pk) == "started"
    final.refresh_from_db()
    firsts = {Tournament.objects.get(pk=g.pk).standings[0]["name"] for g in groups}
    assert set(final.registrations.values_list("user__display_name", flat=True)) == firsts


@pytest.mark.django_db
def test_bad_stages_refused_and_nothing_made(players):
    alice, bob, *rest = players(6)
    t = swiss(alice, rest)
    before = Tournament.objects.count()
    for kwargs in (
        {"format": "single_elimination", "rule": "best", "count": 4},
        {"format": "arena", "rule": "top", "count": 4},
        {"format": "single_elimination", "rule": "top", "count": 1},
        {"format": "single_elimination", "rule": "top", "count": 4, "groups": 0},
    ):
        with pytest.raises(TournamentError):
            stages.stage_add(tournament_id=t.pk, user=alice, **kwargs)
    with pytest.raises(TournamentError):
        stages.stage_add(
            tournament_id=t.pk, user=bob, format="single_elimination", rule="top", count=4
        )
    assert Tournament.objects.count() == before


@pytest.mark.django_db
def test_stages_api(players, api):
    alice, bob, *rest = players(7)
    t = swiss(alice, rest)
    url = f"/api/tournaments/{t.pk}/stages/"
    api.force_authenticate(bob)
    assert (
        api.post(url, {"format": "swiss", "rule": "top", "count": 4}, format="json").status_code
        == 403
    )
    api.force_authenticate(alice)
    assert (
        api.post(url, {"format": "swiss", "rule": "nope", "count": 4}, format="json").status_code
        == 400
    )
    made = api.post(url, {"format": "single_elimination", "rule": "top", "count": 4}, format="json")
    assert made.status_code == 201, made.content
    api.force_authenticate(None)
    body = api.get(url).json()
    assert [s["stage"] for s in body] == [1, 2] and body[1]["count"] == 4
