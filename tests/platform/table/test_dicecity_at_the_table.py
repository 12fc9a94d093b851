"""Dice City at the table, in Chromium (issue 11): a die dragged with the mouse and with a
finger, a die's tray (pass), the Well's dice chosen on the dice, a card built then placed and a
refresh with its four discards composed and cancelled before anything is sent, a card dragged
from the market onto its space, the bot's last turn outlined after it moves, and tooltips on a
laptop and on a phone."""

from __future__ import annotations

import pytest

from games.dicecity import GAME
from tests.games.dicecity.helpers import act, at_step, dice, put
from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, in_thread, needs_chromium, session_cookie, wait_js
from .factories import seeded_match
from .positions import match_with_state, touch_page

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
READY = (
    "window.BOARDKIT !== undefined && document.getElementById('board').dataset.socket === 'open'"
)
VERSION_ABOVE = "Number(document.querySelector('.board-frame').dataset.version) > {}"


def _version(page) -> int:
    return int(page.locator("#board .board-frame").get_attribute("data-version"))


def _log(match) -> list[dict]:
    return in_thread(lambda: [r.action for r in match.log.order_by("seq")])


def _center(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _table(**dice_at):
    state = GAME.setup(2, 3, {})
    dice(state, 0, **dice_at)
    return state


def test_a_die_is_dragged_onto_its_target_with_the_mouse(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("dicecity", [alice, bob], _table(red=2, black=3))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        x, y = _center(page, '#my-area [data-pick="die:red"]')
        tx, ty = _center(page, '#my-area td[data-row="black"][data-col="4"]')  # move black to 4
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 10, y + 10, steps=3)
        assert page.locator(".drop-target").count() >= 2  # the targets light up while dragging
        page.mouse.move(tx, ty, steps=8)
        page.mouse.up()
        wait_js(page, VERSION_ABOVE.format(0))
    assert _log(match) == [{"type": "move", "die": "red", "other": "black", "col": 4}]


def test_a_die_is_dragged_with_a_finger_on_a_phone(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = _table(red=2, black=3)
    put(state, 0, "red 2", "quarry")
    match = match_with_state("dicecity", [alice, bob], state)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, READY)
        x, y = _center(page, '#my-area [data-pick="die:black"]')
        tx, ty = _center(page, '#my-area td[data-row="red"][data-col="1"]')  # move red to 1
        touch = page.context.new_cdp_session(page)
        touch.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
        )
        for k in range(1, 9):
            point = {"x": x + (tx - x) * k / 8, "y": y + (ty - y) * k / 8}
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_js(page, VERSION_ABOVE.format(0))
    assert _log(match) == [{"type": "move", "die": "black", "other": "red", "col": 1}]


def test_a_picked_die_shows_its_tray_and_passes_from_it(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("dicecity", [alice, bob], _table(red=2, black=3))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, READY)
        page.locator('#my-area [data-pick="die:red"]').click()
        tray = page.locator('.dc-tray[data-tray="die:red"]')
        assert (
            tray.is_visible() and not page.locator('.dc-tray[data-tray="die:black"]').is_visible()
        )
        die = page.locator('#my-area [data-pick="die:red"]').bounding_box()
        box = tray.bounding_box()
        assert abs(box["y"] - (die["y"] + die["height"])) < 12  # right under the die
        tray.get_by_text("Pass: +1 token").click()
        wait_js(page, VERSION_ABOVE.format(0))
        assert "1 pass" in page.locator("#my-area .dc-passes").inner_text()
    assert _log(match) == [{"type": "pass", "die": "red"}]


