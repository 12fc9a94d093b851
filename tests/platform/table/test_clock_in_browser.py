"""The panel clocks in Chromium (play/banks.py, static/js/match.js): the seat owing a decision
ticks down from its server deadline, turns red under the low mark and stops at zero; the seat
owing nothing shows its bank still; the table header names the time control."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from play import banks
from play.models import Match
from tests.platform.conftest import make_user

from .conftest import SHOTS, needs_chromium, session_cookie, wait_js
from .factories import seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
CLOCK = "document.querySelector('.panel-clock[data-seat=\"{}\"]')"


def _nearly_out(match: Match, seconds: float) -> int:
    """The seat to act left with `seconds` in its bank (the other's bank full)."""
    match = Match.objects.get(pk=match.pk)
    match.clock = {"kind": "fischer", "base": 600, "increment": 10, "cap": None, "weekends": False}
    seats = list(match.seats.select_related("user"))
    owing = next(s.index for s in seats if s.to_act)
    now = timezone.now()
    match.banks = [
        {
            "left": seconds if s.index == owing else 600.0,
            "since": now.isoformat() if s.to_act else None,
            "parts": 0,
        }
        for s in seats
    ]
    match.deadline = now + timedelta(seconds=seconds)
    match.save(update_fields=["clock", "banks", "deadline"])
    assert banks.deadline(match, seats[owing]) == match.deadline
    return owing


def test_a_live_clock_ticks_turns_red_and_runs_out(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 2, [alice, bob])
    owing = _nearly_out(match, 9)  # room for a slow first load on a busy machine
    waiting = 1 - owing
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        clock = CLOCK.format(owing)
        wait_js(page, f"{clock}.textContent.startsWith('0:0')")
        first = page.evaluate(f"{clock}.textContent")
        assert page.evaluate(f"{clock}.classList.contains('clock-low')"), "9 s is low time"
        assert page.evaluate(f"{CLOCK.format(waiting)}.textContent") == "10:00"
        wait_js(page, f"{clock}.textContent !== '{first}'")  # it ticks
        page.screenshot(path=str(SHOTS / "clock-low.png"))
        wait_js(page, f"{clock}.textContent === '0:00' && {clock}.classList.contains('clock-out')")
        assert page.evaluate(f"{CLOCK.format(waiting)}.textContent") == "10:00", "not its time"
        header = page.locator(".time-control").inner_text()
        assert header == "Fischer: 10m + 10s per move"


def test_the_status_line_and_the_panel_clock_show_the_same_time(launch):
    """One rule (TABLE.clockText: whole seconds rounded up) and one tick for both: the status
    line's "m:ss left." is always the player's own panel clock."""
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 2, [alice, bob])
    owing = _nearly_out(match, 300)
    cookie = session_cookie((alice, bob)[owing])
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        clock = CLOCK.format(owing)
        wait_js(page, f"{clock}.classList.contains('ticking')")
        seen = set()
        for _n in range(24):  # across several second boundaries
            status, panel = page.evaluate(
                f"[document.getElementById('status').textContent, {clock}.textContent]"
            )
            assert status == f"Your turn. {panel} left.", (status, panel)
            seen.add(panel)
            page.wait_for_timeout(130)
        assert len(seen) >= 2, "it ticked while we looked"
        rule = page.evaluate(
            "[0, 0.2, 1, 59.01, 59.99, 60, 61, 3599.5, 3600, 5400, 172799, 172800, 200000]"
            ".map(TABLE.clockText)"
        )
        assert rule == [
            "0:00", "0:01", "0:01", "1:00", "1:00", "1:00", "1:01", "1:00 h", "1:00 h",
            "1:30 h", "47:59 h", "2 d 0 h", "2 d 7 h",
        ]  # fmt: skip


