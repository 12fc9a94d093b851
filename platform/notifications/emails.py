"""The other game e-mails (docs/notifications.md, "Other e-mails"): game over, a seat handed to a
bot, an invitation to a private table. One function per kind; each e-mail at most once, by its
OutgoingEmail row (kind, key), claimed before sending and marked after (services.claimed_deliver).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import User
from lobbies.invitations import accept_url
from lobbies.models import Invitation, Table
from notifications import notices
from notifications.models import MatchMute, Notice, OutgoingEmail
from notifications.preferences import is_muted, prefs_for, quiet_until
from notifications.prompts import prompt_context
from notifications.services import claimed_deliver, language_of, render_listed_email
from notifications.tell import channels_for
from notifications.unsubscribe import is_suppressed, wants_game_email
from play import banks
from play.models import ActionRecord, Match, Presence, Seat
from play.selectors import (
    forfeit_reason,
    outcome_table,
    players_of,
    reason_words,
    seat_name,
)
from play.services import MISSED_TURNS_LIMIT
from play.signals import outcome_notes

Build = Callable[[], EmailMultiAlternatives | None]


def email_send_once(*, kind: str, key: str, build: Build) -> bool:
    """Send what `build` makes (None: not due) once for (kind, key); True when accepted."""
    claimed = _claim(kind, key, build)
    if claimed is None:
        return False
    pk, message = claimed

    def mark(status: str, error: BaseException | None = None) -> None:
        last_error = repr(error)[:200] if error else ""
        fields: dict[str, Any] = {"status": status, "last_error": last_error}
        if status == OutgoingEmail.Status.SENT:
            fields["sent_at"] = timezone.now()
        OutgoingEmail.objects.filter(pk=pk).update(**fields)

    return claimed_deliver(message, mark, f"{kind} e-mail {pk}", kind)


def _claim(kind: str, key: str, build: Build) -> tuple[int, EmailMultiAlternatives] | None:
    with transaction.atomic():
        OutgoingEmail.objects.get_or_create(kind=kind, key=key)
        record = OutgoingEmail.objects.select_for_update().get(kind=kind, key=key)
        if record.status != OutgoingEmail.Status.PENDING:
            return None
        message = build()
        if message is None or is_suppressed(message.to[0]):
            record.status = OutgoingEmail.Status.SKIPPED
            record.save(update_fields=["status"])
            return None
        record.to = message.to[0]
        record.status = OutgoingEmail.Status.SENDING
        record.attempts += 1
        record.claimed_at = timezone.now()
        record.save(update_fields=["to", "status", "attempts", "claimed_at"])
        message.extra_headers["Message-ID"] = record.message_id
    return record.pk, message


def _wants_mail(seat: Seat) -> bool:
    """A human seat whose player has game e-mails on and is not watching the match now."""
    user = seat.user
    if user is None or not wants_game_email(user):
        return False
    return not Presence.objects.live().filter(match_id=seat.match_id, user=user).exists()


def _told_by_email(seat: Seat, kind: str) -> bool:
    """What tell.channels_for says of this e-mail, as of its push: a human seat whose player
    has game e-mails on, is not watching the match, has not muted it and has not put `kind`
    "only in the notification centre". (Quiet hours are the sweep's: a reminder is not queued
    inside them.)"""
    if seat.user is None:
        return False
    return channels_for(user=seat.user, kind=kind, match_id=seat.match_id).email


def _base_context(match: Match, user: Any) -> dict[str, Any]:
    return {
        "user": user,
        "match": match,
        "game_title": match.engine.title,
        "link": settings.SITE_URL + reverse("play:match", args=[match.pk]),
        "settings_link": settings.SITE_URL + reverse("accounts:settings"),
        "site_name": settings.SITE_NAME,
    }


def game_over_emails_send(*, match_id: int) -> int:
    """Each player of a finished match: places, scores, rating changes and the replay link."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_finished or not match.outcome:
        return 0
    seats = list(match.seats.select_related("user"))
    notes = _rating_notes(match)
    sent = 0
    for seat in seats:
        if seat.user is not None:
            notices.result_notice(seat=seat)
            build = partial(_game_over, match, seat, seats, notes)
            sent += email_send_once(kind="game_over", key=str(seat.pk), build=build)
    return sent


def _rating_notes(match: Match) -> dict[int, str]:
    """What other apps add to each seat's result (the ladders: "+12"), as the result page."""
    notes: dict[int, str] = {}
    answers: list[tuple[Any, Any]] = outcome_notes.send(sender=Match, match=match)
    for _receiver, answer in answers:
        for seat, note in (answer or {}).items():
            notes[seat] = f"{notes[seat]} {note}" if seat in notes else note
    return notes


