"""The deadline sweep's timeouts in chunks (docs/play.md, "Clocks"; issue 14, point 11).

The sweep records one `play.match_time_out` outbox job per match past its deadline
(`services.clocks_queue`); the outbox takes them CHUNK_SIZE at a time (outbox.registry's chunk
handlers) and hands them to `matches_time_out`, in one transaction:

- the chunk's match rows are locked in id order (a move locks one match row: no deadlock), their
  seats read in one query, and the last own move of every seat that may miss a turn in one more;
- each match's automatic moves are computed in memory exactly as `services.match_time_out` does
  them one by one (a bot's move for a bot seat or a seat that left, a forfeit, or the whole turn
  of a seat out of time, then its missed-turn count and, at MISSED_TURNS_LIMIT, its forfeit);
- the writes are one INSERT of log entries, one UPDATE of the seats, one of the matches and one
  INSERT of the `play.match_changed` jobs for the whole chunk; the finished matches are handed to
  the other apps at once (`matches_finished`: the ladders rate them together);
- after the commit, each change is announced as a move's is (sockets, `match_changed`: turn
  e-mails, "a bot moved for you", the bots), and the announced jobs are deleted in one DELETE.

If the chunk raises, the outbox rolls it back with its after-commit work and runs its jobs one
by one (`match_time_out`): nothing is lost and nothing is announced (nor e-mailed) twice.
"""

from __future__ import annotations

import copy
import logging
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from games.core import Game, IllegalAction, InvalidAction, Outcome
from outbox.models import Job
from outbox.services import jobs_done
from play import announce, banks, clocks, errors, rows, services, snapshots
from play.models import ActionRecord, Match, Seat, TimeoutPolicy
from play.signals import matches_finished

log = logging.getLogger(__name__)

# Timeout jobs taken together in one transaction (outbox_drain): enough to share the fixed cost
# of a transaction and its statements, few enough that a failed chunk redone job by job is cheap
# and that moves do not wait long on the locked rows.
CHUNK_SIZE = 25

SEAT_FIELDS = [
    "to_act", "to_act_since", "forfeited", "place", "score", "missed_in_a_row", "last_missed_seq",
]  # fmt: skip


class _Chunk:
    """What a chunk wrote in memory, written at its end in one statement per table."""

    def __init__(self) -> None:
        self.records: list[ActionRecord] = []
        self.seats: dict[int, Seat] = {}
        self.matches: dict[int, Match] = {}
        self.finished: list[tuple[Match, list[Seat]]] = []
        # each change to announce after the commit: the rows as it left them
        self.changes: list[tuple[Match, list[Seat]]] = []

    def changed(self, match: Match, seats: list[Seat]) -> None:
        self.matches[match.pk] = match
        self.changes.append((copy.copy(match), [copy.copy(s) for s in seats]))


def matches_time_out(items: Sequence[tuple[int, datetime]]) -> int:
    """Inside the caller's transaction: the matches `(match id, now)` whose deadline had passed at
    `now` get their automatic moves (services.clocks_enforce says which); returns the seats
    handled. A match moved since (its deadline later than `now`) or finished is left alone."""
    due = dict(sorted(items))
    matches = list(Match.objects.select_for_update().filter(pk__in=list(due)).order_by("pk"))
    matches = [m for m in matches if _still_due(m, due[m.pk])]
    if not matches:
        return 0
    seats_of: dict[int, list[Seat]] = defaultdict(list)
    seats = Seat.objects.filter(match_id__in=[m.pk for m in matches]).select_related("user")
    for seat in seats.order_by("match_id", "index"):
        seats_of[seat.match_id].append(seat)
    chunk = _Chunk()
    by_hand: list[tuple[Match, datetime]] = []
    plans = []
    for match in matches:
        game = match.engine
        acting = list(game.to_act(match.state))
        if any(seats_of[match.pk][i].bot or seats_of[match.pk][i].forfeited for i in acting):
            by_hand.append((match, due[match.pk]))  # a bot's own move: action_submit's path
            continue
        plans.append((match, game, acting))
    own_moves = _own_moves_since(plans, seats_of)
    handled = 0
    for match, game, acting in plans:
        for seat_index in acting:
            seat = seats_of[match.pk][seat_index]
            handled += _time_out(
                chunk, match, game, seats_of[match.pk], seat, own_moves, due[match.pk]
            )
    _write(chunk)
    for match, now in by_hand:  # rare: a bot seat whose own move was lost
        handled += services.match_time_out(match_id=match.pk, now=now)
    return handled


