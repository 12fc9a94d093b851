"""A block keeps two players apart in a tournament (docs/tournaments.md, "Blocks"): the site
passes every blocked pair among the entrants to the pairing, so a Swiss or elimination round
seats them at different tables when it can."""

from __future__ import annotations

import pytest

from accounts.services import block_add
from tournaments import services

from .conftest import create, current_tables, play_out, register_all

pytestmark = pytest.mark.django_db(transaction=True)


def _first_round(alice, users, **fields):
    t = create(alice, **fields)
    register_all(t, users)
    services.tournament_start(tournament_id=t.pk, user=alice)
    return t, current_tables(t)


def _users_at(table) -> set[int]:
    return {seat.user_id for seat in table.match.seats.all()}


def _pair_met(tables, a, b) -> bool:
    return any({a.pk, b.pk} <= _users_at(t) for t in tables)


@pytest.mark.parametrize("fmt", ["swiss", "single_elimination"])
def test_it_seats_people_with_a_block_at_different_tables(alice, players, fmt):
    users = players(4)
    _t, plain = _first_round(alice, users, format=fmt, rounds=2)
    a, b = (u for u in users if u.pk in _users_at(plain[0]))
    assert _pair_met(plain, a, b)  # without a block the seeding puts them together
    block_add(user=b, display_name=a.display_name)
    _t, kept = _first_round(alice, users, format=fmt, rounds=2, name="Autumn cup")
    assert not _pair_met(kept, a, b)
    assert sum(len(_users_at(t)) for t in kept) == 4


def test_a_block_made_during_a_swiss_event_keeps_the_next_round_apart(alice, players):
    """Round 1's two winners would meet in round 2 (same points); a block between them, made
    while round 1 is played, seats each with a loser instead."""
    users = players(4)
    t, first = _first_round(alice, users, format="swiss", rounds=2)
    play_out(first[0].match)
    winner = first[0].match.seats.get(place=1).user
    likely = first[1].match.seats.get(index=0).user  # seat 0 bids high first: it tends to win
    block_add(user=winner, display_name=likely.display_name)
    play_out(first[1].match)
    t.refresh_from_db()
    second = current_tables(t)
    assert len(second) == 2 and t.rounds_set.count() == 2
    assert not _pair_met(second, winner, likely)