def _game_over(
    match: Match, seat: Seat, seats: list[Seat], notes: dict[int, str]
) -> EmailMultiAlternatives | None:
    if not _told_by_email(seat, Notice.Kind.RESULT):
        return None
    assert seat.user is not None
    context = _base_context(match, seat.user)
    language = language_of(seat.user)
    with translation.override(language):  # the names (a bot's level, an erased player) too
        outcome = match.outcome or {}
        context.update(outcome_table(outcome, players_of(seats), notes, language=language))
        context["reason"] = reason_words(outcome.get("reason", ""), language)
    context["place"] = seat.place
    context["replay_link"] = settings.SITE_URL + reverse("play:replay", args=[match.pk])
    return render_listed_email("game_over", context, seat.user.email, seat.user.pk)


def seat_replaced_emails_send(*, match_id: int, seq: int) -> int:
    """A seat left (resigned, out of time) and a bot plays on for it: tell every player, the
    one who left included. `seq` is the log entry of the event (type "_forfeit")."""
    event = ActionRecord.objects.filter(match_id=match_id, seq=seq).first()
    if event is None or event.action.get("type") != "_forfeit":
        return 0
    return _every_player_told(event, "seat_replaced", _seat_replaced)


def _every_player_told(event: ActionRecord, kind: str, build: Any) -> int:
    """One `kind` e-mail about the log entry `event` to each human seat, at most once each:
    `build(match, seat, event's seat, event)` makes it (or None: not wanted)."""
    match = event.match
    seats = list(match.seats.select_related("user"))
    about = next(s for s in seats if s.index == event.seat)
    sent = 0
    for seat in seats:
        if seat.user is not None:
            sent += email_send_once(
                kind=kind,
                key=f"{match.pk}:{event.seq}:{seat.pk}",
                build=partial(build, match, seat, about, event),
            )
    return sent


def _seat_replaced(
    match: Match, seat: Seat, left: Seat, event: ActionRecord
) -> EmailMultiAlternatives | None:
    if not _wants_mail(seat):
        return None
    assert seat.user is not None
    context = _base_context(match, seat.user)
    language = language_of(seat.user)
    context.update(
        {
            "left_name": seat_name(left, language),
            "is_you": seat.pk == left.pk,
            "reason": forfeit_reason(event.action.get("reason", ""), language),
            "finished": match.is_finished,
        }
    )
    return render_listed_email("seat_replaced", context, seat.user.email, seat.user.pk)


def table_invitation_send(
    *, table_id: int, email: str, inviter_id: int, invitation_id: int | None = None
) -> bool:
    """Invite an address to a table (its invite link inside) while the table is still open;
    `invitation_id`: a player invited by name, whose link is the invitation's signed one."""
    key = f"{table_id}:{email.strip().lower()}"
    _invitation_notice(key, table_id, email, inviter_id)
    build = partial(_invitation, table_id, email, inviter_id, invitation_id)
    return email_send_once(kind="invitation", key=key, build=build)


def _invitation_notice(key: str, table_id: int, email: str, inviter_id: int) -> None:
    """An invited player with an account hears of it in the centre and by push too."""
    invitee = User.objects.filter(email__iexact=email.strip()).first()
    table = Table.objects.filter(pk=table_id, status=Table.Status.OPEN).first()
    inviter = User.objects.filter(pk=inviter_id).first()
    if invitee is not None and table is not None and inviter is not None:
        link = reverse("lobbies:table", args=[table.pk])
        notices.invitation_notice(
            user=invitee, key=key, inviter=inviter.display_name, game=table.engine.title, link=link
        )


def _invitation(
    table_id: int, email: str, inviter_id: int, invitation_id: int | None = None
) -> EmailMultiAlternatives | None:
    table = Table.objects.filter(pk=table_id).first()
    inviter = User.objects.filter(pk=inviter_id).first()
    if table is None or inviter is None or not table.is_open:
        return None
    invitation = (
        Invitation.objects.filter(pk=invitation_id, table=table).first() if invitation_id else None
    )
    if invitation_id is not None and (
        invitation is None or invitation.status != Invitation.Status.PENDING
    ):
        return None  # answered (or gone) before the e-mail left
    invitee = User.objects.filter(email__iexact=email).first()
    if invitee is not None and not invitee.turn_emails:
        return None  # the account turned game e-mails off (or unsubscribed)
    link = settings.SITE_URL + reverse("lobbies:table", args=[table.pk])
    context = {
        "inviter": inviter.display_name,
        "invitee": invitee.display_name if invitee else "",
        "table": table,
        "game_title": table.engine.title,
        "link": accept_url(invitation)
        if invitation is not None
        else (f"{link}?invite={table.invite_token}" if table.private else link),
        "site_name": settings.SITE_NAME,
    }
    to = invitee.email if invitee else email.strip()
    return render_listed_email("invitation", context, to, invitee.pk if invitee else None)


