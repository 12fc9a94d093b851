"""In Chromium: Undo on a casual board takes the decision back (the board, the log and the
button follow); the rules pages open from the match page and fit both screens; on a phone the
header's links open from a Menu button and fit, without scrolling sideways."""

from __future__ import annotations

import pytest

from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie, wait_js
from .factories import seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
VERSION_IS = "document.querySelector('#board .board-frame').dataset.version === '{}'"
STONE = "document.querySelector('.dc-res.dc-stone').textContent.trim()"


def test_undo_takes_the_decision_back_on_a_casual_board(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 1, [alice, bob])  # seat 0's white die is on a Mountain
    cookie = session_cookie(alice)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, "document.getElementById('board').dataset.socket === 'open'")
        assert page.locator("#undo").is_hidden()  # nothing decided yet
        page.evaluate("TABLE.send({type: 'use', die: 'white'})")
        wait_js(page, VERSION_IS.format(1))
        assert page.evaluate(STONE) == "1 stone"
        undo = page.get_by_role("button", name="Undo")
        wait_js(page, "!document.getElementById('undo').hidden")
        page.screenshot(path=str(SHOTS / "undo-offered-laptop.png"))
        undo.click()
        wait_js(page, VERSION_IS.format(2))
        assert page.evaluate(STONE) == "0 stone"
        log = page.locator("#log").inner_text()
        assert "took back: used Mountain" in log
        assert page.locator('#log li[data-seq="1"]').count() == 0
        assert page.locator("#undo").is_hidden()
        page.context.close()
        phone = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        assert page_width(phone) <= PHONE["width"]
        phone.screenshot(path=str(SHOTS / "undo-after-phone.png"))


def test_undo_is_not_offered_in_a_ranked_game(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 1, [alice, bob], ranked=True)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, "document.getElementById('board').dataset.socket === 'open'")
        page.evaluate("TABLE.send({type: 'use', die: 'white'})")
        wait_js(page, VERSION_IS.format(1))
        assert page.locator("#undo").count() == 0


@pytest.mark.parametrize("game", ["scythe", "dicecity", "spqf"])
def test_the_rules_open_from_the_match_page_and_fit_both_screens(launch, game):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match(game, 1, [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            link = page.locator(".match-head a", has_text="Rules")
            page.goto(page.url.split("/matches/")[0] + link.get_attribute("href"))
            assert "the rules in short" in page.locator("h1").inner_text()
            assert page_width(page) <= viewport["width"], (game, name)
            page.screenshot(
                path=str(SHOTS / f"rules-{game}-{name}.png"), full_page=name == "laptop"
            )
            page.context.close()


def test_the_phone_header_opens_a_menu_that_fits(launch):
    alice = make_user("alice")
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, "/", PHONE)
        links = page.locator(".topbar nav a")
        assert links.first.is_hidden()
        assert page_width(page) <= PHONE["width"]
        page.get_by_role("button", name="Menu").click()
        page.screenshot(path=str(SHOTS / "menu-open-phone.png"))
        boxes = [links.nth(i).bounding_box() for i in range(links.count())]
        assert links.count() >= 6
        assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] for b in boxes)
        logout = page.get_by_role("button", name="Log out").bounding_box()
        assert logout["x"] + logout["width"] <= PHONE["width"]
        assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "true"
        page.context.close()
        wide = open_page(cookie, "/", LAPTOP)
        assert wide.locator("#menu-toggle").is_hidden()
        assert wide.locator(".topbar nav a").first.is_visible()
        wide.screenshot(path=str(SHOTS / "menu-laptop.png"))
