"""What happens to a seat whose bank ran out (docs/play.md, "Out of time"), on both of the
sweep's paths (services.clocks_enforce one match at a time, timeouts.matches_time_out in
chunks):

- the table's "forfeit" policy (ranked default): the flag is a loss at once (lichess);
- the "bot" policy (casual default): the bot plays the turn it ran out on (BGA's skip) and the
  seat plays on with what the control adds per move; three such turns in a row and it forfeits;
- a control that adds nothing per move (Fischer or a capped bank with no increment): there is
  no next turn to play, each one would time out at once, so the flag is final: the seat
  forfeits on the first sweep, whatever the policy."""

from datetime import timedelta
from unittest import mock

import pytest
from django.db import transaction
from django.utils import timezone

from lobbies.services import lobby_create, lobby_join
from play import clocks, timeouts
from play.models import ActionRecord, Match
from play.services import MISSED_TURNS_LIMIT, action_submit, clocks_enforce


@pytest.fixture
def now():
    wall = {"now": timezone.now()}
    with mock.patch("django.utils.timezone.now", lambda: wall["now"]):
        yield wall


def _match(host, other, clock, policy="bot"):
    table = lobby_create(
        host=host, game="goofspiel", seats=2, options={"cards": 8}, clock=clock,
        timeout_policy=policy,
    )  # fmt: skip
    lobby_join(table_id=table.pk, user=other)
    return Match.objects.get(table=table)


def _sweep(path, at):
    if path == "one by one":
        return clocks_enforce(now=at)
    overdue = list(Match.objects.filter(deadline__lt=at).values_list("pk", flat=True))
    with transaction.atomic():
        return timeouts.matches_time_out([(pk, at) for pk in overdue])


def _seats(match):
    return list(match.seats.order_by("index"))


PATHS = ["one by one", "in chunks"]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "fischer", "base": 60, "increment": 0},
        {"kind": "capped", "base": 60, "increment": 0, "cap": 60},
    ],
)
def test_a_flag_with_nothing_to_play_on_is_final_at_once(alice, bob, now, path, clock):
    match = _match(alice, bob, clock)
    assert not clocks.plays_on(clocks.control_from(match.clock))
    now["now"] += timedelta(seconds=61)
    assert _sweep(path, now["now"]) >= 1
    match.refresh_from_db()
    assert match.status == "finished", "a seat flagged: one left, the match is over"
    assert any(s.forfeited for s in _seats(match))
    assert not ActionRecord.objects.filter(match=match, timed_out=True).exists(), (
        "no turn played for a seat that cannot play its next one"
    )
    reasons = {r.action["reason"] for r in ActionRecord.objects.filter(match=match)}
    assert reasons == {"out of time"}


@pytest.mark.parametrize("path", PATHS)
def test_a_flag_under_the_bot_policy_plays_on_the_increment(alice, bob, now, path):
    match = _match(alice, bob, {"kind": "fischer", "base": 60, "increment": 15})
    assert clocks.plays_on(clocks.control_from(match.clock))
    now["now"] += timedelta(seconds=61)
    assert _sweep(path, now["now"]) == 2
    match.refresh_from_db()
    seats = _seats(match)
    assert not any(s.forfeited for s in seats) and match.status == "active"
    assert [s.missed_in_a_row for s in seats] == [1, 1]
    assert [b["left"] for b in match.banks] == [15.0, 15.0], "the next turn has its increment"
    assert match.deadline == now["now"] + timedelta(seconds=15), "not out of time at once"
    assert _sweep(path, now["now"] + timedelta(seconds=14)) == 0
    # the next turn missed as well, then the third in a row: the seat forfeits
    now["now"] += timedelta(seconds=16)
    assert _sweep(path, now["now"]) == 2
    assert [s.missed_in_a_row for s in _seats(match)] == [2, 2]
    assert MISSED_TURNS_LIMIT == 3
    now["now"] += timedelta(seconds=16)
    assert _sweep(path, now["now"]) >= 1
    match.refresh_from_db()
    assert match.status == "finished" and any(s.forfeited for s in _seats(match))
    last = ActionRecord.objects.filter(match=match, action__type="_forfeit").first()
    assert last.action["reason"] == "missed 3 turns in a row"


@pytest.mark.parametrize("path", PATHS)
def test_a_flag_under_the_forfeit_policy_is_a_loss_at_once(alice, bob, now, path):
    match = _match(alice, bob, {"kind": "fischer", "base": 60, "increment": 15}, "forfeit")
    now["now"] += timedelta(seconds=61)
    assert _sweep(path, now["now"]) >= 1
    assert any(s.forfeited for s in _seats(match))
    match.refresh_from_db()
    assert match.status == "finished"
    assert not ActionRecord.objects.filter(match=match, timed_out=True).exists()


def test_only_the_seat_out_of_time_flags(alice, bob, now):
    match = _match(alice, bob, {"kind": "fischer", "base": 60, "increment": 0})
    now["now"] += timedelta(seconds=30)
    action_submit(match_id=match.pk, user=alice, action="bid card=1", version=0)
    now["now"] += timedelta(seconds=31)  # alice: 30 s of her 60 used; bob: all 61
    assert clocks_enforce(now=now["now"]) == 1
    mine, his = match.seats.get(user=alice), match.seats.get(user=bob)
    assert (mine.forfeited, his.forfeited) == (False, True)
    match.refresh_from_db()
    assert match.status == "finished", "one seat left: the match ends"
    assert (mine.place, his.place) == (1, 2)
