"""The arena on the site (PostgreSQL): pairing on each result, points, berserk, the end, and
two results at once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tests.platform.tournaments.conftest import create, play_out, register_all
from tournaments import arena
from tournaments.errors import TournamentError
from tournaments.formats.arena import Game, Waiting, pair_waiting, sheet_of
from tournaments.models import Tournament, TournamentTable
from tournaments.services import tournament_advance, tournament_start


def open_tables(t):
    return list(
        TournamentTable.objects.filter(tournament=t, places__isnull=True)
        .select_related("match")
        .order_by("pk")
    )


def make_arena(organiser, users, **kwargs):
    fields = {"format": "arena", "arena_minutes": 30, "table_size": 2, "rounds": 0}
    fields.update(kwargs)
    t = create(organiser, **fields)
    register_all(t, users)
    return tournament_start(tournament_id=t.pk, user=organiser)


def test_points_streak_and_berserk_rules():
    win, loss, draw = (1, 2), (2, 1), (1, 1)
    sheet = sheet_of([Game(win, 0), Game(win, 0), Game(win, 0), Game(draw, 0), Game(win, 0, True)])
    # 2 + 2, then on fire: 4, a draw on fire 2 ends the streak, a berserk win 2 + 1
    assert sheet.marks == ["2", "2", "4*", "2*", "3b"]
    assert sheet.points == 13 and sheet.wins == 4 and not sheet.on_fire
    assert sheet_of([Game(loss, 0)]).points == 0
    four = sheet_of([Game((2, 1, 3, 3), 0)])  # ahead of two, behind one
    assert four.points == 4


def test_waiting_players_paired_by_score_without_immediate_rematch():
    waiting = [
        Waiting(1, 10, 1500, frozenset({2})),
        Waiting(2, 9, 1500, frozenset({1})),
        Waiting(3, 8, 1500),
        Waiting(4, 1, 1500),
    ]
    tables = pair_waiting(waiting, 2, others_playing=True)
    assert [set(t) for t in tables] == [{1, 3}, {2, 4}]
    # two players who just met wait while others play, and meet again when nobody else plays
    pair = waiting[:2]
    assert pair_waiting(pair, 2, others_playing=True) == []
    assert [set(t) for t in pair_waiting(pair, 2, others_playing=False)] == [{1, 2}]


@pytest.mark.django_db
def test_a_finished_game_pairs_its_players_again(players):
    alice, *rest = players(5)
    t = make_arena(alice, rest, table_size=2)
    tables = open_tables(t)
    assert len(tables) == 2  # four players, two tables
    play_out(tables[0].match)
    tournament_advance(tournament_id=t.pk)  # what the outbox runs after the result's commit
    # the two who finished wait: their only partner is an immediate rematch while others play
    assert len(open_tables(t)) == 1
    play_out(open_tables(t)[0].match)
    tournament_advance(tournament_id=t.pk)
    now = open_tables(t)
    assert len(now) == 2
    first = {frozenset(x.players) for x in TournamentTable.objects.filter(places__isnull=False)}
    assert not {frozenset(x.players) for x in now} & first  # no immediate rematch
    t.refresh_from_db()
    assert [row["points"] for row in t.standings] == [2, 2, 0, 0]
    assert t.standings[0]["sheet"] == ["2"]


@pytest.mark.django_db
def test_four_player_tables_and_the_end_at_its_time(players):
    alice, *rest = players(9)
    t = make_arena(alice, rest, table_size=4, options={"cards": 3})
    assert len(open_tables(t)) == 2
    play_out(open_tables(t)[0].match)
    Tournament.objects.filter(pk=t.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert tournament_advance(tournament_id=t.pk) == "waiting"  # a game in play still counts
    assert len(open_tables(t)) == 1  # nobody is paired after the end
    play_out(open_tables(t)[0].match)
    assert tournament_advance(tournament_id=t.pk) == "finished"
    t.refresh_from_db()
    assert t.status == "finished" and sum(row["played"] for row in t.standings) == 8


@pytest.mark.django_db
def test_berserk_halves_the_time_once_and_earns_a_point(players):
    alice, *rest = players(3)
    t = make_arena(alice, rest, berserk=True, move_seconds=60)
    table = open_tables(t)[0]
    seat0 = table.match.seats.get(index=0).user
    arena.arena_berserk(tournament_id=t.pk, user=seat0)
    table.match.refresh_from_db()
    assert table.match.move_seconds == 30
    with pytest.raises(TournamentError):
        arena.arena_berserk(tournament_id=t.pk, user=seat0)  # once
    seat1 = table.match.seats.get(index=1).user
    arena.arena_berserk(tournament_id=t.pk, user=seat1)  # both: the time is halved once
    table.match.refresh_from_db()
    assert table.match.move_seconds == 30
    play_out(table.match)
    with pytest.raises(TournamentError):  # the game is over: no game in play to go berserk in
        arena.arena_berserk(tournament_id=t.pk, user=seat0)
    tournament_advance(tournament_id=t.pk)
    t.refresh_from_db()
    sheets = sorted(tuple(row["sheet"]) for row in t.standings if row["played"])
    assert sheets in ([("0b",), ("3b",)], [("1b",), ("1b",)])  # a won berserk: 2 + 1


@pytest.mark.django_db
def test_berserk_refused_where_not_offered(players):
    alice, *rest = players(3)
    t = make_arena(alice, rest)
    user = open_tables(t)[0].match.seats.get(index=0).user
    with pytest.raises(TournamentError):
        arena.arena_berserk(tournament_id=t.pk, user=user)
    assert open_tables(t)[0].match.move_seconds == 300


@pytest.mark.django_db(transaction=True)
def test_two_results_at_once_seat_nobody_twice(players):
    assert connection.vendor == "postgresql"
    alice, *rest = players(9)
    t = make_arena(alice, rest, table_size=2)
    for table in open_tables(t)[:4]:
        play_out(table.match)
    errors: list[BaseException] = []

    def advance():
        try:
            tournament_advance(tournament_id=t.pk)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=advance) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    seated = [p for x in open_tables(t) for p in x.players]
    assert len(seated) == len(set(seated)) == 8
    keys = list(TournamentTable.objects.filter(tournament=t).values_list("key", flat=True))
    assert len(keys) == len(set(keys)) == 8


@pytest.mark.django_db
def test_arena_api_standings_and_berserk(players, api):
    alice, *rest = players(3)
    api.force_authenticate(alice)
    made = api.post(
        "/api/tournaments/",
        {
            "name": "Blitz arena",
            "game": "goofspiel",
            "format": "arena",
            "table_size": 2,
            "arena_minutes": 20,
            "berserk": True,
            "move_seconds": 60,
            "options": {"cards": 3},
        },
        format="json",
    )
    assert made.status_code == 201, made.content
    t = Tournament.objects.get(pk=made.json()["id"])
    register_all(t, rest)
    tournament_start(tournament_id=t.pk, user=alice)
    url = f"/api/tournaments/{t.pk}/arena/"
    body = api.get(url).json()
    assert body["berserk_offered"] and len(body["playing"]) == 1
    assert {row["entrant"] for row in body["standings"]} == set(body["playing"][0]["players"])
    assert api.post(url).status_code == 409  # the organiser has no game
    player = open_tables(t)[0].match.seats.get(index=1).user
    api.force_authenticate(player)
    berserk = api.post(url)
    assert berserk.status_code == 200 and len(berserk.json()["playing"][0]["berserk"]) == 1
    bad = api.post(
        "/api/tournaments/",
        {
            "name": "Bad arena",
            "game": "goofspiel",
            "format": "arena",
            "table_size": 2,
            "arena_minutes": 1,
        },
        format="json",
    )
    assert bad.status_code == 400


@pytest.mark.django_db
def test_the_arena_ends_on_time_by_its_own_job_without_the_sweep(players):
    """With nobody left to seat (one active player) no result ever comes to end the arena: the
    job recorded for its end time does, when the outbox worker takes it (not before)."""
    from unittest import mock

    from outbox.models import Job
    from outbox.services import outbox_drain
    from tournaments.services import tournament_withdraw

    alice, bob, carol = players(3)
    t = make_arena(alice, [bob, carol], table_size=2)
    end = Job.objects.get(kind="tournaments.advance", key__startswith="tournaments.arena-end:")
    assert end.due_at == t.ends_at and end.payload == {"tournament": t.pk}
    play_out(open_tables(t)[0].match)
    carol_entry = t.registrations.get(user=carol).pk
    tournament_withdraw(tournament_id=t.pk, user=alice, player=carol_entry)
    assert tournament_advance(tournament_id=t.pk) == "waiting"  # bob alone: nobody to meet
    outbox_drain()  # the results' jobs, now: the arena goes on
    t.refresh_from_db()
    assert t.status == "running" and Job.objects.filter(pk=end.pk).exists()
    later = t.ends_at + timedelta(seconds=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        outbox_drain()  # what the outbox worker does at the end time; no sweep runs
    t.refresh_from_db()
    assert t.status == "finished" and t.finished_at == later
    assert not Job.objects.filter(pk=end.pk).exists()
