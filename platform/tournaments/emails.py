"""The tournament e-mails, each sent at most once (STYLE.md, 10).

A `TournamentEmail` row per (tournament, player, kind, round) is created in the transaction
that makes the e-mail due, with an outbox job that queues its sending after commit. Sending
claims the row (SENDING, committed) before any byte goes to the server and marks it after:
only a refusal puts it back for a retry; a crash mid-send leaves it claimed and never resent
(the same promise as the turn e-mails, docs/notifications.md).

They follow the player's game e-mail switch (`User.turn_emails`, what the one-click
unsubscribe turns off: notifications/unsubscribe.py) and skip suppressed addresses (bounces,
complaints); each carries the same List-Unsubscribe link as the other game e-mails.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from notifications.services import claimed_deliver, render_email
from notifications.unsubscribe import (
    is_suppressed,
    list_headers_add,
    unsubscribe_link,
    wants_game_email,
)
from outbox.services import job_record
from tournaments import selectors
from tournaments.labels import round_label
from tournaments.models import Registration, Round, Tournament, TournamentEmail

log = logging.getLogger(__name__)
Kind = TournamentEmail.Kind


def email_queue(
    tournament: Tournament, users: Iterable[Any], kind: str, round_number: int = 0
) -> int:
    """Inside the caller's transaction: one row per player (a second call adds nothing) and one
    outbox job for the new rows. Returns how many were new."""
    wanted = {u.pk: u for u in users if u is not None}
    if not wanted:
        return 0
    existing = set(
        TournamentEmail.objects.filter(
            tournament=tournament, kind=kind, round=round_number, user_id__in=list(wanted)
        ).values_list("user_id", flat=True)
    )
    rows = TournamentEmail.objects.bulk_create(
        TournamentEmail(tournament=tournament, user=u, kind=kind, round=round_number)
        for pk, u in wanted.items()
        if pk not in existing
    )
    if rows:
        ids = [row.pk for row in rows]
        job_record("tournaments.email", {"emails": ids}, key=f"tournaments.email:{ids[0]}")
    return len(rows)


def table_ready_queue(tournament: Tournament, rnd: Round, players: Sequence[Registration]) -> None:
    email_queue(tournament, [r.user for r in players], Kind.TABLE, rnd.number)


def round_outcome_queue(
    tournament: Tournament, rnd: Round, registrations: Sequence[Registration]
) -> None:
    """Elimination formats: each player of the round hears whether they go on."""
    if not tournament.is_elimination:
        return
    eliminated = {row["entrant"] for row in tournament.standings if row.get("eliminated")}
    playing = {p for table in rnd.tables.all() for p in table.players}
    by_id = {r.pk: r for r in registrations if r.user_id is not None}
    out = [by_id[p].user for p in playing if p in by_id and p in eliminated]
    on = [by_id[p].user for p in playing if p in by_id and p not in eliminated]
    email_queue(tournament, out, Kind.ELIMINATED, rnd.number)
    email_queue(tournament, on, Kind.ADVANCED, rnd.number)


def results_queue(tournament: Tournament, registrations: Sequence[Registration]) -> None:
    email_queue(tournament, [r.user for r in registrations if r.seed is not None], Kind.RESULTS)


STALL = timedelta(minutes=10)


def emails_stalled(*, now: datetime | None = None, limit: int = 500) -> list[int]:
    """E-mails still pending long after they were due, and not queued again for as long: their
    task was lost (a broker or a worker gone). Queued again by the sweep, and marked so, so that
    a long mail queue that merely has not reached them yet is not fed a copy of each on every
    pass (under bench/crowd.py that grew the queue by 500 tasks every 30 s); a duplicate finds
    the row claimed and sends none."""
    moment = now or timezone.now()
    rows = TournamentEmail.objects.filter(status=TournamentEmail.Status.PENDING).filter(
        Q(requeued_at__isnull=True, created_at__lt=moment - STALL)
        | Q(requeued_at__lt=moment - STALL)
    )
    with transaction.atomic():
        ids = list(
            rows.order_by("pk")
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)[:limit]
        )
        TournamentEmail.objects.filter(pk__in=ids).update(requeued_at=moment)
    return ids


def email_send(*, email_id: int) -> bool:
    """Send one queued e-mail unless it was already claimed. True when the server took it;
    raises DeliveryRefused when it certainly did not (the task retries)."""
    claimed = _claim(email_id)
    if claimed is None:
        return False
    row, message = claimed

    def mark(status: str, error: BaseException | None = None) -> None:
        _mark(row, TournamentEmail.Status(status), error)

    return claimed_deliver(message, mark, f"tournament e-mail {row.pk}", f"tournament_{row.kind}")


def _claim(email_id: int) -> tuple[TournamentEmail, EmailMultiAlternatives] | None:
    with transaction.atomic():
        row = (
            TournamentEmail.objects.select_for_update()
            .select_related("tournament", "user")
            .filter(pk=email_id)
            .first()
        )
        if row is None or row.status != TournamentEmail.Status.PENDING:
            return None
        if not _wanted(row):
            row.status = TournamentEmail.Status.SKIPPED
            row.save(update_fields=["status"])
            return None
        row.status = TournamentEmail.Status.SENDING
        row.attempts += 1
        row.save(update_fields=["status", "attempts"])
        message = _message(row)
    return row, message


def _wanted(row: TournamentEmail) -> bool:
    """Still due, and the player takes game e-mail at that address (read at the claim: the row
    was just loaded with its user)."""
    if row.tournament.status == Tournament.Status.CANCELLED and row.kind != Kind.RESULTS:
        return False
    return wants_game_email(row.user) and not is_suppressed(row.user.email)


def _mark(
    row: TournamentEmail, status: TournamentEmail.Status, error: BaseException | None = None
) -> None:
    fields: dict[str, Any] = {"status": status, "last_error": repr(error)[:200] if error else ""}
    if status == TournamentEmail.Status.SENT:
        fields["sent_at"] = timezone.now()
    TournamentEmail.objects.filter(pk=row.pk).update(**fields)


def _message(row: TournamentEmail) -> EmailMultiAlternatives:
    with translation.override(row.user.language or settings.LANGUAGE_CODE):
        return _message_built(row)


def _message_built(row: TournamentEmail) -> EmailMultiAlternatives:
    tournament = row.tournament
    link = settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])
    context: dict[str, Any] = {
        "user": row.user,
        "tournament": tournament,
        "game_title": tournament.engine.title,
        "link": link,
        "round": row.round,
        "site_name": settings.SITE_NAME,
    }
    if row.kind == Kind.TABLE:
        context.update(_table_context(row))
    if row.kind == Kind.RESULTS:
        context["standings"] = selectors.standings(tournament, 10)
        context["mine"] = _my_row(tournament, row.user)
    unsubscribe = unsubscribe_link(row.user.email, row.user.pk)
    context["unsubscribe_link"] = unsubscribe
    message = render_email(f"tournament_{row.kind}", context, row.user.email)
    message.extra_headers["Message-ID"] = _message_id(row)
    list_headers_add(message, unsubscribe)
    return message


def _table_context(row: TournamentEmail) -> dict[str, Any]:
    table = (
        row.tournament.tables.filter(round__number=row.round, match__seats__user=row.user)
        .select_related("round", "match")
        .first()
    )
    if table is None or table.match is None:
        return {"match_link": None, "round_label": _("Round %(n)s") % {"n": row.round}}
    return {
        "match_link": settings.SITE_URL + reverse("play:match", args=[table.match.pk]),
        "round_label": round_label(table.round.label),
        "opponents": [
            s.name for s in table.match.seats.select_related("user") if s.user_id != row.user.pk
        ],
    }


def _my_row(tournament: Tournament, user: Any) -> dict[str, Any] | None:
    mine = tournament.registrations.filter(user=user).values_list("pk", flat=True).first()
    return next((r for r in tournament.standings if r["entrant"] == mine), None)


def _message_id(row: TournamentEmail) -> str:
    host = settings.SITE_URL.split("//")[-1].split("/")[0].split(":")[0] or "localhost"
    return f"<tournament-email-{row.pk}.{row.kind}.r{row.round}@{host}>"
