"""The end screen of each game in Chromium, at 1280x900 and 390x844: places, the score
breakdown with readable headers, the rating changes explained, the replay link; the whole of
it in the first screen, and never wider than the screen. Screenshots go to var/screenshots/."""

from __future__ import annotations

import pytest

from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie
from .factories import played_to_end, seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

GAMES = [("dicecity", 3), ("spqf", 2), ("scythe", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_end_screen_fits_and_explains_the_rating_change(launch, game, players):
    people = [make_user(name) for name in ("alice", "bob", "carol")[:players]]
    match = played_to_end(seeded_match(game, 1, people, ranked=True))
    cookie = session_cookie(people[0])
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            end = page.locator("#outcome")
            box = end.bounding_box()
            page.screenshot(path=str(SHOTS / f"end-{game}-{name}.png"))
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
            assert box["y"] + box["height"] <= viewport["height"], (game, name, box)
            assert page_width(page) <= viewport["width"]
            text = end.inner_text()
            headers = end.locator("th").all_inner_texts()
            assert not any("_" in h for h in headers), headers
            assert "Expected place from the ratings before the game" in text
            assert "Your rating" in text and "Watch the replay" in text
            assert end.locator(".end-table thead th").count() == players + 1
            page.context.close()
