"""SPQF at the table, in Chromium (issue 11): an action card composed with its modifiers from
the hand (by clicks and by dragging to the slot), cancelled before anything is sent, then
played; following by a click, by dragging a card onto the action it follows, and declining;
the other player's last move outlined after it moves; tooltips on a laptop and on a phone."""

from __future__ import annotations

import pytest

from games.spqf import GAME
from play.services import action_submit
from tests.games.spqf.helpers import act, arrange, civ, starting
from tests.platform.conftest import make_user

from .conftest import LAPTOP, in_thread, needs_chromium, session_cookie, wait_js
from .positions import match_with_state, touch_page

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
READY = (
    "window.BOARDKIT !== undefined && document.getElementById('board').dataset.socket === 'open'"
)
VERSION_ABOVE = "Number(document.querySelector('.board-frame').dataset.version) > {}"
TIP = "document.getElementById('board-tip')"
FORAGE, TERRACES, CELLAR = starting(0, "s_forage"), civ("ag_terraces"), civ("ag_cellar")


def _version(page) -> int:
    return int(page.locator("#board .board-frame").get_attribute("data-version"))


def _log(match) -> list[dict]:
    return in_thread(lambda: [r.action for r in match.log.order_by("seq")])


def _drag(page, source: str, target: str) -> None:
    a = page.locator(source).first.bounding_box()
    b = page.locator(target).first.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 8, a["y"] + a["height"] / 2 - 8, steps=2)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def _people():
    return make_user("alice"), make_user("bob")


def test_an_action_card_is_composed_with_its_modifiers_and_can_be_cancelled(launch):
    alice, bob = _people()
    state = arrange(hands={0: [FORAGE, TERRACES]})
    match = match_with_state("spqf", [alice, bob], state)
    cookie = session_cookie(alice)
    forage, terraces = f'#my-area [data-card="{FORAGE}"]', f'#my-area [data-card="{TERRACES}"]'
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        slot = page.locator("#compose")
        page.locator(forage).click()
        assert "Play Forage: 1 modifier" in slot.inner_text()
        assert page.locator(terraces).get_attribute("class").count("compose-option") == 1
        page.locator(terraces).click()
        assert "Play Forage with Acorn Terraces: 3 modifiers" in slot.inner_text()
        slot.get_by_role("button", name="Cancel").click()
        assert (
            "Play Forage" not in slot.inner_text() and page.locator(".compose-option").count() == 0
        )
        page.locator(forage).click()
        page.keyboard.press("Escape")
        page.wait_for_timeout(300)
        assert _version(page) == 0  # cancelled twice: nothing sent
        _drag(page, forage, "#compose")  # the card to the slot, then its modifier
        _drag(page, terraces, "#compose")
        assert "with Acorn Terraces" in slot.inner_text()
        slot.get_by_role("button", name="Play").click()
        wait_js(page, VERSION_ABOVE.format(1))
    assert _log(match)[:2] == [
        {"type": "play", "card": FORAGE},
        {"type": "modify", "card": TERRACES},
    ]


def test_a_follower_follows_by_a_click_or_declines(launch):
    alice, bob = _people()
    state = act(arrange(hands={0: [FORAGE], 1: [TERRACES]}), 0, "play", card=FORAGE)
    assert GAME.to_act(state) == (1,)
    follows = match_with_state("spqf", [alice, bob], state)
    declines = match_with_state("spqf", [alice, bob], state)
    cookie = session_cookie(bob)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{follows.pk}/")
        wait_js(page, READY)
        assert "bob: Following" in page.locator("#sp-status").inner_text()
        page.locator(f'#my-area [data-card="{TERRACES}"]').click()
        wait_js(page, VERSION_ABOVE.format(0))
        page = open_page(cookie, f"/matches/{declines.pk}/")
        wait_js(page, READY)
        page.get_by_role("button", name="Do not follow").click()
        wait_js(page, VERSION_ABOVE.format(0))
    assert _log(follows)[0] == {"type": "follow", "card": TERRACES, "action": 0}
    assert _log(declines)[0] == {"type": "decline"}


def test_a_card_is_dragged_onto_the_action_it_follows(launch):
    alice, bob = _people()
    state = arrange(hands={0: [CELLAR], 1: [TERRACES]}, cubes={1: [2, 0]})
    state = act(state, 0, "play", card=CELLAR)
    match = match_with_state("spqf", [alice, bob], state)
    cookie = session_cookie(bob)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        _drag(page, f'#my-area [data-card="{TERRACES}"]', ".sp-lines li:nth-child(2)")
        wait_js(page, VERSION_ABOVE.format(0))
    assert _log(match)[0] == {"type": "follow", "card": TERRACES, "action": 1}


def test_the_other_players_last_move_is_outlined_after_it_moves(launch):
    alice, bob = _people()
    state = arrange(hands={0: [FORAGE, TERRACES]})
    match = match_with_state("spqf", [alice, bob], state)
    cookie = session_cookie(bob)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        assert page.locator(".last-move").count() == 0
        in_thread(
            lambda: action_submit(
                match_id=match.pk, action={"type": "play", "card": FORAGE}, version=0, seat_index=0
            )
        )
        wait_js(page, "document.querySelector('.last-move') !== null")
        marked = page.locator(f'.last-move[data-card="{FORAGE}"]')
        by = marked.first.get_attribute("data-last-by")
        line = page.locator('.sp-last[data-last-seat="0"]').inner_text()
    assert by == "alice"
    assert line == "Last: played Forage as the action card"


def test_tooltips_show_on_hover_and_on_a_phone_tap_or_long_press(launch):
    alice, bob = _people()
    state = arrange(hands={0: [FORAGE, TERRACES]})
    match = match_with_state("spqf", [alice, bob], state)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", LAPTOP)
        wait_js(page, READY)
        central = state["central"][0]
        for selector, words in [
            (f'#my-area [data-card="{FORAGE}"]', "take 1 green cube from the supply per modifier"),
            (f'.sp-central [data-card="{central}"] .sp-name', "Actions: 1)"),
            (f'.sp-central [data-card="{central}"] .sp-actions li', "per modifier"),
            ("#my-area .sp-level", "Civilization level 0"),
            ("#my-area .sp-cube.sp-g", "Loose cubes"),
            ("#my-area .sp-vp", "VP tokens"),
            ('.sp-opponent[data-seat="1"] .sp-line-row', "Trade row"),
        ]:
            page.hover(selector)
            wait_js(page, f"!{TIP}.hidden && {TIP}.textContent.includes({words!r})")
        page.context.close()
        page = touch_page(open_page, cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        page.locator(f'.sp-central [data-card="{central}"] .sp-name').tap()
        wait_js(page, f"!{TIP}.hidden && {TIP}.textContent.includes('Actions: 1)')")
        name = page.locator(f'#my-area [data-card="{FORAGE}"] .sp-name')
        name.scroll_into_view_if_needed()
        box = name.bounding_box()
        point = {"x": box["x"] + 8, "y": box["y"] + box["height"] / 2}  # "Forage", not its §
        touch = page.context.new_cdp_session(page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.wait_for_timeout(700)
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_js(page, f"!{TIP}.hidden && {TIP}.textContent.includes('Now: Play Forage')")
        page.wait_for_timeout(300)
        assert "Play Forage" not in page.locator("#compose").inner_text()  # nothing chosen
        assert _version(page) == 0
