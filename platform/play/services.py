"""Writes on matches: start, submit an action, forfeit, enforce clocks (STYLE.md, 8).

`action_submit` is the one door every move goes through (browser, API, e-mail, bot): it locks
the match row, checks the version, asks the engine, appends to the log, stores the snapshot and
bumps the version in one transaction. The work that follows (the broadcast, and the listeners
of `match_changed`: turn e-mails, bot moves, tournaments) is recorded in that transaction as an
outbox job, run by this process right after the commit and retried by the outbox worker until
done if that run fails or never happens (ARCHITECTURE.md, "A move, end to end").
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, cast

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import Game, GameError, IllegalAction, InvalidAction, Outcome, Phrase, Rng
from games.core.levels import DEFAULT_LEVEL, make_bot
from games.core.playout import pick_bot
from outbox.models import Job
from outbox.services import job_done, job_record
from play import announce, banks, clocks, errors, rows, snapshots
from play.models import ActionRecord, Match, Seat, TimeoutPolicy
from play.signals import match_changed, match_finished
from shared import metrics
from shared.logs import log_context

log = logging.getLogger(__name__)
_Submit = TypeVar("_Submit", bound=Callable[..., Any])

# The columns a move, a forfeit or the end of a match may change: only these are written.
MOVING_FIELDS = [
    "version", "state", "status", "outcome", "deadline", "banks", "updated_at", "finished_at",
]  # fmt: skip


def match_create(
    *,
    game: Game,
    players: Sequence[tuple[Any, str]],
    options: dict[str, Any],
    ranked: bool,
    mode: str,
    move_seconds: int,
    table: Any = None,
    shuffle: bool = True,
    vacation_allowed: bool = True,
    clock: dict[str, Any] | None = None,
) -> Match:
    """Seat `players` ((user, "") or (None, bot name)) in a random order and set the game up;
    `shuffle=False` keeps their order (a tournament's planned seat rotation);
    `vacation_allowed=False`: vacations never pause this match's clocks (a tournament's rule);
    `clock`: the time control (play/clocks.py; None: `move_seconds` per move)."""
    order = list(players)
    if shuffle:
        secrets.SystemRandom().shuffle(order)
    seed = secrets.randbits(62)
    # Cleaned here once more: a new match gets every default, among them the hidden ones (the
    # rules version) that a table or tournament stored before they existed lacks.
    options = game.clean_options(options)
    state = game.setup(len(order), seed, options)
    match = Match.objects.create(
        table=table,
        game=game.name,
        seed=seed,
        options=options,
        ranked=ranked,
        mode=mode,
        move_seconds=move_seconds,
        clock=clocks.control_from(clock, move_seconds).to_json(),
        state=state,
        vacation_allowed=vacation_allowed,
    )
    Seat.objects.bulk_create(
        Seat(match=match, index=i, user=user, bot=bot) for i, (user, bot) in enumerate(order)
    )
    seats = list(match.seats.select_related("user"))
    _sync_turns(match, game, seats, before=())
    match.save()
    _after_commit_record(match, seats)
    return match


def _logged_move(submit: _Submit) -> _Submit:
    """Every log record made while a move is submitted names its match and version."""

    @functools.wraps(submit)
    def logged(*, match_id: int, version: Any, **rest: Any) -> Match:
        with log_context(match_id=match_id, version=version):
            match = submit(match_id=match_id, version=version, **rest)
        metrics.move_counted(match.game)
        return match

    return cast(_Submit, logged)


@_logged_move
def action_submit(
    *,
    match_id: int,
    action: Any,
    version: Any,
    user: Any = None,
    seat_index: int | None = None,
    timed_out: bool = False,
) -> Match:
    """Apply one decision for the seat of `user` (or `seat_index`, for bots and timeouts;
    `timed_out`: the site chose it because the seat's clock ran out, and the log says so)."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise errors.malformed("'version' must be the non-negative integer you last saw.")
    if rows.fast():
        cached = _written_here(match_id) or snapshots.cached(match_id)
        if cached is not None:
            moved = _submit_cached(cached, action, version, user, seat_index, timed_out)
            if moved is not None:
                _keep_written(*moved)
                return moved[0]
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seats = list(match.seats.select_related("user"))
        seat = _find_seat(seats, user, seat_index)
        if match.is_finished:
            raise errors.finished()
        if seat.forfeited and seat_index is None:
            # The bot plays a resigned seat (by seat_index); its player may not move for it.
            raise errors.PlayError("forfeited", _("You have left this match."), 409)
        game = match.engine
        action = _parse(game, action)
        acting = game.to_act(match.state)
        if seat.index not in acting:
            raise errors.not_your_turn()
        if seat_index is None and banks.out_of_time(match, seat, timezone.now()):
            raise errors.PlayError(
                "out_of_time", _("Your time has run out: the site plays this turn for you."), 409
            )
        if version != match.version and not _concurrent_choice(match, seat.index, version):
            raise errors.stale_version(match.version)
        _apply(match, game, seats, seat.index, action, acting, timed_out)
    _keep_written(match, seats)
    return match


# The rows of a match as the caller's open transaction wrote them, inside `one_by_one` (an
# e-mail reply's several decisions in one transaction, notifications/inbound.py): the next
# decision is computed from them and written in one statement (rows.move_write) instead of
# locking and reading the rows again; the process's snapshot cache only has committed
# versions, stored after the commit. The write checks the row's version and updated_at (the
# microsecond of the last move): rows the database no longer holds (a savepoint rolled back)
# do not match, and the locked path decides on fresh rows, as for any stale cache.
_written = threading.local()


@contextlib.contextmanager
def one_by_one(match_id: int) -> Iterator[None]:
    """Several decisions of one match in the caller's transaction, nothing else written to its
    rows meanwhile: each one after the first is computed from the rows the one before wrote."""
    if not connection.in_atomic_block:
        raise RuntimeError("one_by_one: inside the caller's transaction only")
    _written.match_id, _written.rows = match_id, None
    try:
        yield
    finally:
        _written.match_id, _written.rows = None, None


def _written_here(match_id: int) -> tuple[Match, list[Seat]] | None:
    if getattr(_written, "match_id", None) != match_id:
        return None
    return cast("tuple[Match, list[Seat]] | None", _written.rows)


def _keep_written(match: Match, seats: list[Seat]) -> None:
    if getattr(_written, "match_id", None) == match.pk:
        _written.rows = None if match.is_finished else (match, [copy.copy(s) for s in seats])


class _Moved(Exception):
    """The match row was no longer at the version this process had: nothing was written."""


def _submit_cached(
    cached: tuple[Match, list[Seat]],
    action: Any,
    version: int,
    user: Any,
    seat_index: int | None,
    timed_out: bool,
) -> tuple[Match, list[Seat]] | None:
    """The move computed from this process's rows of the match at their version (the seats with
        their users are loaded once, not per move) and written in one statement if the row is still
        at that version (play/rows.py). None: the locked path decides, on fresh rows (the rows had
        moved on, or the move is refused: the refusal is given from the database's rows); else the
    match and seats as written."""
    known, known_seats = cached
    if known.is_finished or version != known.version:
        return None
    game = known.engine
    try:
        seat = _find_seat(known_seats, user, seat_index)
        parsed = _parse(game, action)
    except errors.PlayError:
        return None
    acting = game.to_act(known.state)
    if (seat.forfeited and seat_index is None) or seat.index not in acting:
        return None
    if seat_index is None and banks.out_of_time(known, seat, timezone.now()):
        return None  # refused on the locked path
    # Copies: the cached rows are shared with the threads rendering this version's frames.
    match = copy.copy(known)
    seats = [copy.copy(s) for s in known_seats]
    try:
        with transaction.atomic():
            _apply(match, game, seats, seat.index, parsed, acting, timed_out, before=version)
    except (_Moved, errors.PlayError):
        return None
    return match, seats


def _find_seat(seats: list[Seat], user: Any, seat_index: int | None) -> Seat:
    for seat in seats:
        if seat_index is not None and seat.index == seat_index:
            return seat
        if user is not None and seat_index is None and seat.user_id == user.pk:
            return seat
    raise errors.not_a_player()


def _parse(game: Game, action: Any) -> dict[str, Any]:
    try:
        if isinstance(action, str):
            return game.parse_action(action)
    except InvalidAction as exc:
        raise errors.PlayError("invalid_action", exc.reason) from exc
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise errors.malformed("'action' must be an object with a 'type', or its text notation.")
    if action["type"].startswith("_"):
        raise errors.PlayError(
            "invalid_action", _("Unknown action %(value)s.") % {"value": repr(action["type"])}
        )
    return action


def _concurrent_choice(match: Match, seat: int, version: int) -> bool:
    """A stale version is fine for a simultaneous choice (combat dials): every action since
    `version` was another seat's, taken while this seat too owed its own decision."""
    if version > match.version:
        return False
    since = ActionRecord.objects.filter(match=match, seq__gt=version)
    return all(r.seat != seat and seat in r.to_act_before for r in since)


def _apply(
    match: Match,
    game: Game,
    seats: list[Seat],
    seat: int,
    action: dict[str, Any],
    acting: Sequence[int],
    timed_out: bool = False,
    batch: list[ActionRecord] | None = None,
    before: int | None = None,
) -> None:
    """Apply and write one decision. `before`: the version the rows in hand are at, to be
    written in one statement only if the row still is (else _Moved); None: the row is locked.
    `batch`: the log entries are gathered there, and the caller inserts them, saves the match
    row and records the announcement once for several decisions (_timed_out_turn)."""
    try:
        state = game.apply(match.state, seat, action)
    except InvalidAction as exc:
        raise errors.PlayError("invalid_action", exc.reason) from exc
    except IllegalAction as exc:
        raise errors.PlayError("illegal_action", exc.reason, 422) from exc
    except GameError as exc:  # pragma: no cover - engines raise one of the two above
        raise errors.PlayError("illegal_action", exc.reason, 422) from exc
    now = timezone.now()
    text = game.narrate(match.state, seat, action, state)
    public = game.public_action(match.state, seat, action)
    revealed = game.reveals(match.state, seat, action, state)  # a stop for undo (play/undo.py)
    if batch is not None:
        _record(match, seat, action, public, text, acting, timed_out, revealed, batch)
        match.state = state
        _sync_turns(match, game, seats, before=acting, decided=seat)
        _finish_batch(match, seats, game.outcome(state), batch)
        return
    match.version += 1
    record = ActionRecord(
        match_id=match.pk,
        seq=match.version,
        seat=seat,
        action=action,
        public_action=public,
        text=text[:300],
        phrase=text.to_json() if isinstance(text, Phrase) else None,
        to_act_before=list(acting),
        timed_out=timed_out,
        revealed=revealed,
        created_at=now,
    )
    match.state = state
    known_updated, known_deadline = match.updated_at, match.deadline
    match.updated_at = now
    changed = _turns_compute(match, game, seats, before=acting, decided=seat, now=now)
    if before is None:
        rows.move_write_orm(match=match, record=record, seats=changed, fields=MOVING_FIELDS)
        job = _job_record(match)
    else:
        payload = {"match": match.pk, "version": match.version}
        job_id = rows.move_write(
            match=match,
            before=before,
            before_updated=known_updated,
            clock_changed=match.deadline != known_deadline,
            record=record,
            seats=changed,
            job_kind=MATCH_CHANGED_JOB,
            job_payload=payload,
            now=now,
        )
        if job_id is None:
            raise _Moved
        job = rows.job_of(job_id, MATCH_CHANGED_JOB, payload)
    outcome = game.outcome(state)
    if outcome is not None:
        _finish(match, seats, outcome)
    _after_commit_schedule(match, seats, job, record)


def _finish_batch(
    match: Match, seats: list[Seat], outcome: Outcome | None, batch: list[ActionRecord]
) -> None:
    if outcome is not None:
        if batch:  # the result's listeners see the whole log
            ActionRecord.objects.bulk_create(batch)
            batch.clear()
        _finish(match, seats, outcome)


def _record(
    match: Match,
    seat: int,
    action: dict[str, Any],
    public: dict[str, Any],
    text: str,
    acting: Sequence[int],
    timed_out: bool = False,
    revealed: bool = True,
    batch: list[ActionRecord] | None = None,
) -> None:
    match.version += 1
    row = ActionRecord(
        match=match,
        seq=match.version,
        seat=seat,
        action=action,
        public_action=public,
        text=text[:300],
        phrase=text.to_json() if isinstance(text, Phrase) else None,
        to_act_before=list(acting),
        timed_out=timed_out,
        revealed=revealed,
    )
    if batch is None:
        row.save(force_insert=True)
    else:
        batch.append(row)


def _sync_turns(
    match: Match, game: Game, seats: list[Seat], before: Sequence[int], decided: int | None = None
) -> None:
    """Mirror the engine's to_act on the seats and write the seats that changed."""
    for seat in _turns_compute(match, game, seats, before, decided=decided):
        Seat.objects.filter(pk=seat.pk).update(to_act=seat.to_act, to_act_since=seat.to_act_since)


def _turns_compute(
    match: Match,
    game: Game,
    seats: list[Seat],
    before: Sequence[int],
    decided: int | None = None,
    now: Any = None,
) -> list[Seat]:
    """Mirror the engine's to_act on the seats in hand (returned: those that changed), and
    each seat's bank after the decision of seat `decided` (play/banks.py): the match's deadline
    is the earliest of the seats owing a decision."""
    acting = set(game.to_act(match.state)) if game.outcome(match.state) is None else set()
    changed = []
    for seat in seats:
        owes = seat.index in acting
        if owes != seat.to_act:
            seat.to_act = owes
            seat.to_act_since = match.version if owes else None
            changed.append(seat)
    banks.update(match, seats, acting, before, decided, now or timezone.now())
    return changed


def _finish(match: Match, seats: list[Seat], outcome: Outcome) -> None:
    """Record places and scores; forfeited seats rank last, the earliest forfeit lowest."""
    finish_in_memory(match, seats, outcome)
    Seat.objects.bulk_update(seats, ["place", "score", "to_act"])
    match.save(update_fields=MOVING_FIELDS)
    match_finished.send(sender=Match, match=match, seats=seats)


def finish_in_memory(match: Match, seats: list[Seat], outcome: Outcome) -> None:
    """The match and its seats as finished (places, scores, no clock), not yet written: the
    one move's `_finish` and the deadline sweep's chunks (play/timeouts.py) both use it."""
    places = list(outcome.places)
    forfeits = [s.index for s in seats if s.forfeited]
    if forfeits:
        places = _places_with_forfeits(places, forfeits)
    result = outcome.to_json()
    result["places"] = places
    match.outcome = result
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.deadline = None
    for seat in seats:
        seat.place = places[seat.index]
        seat.score = float(outcome.scores[seat.index]) if outcome.scores else None
        seat.to_act = False


def _places_with_forfeits(places: list[int], forfeits: list[int]) -> list[int]:
    """Seats still in the game keep their order; forfeited ones follow in reverse order."""
    staying = [i for i in range(len(places)) if i not in forfeits]
    ranked = sorted(staying, key=lambda i: places[i])
    result = [0] * len(places)
    for i in staying:
        result[i] = 1 + sum(1 for j in ranked if places[j] < places[i])
    for offset, seat in enumerate(reversed(forfeits)):
        result[seat] = len(staying) + 1 + offset
    return result


def seat_forfeit(*, match_id: int, seat_index: int, reason: str) -> Match:
    """A seat resigns or runs out of time: it ranks last and a bot plays on for it.

    When fewer than two seats remain in the game, it ends at once: the seats left share the win.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.is_finished:
            raise errors.finished()
        seats = list(match.seats.select_related("user"))
        seat = seats[seat_index]
        if seat.forfeited:
            raise errors.PlayError("forfeited", _("This seat has already left the match."), 409)
        seat.forfeited = True
        seat.save(update_fields=["forfeited"])
        game = match.engine
        acting = game.to_act(match.state)
        event = {"type": "_forfeit", "seat": seat_index, "reason": reason}
        _record(match, seat_index, event, event, f"left the match ({reason})", acting)
        remaining = [s.index for s in seats if not s.forfeited]
        if len(remaining) < 2:
            places = [1 if s.index in remaining else 0 for s in seats]
            outcome = Outcome(tuple(places), tuple(0 for _n in seats), "forfeit")
            _finish(match, seats, outcome)
        match.save(update_fields=MOVING_FIELDS)
        _after_commit_record(match, seats)
    return match


Judge = Callable[[Game, dict[str, Any], int], Outcome]


def match_end(*, match_id: int, judge: Judge, reason: str) -> bool:
    """End an unfinished match by a rule, not by play (a tournament round's deadline):
    `judge(game, state, seats)` gives the outcome (games.core.adjudication). Forfeited seats
    still rank last. False, and nothing changes, when the match has already finished."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.is_finished:
            return False
        seats = list(match.seats.select_related("user"))
        game = match.engine
        acting = game.to_act(match.state)
        event = {"type": "_ended", "reason": reason}
        _record(match, -1, event, event, f"ended by the organiser's rule ({reason})", acting)
        _finish(match, seats, judge(game, match.state, len(seats)))
        _after_commit_record(match, seats)
    return True


# After this many turns in a row on which the clock ran out and a bot moved for a seat, the bot
# keeps the seat (the player forfeits; docs/play.md, "Clocks").
MISSED_TURNS_LIMIT = 3


def clocks_enforce(*, now: Any = None, limit: int | None = None, workers: int = 1) -> int:
    """Matches past their deadline: every seat to act gets its automatic action.

    A seat whose player is on vacation (`paused_at`) stops the match's clock: the match is
    skipped. For the others, by the table's choice (`Match.on_timeout`): a bot makes that move
    (casual default) or the seat forfeits and the bot plays on (ranked default); the engine's
    own `timeout_action`, when it has one for the state, is the move made. Bot seats and
    seats that left are moved by their bot (their task was lost). Returns the seats handled.
    """
    now = now or timezone.now()
    overdue = matches_overdue(now).values_list("pk", flat=True)
    if limit is not None:
        overdue = overdue[:limit]
    ids = list(overdue)
    if workers <= 1 or len(ids) < 2 * workers:
        return sum(_match_time_out(match_id, now) for match_id in ids)
    # Each match is its own transactions on its own row: threads with a connection each.
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="clocks") as pool:
        return sum(pool.map(lambda match_id: _threaded_time_out(match_id, now), ids))


TIMEOUT_JOB = "play.match_time_out"


def clocks_queue(*, now: Any) -> int:
    """Record one outbox job per match past its deadline (one INSERT for them all), for the
    deadline sweep: the sweep and every outbox worker then share the automatic moves
    (`match_time_out_job`), so a heavy pass is spread over processes and a job whose process
    died is taken by another. The key (match and version) keeps one pending job per deadline
    however many passes find it; the handler checks the deadline again. Returns the jobs added.
    """
    overdue = matches_overdue(now).values_list("pk", "version")
    jobs = [
        Job(
            kind=TIMEOUT_JOB,
            payload={"match": pk, "now": now.isoformat()},
            key=f"timeout:{pk}:{version}",
            due_at=now,
            created_at=now,
        )
        for pk, version in overdue
    ]
    return len(Job.objects.bulk_create(jobs, batch_size=1000, ignore_conflicts=True))


def matches_overdue(now: Any) -> Any:
    """Active matches past their deadline whose clock runs (no seat to act on vacation), the
    oldest deadline first: the sweep's work, and its lag (config/site_metrics.py)."""
    paused = Seat.objects.filter(match=OuterRef("pk"), to_act=True, paused_at__isnull=False)
    return (
        Match.objects.filter(status=Match.Status.ACTIVE, deadline__lt=now)
        .exclude(Exists(paused))
        .order_by("deadline")
    )


def _threaded_time_out(match_id: int, now: Any) -> int:
    try:
        return _match_time_out(match_id, now)
    except Exception:
        log.exception("match %s: the timeout failed; the next sweep tries again", match_id)
        return 0
    finally:
        connection.close()  # this thread's own connection (the pool's threads end with it)


def match_time_out(*, match_id: int, now: Any) -> int:
    """One match past its deadline at `now`: the automatic moves (see clocks_enforce); returns
    the seats handled, 0 when a move came since (the deadline is later than `now`)."""
    return _match_time_out(match_id, now)


def _match_time_out(match_id: int, now: Any) -> int:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.is_finished or match.deadline is None or match.deadline >= now:
        return 0
    game = match.engine
    seats = list(match.seats.all())
    handled = 0
    for seat_index in game.to_act(match.state):
        seat = seats[seat_index]  # each seat by its own bank; a bot's move was lost
        if seat.bot or seat.forfeited or banks.out_of_time(match, seat, now):
            handled += _time_out(match, game, seat)
    return handled


def _time_out(match: Match, game: Game, seat: Seat) -> int:
    try:
        if seat.bot or seat.forfeited:
            _bot_turn(match.pk, game, seat.index, seat.bot or "random", match.version)
        elif (
            game.timeout_action(match.state, seat.index) is None
            and match.on_timeout == TimeoutPolicy.FORFEIT
        ) or not clocks.plays_on(banks.control(match)):  # a flag without a next turn: final
            seat_forfeit(match_id=match.pk, seat_index=seat.index, reason="out of time")
        else:
            _missed_turn(match, game, seat)
    except errors.PlayError:
        return 0  # someone moved meanwhile: the clock was restarted
    return 1


def _missed_turn(match: Match, game: Game, seat: Seat) -> None:
    """A bot (or the engine's timeout action) plays this seat's turn; the seat keeps its player
    unless this is the MISSED_TURNS_LIMIT-th turn missed in a row."""
    with transaction.atomic():
        last = _bot_turn(match.pk, game, seat.index, "", match.version, timed_out=True)
        own_move_since = ActionRecord.objects.filter(
            match=match, seat=seat.index, timed_out=False, seq__gt=seat.last_missed_seq
        ).exists()
        missed = 1 if own_move_since or seat.last_missed_seq == 0 else seat.missed_in_a_row + 1
        Seat.objects.filter(pk=seat.pk).update(missed_in_a_row=missed, last_missed_seq=last)
    if missed >= MISSED_TURNS_LIMIT and not Match.objects.get(pk=match.pk).is_finished:
        seat_forfeit(
            match_id=match.pk, seat_index=seat.index, reason=f"missed {missed} turns in a row"
        )


def _bot_turn(
    match_id: int, game: Game, seat_index: int, bot: str, version: int, *, timed_out: bool = False
) -> int:
    """A bot seat's move (one: its own loop, woken after commit, plays the rest), or with
    `timed_out` the whole turn of a seat out of time (_timed_out_turn). Returns the last
    version written."""
    if timed_out:
        return _timed_out_turn(match_id, game, seat_index, version)
    match = Match.objects.get(pk=match_id)
    if match.is_finished or seat_index not in game.to_act(match.state):
        return version
    action = _bot_action(match, game, seat_index, bot, timed_out=False)
    moved = action_submit(match_id=match_id, seat_index=seat_index, action=action, version=version)
    return moved.version


def _timed_out_turn(match_id: int, game: Game, seat_index: int, version: int) -> int:
    """Inside the caller's transaction: play the seat's decisions until its turn passes, that is
    until the clock restarts or the seat no longer owes a decision (at most 200): the engine's
    timeout action where it has one, else the bot's choice. Each decision is what
    action_submit does (the engine applies it, the log entry, the clock), on the row locked once
    for the whole turn; the log entries are inserted in one statement, the row saved and the
    change announced once, at the end: the sweep's bot turns are its heaviest work.
    Announcing only the last version misses nothing: no seat begins to owe a move before the
    turn's last decision (a new seat to act restarts the clock, which ends the turn), and
    sockets render the latest version anyway. Raises stale_version when the match moved on
    since `version` (other seats' simultaneous choices aside, as in action_submit)."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if version != match.version and not _concurrent_choice(match, seat_index, version):
        raise errors.stale_version(match.version)
    seats = list(match.seats.select_related("user"))
    part, before = banks.parts(match, seat_index), match.version
    batch: list[ActionRecord] = []
    for _n in range(200):
        acting = game.to_act(match.state)
        if match.is_finished or seat_index not in acting or banks.parts(match, seat_index) != part:
            break  # done, or its turn part is complete (a new round of a simultaneous choice)
        action = _parse(game, _bot_action(match, game, seat_index, "", timed_out=True))
        _apply(match, game, seats, seat_index, action, acting, timed_out=True, batch=batch)
    ActionRecord.objects.bulk_create(batch)
    metrics.move_counted(match.game, len(batch))
    if match.version != before:
        match.save(update_fields=MOVING_FIELDS)
        _after_commit_record(match, seats)
    return match.version


def _bot_action(match: Match, game: Game, seat_index: int, bot: str, *, timed_out: bool) -> Any:
    action = game.timeout_action(match.state, seat_index) if timed_out else None
    if action is None:
        choose = _bot_choose(game, bot)
        rng = Rng.from_seed(match.seed ^ (match.version * 7919 + seat_index))
        action = json.loads(json.dumps(choose(match.state, seat_index, rng)))
    return action


def _bot_choose(game: Game, name: str) -> Any:
    """The seat's bot; a player's seat whose clock ran out gets the standard level."""
    try:
        return make_bot(game, name or DEFAULT_LEVEL)
    except KeyError:
        return pick_bot(game, "random")


def seats_pause(*, user_id: int, since: Any) -> int:
    """The player went on vacation: their seats in turn-based matches stop their clocks (not in
    matches whose rules forbid vacations: a tournament's)."""
    return Seat.objects.filter(
        user_id=user_id,
        paused_at__isnull=True,
        forfeited=False,
        match__status=Match.Status.ACTIVE,
        match__mode="turn",
        match__vacation_allowed=True,
    ).update(paused_at=since)


def seats_resume(*, user_id: int, now: Any = None) -> int:
    """Back from vacation: each paused clock gets back the time it was paused (a turn that
    began during the vacation starts afresh)."""
    now = now or timezone.now()
    resumed = 0
    for seat_pk in Seat.objects.filter(user_id=user_id, paused_at__isnull=False).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            seat = Seat.objects.select_related("match").get(pk=seat_pk)
            match = Match.objects.select_for_update().get(pk=seat.match_id)
            if seat.paused_at is None:
                continue
            others_paused = (
                Seat.objects.filter(match=match, to_act=True, paused_at__isnull=False)
                .exclude(pk=seat.pk)
                .exists()
            )  # the clock stays stopped for them; the last one back gives the time back
            if seat.to_act and match.deadline and not match.is_finished and not others_paused:
                seats = list(match.seats.select_related("user"))
                banks.resume(match, seats, seat.paused_at, now)
                match.save(update_fields=["deadline", "banks"])
            Seat.objects.filter(pk=seat.pk).update(paused_at=None)
            resumed += 1
    return resumed


MATCH_CHANGED_JOB = "play.match_changed"


def _after_commit_record(match: Match, seats: list[Seat]) -> None:
    """In the transaction of the change: the outbox job that announces it, then its run here
    once the transaction has committed."""
    _after_commit_schedule(match, seats, _job_record(match), None)


def _job_record(match: Match) -> Any:
    return job_record(
        MATCH_CHANGED_JOB, {"match": match.pk, "version": match.version}, run_now=False
    )


def _after_commit_schedule(
    match: Match, seats: list[Seat], job: Any, record: ActionRecord | None
) -> None:
    transaction.on_commit(lambda: _after_commit(match, seats, job, record), robust=True)


def _after_commit(
    match: Match, seats: list[Seat], job: Any, record: ActionRecord | None = None
) -> None:
    """Tell the sockets and the listening apps (turn e-mails, the bots: play/receivers.py).

    `match` and `seats` are the committed rows as this transaction left them: they warm this
    process's snapshot cache and say who owes a move without asking the database again
    (`record`: the log entry of a move, added to the cached end of the log).
    The move is committed whatever happens here: a failure (Redis or the broker down) is
    logged, never raised to the player, whose retry would only meet a stale version, and the
    outbox job stays for the worker, which announces the match again until it succeeds.
    A move made by a socket of this process is announced by that socket's event loop
    (play/announce.py: the frames are written to this process's sockets from there).
    """
    snapshots.store(match, seats, record)
    try:
        snapshots.prerender(match, seats)
    except Exception:  # the sockets render it themselves then
        log.exception("match %s: frames of version %s not rendered", match.pk, match.version)
    if announce.deferring():
        failures = match_tell_apps(match, seats)
        rows = snapshots.rows_of(match, seats, record)
        announce.defer(match.pk, match.version, job, done=not failures, rows=rows)
        return
    if not match_announce(match, seats):
        job_done(job)


def match_announce(match: Match, seats: list[Seat]) -> list[BaseException]:
    """Broadcast the version and send `match_changed`; returns the failures (none: done)."""
    failures: list[BaseException] = []
    try:
        match_broadcast(match_id=match.pk, version=match.version)
    except Exception as exc:
        log.exception("match %s: broadcast of version %s failed", match.pk, match.version)
        failures.append(exc)
    return failures + match_tell_apps(match, seats)


def match_tell_apps(match: Match, seats: list[Seat]) -> list[BaseException]:
    """Send `match_changed`; returns the listeners' failures."""
    # send_robust logs a failing listener (django.dispatch) and lets the others run.
    return [
        result
        for _receiver, result in match_changed.send_robust(sender=Match, match=match, seats=seats)
        if isinstance(result, BaseException)
    ]


def match_broadcast(*, match_id: int, version: int) -> None:
    """Only the version travels in the shared group message: each process renders each kind of
    viewer's frame once and writes it to its sockets (play/announce.py)."""
    group, message = f"match.{match_id}", announce.update_message(version)
    if announce.group_send_blocking(group, message):
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def matches_broadcast(versions: Sequence[tuple[int, int]]) -> list[BaseException | None]:
    """match_broadcast for several (match id, version) at once, from one trip into the event
    loop (the deadline sweep's chunk); returns each one's failure, or None."""
    layer = get_channel_layer()
    if layer is None:
        return [None] * len(versions)

    async def send_all() -> list[BaseException | None]:
        failures: list[BaseException | None] = []
        for match_id, version in versions:
            try:
                await layer.group_send(f"match.{match_id}", announce.update_message(version))
            except Exception as exc:
                failures.append(exc)
            else:
                failures.append(None)
        return failures

    return async_to_sync(send_all)()
