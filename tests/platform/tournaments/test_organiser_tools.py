"""An organiser's tools: create, registration, check-in, start, refusals that change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ladders.models import Rating
from tournaments import services, verbs
from tournaments.errors import TournamentError
from tournaments.models import AuditEntry, Registration, Tournament

from .conftest import create, register_all

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"table_size": 7}, "bad_table_size"),
        ({"table_size": 1}, "bad_table_size"),
        ({"format": "ladder"}, "bad_format"),
        ({"format": "single_elimination", "table_size": 3, "advance": 3}, "bad_advance"),
        ({"format": "swiss", "rounds": 0}, "bad_rounds"),
        ({"name": "x"}, "bad_name"),
        ({"mode": "turn", "move_seconds": 10}, "bad_clock"),
        ({"checkin_minutes": 30}, "bad_checkin"),
        ({"min_rating": 1600}, "bad_min_rating"),
        ({"starts_at": "2020-01-01"}, "bad_start"),
        ({"seeding": "alphabet"}, "bad_seeding"),
        ({"max_players": 1}, "bad_max_players"),
    ],
)
def test_it_refuses_bad_settings_and_creates_nothing(alice, fields, code):
    if fields.get("starts_at") == "2020-01-01":
        fields["starts_at"] = timezone.now() - timedelta(days=1)
    with pytest.raises(TournamentError) as refusal:
        create(alice, **fields)
    assert refusal.value.code == code
    assert Tournament.objects.count() == 0


def test_it_creates_an_event_open_for_registration_with_an_audit_entry(alice):
    t = create(alice)
    assert t.status == Tournament.Status.REGISTRATION and t.registration_open
    assert t.is_organiser(alice)
    assert AuditEntry.objects.filter(tournament=t, action="create").exists()


def test_players_register_once_and_leave_before_the_start(alice, bob):
    t = create(alice)
    services.tournament_register(tournament_id=t.pk, user=bob)
    with pytest.raises(TournamentError, match="already registered"):
        services.tournament_register(tournament_id=t.pk, user=bob)
    services.tournament_unregister(tournament_id=t.pk, user=bob)
    assert not Registration.objects.filter(tournament=t).exists()


def test_closed_registration_refuses_and_reopens(alice, bob):
    t = create(alice)
    services.tournament_registration_set(tournament_id=t.pk, user=alice, open=False)
    with pytest.raises(TournamentError) as refusal:
        services.tournament_register(tournament_id=t.pk, user=bob)
    assert refusal.value.code == "registration_closed"
    services.tournament_registration_set(tournament_id=t.pk, user=alice, open=True)
    services.tournament_register(tournament_id=t.pk, user=bob)


def test_invite_only_needs_the_token(alice, bob):
    t = create(alice, invite_only=True)
    for token in (None, "wrong"):
        with pytest.raises(TournamentError) as refusal:
            services.tournament_register(tournament_id=t.pk, user=bob, invite_token=token)
        assert refusal.value.code == "invite_only" and refusal.value.status == 403
    services.tournament_register(tournament_id=t.pk, user=bob, invite_token=t.invite_token)


def test_a_minimum_rating_keeps_lower_rated_players_out(alice, bob, carol):
    t = create(alice, ranked=True, min_rating=1600)
    Rating.objects.create(user=carol, game="goofspiel", rating=1650, games=10)
    with pytest.raises(TournamentError) as refusal:
        services.tournament_register(tournament_id=t.pk, user=bob)  # no rating: 1500
    assert refusal.value.code == "rating_too_low"
    services.tournament_register(tournament_id=t.pk, user=carol)


def test_the_player_limit_is_kept(alice, players):
    t = create(alice, max_players=2)
    first, second, third = players(3)
    register_all(t, [first, second])
    with pytest.raises(TournamentError) as refusal:
        services.tournament_register(tournament_id=t.pk, user=third)
    assert refusal.value.code == "full"
    assert t.registrations.count() == 2


@pytest.mark.parametrize(
    "verb",
    ["open", "close", "checkin-open", "start", "pause", "resume", "cancel", "bot", "seed"],
)
def test_a_non_organiser_is_refused_every_organiser_verb(alice, bob, verb):
    t = create(alice)
    before = t.audit.count()
    with pytest.raises(TournamentError) as refusal:
        verbs.tournament_verb(verb=verb, tournament_id=t.pk, user=bob, data={"order": []})
    assert refusal.value.status == 403
    t.refresh_from_db()
    assert t.status == Tournament.Status.REGISTRATION and t.audit.count() == before


def test_a_co_organiser_may_run_the_event(alice, bob, carol):
    t = create(alice)
    services.tournament_coorganiser_set(
        tournament_id=t.pk, user=alice, name=bob.display_name, add=True
    )
    services.tournament_registration_set(tournament_id=t.pk, user=bob, open=False)
    with pytest.raises(TournamentError) as refusal:  # only the organiser picks co-organisers
        services.tournament_coorganiser_set(
            tournament_id=t.pk, user=bob, name=carol.display_name, add=True
        )
    assert refusal.value.code == "not_owner"


def test_start_with_too_few_players_is_refused_and_changes_nothing(alice, bob):
    t = create(alice, format="single_elimination", table_size=2)
    register_all(t, [bob])
    with pytest.raises(TournamentError) as refusal:
        services.tournament_start(tournament_id=t.pk, user=alice)
    assert refusal.value.code == "cannot_start" and refusal.value.status == 409
    t.refresh_from_db()
    assert t.status == Tournament.Status.REGISTRATION and not t.rounds_set.exists()


def test_check_in_drops_those_who_did_not_check_in(alice, players):
    t = create(alice, starts_at=timezone.now() + timedelta(hours=1), checkin_minutes=30)
    a, b, c, d, e = players(5)
    register_all(t, [a, b, c, d, e])
    with pytest.raises(TournamentError) as refusal:
        services.tournament_checkin(tournament_id=t.pk, user=a)
    assert refusal.value.code == "checkin_closed"
    services.tournament_checkin_open(tournament_id=t.pk, user=alice)
    for user in (a, b, c, d):
        services.tournament_checkin(tournament_id=t.pk, user=user)
    services.tournament_start(tournament_id=t.pk, user=alice)
    statuses = dict(t.registrations.values_list("user", "status"))
    assert statuses[e.pk] == Registration.Status.NO_SHOW
    assert [statuses[u.pk] for u in (a, b, c, d)] == [Registration.Status.ACTIVE] * 4


def test_bots_enter_casual_events_only(alice):
    casual = create(alice)
    services.tournament_bot_add(tournament_id=casual.pk, user=alice, bot="random")
    ranked = create(alice, ranked=True)
    with pytest.raises(TournamentError) as refusal:
        services.tournament_bot_add(tournament_id=ranked.pk, user=alice)
    assert refusal.value.code == "ranked_bots"


def test_cancel_ends_the_event(alice, bob):
    t = create(alice)
    services.tournament_cancel(tournament_id=t.pk, user=alice)
    with pytest.raises(TournamentError):
        services.tournament_register(tournament_id=t.pk, user=bob)
    with pytest.raises(TournamentError) as refusal:
        services.tournament_cancel(tournament_id=t.pk, user=alice)
    assert refusal.value.code == "over"
