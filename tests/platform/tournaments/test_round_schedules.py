"""Round schedules: a round with a start time waits for it and the sweep starts it then; at a
turn-based round's deadline the sweep ends its unfinished games by the organiser's rule
(adjudicated by the bots' evaluation, or a shared result). Bad schedules are refused with a
reason and change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.core import get_game
from games.core.adjudication import evaluation
from games.core.game import places_from_scores
from play.models import ActionRecord, Match
from play.selectors import log_entries, seat_names
from play.services import action_submit
from tournaments import services, sweep
from tournaments.models import AuditEntry, RoundSchedule, Tournament

from .conftest import create, current_tables, play_round, register_all

pytestmark = pytest.mark.django_db


def _turn_event(alice, players, rule="adjudicate", **kwargs):
    t = create(alice, game="dicecity", table_size=2, rounds=2, options={}, mode="turn", **kwargs)
    Tournament.objects.filter(pk=t.pk).update(unfinished_rule=rule)
    register_all(t, players(4))
    return t


def _schedule(api, t, **body):
    return api.post(f"/api/tournaments/{t.pk}/schedule/", body, format="json")


def _snapshot(t):
    return (
        list(RoundSchedule.objects.values_list("number", "starts_at", "deadline")),
        AuditEntry.objects.filter(tournament=t).count(),
    )


def test_it_sets_and_lists_a_rounds_times(api, alice, players):
    t = _turn_event(alice, players)
    start = timezone.now() + timedelta(days=1)
    api.force_login(alice)
    response = _schedule(
        api,
        t,
        round=1,
        starts_at=start.isoformat(),
        deadline=(start + timedelta(days=3)).isoformat(),
    )
    assert response.status_code == 200, response.json()
    listed = api.get(f"/api/tournaments/{t.pk}/schedule/").json()
    assert listed == [
        {
            "round": 1,
            "starts_at": start.isoformat(),
            "deadline": (start + timedelta(days=3)).isoformat(),
        }
    ]
    assert _schedule(api, t, round=1, starts_at=None, deadline=None).status_code == 200
    assert not RoundSchedule.objects.exists()


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        ({"round": 1, "starts_at": "2030-01-02T10:00:00Z", "deadline": "2030-01-02T09:00:00Z"},
         "deadline_before_start", 400),
        ({"round": 1, "starts_at": "2030-01-02T10:00:00Z", "deadline": "2030-01-02T10:00:00Z"},
         "deadline_before_start", 400),
        ({"round": 0, "starts_at": "2030-01-02T10:00:00Z"}, "bad_round", 400),
        ({"round": "two", "starts_at": "2030-01-02T10:00:00Z"}, "bad_round", 400),
        ({"round": 1, "starts_at": "tomorrow"}, "bad_time", 400),
        ({"round": 1, "starts_at": "2030-02-30T10:00:00Z"}, "bad_time", 400),
    ],
)  # fmt: skip
def test_bad_schedules_are_refused_and_change_nothing(api, alice, players, body, code, status):
    t = _turn_event(alice, players)
    before = _snapshot(t)
    api.force_login(alice)
    response = _schedule(api, t, **body)
    assert response.status_code == status, response.json()
    assert response.json()["error"] == code and response.json()["detail"]
    assert _snapshot(t) == before


def test_another_organisers_event_is_refused(api, alice, bob, players):
    t = _turn_event(alice, players)
    before = _snapshot(t)
    api.force_login(bob)
    response = _schedule(api, t, round=1, starts_at="2030-01-02T10:00:00Z")
    assert response.status_code == 403 and response.json()["error"] == "not_organiser"
    assert _snapshot(t) == before
    api.logout()
    assert _schedule(api, t, round=1, starts_at="2030-01-02T10:00:00Z").status_code == 403
    assert _snapshot(t) == before


def test_a_live_event_has_no_round_deadlines(api, alice, players):
    t = create(alice, game="dicecity", table_size=2, rounds=2, options={})
    api.force_login(alice)
    response = _schedule(api, t, round=1, deadline="2030-01-02T10:00:00Z")
    assert response.status_code == 400 and response.json()["error"] == "deadline_live"
    assert not RoundSchedule.objects.exists()


def test_a_started_round_keeps_its_start_and_a_deadline_comes_after_it(api, alice, players):
    t = _turn_event(alice, players)
    services.tournament_start(tournament_id=t.pk, user=alice)
    api.force_login(alice)
    moved = _schedule(api, t, round=1, starts_at="2030-01-02T10:00:00Z")
    assert moved.status_code == 409 and moved.json()["error"] == "round_started"
    past = (timezone.now() - timedelta(days=1)).isoformat()
    early = _schedule(api, t, round=1, deadline=past)
    assert early.status_code == 400 and early.json()["error"] == "deadline_before_start"
    assert not RoundSchedule.objects.exists()


def test_a_round_waits_for_its_start_time_and_the_sweep_starts_it(alice, players):
    t = create(alice, table_size=2, rounds=2)
    register_all(t, players(4))
    RoundSchedule.objects.create(
        tournament=t, number=2, starts_at=timezone.now() + timedelta(hours=1)
    )
    services.tournament_start(tournament_id=t.pk, user=alice)
    play_round(t)
    t.refresh_from_db()
    assert t.rounds_set.count() == 1 and t.status == Tournament.Status.RUNNING
    assert services.tournament_advance(tournament_id=t.pk) == "scheduled"
    assert t.rounds_set.get(number=1).finished_at is not None  # standings are stored already
    RoundSchedule.objects.filter(tournament=t).update(starts_at=timezone.now())
    assert sweep.tournaments_sweep()["advanced"] == 1
    assert t.rounds_set.count() == 2


def test_round_one_waits_too(alice, players):
    t = create(alice, table_size=2, rounds=2)
    register_all(t, players(4))
    RoundSchedule.objects.create(tournament=t, number=1, starts_at=timezone.now() + timedelta(1))
    services.tournament_start(tournament_id=t.pk, user=alice)
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and not t.rounds_set.exists()


def _with_deadline(t, alice):
    services.tournament_start(tournament_id=t.pk, user=alice)
    deadline = timezone.now() + timedelta(hours=2)
    RoundSchedule.objects.create(tournament=t, number=1, deadline=deadline)
    return deadline


def test_at_the_deadline_unfinished_games_are_adjudicated_by_the_bots_evaluation(alice, players):
    t = _turn_event(alice, players)
    deadline = _with_deadline(t, alice)
    assert sweep.tournaments_sweep(now=deadline - timedelta(seconds=1))["deadlines"] == 0
    tables = current_tables(t)
    game = get_game("dicecity")
    expected = {}
    for table in tables:
        match = _played_until_someone_leads(table.match, game)
        expected[table.pk] = list(places_from_scores(evaluation(game, match.state, 2)))
    assert any(places != [1, 1] for places in expected.values())  # not a shared result
    assert sweep.tournaments_sweep(now=deadline + timedelta(seconds=1))["deadlines"] == 2
    for table in tables:
        match = Match.objects.get(pk=table.match_id)
        assert match.is_finished and match.outcome["reason"] == "adjudicated"
        assert [s.place for s in match.seats.order_by("index")] == expected[table.pk]
        records = list(ActionRecord.objects.filter(match=match).order_by("seq"))
        for language, words in (
            ("en", "The match was ended by the event's rule"),
            ("es", "La partida terminó por la regla del torneo"),
        ):
            names = seat_names(list(match.seats.order_by("index")), language)
            last = log_entries(records[-1:], names, None, language)[0]["text"]
            assert last.startswith(words), last  # no player's name before a site event
        table.refresh_from_db()
        assert table.is_finished
    assert t.rounds_set.count() == 2  # the event went on with round 2
    assert sweep.tournaments_sweep(now=deadline + timedelta(seconds=2))["deadlines"] == 0


def test_the_shared_rule_gives_every_player_the_tables_mean(alice, players):
    t = _turn_event(alice, players, rule="shared")
    deadline = _with_deadline(t, alice)
    sweep.tournaments_sweep(now=deadline + timedelta(seconds=1))
    t.refresh_from_db()
    assert sorted(row["points"] for row in t.standings) == [0.5] * 4
    for table in t.tables.filter(round__number=1):
        assert table.places == [1, 1]
        assert Match.objects.get(pk=table.match_id).outcome["reason"] == "shared"


def _played_until_someone_leads(match, game):
    """A few decisions in (the first legal choice each time), until the evaluation tells the
    seats apart: at the first move both seats are worth the same."""
    for _ in range(60):
        match.refresh_from_db()
        values = evaluation(game, match.state, 2)
        if values[0] != values[1] or match.is_finished:
            return match
        seat = game.to_act(match.state)[0]
        action = game.legal_actions(match.state, seat)[0]
        action_submit(match_id=match.pk, seat_index=seat, action=action, version=match.version)
    raise AssertionError("the evaluation never told the seats apart")


def test_a_game_finished_before_the_deadline_keeps_its_result(alice, players):
    t = _turn_event(alice, players)
    deadline = _with_deadline(t, alice)
    first = current_tables(t)[0]
    services.tournament_result_replace(
        tournament_id=t.pk, user=alice, table=first.pk, places=[2, 1], reason="agreed"
    )
    assert sweep.tournaments_sweep(now=deadline + timedelta(seconds=1))["deadlines"] == 1
    first.refresh_from_db()
    assert first.places == [2, 1] and first.manual


def test_the_organiser_picks_the_rule(api, alice, bob, players):
    t = _turn_event(alice, players)
    api.force_login(bob)
    refused = api.post(
        f"/api/tournaments/{t.pk}/unfinished-rule/", {"rule": "shared"}, format="json"
    )
    assert refused.status_code == 403
    api.force_login(alice)
    bad = api.post(f"/api/tournaments/{t.pk}/unfinished-rule/", {"rule": "coin"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"] == "bad_rule"
    t.refresh_from_db()
    assert t.unfinished_rule == "adjudicate"
    ok = api.post(f"/api/tournaments/{t.pk}/unfinished-rule/", {"rule": "shared"}, format="json")
    assert ok.status_code == 200 and ok.json()["unfinished_rule"] == "shared"
