"""Set-up for bench/crowd.py, through the site's own services: the live tables (live_setup),
turn-based matches with deadlines spread over the run, a 500-player Swiss at 4-player tables
in its first round, and login sessions for the players who browse and resign."""

from __future__ import annotations

from dataclasses import dataclass, field

from live_setup import BenchTable, tables_create

TURN_PLAYERS = 200


@dataclass
class Crowd:
    live: list[BenchTable]
    turn_matches: list[int]
    tournament: int
    # Round 1's tables: (match id, [(seat index, session) for every seat])
    round_one: list[tuple[int, list[tuple[int, str]]]]
    browsers: list[str] = field(default_factory=list)  # sessions of the browsing players
    names: list[str] = field(default_factory=list)  # display names, for profile pages


def crowd_create(env: dict[str, str], live: int, turn: int, entrants: int) -> Crowd:
    tables = tables_create(env, live)  # also sets Django up with `env`
    from django.db import connections

    try:
        turn_players = _players("turn", TURN_PLAYERS, turn_emails=True)
        matches = [_turn_match(turn_players, i) for i in range(turn)]
        entrants_users = _players("cup", entrants, turn_emails=False)
        tournament, round_one = _swiss(entrants_users)
        from live_setup import _session_create

        sessions = {u.pk: _session_create(u) for u in entrants_users}
        round_one = [(m, [(i, sessions[u]) for i, u in seats]) for m, seats in round_one]
        browsers = [_session_create(u) for u in turn_players[:25]]
        names = [u.display_name for u in turn_players[:50]]
    finally:
        connections.close_all()
    return Crowd(tables, matches, tournament, round_one, browsers, names)


def _players(prefix: str, count: int, turn_emails: bool) -> list:
    from allauth.account.models import EmailAddress
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from notifications.models import Preferences

    unusable = make_password(None)
    User.objects.bulk_create(
        User(
            email=f"{prefix}{i}@bench.invalid",
            display_name=f"{prefix}{i}",
            password=unusable,
            turn_emails=turn_emails,
        )
        for i in range(count)
    )
    users = list(User.objects.filter(email__startswith=prefix).order_by("pk"))
    # No automatic vacation day when a clock runs out: the run is about the sweep timing turns
    # out (a vacation would pause these matches instead).
    Preferences.objects.bulk_create(Preferences(user=u, auto_vacation=False) for u in users)
    EmailAddress.objects.bulk_create(
        EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users
    )
    return users


def _turn_match(players: list, number: int) -> int:
    """A 2-player turn-based Dice City match (its first deadline is set to fall inside the run
    once the stack is up: crowd.py): the sweep times that turn out while the crowd plays."""
    from lobbies.services import lobby_create, lobby_join
    from play.models import Match

    host, guest = players[number % len(players)], players[(number * 7 + 1) % len(players)]
    if host == guest:
        guest = players[(number + 1) % len(players)]
    table = lobby_create(host=host, game="dicecity", seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=guest)
    return Match.objects.get(table=table).pk


def _swiss(players: list) -> tuple[int, list[tuple[int, list[tuple[int, int]]]]]:
    from play.models import Match
    from tournaments.services import tournament_create, tournament_register, tournament_start

    cup = tournament_create(
        organiser=players[0],
        name="Crowd Swiss",
        game="dicecity",
        format="swiss",
        table_size=4,
        rounds=3,
        mode="turn",
    )
    for player in players:
        tournament_register(tournament_id=cup.pk, user=player)
    tournament_start(tournament_id=cup.pk, user=players[0])
    matches = Match.objects.filter(tournament_table__tournament=cup).prefetch_related("seats")
    round_one = [(m.pk, [(s.index, s.user_id) for s in m.seats.all()]) for m in matches]
    return cup.pk, round_one
