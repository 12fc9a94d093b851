"""play/rows.py on PostgreSQL: a move computed from this process's rows of the match is written in
one statement, and only if the row is still as read; otherwise the locked path decides."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from outbox.models import Job
from play import announce, banks, rows, snapshots
from play.errors import PlayError
from play.models import ActionRecord, Match
from play.services import action_submit

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the one-statement write is PostgreSQL's"
)


def _bid(match, index, card, version, user=None):
    user = user or match.seats.get(index=index).user
    return action_submit(
        match_id=match.pk, user=user, action={"type": "bid", "card": card}, version=version
    )


def _committed(capture, match, index, card, version):
    """A move whose after-commit work runs, as in a server: this process keeps its rows."""
    with capture(execute=True):
        return _bid(match, index, card, version)


@pytest.fixture
def statements(monkeypatch):
    """The statements play/rows.py sends on its own cursor (Django's query log misses them)."""
    sent = []

    class Counted(rows.psycopg.Cursor):  # type: ignore[misc]
        def execute(self, query, params=None, **kwargs):
            sent.append(query)
            return super().execute(query, params, **kwargs)

    monkeypatch.setattr(rows.psycopg, "Cursor", Counted)
    rows._cursors.clear()  # a connection's kept cursor would bypass the counted one
    yield sent
    rows._cursors.clear()


def test_it_writes_a_move_from_the_rows_in_hand_in_one_statement(
    started_match, django_capture_on_commit_callbacks, statements
):
    _committed(django_capture_on_commit_callbacks, started_match, 0, 2, 0)
    assert snapshots.cached(started_match.pk)[0].version == 1
    bob = started_match.seats.get(index=1).user
    with django_capture_on_commit_callbacks(), CaptureQueriesContext(connection) as orm:
        match = _bid(started_match, 1, 3, 1, bob)
    assert [q["sql"] for q in orm if "SAVEPOINT" not in q["sql"]] == []  # no ORM read or write
    assert len(statements) == 1
    stored = Match.objects.get(pk=started_match.pk)
    assert stored.version == match.version == 2
    assert stored.state == match.state
    record = ActionRecord.objects.get(match=stored, seq=2)
    assert record.seat == 1 and record.action == {"type": "bid", "card": 3}
    assert record.public_action == {"type": "bid"} and record.revealed is not None
    assert [s.to_act for s in stored.seats.order_by("index")] == [True, True]  # a new round
    assert Job.objects.filter(payload={"match": stored.pk, "version": 2}).exists()


def test_a_move_made_meanwhile_by_another_process_is_never_overwritten(
    started_match, django_capture_on_commit_callbacks, statements
):
    _committed(django_capture_on_commit_callbacks, started_match, 0, 2, 0)
    behind = snapshots.cached(started_match.pk)  # what another process still holds
    _committed(django_capture_on_commit_callbacks, started_match, 1, 1, 1)
    snapshots._CACHE[started_match.pk] = behind
    statements.clear()
    with pytest.raises(PlayError) as refused:
        _bid(started_match, 1, 3, 1)  # the client is behind too
    assert refused.value.code == "stale_version"
    assert len(statements) == 1  # the one-statement write found the row moved: nothing written
    assert ActionRecord.objects.filter(match=started_match).count() == 2
    match = _bid(started_match, 0, 3, 2)  # the locked path reads the row itself
    assert match.version == 3


def test_an_edit_of_the_row_outside_the_moves_is_read_before_moving(
    started_match, django_capture_on_commit_callbacks
):
    _committed(django_capture_on_commit_callbacks, started_match, 0, 2, 0)
    edited = Match.objects.get(pk=started_match.pk)
    edited.clock = {"kind": "simple", "base": 999}
    edited.save()  # an admin's change: the version stays, updated_at moves
    before = timezone.now()
    match = _bid(started_match, 1, 1, 1)  # the round ends: seat 1's bank refilled by the edit
    assert match.banks[1]["left"] == 999
    assert banks.deadline(match, match.seats.get(index=1)) >= before + timedelta(seconds=990)
    assert Match.objects.get(pk=started_match.pk).deadline == match.deadline


def test_a_refused_move_from_the_rows_in_hand_changes_nothing(
    started_match, django_capture_on_commit_callbacks
):
    _committed(django_capture_on_commit_callbacks, started_match, 0, 2, 0)
    with pytest.raises(PlayError) as refused:
        _bid(started_match, 0, 3, 1)  # alice has bid this round already
    assert refused.value.code == "not_your_turn"
    with pytest.raises(PlayError) as illegal:
        _bid(started_match, 1, 9, 1)
    assert illegal.value.code == "illegal_action"
    assert Match.objects.get(pk=started_match.pk).version == 1
    assert ActionRecord.objects.filter(match=started_match).count() == 1


def test_another_process_takes_a_move_from_the_group_message_without_reading_it_back(
    started_match, django_capture_on_commit_callbacks, django_assert_num_queries, statements
):
    """The group message of a move made on a socket carries the rows it changed
    (snapshots.rows_of): a process holding the version before builds the new one from it, and
    its own next move is again written in one statement (the row is exactly as it holds it)."""
    _committed(django_capture_on_commit_callbacks, started_match, 0, 2, 0)
    behind = snapshots.cached(started_match.pk)  # the other process, one move behind
    _committed(django_capture_on_commit_callbacks, started_match, 1, 1, 1)
    match, seats = snapshots.cached(started_match.pk)
    rows_message = snapshots.rows_of(match, seats, ActionRecord.objects.get(match=match, seq=2))
    snapshots._CACHE[started_match.pk] = behind
    with django_assert_num_queries(0):
        assert snapshots.store_rows(started_match.pk, 2, rows_message)
    held, held_seats = snapshots.cached(started_match.pk)
    stored = Match.objects.get(pk=started_match.pk)
    assert (held.version, held.state, held.updated_at) == (2, stored.state, stored.updated_at)
    assert [s.to_act for s in held_seats] == [s.to_act for s in stored.seats.order_by("index")]
    assert not snapshots.store_rows(started_match.pk, 5, rows_message)  # not the next version
    # On the channel layer the rows are one opaque value, decoded only by the other processes.
    message = announce.update_message(2, rows_message)
    assert isinstance(message["rows"], bytes)
    assert announce.message_rows(message) is None  # this process sent it: it holds the rows
    elsewhere = {**message, "origin": "another process"}
    assert announce.message_rows(elsewhere)["record"]["seq"] == 2
    assert announce.message_rows(elsewhere)["state"] == stored.state
    statements.clear()
    alice = started_match.seats.get(index=0).user
    assert _bid(started_match, 0, 3, 2, alice).version == 3
    assert len(statements) == 1  # from the rows built out of the message


def test_decisions_one_by_one_in_a_transaction_are_written_from_the_rows_written_before(
    started_match, django_capture_on_commit_callbacks, statements
):
    """An e-mail reply's lines (play.services.one_by_one): the second decision is computed from
    the rows the first one wrote in the same transaction, not locked and read again."""
    from django.db import transaction

    from play.services import one_by_one

    bob = started_match.seats.get(index=1).user
    with django_capture_on_commit_callbacks(), transaction.atomic(), one_by_one(started_match.pk):
        _bid(started_match, 0, 2, 0)  # nothing of the match kept yet: the locked path
        statements.clear()
        with CaptureQueriesContext(connection) as orm:
            match = _bid(started_match, 1, 3, 1, bob)
    assert [q["sql"] for q in orm if "SAVEPOINT" not in q["sql"]] == []
    assert len(statements) == 1
    stored = Match.objects.get(pk=started_match.pk)
    assert stored.version == match.version == 2 and stored.state == match.state
    assert [s.to_act for s in stored.seats.order_by("index")] == [True, True]  # a new round
    assert ActionRecord.objects.filter(match=stored).count() == 2


def test_rows_a_rolled_back_decision_wrote_are_not_moved_from(
    started_match, django_capture_on_commit_callbacks, statements
):
    from django.db import transaction

    from play.services import one_by_one

    with django_capture_on_commit_callbacks(), transaction.atomic(), one_by_one(started_match.pk):
        _bid(started_match, 0, 2, 0)
        with pytest.raises(RuntimeError), transaction.atomic():
            _bid(started_match, 1, 3, 1)  # kept as written... then undone
            raise RuntimeError
        match = _bid(started_match, 1, 1, 1)  # the kept rows are at 2: the database's decide
    stored = Match.objects.get(pk=started_match.pk)
    assert stored.version == match.version == 2 and stored.state == match.state
    [second] = ActionRecord.objects.filter(match=stored, seq=2)
    assert second.action == {"type": "bid", "card": 1}