# Counts the beeps: every oscillator started (the page's AudioContext, stood in for).
COUNT_BEEPS = """
window.__beeps = 0;
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createGain() { return {gain: {}, connect: (x) => x}; }
  createOscillator() {
    return {frequency: {}, connect: (x) => x, start: () => { window.__beeps += 1; }, stop() {}};
  }
};
"""


def test_the_low_time_sound_is_the_players_own_and_can_be_turned_off(launch):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = seeded_match("dicecity", 2, [alice, bob])
    owing = _nearly_out(match, 20)  # under the low mark (30 s)
    me, other = (alice, bob)[owing], (alice, bob)[1 - owing]
    cookies = {u: session_cookie(u) for u in (me, other, carol)}
    path = f"/matches/{match.pk}/"
    low = f"{CLOCK.format(owing)}.classList.contains('clock-low')"
    with launch() as open_page:
        mine = open_page(cookies[me], path, init_script=COUNT_BEEPS)
        wait_js(mine, low)
        wait_js(mine, "window.__beeps === 1")
        mine.wait_for_timeout(1200)
        assert mine.evaluate("window.__beeps") == 1, "once for this run of the clock"
        assert mine.locator("#clock-sound").is_checked()

        waiting = open_page(cookies[other], path, init_script=COUNT_BEEPS)
        wait_js(waiting, low)
        waiting.wait_for_timeout(1000)
        assert waiting.evaluate("window.__beeps") == 0, "another seat's low clock is silent"

        watcher = open_page(cookies[carol], path, init_script=COUNT_BEEPS)
        wait_js(watcher, low)
        watcher.wait_for_timeout(1000)
        assert watcher.evaluate("window.__beeps") == 0
        assert watcher.locator("#clock-sound").count() == 0, "no sound offered to spectators"

        mine.locator("#clock-sound").uncheck()  # off: remembered for the next page
        assert mine.evaluate("localStorage.getItem('clock-sound')") == "off"
        mine.reload()
        wait_js(mine, low)
        mine.wait_for_timeout(1000)
        assert mine.evaluate("window.__beeps") == 0
        assert not mine.locator("#clock-sound").is_checked()
        mine.locator("#clock-sound").check()  # on again: a beep to hear what it is
        wait_js(mine, "window.__beeps === 1")


def _shift_clock(ms: int) -> str:
    """An init script: this browser's clock `ms` off the server's (Date.now and new Date())."""
    return f"""
(function () {{
  const Real = Date, shift = {ms};
  class Shifted extends Real {{
    constructor(...args) {{ if (args.length) super(...args); else super(Real.now() + shift); }}
    static now() {{ return Real.now() + shift; }}
  }}
  window.Date = Shifted;
}})();
"""


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_clock_reads_the_servers_time_whatever_the_browsers_clock_says(launch):
    """The page corrects for the browser's clock (its offset from the server's Date header):
    a browser an hour fast does not show the player out of time, one 47 minutes slow does not
    give them 47 more minutes."""
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 2, [alice, bob])
    owing = _nearly_out(match, 300)
    deadline = Match.objects.get(pk=match.pk).deadline
    cookie = session_cookie(alice)
    clock = CLOCK.format(owing)
    with launch() as open_page:
        for shift in (3_600_000, -47 * 60_000):
            page = open_page(cookie, f"/matches/{match.pk}/", init_script=_shift_clock(shift))
            off = page.evaluate("Date.now()") - timezone.now().timestamp() * 1000
            assert abs(off - shift) < 5000, "the browser's clock is off by the shift"
            stamp = time.monotonic() + 20
            while True:
                text = page.evaluate(f"{clock}.textContent")
                truth = (deadline - timezone.now()).total_seconds()
                if ":" in text and " " not in text and abs(_seconds(text) - truth) <= 3:
                    break
                assert time.monotonic() < stamp, f"shift {shift} ms: {text}, truth {truth:.0f} s"
                page.wait_for_timeout(100)
            assert 240 < truth < 300, "it ticks from the deadline the server gave"
            page.context.close()
