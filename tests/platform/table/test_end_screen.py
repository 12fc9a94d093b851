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


# Every place a seat's name is written on the finished table: the end screen's columns and
# rows, the player panels.
NAMES = "#outcome th, #outcome td:first-child, #players .panel-name"
CUT = f"""Array.from(document.querySelectorAll('{NAMES}')).filter(e => e.offsetParent)
  .map(e => [e.innerText.trim(), e.scrollWidth > e.clientWidth + 1])"""


def test_no_name_is_cut_until_two_look_the_same(launch):
    """Issue 34, point 4: "Standard bot 1" and "Standard bot 2" at one table were both cut to
    "Standard b…" on the Scythe end screen; at either size each name is written whole."""
    alice = make_user("alice")
    match = played_to_end(seeded_match("scythe", 1, [alice], bots=("standard", "standard")))
    cookie = session_cookie(alice)
    with launch() as open_page:
        for viewport in (LAPTOP, PHONE):
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            page.locator("#outcome").wait_for()
            names = page.evaluate(CUT)
            page.context.close()
            written = [text for text, _cut in names]
            assert any("Standard bot 1" in t for t in written), written
            assert any("Standard bot 2" in t for t in written), written
            assert [text for text, cut in names if cut] == [], viewport
