"""The host picks a bot's level on the table page, in Chromium (docs/bots.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lobbies.services import lobby_create
from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, needs_chromium, session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
SHOTS = Path("/tmp/shots-bots")


def test_the_host_seats_a_strong_bot_from_the_table_page(launch):
    alice = make_user("alice")
    table = lobby_create(host=alice, game="scythe", seats=3, options={})
    cookie = session_cookie(alice)
    SHOTS.mkdir(exist_ok=True)
    with launch() as open_page:
        for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
            page = open_page(cookie, f"/tables/{table.pk}/", viewport)
            select = page.locator("select[name=bot]")
            assert select.input_value() == "standard"
            labels = select.locator("option").all_inner_texts()
            assert labels == ["Random bot", "Beginner bot", "Standard bot", "Strong bot"]
            page.screenshot(path=str(SHOTS / f"table-levels-{name}.png"), full_page=True)
        select.select_option("strong")
        page.click("#add-bot")
        page.wait_for_selector("text=Strong bot")
        page.screenshot(path=str(SHOTS / "table-strong-seated-laptop.png"), full_page=True)
    assert [e.bot for e in table.entries.all()] == ["", "strong"]
