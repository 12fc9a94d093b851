"""The match, result, ladder and replay pages in Chromium, where the defects were seen: each
test sets its data up first (Django refuses sync database calls while Playwright's loop runs,
see conftest.launch), then drives the real pages of a live server."""

from __future__ import annotations

import json
import time

import pytest

from play.services import seat_forfeit
from tests.platform.conftest import make_user
from tests.platform.ladders.conftest import rated_players

from .conftest import (
    LAPTOP,
    PHONE,
    SHOTS,
    in_thread,
    needs_chromium,
    page_width,
    session_cookie,
    wait_js,
)
from .factories import played, played_to_end, seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
VERSION_ABOVE = "Number(document.querySelector('.board-frame').dataset.version) > {}"
STEP_IS = "document.getElementById('step-label').textContent === 'Step {} of {}'"


def _version(page) -> int:
    return int(page.locator("#board .board-frame").get_attribute("data-version"))


def test_the_resign_button_goes_and_game_over_shows_once_when_the_game_ends(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 4, [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, "document.getElementById('status').textContent !== '…'")
        assert page.get_by_role("button", name="Resign").count() == 1
        in_thread(lambda: seat_forfeit(match_id=match.pk, seat_index=1, reason="resigned"))
        wait_js(page, "document.getElementById('status').textContent === 'The game is over.'")
        assert page.get_by_role("button", name="Resign").count() == 0
        board = page.locator("#board").inner_text()
        assert board.count("Game over") == 1 and "Final round" not in board
        assert "Dice step" not in board  # no stale step either


def test_log_numbers_from_10_on_are_not_clipped(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = played(seeded_match("dicecity", 2, [alice, bob]), moves=14)
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        numbers = page.evaluate(
            """(() => {
              const log = document.getElementById('log').getBoundingClientRect();
              return [...document.querySelectorAll('#log .log-seq')].map(n => {
                const r = n.getBoundingClientRect();
                return {text: n.textContent, inside: r.left >= log.left && r.right <= log.right,
                        whole: n.scrollWidth <= n.clientWidth + 1};
              });
            })()"""
        )
    assert [n["text"] for n in numbers] == [str(i) for i in range(1, 15)]
    assert all(n["inside"] and n["whole"] for n in numbers), numbers


@pytest.mark.parametrize(("game", "users"), [("spqf", 3), ("dicecity", 2), ("scythe", 2)])
def test_the_result_fits_the_screen_with_readable_headers(launch, game, users):
    people = [make_user(name) for name in ("alice", "bob", "carol")[:users]]
    match = played_to_end(seeded_match(game, 1, people))
    cookie = session_cookie(people[0])
    with launch() as open_page:
        for viewport in (LAPTOP, PHONE):
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            headers = page.locator("#outcome th").all_inner_texts()
            assert not any("_" in h for h in headers), headers
            assert page_width(page) <= viewport["width"], (game, viewport)
            page.context.close()


def test_the_ladder_fits_a_phone(launch):
    rated_players(12, game="dicecity")
    alice = make_user("alice")
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, "/ladders/dicecity/", PHONE)
        assert page.locator("table.list tr").count() > 10
        assert page_width(page) <= PHONE["width"]


def test_the_live_log_shows_each_move_once_when_a_bot_answers_at_once(launch):
    alice = make_user("alice")
    match = seeded_match("dicecity", 5, [alice], bots=("greedy",))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")

        def slow_log(route):  # a slow network: the bot's next moves arrive while a fetch waits
            time.sleep(0.3)
            route.continue_()

        page.route("**/api/matches/*/log/*", slow_log)
        wait_js(page, "document.getElementById('board').dataset.snapshot !== undefined")
        for _ in range(3):  # end three of alice's steps; the bot answers each turn at once
            wait_js(page, "document.querySelector('#dc-status .dc-buttons button.legal') !== null")
            before = _version(page)
            ends = page.locator(
                "#dc-status .dc-buttons button.legal"
            )  # the step's end, on the board
            ends.last.click()
            wait_js(page, VERSION_ABOVE.format(before))
        page.wait_for_timeout(3000)  # the bot's moves and their log fetches settle
        seqs = page.evaluate(
            "[...document.querySelectorAll('#log li')].map(l => l.dataset.seq || String(l.value))"
        )
    assert len(seqs) == len(set(seqs)), seqs
    assert seqs == [str(i) for i in range(1, len(seqs) + 1)]


def test_a_die_moves_by_clicking_it_then_its_target(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 3, [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, "document.getElementById('board').dataset.snapshot !== undefined")
        assert page.locator("details.all-choices").get_attribute("open") is None  # collapsed
        die = page.locator("#my-area [data-pick]").first
        die.click()
        targets = page.locator("#my-area .pick-target")
        assert targets.count() >= 1 and page.locator("#pick-hint").is_visible()
        page.keyboard.press("Escape")
        assert page.locator(".pick-target").count() == 0  # cancelled, nothing sent
        assert _version(page) == 0
        die.click()
        key = die.get_attribute("data-pick")
        target = page.locator("#my-area td.pick-target").last  # a space (not the die's tray)
        sent = json.loads(target.get_attribute("data-after"))[key]
        target.click()
        wait_js(page, VERSION_ABOVE.format(0))
        last = page.locator("#log li").last.inner_text()
    record = in_thread(lambda: match.log.get(seq=1))
    assert record.action == sent and record.seat == 0
    assert "alice" in last


def test_the_replay_steps_without_page_loads_by_keys_autoplay_and_jumps(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = played_to_end(seeded_match("dicecity", 6, [alice, bob]))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/replay/?step=0")
        page.evaluate("window.stayed = true")  # gone if the page reloads
        glyphs = page.locator("#replay-nav").inner_text()
        assert "⏮" not in glyphs and "⏭" not in glyphs  # no empty boxes for missing glyphs
        page.keyboard.press("ArrowRight")
        wait_js(page, STEP_IS.format(1, match.version))
        assert page.locator("#log li.current").get_attribute("data-step") == "1"
        page.keyboard.press("Shift+ArrowRight")  # the next turn
        wait_js(
            page,
            "document.querySelector('#log li.current') === null || "
            "Number(document.querySelector('#log li.current').dataset.step) > 1",
        )
        page.keyboard.press("Space")  # autoplay
        start = int(page.locator("#scrub").input_value())
        wait_js(page, f"Number(document.getElementById('scrub').value) >= {start + 2}")
        page.keyboard.press("Space")
        page.keyboard.press("End")
        wait_js(page, STEP_IS.format(match.version, match.version))
        assert page.locator("#outcome").count() == 1
        page.select_option("#jump-by", "round")
        page.fill("#jump-n", "2")
        page.click("#jump button")
        wait_js(page, "document.querySelector('#turn-label').textContent.includes('round 1 of')")
        assert page.evaluate("window.stayed === true")
        assert "step=" in page.url
        for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            shown = open_page(cookie, f"/matches/{match.pk}/replay/?step=9", viewport)
            assert page_width(shown) <= viewport["width"]
            shown.screenshot(path=str(SHOTS / f"replay-dicecity-{name}.png"))
