"""Ranked Goofspiel matches for the ladder tests: create, then finish in a chosen order."""

from __future__ import annotations

import pytest

from ladders.models import Rating


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """The personas' passwords are not what these tests are about: hash them quickly."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def ranked_match(*users, ranked=True):
    from lobbies.services import lobby_create, lobby_join

    table = lobby_create(
        host=users[0], game="goofspiel", seats=len(users), ranked=ranked, options={"cards": 3}
    )
    for user in users[1:]:
        lobby_join(table_id=table.pk, user=user)
    table.refresh_from_db()
    return table.match


def finish_two(match, winner):
    """The loser resigns: a two-seat match ends with `winner` first."""
    from play.services import seat_forfeit

    loser = match.seats.exclude(user=winner).get()
    return seat_forfeit(match_id=match.pk, seat_index=loser.index, reason="resigned")


def play_out(match):
    """Every seat bids its cards from the highest down, seat 0 from the lowest up: a real end."""
    from play.models import Match
    from play.services import action_submit

    while True:
        match = Match.objects.get(pk=match.pk)
        if match.is_finished:
            return match
        seat = match.engine.to_act(match.state)[0]
        hand = match.state["hands"][seat]
        card = min(hand) if seat == 0 else max(hand)
        action_submit(
            match_id=match.pk,
            seat_index=seat,
            action={"type": "bid", "card": card},
            version=match.version,
        )


def rating_of(user, game="goofspiel"):
    return Rating.objects.get(user=user, game=game)


@pytest.fixture
def dave(db):
    from tests.platform.conftest import make_user

    return make_user("dave")


def rated_players(count, *, prefix="p", game="goofspiel", games=30, top=2000.0):
    """`count` players with ratings falling from `top` by 5 (bulk-made: no password)."""
    from accounts.models import User

    users = User.objects.bulk_create(
        User(email=f"{prefix}{i}@example.com", display_name=f"{prefix}{i:03d}", password="!")
        for i in range(count)
    )
    from ladders.buckets import buckets_rebuild

    ratings = Rating.objects.bulk_create(
        Rating(user=u, game=game, rating=top - 5 * i, games=games, wins=i % 7)
        for i, u in enumerate(users)
    )
    buckets_rebuild(game)
    return ratings
