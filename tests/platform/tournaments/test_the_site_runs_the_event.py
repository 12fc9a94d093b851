"""The site runs the event by itself: a round whose last game ends pairs and starts the next
(match_finished -> outbox -> Celery), the last one finishes the event; running the advance
again never creates a round twice; the beat sweep starts events and catches up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ladders.models import Rating
from outbox.models import Job
from play.services import clocks_enforce
from tournaments import services, sweep
from tournaments.models import Round, Tournament, TournamentEmail, TournamentTable

from .conftest import create, current_tables, play_out, play_round, register_all

pytestmark = pytest.mark.django_db(transaction=True)


def _started(alice, users, **fields) -> Tournament:
    t = create(alice, **fields)
    register_all(t, users)
    services.tournament_start(tournament_id=t.pk, user=alice)
    t.refresh_from_db()
    return t


def test_a_finished_round_starts_the_next_and_the_last_finishes_the_event(alice, players):
    t = _started(alice, players(6), format="swiss", table_size=3, rounds=2)
    first = current_tables(t)
    assert [len(table.players) for table in first] == [3, 3]
    assert all(table.match.tournament_table == table for table in first)
    play_out(first[0].match)
    t.refresh_from_db()
    assert t.rounds_set.count() == 1  # one table still playing
    play_out(first[1].match)
    t.refresh_from_db()
    assert t.rounds_set.count() == 2 and t.status == Tournament.Status.RUNNING
    assert len(t.standings) == 6 and t.standings[0]["rank"] == 1
    play_round(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert [r["rank"] for r in t.standings] == sorted(r["rank"] for r in t.standings)
    assert not Job.objects.filter(kind="tournaments.advance").exists()  # every job done


def test_advancing_again_never_creates_a_round_twice(alice, players):
    t = _started(alice, players(4), format="single_elimination", table_size=2)
    play_round(t)
    assert Round.objects.filter(tournament=t).count() == 2
    for _ in range(3):
        assert services.tournament_advance(tournament_id=t.pk) == "waiting"
    assert Round.objects.filter(tournament=t).count() == 2
    assert TournamentTable.objects.filter(tournament=t).count() == 3


def test_a_single_elimination_event_ends_with_one_champion(alice, players):
    t = _started(alice, players(4), format="single_elimination", table_size=2)
    play_round(t)
    final = current_tables(t)
    assert len(final) == 1
    play_round(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert [r["rank"] for r in t.standings].count(1) == 1
    kinds = set(TournamentEmail.objects.filter(tournament=t).values_list("kind", flat=True))
    assert {"registered", "table", "advanced", "eliminated", "results"} <= kinds


def test_a_withdrawn_player_forfeits_the_game_in_play_and_is_never_paired_again(alice, players):
    users = players(6)
    t = _started(alice, users, format="swiss", table_size=3, rounds=2)
    table = current_tables(t)[0]
    leaver = t.registrations.get(pk=table.players[0])
    services.tournament_withdraw(tournament_id=t.pk, user=alice, player=leaver.pk, reason="left")
    seat = table.seats.index(leaver.pk)
    assert table.match.seats.get(index=seat).forfeited
    play_round(t)
    t.refresh_from_db()
    table.refresh_from_db()
    assert table.places[0] == 3  # the forfeit ranks last
    second = current_tables(t)
    assert all(leaver.pk not in tb.players for tb in second)
    assert sum(len(tb.players) for tb in second) + len(t.rounds_set.last().byes) == 5
    assert t.audit.filter(action="withdrawn").exists()


def test_an_organiser_replaces_a_result_with_a_reason_kept_in_the_log(alice, players):
    t = _started(alice, players(4), format="swiss", table_size=2, rounds=2)
    table = current_tables(t)[0]
    services.tournament_result_replace(
        tournament_id=t.pk, user=alice, table=table.pk, places=[2, 1], reason="a misclick"
    )
    table.refresh_from_db()
    assert table.places == [2, 1] and table.manual
    entry = t.audit.get(action="result")
    assert "a misclick" in entry.detail and entry.data["after"] == [2, 1]
    play_out(table.match)  # the game still ends: its result does not replace the organiser's
    table.refresh_from_db()
    assert table.places == [2, 1]


def test_pause_holds_the_next_round_until_resumed(alice, players):
    t = _started(alice, players(4), format="swiss", table_size=2, rounds=2)
    services.tournament_pause(tournament_id=t.pk, user=alice)
    play_round(t)
    assert t.rounds_set.count() == 1
    services.tournament_pause(tournament_id=t.pk, user=alice, pause=False)
    assert t.rounds_set.count() == 2


def test_the_sweep_opens_check_in_starts_on_time_and_catches_up(alice, players):
    t = create(alice, starts_at=timezone.now() + timedelta(minutes=20), checkin_minutes=30)
    users = players(4)
    register_all(t, users)
    sweep.tournaments_sweep()
    t.refresh_from_db()
    assert t.status == Tournament.Status.CHECKIN
    for user in users[:3]:
        services.tournament_checkin(tournament_id=t.pk, user=user)
    sweep.tournaments_sweep(now=timezone.now() + timedelta(minutes=21))
    t.refresh_from_db()
    assert (
        t.status == Tournament.Status.RUNNING
        and t.registrations.filter(status="no_show").count() == 1
    )
    # A lost advance (the job and the task both gone) is caught up by the next sweep.
    for table in current_tables(t):
        play_out(table.match)
    Round.objects.filter(tournament=t, number=2).delete()
    Round.objects.filter(tournament=t, number=1).update(finished_at=None)
    assert sweep.tournaments_sweep()["advanced"] == 1
    assert t.rounds_set.count() == 2


def test_an_automatic_start_with_too_few_players_waits_for_the_organiser(alice, bob):
    t = create(alice, format="single_elimination", starts_at=timezone.now() + timedelta(minutes=5))
    register_all(t, [bob])
    sweep.tournaments_sweep(now=timezone.now() + timedelta(minutes=6))
    t.refresh_from_db()
    assert t.status == Tournament.Status.REGISTRATION and t.starts_at is None
    assert t.audit.filter(action="start_failed").exists()


def test_a_double_elimination_event_runs_to_its_champion(alice, players):
    t = _started(alice, players(4), format="double_elimination", table_size=2)
    for _ in range(12):
        t.refresh_from_db()
        if t.status == Tournament.Status.FINISHED:
            break
        play_round(t)
    assert t.status == Tournament.Status.FINISHED
    keys = set(TournamentTable.objects.filter(tournament=t).values_list("key", flat=True))
    assert any(k.startswith("L") for k in keys) and any(k.startswith("GF") for k in keys)
    assert [r["rank"] for r in t.standings].count(1) == 1


def test_a_round_robin_at_three_player_tables_runs_to_the_end(alice, players):
    t = _started(alice, players(6), format="round_robin", table_size=3)
    for _ in range(20):
        t.refresh_from_db()
        if t.status == Tournament.Status.FINISHED:
            break
        play_round(t)
    assert t.status == Tournament.Status.FINISHED
    assert all(len(tb.players) == 3 for tb in TournamentTable.objects.filter(tournament=t))


def test_players_out_of_time_forfeit_and_the_round_still_advances(alice, players):
    t = _started(alice, players(4), format="single_elimination", table_size=2)
    later = timezone.now() + timedelta(seconds=t.move_seconds + 1)
    for _ in range(4):  # every seat to act times out, again and again, until the games end
        clocks_enforce(now=later)
        later += timedelta(seconds=t.move_seconds + 1)
        if t.rounds_set.count() == 2:
            break
    assert t.rounds_set.count() == 2
    first = TournamentTable.objects.filter(round__number=1, tournament=t)
    assert all(tb.is_finished for tb in first)


def test_ranked_tournament_games_move_the_ladder(alice, players):
    users = players(4)
    t = _started(alice, users, format="swiss", table_size=2, rounds=1, ranked=True)
    table = current_tables(t)[0]
    assert table.match.ranked
    play_out(table.match)
    rated = Rating.objects.filter(game="goofspiel", user__in=users, games=1).count()
    assert rated == 2
