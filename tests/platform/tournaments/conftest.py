"""Tournament personas and helpers: alice organises, players register, games are played
through play's own services (goofspiel, the platform tests' tiny game, unless said otherwise)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from games.core import get_game
from play.models import Match
from play.services import action_submit
from tests.platform.conftest import make_user
from tournaments.models import Registration, Tournament, TournamentTable
from tournaments.services import tournament_create, tournament_register


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def players(db):
    """Make n players (named p1, p2, ...)."""

    def make(n: int, prefix: str = "p"):
        return [make_user(f"{prefix}{i}") for i in range(1, n + 1)]

    return make


def create(organiser, **kwargs) -> Tournament:
    fields = {
        "name": "Spring cup",
        "game": "goofspiel",
        "format": "swiss",
        "table_size": 2,
        "rounds": 2,
        "options": {"cards": 3},
    }
    fields.update(kwargs)
    return tournament_create(organiser=organiser, **fields)


def register_all(tournament: Tournament, users) -> list[Registration]:
    return [
        tournament_register(
            tournament_id=tournament.pk, user=u, invite_token=tournament.invite_token
        )
        for u in users
    ]


def play_out(match: Match, lowest_seat_wins: bool = True) -> Match:
    """Play a goofspiel match to the end through action_submit: each seat bids its cards in
    order (seat 0 its highest first when `lowest_seat_wins`, so seat 0 tends to win)."""
    game = get_game(match.game)
    for _ in range(200):
        match.refresh_from_db()
        if match.is_finished:
            return match
        for seat in game.to_act(match.state):
            legal = game.legal_actions(match.state, seat)
            action = legal[-1] if (seat == 0 and lowest_seat_wins) else legal[0]
            action_submit(match_id=match.pk, seat_index=seat, action=action, version=match.version)
            match.refresh_from_db()
    raise AssertionError("the match never ended")


def current_tables(tournament: Tournament) -> list[TournamentTable]:
    number = tournament.rounds_set.order_by("-number").values_list("number", flat=True).first()
    return list(
        TournamentTable.objects.filter(tournament=tournament, round__number=number)
        .select_related("match")
        .order_by("pk")
    )


def play_round(tournament: Tournament) -> None:
    for table in current_tables(tournament):
        if not table.is_finished:
            play_out(table.match)
