"""Scythe's map on the phone (issue 34, point 2), by geometry in Chromium at 390x844: every unit
that may move is a 44 px target, on a crowded hex too (a tap there asks which unit, with 44 px
buttons, and goes on as a click on that unit); every label on the map is 11 px or more."""

from __future__ import annotations

import pytest

from tests.platform.conftest import make_user

from .conftest import PHONE, SHOTS, needs_chromium, session_cookie, wait_js
from .scythe_states import mech_with_cargo, state_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
LIVE = "document.getElementById('board').dataset.socket === 'open'"
TARGETS = """Array.from(document.querySelectorAll('.sc-unit[data-part] .sc-tap')).map(c => {
  const b = c.getBoundingClientRect();
  return {hex: c.closest('.sc-pieces').dataset.at, w: b.width, h: b.height,
          crowd: c.classList.contains('sc-tap-crowd')};
})"""
# Each text's size on the screen: its font size times the map's scale.
LABELS = """(() => {
  const map = document.querySelector('svg.sc-map');
  const scale = map.getScreenCTM().a;
  return Array.from(map.querySelectorAll('text')).filter(t => t.getBBox().width > 0).map(t =>
    [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
})()"""


@pytest.fixture
def crowded(transactional_db):
    """Nordic's character, a mech and two workers on r2c4, all free to move."""
    alice, bob = make_user("alice"), make_user("bob")
    state = mech_with_cargo()
    state["players"][0]["char"] = "r2c4"
    return state_match(state, [alice, bob]), session_cookie(alice)


def test_every_movable_unit_is_a_44px_target_on_the_phone(launch, crowded):
    match, cookie = crowded
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, LIVE)
        page.wait_for_timeout(200)
        targets = page.evaluate(TARGETS)
        labels = page.evaluate(LABELS)
    assert len([t for t in targets if t["crowd"] and t["hex"] == "r2c4"]) == 3
    small = [t for t in targets if t["w"] < 44 or t["h"] < 44]
    assert small == []
    assert labels and [x for x in labels if x[1] < 11] == []


def test_a_tap_on_a_crowded_hex_asks_which_unit(launch, crowded):
    match, cookie = crowded
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, LIVE)
        page.wait_for_timeout(200)
        page.locator(".sc-pieces[data-at='r2c4'] .sc-unit.sc-mech").click()
        fan = page.locator("#sc-compose.sc-fan")
        assert fan.is_visible()
        buttons = fan.locator("button")
        assert buttons.count() == 4  # character, mech, workers, Cancel
        heights = [buttons.nth(i).bounding_box()["height"] for i in range(buttons.count())]
        assert min(heights) >= 44
        page.screenshot(path=str(SHOTS / "scythe-crowded-hex-phone.png"))
        mech = page.locator(".sc-pieces[data-at='r2c4'] .sc-unit.sc-mech")
        name = mech.get_attribute("data-names").split("|")[0]
        fan.get_by_role("button", name=name).click()
        assert "sc-picked" in (mech.get_attribute("class") or "")
        assert page.locator(".sc-overlay .sc-aim").count() >= 1  # where it may go
        page.keyboard.press("Escape")
        assert page.locator(".sc-picked").count() == 0
