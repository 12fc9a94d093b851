"""Deletion means deletion (issue 36, point 4): an account with history in every place a name
or an address could stay (tournament audit log, chat, tournament records, e-mail rows, the
logs the site keeps) is erased, then every text and JSON column of every table of the
database is searched for its display name and its e-mail address."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.utils import timezone

from accounts.models import User
from accounts.services import account_delete
from chat.services import chat_post, chat_report
from lobbies.services import lobby_create
from notifications.models import Bounce, InboundReply, OutgoingEmail, Suppression
from outbox.services import job_record
from tests.platform.conftest import make_user
from tests.platform.ladders.conftest import play_out, ranked_match
from tests.platform.tournaments.conftest import create
from tournaments.services import (
    tournament_checkin,
    tournament_checkin_open,
    tournament_coorganiser_set,
    tournament_register,
    tournament_unregister,
)

PASSWORD = "a-long-password-1"
TEXT_TYPES = ("text", "character varying", "json", "jsonb")


@pytest.fixture
def zelda(alice, bob, django_capture_on_commit_callbacks):
    """zelda, with a trace in each place that could name her."""
    zelda = make_user("zelda")
    with django_capture_on_commit_callbacks(execute=True):
        finished = _history(zelda, alice, bob)
    _mail_rows(zelda, finished)  # after the invitation went (a suppression would stop it)
    # Work still due: an invitation to her address not sent yet (its outbox row).
    later = lobby_create(host=bob, game="goofspiel", seats=2, private=True)
    job_record("notifications.table_invitation", _invite(later, zelda, bob))
    return zelda


def _invite(table, zelda, inviter) -> dict:
    return {"table": table.pk, "email": zelda.email, "inviter": inviter.pk}


def _history(zelda, alice, bob):
    finished = play_out(ranked_match(zelda, bob))
    chat_post(user=zelda, match_id=finished.pk, text="gg, zelda here")
    said = chat_post(user=bob, match_id=finished.pk, text="well played zelda")
    chat_report(user=zelda, line_id=said.pk, reason="abuse", note="zelda was insulted")
    cup = create(alice, name="Summer cup")
    tournament_register(tournament_id=cup.pk, user=zelda)
    tournament_checkin_open(tournament_id=cup.pk, user=alice)
    tournament_checkin(tournament_id=cup.pk, user=zelda)
    tournament_coorganiser_set(tournament_id=cup.pk, user=alice, name="zelda", add=True)
    other = create(alice, name="Autumn cup")
    tournament_register(tournament_id=other.pk, user=zelda)
    tournament_unregister(tournament_id=other.pk, user=zelda)
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    job_record("notifications.table_invitation", _invite(table, zelda, alice))  # sent
    LogEntry.objects.create(
        user=alice,
        content_type=ContentType.objects.get_for_model(User),
        object_id=str(zelda.pk),
        object_repr=str(zelda),
        action_flag=CHANGE,
        change_message=f"Changed e-mail of {zelda.email}",
    )
    return finished


def _mail_rows(zelda, match) -> None:
    InboundReply.objects.create(
        message_id="<reply-1@example.org>",
        sender=zelda.email,
        recipient="play+1@reply.test.example",
        match=match,
        outcome="refused",
        reason=f"From {zelda.email}",
        received_at=timezone.now(),
    )
    Bounce.objects.create(email=zelda.email.lower(), detail=f"550 {zelda.email} unknown")
    Suppression.objects.create(email=zelda.email.lower(), reason="complained")


def _columns() -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = 'public' AND data_type = ANY(%s)",
            [list(TEXT_TYPES)],
        )
        return cursor.fetchall()


def _found(needle: str) -> list[str]:
    """Every table.column of the database holding `needle` (any case), with the value."""
    hits = []
    with connection.cursor() as cursor:
        for table, column in _columns():
            cursor.execute(
                f'SELECT "{column}"::text FROM "{table}" WHERE "{column}"::text ILIKE %s',
                [f"%{needle}%"],
            )
            hits += [f"{table}.{column}: {row[0][:120]}" for row in cursor.fetchall()]
    return hits


def test_the_history_names_her_before(zelda):
    """The search would see her: each place holds her name or address before the erasure."""
    named = {hit.split(":")[0] for hit in _found("zelda")}
    assert {
        "tournaments_auditentry.detail",
        "tournaments_auditentry.data",
        "chat_chatline.text",
        "chat_report.note",
        "notifications_outgoingemail.key",
        "notifications_outgoingemail.to",
        "outbox_job.payload",
        "notifications_inboundreply.sender",
        "notifications_bounce.email",
        "notifications_suppression.email",
        "django_admin_log.object_repr",
    } <= named


def test_no_column_of_any_table_keeps_her_name_or_address(zelda):
    name, address = zelda.display_name, zelda.email
    account_delete(user=zelda, password=PASSWORD)
    assert _found(address) == []
    assert _found(address.split("@")[0]) == []  # nor its local part (zelda7, say)
    assert _found(name) == []
    zelda.refresh_from_db()
    assert zelda.display_name == f"Deleted player {zelda.pk}"
    assert OutgoingEmail.objects.filter(kind="invitation", status="sent").exists()  # nameless
