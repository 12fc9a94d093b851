"""A tournament's time control (play/clocks.py): every table of every round plays it, and the
standings page names it; a control that cannot be played is refused."""

from __future__ import annotations

import pytest

from play import clocks
from tournaments import errors, services

from .conftest import create, current_tables, register_all

pytestmark = pytest.mark.django_db


def test_every_table_plays_the_tournaments_control_and_the_standings_name_it(
    client, alice, players
):
    control = clocks.preset("goofspiel", "fast")
    t = create(alice, clock=control)
    register_all(t, players(4))
    services.tournament_start(tournament_id=t.pk, user=alice)
    tables = current_tables(t)
    assert tables and all(table.match.clock == control for table in tables)
    page = client.get(f"/tournaments/{t.pk}/standings/").content.decode()
    assert "Time bank: 5m + 7s per move, at most 7m30s" in page


def test_a_bad_control_is_refused(alice):
    with pytest.raises(errors.TournamentError) as caught:
        create(alice, clock={"kind": "days", "base": 86400, "cap": 86400})
    assert caught.value.code == "bad_clock"
