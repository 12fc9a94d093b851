"""The time control on the tournament and table forms in Chromium at 1280x900 and 390x844:
choosing a preset fills in its numbers for the chosen game, they can be edited, the event
is made with the edited numbers, and a wrong number is refused under its own field. Screenshots
go to $SHOTS_DIR (or /tmp/shots-clock-form) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lobbies.models import Table
from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the session's live server
from tests.platform.table.conftest import (
    LAPTOP,
    PHONE,
    in_thread,
    launch,  # noqa: F401 - the fixture
    needs_chromium,
    session_cookie,
)
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
SHOTS = Path(os.environ.get("SHOTS_DIR", "/tmp/shots-clock-form"))
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _numbers(page) -> list[str]:
    return [page.input_value(f"#id_clock_{k}") for k in ("base", "increment", "cap")]


def test_the_tournament_form_shows_the_presets_numbers_to_edit(launch):  # noqa: F811
    alice = make_user("alice")
    cookie = session_cookie(alice)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            page = open_page(cookie, "/tournaments/new/", viewport)
            assert page.is_hidden("#id_clock_base"), "no numbers before a preset is chosen"
            page.fill("#id_name", f"Clock cup {size}")
            page.select_option("#id_game", "scythe")
            page.select_option("#id_format", "swiss")
            page.fill("#id_table_size", "4")
            page.select_option("#id_clock_preset", "normal")
            assert _numbers(page) == ["900", "20", "1200"]
            assert page.is_visible('#clock-presets tr[data-game="scythe"][data-preset="fast"]')
            assert page.is_hidden('#clock-presets tr[data-game="dicecity"][data-preset="fast"]')
            page.select_option("#id_game", "dicecity")  # another game: its own numbers
            assert _numbers(page) == ["480", "15", "720"]
            page.select_option("#id_game", "scythe")
            page.fill("#id_clock_increment", "25")
            page.locator("#field-clock_preset").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"tournament-form-{size}.png"), full_page=True)
            assert page.evaluate(OVERFLOW) <= 0, f"the form is wider than the {size} screen"
            page.fill("#id_clock_cap", "600")  # below the bank at the start
            page.click("#create-tournament button[type=submit]")
            page.wait_for_selector("#field-clock_cap .errorlist")
            error = page.inner_text("#field-clock_cap")
            assert "The cap may not be below the bank at the start." in error
            assert _numbers(page) == ["900", "25", "600"], "the numbers given are kept"
            page.locator("#field-clock_cap").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"tournament-form-error-{size}.png"))
            page.fill("#id_clock_cap", "1200")
            page.click("#create-tournament button[type=submit]")
            page.wait_for_url("**/tournaments/*/")
            made = in_thread(lambda s=size: Tournament.objects.get(name=f"Clock cup {s}").clock)
            assert made == {
                "kind": "capped", "base": 900, "increment": 25, "cap": 1200, "weekends": False,
            }  # fmt: skip
            page.context.close()


def test_the_table_form_fills_the_presets_numbers_too(launch):  # noqa: F811
    alice = make_user("alice")
    cookie = session_cookie(alice)
    with launch() as open_page:
        for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            page = open_page(cookie, "/tables/new/", viewport)
            page.select_option("#id_game", "scythe")
            page.fill("#id_seats", "4")
            page.select_option("#id_clock_preset", "fast")
            assert _numbers(page) == ["450", "10", "600"]
            page.locator("#field-clock_preset").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"table-form-{size}.png"), full_page=True)
            assert page.evaluate(OVERFLOW) <= 0, f"the form is wider than the {size} screen"
            page.click("#create-table button[type=submit]")
            page.wait_for_url("**/tables/*/")
            page.context.close()
    clocks = in_thread(lambda: [t.clock for t in Table.objects.filter(host=alice)])
    assert clocks == [{"kind": "capped", "base": 450, "increment": 10, "cap": 600,
                       "weekends": False}] * 2  # fmt: skip
