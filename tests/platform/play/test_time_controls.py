"""Each time control's arithmetic (play/clocks.py): a bank never goes negative, the cap is never
exceeded, and the time charged is the wall time the seat owed a decision."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.clocks import (
    BadControl,
    Control,
    charge,
    charged,
    complete,
    control_from,
    deadline,
    running,
)

START = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)  # a Monday
controls = st.one_of(
    st.builds(lambda b, i: Control("fischer", b, i), st.integers(10, 7200), st.integers(0, 120)),
    st.builds(
        lambda b, i, extra: Control("capped", b, i, b + extra),
        st.integers(10, 7200),
        st.integers(0, 600),
        st.integers(0, 7200),
    ),
    st.builds(lambda b: Control("simple", b, b, b), st.integers(10, 3600)),
    st.builds(
        lambda d, c, w: Control("days", d * 86400, d * 86400, c * 86400, w),
        st.integers(1, 3),
        st.integers(3, 10),
        st.booleans(),
    ),
)
# a seat's turns: (seconds it owed a decision, seconds until its next turn)
turns = st.lists(st.tuples(st.integers(0, 5 * 86400), st.integers(0, 3 * 86400)), max_size=30)


def _play(control, plan, zone="UTC"):
    bank, moment, total_charged, total_owed = float(control.base), START, 0.0, 0.0
    for owed, wait in plan:
        until = moment + timedelta(seconds=owed)
        total_owed += running(moment, until, control, zone)
        took = charged(bank, moment, until, control, zone)
        after = charge(bank, moment, until, control, zone)
        assert after >= 0, "a bank never goes negative"
        total_charged += took
        bank = complete(after, control)  # at zero: the site played the turn for it
        if control.cap is not None:
            assert bank <= control.cap, "the cap is never exceeded"
        moment = until + timedelta(seconds=wait)
        yield bank, took, total_charged, total_owed


@given(controls, turns)
def test_it_never_goes_negative_nor_past_the_cap(control, plan):
    for bank, _took, _sum, _owed in _play(control, plan):
        assert bank >= 0
        assert control.cap is None or bank <= control.cap


@given(controls, st.lists(st.integers(0, 3600), max_size=30))
def test_it_charges_exactly_the_wall_time_owed_while_the_bank_lasts(control, owed):
    """Whatever the seat owed, up to its bank, is charged: nothing more, nothing less."""
    plan = [(o, 60) for o in owed]
    for bank_after, took, _sum, _owed in _play(control, plan):
        assert took >= 0 and bank_after >= 0
    bank, moment = float(control.base), START
    for o in owed:
        until = moment + timedelta(seconds=o)
        wall = running(moment, until, control)
        assert charged(bank, moment, until, control) == pytest.approx(min(bank, wall))
        bank = complete(charge(bank, moment, until, control), control)
        moment = until + timedelta(seconds=60)


@given(controls, st.floats(0, 10 * 86400), st.integers(0, 14 * 86400))
def test_the_deadline_is_when_the_bank_reaches_zero(control, bank, offset):
    since = START + timedelta(seconds=offset)
    end = deadline(bank, since, control, "Europe/Madrid")
    assert charge(bank, since, end, control, "Europe/Madrid") == pytest.approx(0, abs=1e-6)
    if bank > 1:
        before = end - timedelta(seconds=1)
        assert charge(bank, since, before, control, "Europe/Madrid") > 0


def test_fischer_adds_the_increment_without_a_cap():
    control = control_from({"kind": "fischer", "base": 1200, "increment": 30})
    bank = charge(1200, START, START + timedelta(seconds=100), control)
    assert bank == 1100 and complete(bank, control) == 1130


def test_a_capped_bank_stops_at_its_cap():
    control = control_from({"kind": "capped", "base": 600, "increment": 60, "cap": 620})
    assert complete(590, control) == 620


def test_simple_refills_the_time_per_move():
    control = control_from({}, move_seconds=300)
    assert control.kind == "simple" and complete(12, control) == 300


def test_a_weekend_pause_stops_the_clock_on_saturday_and_sunday_in_the_players_zone():
    control = control_from(
        {"kind": "days", "base": 86400, "increment": 86400, "cap": 259200, "weekends": True}
    )
    friday_noon = datetime(2026, 12, 11, 12, 0, tzinfo=UTC)
    monday_noon = friday_noon + timedelta(days=3)
    assert running(friday_noon, monday_noon, control, "UTC") == 86400
    sunday_night = datetime(2026, 12, 13, 20, 0, tzinfo=UTC)
    assert running(friday_noon, sunday_night, control, "UTC") == 12 * 3600
    # in Tokyo that is Friday 21:00 to Monday 05:00: three hours of Friday, five of Monday
    assert running(friday_noon, sunday_night, control, "Asia/Tokyo") == 8 * 3600
    assert deadline(86400, friday_noon, control, "UTC") == monday_noon


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "blitz", "base": 60},
        {"kind": "fischer", "base": 5},
        {"kind": "fischer", "base": "ten"},
        {"kind": "capped", "base": 600, "increment": 10},
        {"kind": "capped", "base": 600, "increment": 10, "cap": 100},
        {"kind": "fischer", "base": 600, "increment": -1},
        ["fischer"],
    ],
)
def test_a_bad_control_is_refused(data):
    with pytest.raises(BadControl):
        control_from(data)
