"""The organiser picks a bot entrant's level on the manage page, in Chromium (docs/bots.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the session's live server
from tests.platform.table.conftest import (
    LAPTOP,
    PHONE,
    launch,  # noqa: F401 - the fixture
    needs_chromium,
    session_cookie,
)

from .conftest import create

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
SHOTS = Path("/tmp/shots-bots")


def test_the_organiser_adds_a_standard_bot_entrant_by_default(launch):  # noqa: F811
    alice = make_user("alice")
    tournament = create(alice, ranked=False, game="dicecity", options={})
    cookie = session_cookie(alice)
    SHOTS.mkdir(exist_ok=True)
    with launch() as open_page:
        for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
            page = open_page(cookie, f"/tournaments/{tournament.pk}/manage/", viewport)
            select = page.locator("select[name=bot]")
            assert select.input_value() == "standard"
            labels = select.locator("option").all_inner_texts()
            assert labels == ["Random bot", "Beginner bot", "Standard bot", "Strong bot"]
            page.screenshot(path=str(SHOTS / f"tournament-manage-{name}.png"), full_page=True)
        page.click("#add-bot")
        page.wait_for_load_state()
    assert list(tournament.registrations.values_list("bot", flat=True)) == ["standard"]
