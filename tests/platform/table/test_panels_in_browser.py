"""The table in Chromium (issue 34): "Play a bot now" from the home page is one click to a live
match; the player panels sit beside the board; another player's decision makes the numbers it
changed pulse with +N/-N and highlights that player's panel; under prefers-reduced-motion (or
the "Less motion" box) nothing moves; on the phone the status bar stays pinned and the log is
one tap away."""

from __future__ import annotations

import pytest

from boards.panels import panels
from games.core import get_game
from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, in_thread, needs_chromium, session_cookie, wait_js
from .factories import seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
LIVE = "document.getElementById('board').dataset.socket === 'open'"
VALUES = """Object.fromEntries(Array.from(document.querySelectorAll('#players .panel-stat'))
  .map(s => [s.closest('.panel').dataset.seat + '/' + s.dataset.key, Number(s.dataset.value)]))"""
CHIPS = """Object.fromEntries(Array.from(document.querySelectorAll('#players .panel-delta'))
  .map(c => [c.closest('.panel').dataset.seat + '/' + c.parentElement.dataset.key,
             c.textContent]))"""


def test_play_a_bot_now_is_one_click_to_a_live_match_with_panels(launch):
    alice = make_user("alice")
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, "/")
        page.select_option("#card-dicecity select[name=bot]", "beginner")
        page.click("#card-dicecity form.play-bots button")
        page.wait_for_url("**/matches/*/")
        wait_js(page, LIVE)
        assert page.locator("#players .panel").count() == 2
        assert page.locator("#players .panel-you .panel-name").inner_text() == "alice"


def _changing_decision(match):
    """A decision of the seat to play that changes some panel's numbers (found by trying)."""
    game = get_game(match.game)
    seat = game.to_act(match.state)[0]
    seats = [{"seat": 0}, {"seat": 1}]

    def numbers(state):
        return [p["stats"] for p in panels(match.game, game.view(state, None), None, seats)]

    for action in game.legal_actions(match.state, seat):
        if numbers(game.apply(match.state, seat, action)) != numbers(match.state):
            return seat, action
    raise AssertionError("no decision changes the panels")


def test_another_players_decision_pulses_what_changed_and_highlights_them(launch):
    from play.services import action_submit

    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 7, [alice, bob])
    seat, action = _changing_decision(match)
    viewer = [alice, bob][1 - seat]
    cookie = session_cookie(viewer)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", LAPTOP)
        wait_js(page, LIVE)
        before = page.evaluate(VALUES)
        in_thread(
            lambda: action_submit(match_id=match.pk, action=action, version=0, seat_index=seat)
        )
        wait_js(page, "document.getElementById('board').dataset.snapshot === '1'")
        after, chips = page.evaluate(VALUES), page.evaluate(CHIPS)
        changed = {k: after[k] - before[k] for k in after if after[k] != before[k]}
        assert changed and chips == {
            k: ("+" if d > 0 else "−") + str(abs(d)) for k, d in changed.items()
        }
        assert page.locator(f'#players .panel[data-seat="{seat}"].just-moved').count() == 1
        page.screenshot(path=str(SHOTS / "panels-pulse-laptop.png"))
        moving = (
            "getComputedStyle(document.querySelector('#players .panel-stat.changed')).animationName"
        )
        assert page.evaluate(moving) == "panel-pulse"
        page.check("#motion-off")
        assert page.evaluate(moving) == "none"
        page.reload()  # the setting is kept (localStorage)
        wait_js(page, LIVE)
        assert page.evaluate("document.documentElement.classList.contains('less-motion')")


def test_reduced_motion_turns_the_motion_off(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("spqf", 2, [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, "/")
        page.emulate_media(reduced_motion="reduce")
        page.goto(page.url.rstrip("/") + f"/matches/{match.pk}/")
        wait_js(page, LIVE)
        assert page.evaluate("document.documentElement.classList.contains('less-motion')")
        assert page.is_checked("#motion-off")


def test_on_the_phone_the_status_stays_pinned_and_the_log_is_one_tap_away(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("scythe", 2, [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, LIVE)
        page.mouse.wheel(0, 1500)
        page.wait_for_timeout(200)
        top = page.evaluate("document.getElementById('turn-bar').getBoundingClientRect().top")
        assert abs(top) <= 1  # pinned at the top after scrolling the board
        page.click(".table-tabs a[href='#log-card']")
        page.wait_for_timeout(200)
        box = page.evaluate("document.getElementById('log-card').getBoundingClientRect().top")
        assert 0 <= box < PHONE["height"] / 2
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(SHOTS / "table-log-tab-phone.png"))
