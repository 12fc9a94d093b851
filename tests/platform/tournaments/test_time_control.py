"""A tournament's time control (play/clocks.py): every table of every round plays it, and the
standings page names it; a control that cannot be played is refused."""

from __future__ import annotations

import pytest

from play import clocks
from tournaments import errors, services
from tournaments.models import Tournament

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


FORM = {
    "name": "Clock cup", "game": "scythe", "format": "swiss", "table_size": 4, "advance": 1,
    "rounds": 3, "mode": "live", "move_minutes": 5, "seeding": "random", "checkin_minutes": 0,
}  # fmt: skip


def _field_errors(page: str, field: str) -> str:
    """The text of the form's block for `field` (its label, input and errors)."""
    start = page.index(f'id="field-{field}"')
    return page[start : page.index('<div class="field', start + 1)]


def test_the_form_shows_each_presets_numbers_and_stores_the_edited_ones(client, alice):
    client.force_login(alice)
    page = client.get("/tournaments/new/").content.decode()
    assert 'data-game="scythe" data-preset="normal" data-base="900" data-increment="20"' in page
    for field in ("clock_base", "clock_increment", "clock_cap", "clock_weekends"):
        assert f'name="{field}"' in page, field
    response = client.post(
        "/tournaments/new/", {**FORM, "clock_preset": "normal", "clock_increment": 25}
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    t = Tournament.objects.get(name="Clock cup")
    assert t.clock == {
        "kind": "capped", "base": 900, "increment": 25, "cap": 1200, "weekends": False,
    }  # fmt: skip


def test_the_preset_alone_is_stored_with_its_own_numbers(client, alice):
    client.force_login(alice)
    response = client.post(
        "/tournaments/new/", {**FORM, "mode": "turn", "clock_preset": "correspondence",
                              "clock_weekends": "on"}
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Tournament.objects.get(name="Clock cup").clock == {
        "kind": "days", "base": 86400, "increment": 86400, "cap": 3 * 86400, "weekends": True,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("given", "field", "words"),
    [
        ({"clock_cap": 600}, "clock_cap", "The cap may not be below the bank at the start."),
        ({"clock_base": 5}, "clock_base", "greater than or equal to 10"),
        ({"clock_increment": -1}, "clock_increment", "greater than or equal to 0"),
        ({"clock_base": "ten"}, "clock_base", "Enter a whole number."),
        ({"clock_preset": "blitz"}, "clock_preset", "Select a valid choice."),
        ({"clock_preset": "correspondence"}, "clock_preset", "Days per move are for turn-based"),
    ],
)
def test_a_wrong_number_is_refused_under_its_own_field_and_nothing_is_made(
    client, alice, given, field, words
):
    client.force_login(alice)
    response = client.post("/tournaments/new/", {**FORM, "clock_preset": "normal", **given})
    page = response.content.decode()
    assert response.status_code == 200
    block = _field_errors(page, field)
    assert "errorlist" in block and words in block, block
    others = [
        f for f in ("clock_preset", "clock_base", "clock_increment", "clock_cap") if f != field
    ]
    assert all("errorlist" not in _field_errors(page, f) for f in others)
    assert not Tournament.objects.exists()