def _still_due(match: Match, now: datetime) -> bool:
    return not match.is_finished and match.deadline is not None and match.deadline < now


def _own_moves_since(
    plans: list[tuple[Match, Game, list[int]]], seats_of: dict[int, list[Seat]]
) -> set[tuple[int, int]]:
    """(match, seat) of the seats that may miss a turn and moved themselves since the last turn
    they missed: one query for the chunk (a join on the list, which the ORM would build as one
    OR of conditions per seat, slowly)."""
    wanted = [
        (match.pk, i, seats_of[match.pk][i].last_missed_seq)
        for match, game, acting in plans
        for i in acting
        if _misses_turn(match, game, i)
    ]
    if not wanted:
        return set()
    table = ActionRecord._meta.db_table
    values = ", ".join(["(%s, %s, %s)"] * len(wanted))
    sql = (
        f"WITH w(m, s, after) AS (VALUES {values}) "  # noqa: S608 - fixed names
        f"SELECT DISTINCT w.m, w.s FROM w JOIN {table} a "
        "ON a.match_id = w.m AND a.seat = w.s AND a.seq > w.after AND NOT a.timed_out"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [p for row in wanted for p in row])
        return {(m, s) for m, s in cursor.fetchall()}


def _misses_turn(match: Match, game: Game, seat_index: int) -> bool:
    """A bot plays the turn (else the seat forfeits): the engine's timeout action, or the
    table's choice."""
    return (
        game.timeout_action(match.state, seat_index) is not None
        or match.on_timeout != TimeoutPolicy.FORFEIT
    )


def _time_out(
    chunk: _Chunk,
    match: Match,
    game: Game,
    seats: list[Seat],
    seat: Seat,
    own_moves: set[tuple[int, int]],
    due: datetime,
) -> int:
    if match.is_finished or seat.index not in game.to_act(match.state):
        return 0  # an earlier seat's turn ended the match, or this seat's decision
    if not banks.out_of_time(match, seat, due):
        return 0  # its own bank has time left: only the seats out of time are charged
    if not _misses_turn(match, game, seat.index) or not clocks.plays_on(banks.control(match)):
        _forfeit(chunk, match, game, seats, seat, "out of time")  # a flag without a next turn
        return 1
    before = match.version
    last = _turn_played(chunk, match, game, seats, seat)
    own_move_since = (match.pk, seat.index) in own_moves
    missed = 1 if own_move_since or seat.last_missed_seq == 0 else seat.missed_in_a_row + 1
    seat.missed_in_a_row, seat.last_missed_seq = missed, last
    chunk.seats[seat.pk] = seat
    if last != before:  # announced with the count in hand (the e-mail "a bot moved for you")
        chunk.changed(match, seats)
    if missed >= services.MISSED_TURNS_LIMIT and not match.is_finished:
        _forfeit(chunk, match, game, seats, seat, f"missed {missed} turns in a row")
    return 1


def _turn_played(chunk: _Chunk, match: Match, game: Game, seats: list[Seat], seat: Seat) -> int:
    """services._timed_out_turn in memory: the seat's decisions until its turn passes (at most
    200); returns the last version written."""
    part = banks.parts(match, seat.index)
    for _n in range(200):
        acting = game.to_act(match.state)
        if match.is_finished or seat.index not in acting or banks.parts(match, seat.index) != part:
            break
        action = services._parse(
            game, services._bot_action(match, game, seat.index, "", timed_out=True)
        )
        _decision(chunk, match, game, seats, seat.index, action, acting)
    return match.version


def _decision(
    chunk: _Chunk,
    match: Match,
    game: Game,
    seats: list[Seat],
    seat_index: int,
    action: dict[str, Any],
    acting: Sequence[int],
) -> None:
    """One decision as services._apply makes it, written later with the chunk's."""
    try:
        state = game.apply(match.state, seat_index, action)
    except (InvalidAction, IllegalAction) as exc:
        raise errors.PlayError("illegal_action", exc.reason, 422) from exc
    text = game.narrate(match.state, seat_index, action, state)
    public = game.public_action(match.state, seat_index, action)
    revealed = game.reveals(match.state, seat_index, action, state)
    services._record(match, seat_index, action, public, text, acting, True, revealed, chunk.records)
    match.state = state
    for changed in services._turns_compute(match, game, seats, before=acting, decided=seat_index):
        chunk.seats[changed.pk] = changed
    outcome = game.outcome(state)
    if outcome is not None:
        _finish(chunk, match, seats, outcome)


