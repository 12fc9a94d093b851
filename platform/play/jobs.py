"""play's outbox handlers: announce a committed change when the process that made it could not
(it died after the commit, or Redis or the broker was down); act on a match whose clock ran
out (recorded by the deadline sweep). Imported in PlayConfig.ready."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from outbox.registry import job_chunk_handler, job_handler
from play.models import Match
from play.services import MATCH_CHANGED_JOB, TIMEOUT_JOB, match_announce, match_time_out
from play.timeouts import CHUNK_SIZE, matches_time_out


@job_handler(MATCH_CHANGED_JOB)
def match_changed_job(payload: dict[str, Any]) -> None:
    """Announce the match as it is now: sockets render their current view, and the listeners
    act on the current seats (a turn e-mail no longer due is not sent). Raises to be retried."""
    match = Match.objects.filter(pk=payload["match"]).first()
    if match is None:
        return  # deleted since: nothing left to announce
    seats = list(match.seats.select_related("user"))
    failures = match_announce(match, seats)
    if failures:
        raise failures[0]


@job_handler(TIMEOUT_JOB)
def match_time_out_job(payload: dict[str, Any]) -> None:
    """A deadline the sweep found passed at `now`: the automatic moves, unless a move came
    since (the deadline is then later than `now`). Safe to run twice: the version decides."""
    match_time_out(match_id=payload["match"], now=parse_datetime(payload["now"]))


def _moment(text: str) -> datetime:
    moment = parse_datetime(text)
    if moment is None:
        raise ValueError(f"not a date and time: {text!r}")
    return moment


@job_chunk_handler(TIMEOUT_JOB, size=CHUNK_SIZE)
def matches_time_out_job(payloads: list[dict[str, Any]]) -> None:
    """Up to CHUNK_SIZE of those deadlines in one transaction (play/timeouts.py); if it raises,
    the outbox runs each job alone with the handler above."""
    matches_time_out([(p["match"], _moment(p["now"])) for p in payloads])
