"""The panel clocks in Chromium (play/banks.py, static/js/match.js): the seat owing a decision
ticks down from its server deadline, turns red under the low mark and stops at zero; the seat
owing nothing shows its bank still; the table header names the time control."""

from __future__ import annotations

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
    owing = _nearly_out(match, 4)
    waiting = 1 - owing
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        clock = CLOCK.format(owing)
        wait_js(page, f"{clock}.textContent.startsWith('0:0')")
        first = page.evaluate(f"{clock}.textContent")
        assert page.evaluate(f"{clock}.classList.contains('clock-low')"), "4 s is low time"
        assert page.evaluate(f"{CLOCK.format(waiting)}.textContent") == "10:00"
        wait_js(page, f"{clock}.textContent !== '{first}'")  # it ticks
        page.screenshot(path=str(SHOTS / "clock-low.png"))
        wait_js(page, f"{clock}.textContent === '0:00' && {clock}.classList.contains('clock-out')")
        assert page.evaluate(f"{CLOCK.format(waiting)}.textContent") == "10:00", "not its time"
        header = page.locator(".time-control").inner_text()
        assert header == "Fischer: 10m + 10s per move"