def _forfeit(
    chunk: _Chunk, match: Match, game: Game, seats: list[Seat], seat: Seat, reason: str
) -> None:
    """services.seat_forfeit in memory: the seat ranks last and a bot plays on for it; fewer
    than two seats left end the match (the seats left share the win)."""
    seat.forfeited = True
    chunk.seats[seat.pk] = seat
    acting = game.to_act(match.state)
    event = {"type": "_forfeit", "seat": seat.index, "reason": reason}
    text = f"left the match ({reason})"
    services._record(match, seat.index, event, event, text, acting, False, True, chunk.records)
    remaining = [s.index for s in seats if not s.forfeited]
    if len(remaining) < 2:
        places = [1 if s.index in remaining else 0 for s in seats]
        _finish(chunk, match, seats, Outcome(tuple(places), tuple(0 for _n in seats), "forfeit"))
    chunk.changed(match, seats)


def _finish(chunk: _Chunk, match: Match, seats: list[Seat], outcome: Outcome) -> None:
    """services._finish in memory; the other apps hear of it with the chunk (_write)."""
    services.finish_in_memory(match, seats, outcome)
    for seat in seats:
        chunk.seats[seat.pk] = seat
    chunk.finished.append((match, seats))


def _write(chunk: _Chunk) -> None:
    """The chunk's rows in one statement per table, the finished matches told to the other apps
    in this transaction, and the announcements queued for after the commit."""
    if not chunk.changes:
        return
    now = timezone.now()
    for record in chunk.records:
        record.created_at = now
    rows.rows_insert(ActionRecord, chunk.records)
    if chunk.seats:
        rows.rows_update(Seat, list(chunk.seats.values()), SEAT_FIELDS)
    for match in chunk.matches.values():
        match.updated_at = now
    rows.rows_update(Match, list(chunk.matches.values()), services.MOVING_FIELDS)
    due_at = now + timedelta(seconds=settings.OUTBOX_GRACE_SECONDS)
    jobs = [
        Job(
            kind=services.MATCH_CHANGED_JOB,
            payload={"match": match.pk, "version": match.version},
            due_at=due_at,
            created_at=now,
        )
        for match, _seats in chunk.changes
    ]
    rows.rows_insert(Job, jobs)
    if chunk.finished:
        matches_finished.send(sender=Match, finished=chunk.finished)
    announced = list(zip(chunk.changes, jobs, strict=True))
    transaction.on_commit(lambda: _announce(announced), robust=True)


def _announce(announced: list[tuple[tuple[Match, list[Seat]], Job]]) -> None:
    """After the commit: each change told to the sockets and the listening apps, as a move's
    (services._after_commit, services.match_announce), the broadcasts from one trip into the
    event loop; the jobs of those fully announced deleted in one statement (the others stay for
    the outbox worker)."""
    if announce.deferring():  # a socket's event loop: its own way (play/announce.py)
        for (match, seats), job in announced:
            services._after_commit(match, seats, job)
        return
    for (match, seats), _job in announced:
        snapshots.store(match, seats, None)
        try:
            snapshots.prerender(match, seats)
        except Exception:  # the sockets render it themselves then
            log.exception("match %s: frames of version %s not rendered", match.pk, match.version)
    try:
        sent = services.matches_broadcast([(m.pk, m.version) for (m, _s), _j in announced])
    except Exception as exc:
        log.exception("the broadcasts of %s timeouts failed", len(announced))
        sent = [exc] * len(announced)
    done = []
    for ((match, seats), job), failure in zip(announced, sent, strict=True):
        if failure is not None:
            log.error(
                "match %s: broadcast of version %s failed: %s", match.pk, match.version, failure
            )
        if not services.match_tell_apps(match, seats) and failure is None:
            done.append(job.pk)
    jobs_done(done)