def test_the_wells_dice_are_chosen_by_clicking_them(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = GAME.setup(2, 3, {})
    put(state, 0, "red 3", "well")
    dice(state, 0, red=3, white=1, blue=2)
    state = act(state, "use die=red")
    match = match_with_state("dicecity", [alice, bob], state)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        chosen = page.locator(".dc-reroll-chosen")
        assert chosen.inner_text() == "red"
        page.locator('[data-reroll="blue"]').click()
        page.locator('[data-reroll="white"]').click()
        assert chosen.inner_text() == "white, red, blue"
        page.locator('[data-reroll="white"]').click()  # and out again
        assert chosen.inner_text() == "red, blue"
        assert _version(page) == 0  # nothing sent while choosing
        page.get_by_role("button", name="Re-roll", exact=True).click()
        wait_js(page, VERSION_ABOVE.format(0))
    assert _log(match)[-1] == {"type": "reroll", "dice": ["red", "blue"]}


def test_a_card_is_built_then_placed_and_the_half_made_choice_can_be_cancelled(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = at_step(GAME.setup(2, 3, {}), "build")
    state["players"][0]["res"] = [0, 2, 0]
    match = match_with_state("dicecity", [alice, bob], state)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        quarry = page.locator('.dc-piles [data-card="quarry"]')
        quarry.click()
        bar = page.locator("#compose")
        assert bar.is_visible() and "Build Quarry" in bar.inner_text()
        assert page.locator("#my-area td.pick-target").count() == 30
        page.keyboard.press("Escape")
        assert not bar.is_visible() and page.locator(".pick-target").count() == 0
        quarry.click()
        bar.get_by_role("button", name="Cancel").click()
        assert not bar.is_visible()
        page.wait_for_timeout(300)
        assert _version(page) == 0  # cancelled twice, nothing sent
        quarry.click()
        page.locator('#my-area td[data-row="yellow"][data-col="4"]').click()
        wait_js(page, VERSION_ABOVE.format(1))
        name = page.locator('#my-area td[data-row="yellow"][data-col="4"] .dc-name').inner_text()
    assert name == "Quarry"
    assert _log(match) == [
        {"type": "build", "card": "quarry"},
        {"type": "place", "row": "yellow", "col": 4},
    ]


def test_a_card_is_dragged_from_the_market_onto_its_space(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = at_step(GAME.setup(2, 3, {}), "build")
    state["players"][0]["res"] = [0, 0, 2]
    match = match_with_state("dicecity", [alice, bob], state)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        x, y = _center(page, '.dc-piles [data-card="mine"]')
        tx, ty = _center(page, '#my-area td[data-row="blue"][data-col="6"]')
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 10, y - 10, steps=2)
        assert page.locator("#my-area td.drop-target").count() == 30
        page.mouse.move(tx, ty, steps=10)
        page.mouse.up()
        wait_js(page, VERSION_ABOVE.format(1))
    assert _log(match) == [
        {"type": "build", "card": "mine"},
        {"type": "place", "row": "blue", "col": 6},
    ]


def test_a_refresh_and_its_four_discards_are_chosen_before_they_are_sent(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("dicecity", [alice, bob], _table(red=2, black=3))
    display = match.state["display"]
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, READY)
        page.locator('#my-area [data-pick="die:black"]').click()
        page.locator('.dc-tray[data-tray="die:black"]').get_by_text("Refresh display").click()
        bar = page.locator("#compose")
        assert "choose 4 display cards" in bar.inner_text()
        send = bar.get_by_role("button", name="Discard and refresh")
        cards = page.locator(".dc-display .dc-card")
        for k in range(3):
            cards.nth(k).click()
        assert send.is_disabled() and "3 of 4" in bar.inner_text()
        cards.nth(0).click()  # changed my mind
        cards.nth(3).click()
        cards.nth(4).click()
        assert _version(page) == 0
        send.click()
        wait_js(page, VERSION_ABOVE.format(4))
    log = _log(match)
    assert log[0] == {"type": "refresh", "die": "black"}
    assert [a["card"] for a in log[1:]] == [display[1], display[2], display[3], display[4]]


def test_the_bots_last_turn_is_outlined_after_it_moves(launch):
    alice = make_user("alice")
    match = seeded_match("dicecity", 5, [alice], bots=("greedy",))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        ended = ""
        while ended != "End the turn":  # end alice's steps: the bot's turn follows at once
            before = _version(page)
            button = page.locator("#dc-status .dc-buttons button").last
            ended = button.inner_text()
            button.click()
            wait_js(page, VERSION_ABOVE.format(before))
        wait_js(page, "document.querySelector('#my-area .badge.turn') !== null", 40)
        wait_js(page, "document.querySelector('.dc-last:not([hidden])') !== null")
        line = page.locator(".dc-last").inner_text()
        marked = page.locator(".last-move")
        count = marked.count()
        names = {marked.nth(k).get_attribute("data-last-by") for k in range(count)}
    assert line.startswith("Last turn: used ")
    assert count >= 1 and names == {"Greedy bot"}


def test_tooltips_show_on_hover_and_on_a_phone_tap_or_long_press(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = at_step(GAME.setup(2, 3, {}), "build")
    state["players"][0]["res"] = [0, 2, 0]
    match = match_with_state("dicecity", [alice, bob], state)
    cookie = session_cookie(alice)
    tip = "document.getElementById('board-tip')"
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", LAPTOP)
        wait_js(page, READY)
        for selector, words in [
            ('#my-area td[data-row="white"][data-col="2"]', "Mountain (your city, white 2)"),
            ('.dc-piles [data-card="quarry"]', "Effect: +2 stone"),
            ('[data-bandits="1"]', "Bandits, shield 3"),
            ('[data-ship="1"]', "Trade ship"),
            ("#my-area .dc-passes", "pass tokens"),
            ("#my-area .dc-vp", "VP now"),
        ]:
            page.hover(selector)
            wait_js(page, f"!{tip}.hidden && {tip}.textContent.includes({words!r})")
        page.context.close()
        page = touch_page(open_page, cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        page.locator('.dc-opponent[data-seat="1"] summary').tap()  # open bob's city
        page.locator('.dc-opponent td[data-row="red"][data-col="1"]').tap()
        wait_js(page, f"!{tip}.hidden && {tip}.textContent.includes('Cave')")
        page.locator('.dc-piles [data-card="quarry"]').scroll_into_view_if_needed()
        x, y = _center(page, '.dc-piles [data-card="quarry"]')
        touch = page.context.new_cdp_session(page)
        touch.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
        )
        page.wait_for_timeout(700)
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_js(page, f"!{tip}.hidden && {tip}.textContent.includes('Build Quarry')")
        page.wait_for_timeout(300)
        assert not page.locator("#compose").is_visible()  # a long press chose nothing
        assert _version(page) == 0