def _mail_allowed(seat: Seat, now: Any) -> bool:
    """Game e-mails on, not watching, not muted, not in quiet hours (the sweep comes back)."""
    if not _wants_mail(seat):
        return False
    assert seat.user is not None
    if is_muted(seat.user.pk, seat.match_id):
        return False
    return quiet_until(prefs_for(seat.user), now) is None


def reminder_send(*, seat_id: int, since: int) -> bool:
    """One reminder per turn, before the clock runs out; never once the move is made."""
    seat = Seat.objects.select_related("match", "user").filter(pk=seat_id).first()
    if seat is not None and _reminder_due(seat, since):
        notices.reminder_notice(seat=seat, since=since)
    return email_send_once(
        kind="reminder", key=f"{seat_id}:{since}", build=partial(_reminder, seat_id, since)
    )


def _reminder(seat_id: int, since: int) -> EmailMultiAlternatives | None:
    seat = Seat.objects.select_related("match", "user").filter(pk=seat_id).first()
    if seat is None or seat.user is None or seat.forfeited:
        return None
    # The choices' labels are made here: in the player's language, as the rest of the e-mail.
    with translation.override(language_of(seat.user)):
        return _reminder_built(seat, since)


def _reminder_built(seat: Seat, since: int) -> EmailMultiAlternatives | None:
    assert seat.user is not None
    match = seat.match
    if not _reminder_due(seat, since):
        return None  # the move was made (no reminder for it, ever), or the clock is paused
    deadline = banks.deadline(match, seat)  # the seat's own bank runs out then
    assert deadline is not None
    if not _told_by_email(seat, Notice.Kind.REMINDER):
        return None
    context = _base_context(match, seat.user)
    context.update(prompt_context(match, seat, with_moves=False))
    context["deadline"] = deadline
    context["left"] = notices.time_left(deadline - timezone.now())
    message = render_listed_email("reminder", context, seat.user.email, seat.user.pk)
    if context.get("reply_address"):
        message.reply_to = [context["reply_address"]]
    return message


def _reminder_due(seat: Seat, since: int) -> bool:
    match = seat.match
    if match.is_finished or not seat.to_act or seat.to_act_since != since or seat.forfeited:
        return False
    deadline = banks.deadline(match, seat)  # the seat's own bank runs out then
    return deadline is not None and deadline > timezone.now() and not seat.paused_at


def digest_send(*, user_id: int, day: str) -> bool:
    """The daily digest: every match where it is the player's turn (none: nothing is sent)."""
    return email_send_once(
        kind="digest", key=f"{user_id}:{day}", build=partial(_digest, user_id, day)
    )


def _digest(user_id: int, day: str) -> EmailMultiAlternatives | None:
    user = User.objects.filter(pk=user_id).first()
    if user is None or not wants_game_email(user):
        return None
    muted = MatchMute.objects.filter(user=user).values_list("match_id", flat=True)
    seats = list(
        Seat.objects.filter(
            user=user, to_act=True, forfeited=False, match__status=Match.Status.ACTIVE
        )
        .exclude(match_id__in=muted)
        .select_related("match")
        .order_by("match__deadline")
    )
    if not seats:
        return None
    games = [
        {
            "match": s.match,
            "game_title": s.match.engine.title,
            "deadline": s.match.deadline,
            "link": settings.SITE_URL + reverse("play:match", args=[s.match_id]),
        }
        for s in seats
    ]
    context = {
        "user": user,
        "day": day,
        "games": games,
        "settings_link": settings.SITE_URL + reverse("notifications:settings"),
        "site_name": settings.SITE_NAME,
    }
    return render_listed_email("digest", context, user.email, user.pk)


def timeout_emails_send(*, match_id: int, seq: int) -> int:
    """The clock ran out on a seat and a bot made its move (entry `seq`, the last of that
    turn): tell every human player, the one who missed it included."""
    event = ActionRecord.objects.filter(match_id=match_id, seq=seq, timed_out=True).first()
    if event is None:
        return 0
    seats = list(event.match.seats.select_related("user", "match"))
    missed = next(s for s in seats if s.index == event.seat)
    name = missed.user.display_name if missed.user else missed.name
    for seat in seats:
        notices.timed_out_notice(seat=seat, seq=seq, missed_name=name, is_you=seat == missed)
    return _every_player_told(event, "move_timed_out", _timed_out)


def _timed_out(
    match: Match, seat: Seat, missed: Seat, event: ActionRecord
) -> EmailMultiAlternatives | None:
    if not _wants_mail(seat):
        return None
    assert seat.user is not None
    if is_muted(seat.user.pk, match.pk):
        return None
    context = _base_context(match, seat.user)
    context.update(
        {
            "missed_name": missed.user.display_name if missed.user else missed.name,
            "is_you": seat.pk == missed.pk,
            "move": event.text,
            "missed_in_a_row": missed.missed_in_a_row,
            "limit": MISSED_TURNS_LIMIT,
        }
    )
    return render_listed_email("move_timed_out", context, seat.user.email, seat.user.pk)
