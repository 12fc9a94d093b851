"""Moves by e-mail: one service for every way a reply comes in (the `mail_in` SMTP/LMTP server,
a provider's inbound webhook through django-anymail).

`reply_receive` reads the reply address, checks the sender, and applies the reply's lines one
after the other through `play.services.action_submit`, holding the match row locked so the
seat's decisions follow one another with nothing in between. It stops at the first line that
is refused (stale, illegal, ambiguous, unreadable): the lines before it stay applied, that line
and the ones after are not, and the player gets an answer with the reason and the current
choices. The reply is recorded by Message-ID in the same transaction, so a second delivery does
nothing (docs/notifications.md, "Playing by e-mail").
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import logging
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.utils import parseaddr

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.core import translate
from notifications.automatic import BOUNCE, PERSON, hard_failures, mail_kind
from notifications.bounces import bounce_record
from notifications.models import InboundReply
from notifications.prompts import seat_choices
from notifications.replies import (
    MAX_LINES,
    Choice,
    LineRefused,
    choice_for,
    choices_of,
    reply_lines,
)
from notifications.tokens import ReplyToken, token_read
from outbox.services import job_record
from play import errors
from play.errors import PlayError
from play.models import Match, Seat
from play.selectors import legal_for, replay_state
from play.services import action_submit, one_by_one
from shared import metrics

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reply:
    """A reply as it came in, whichever way: the parts the service reads."""

    sender: str  # the From header
    recipients: list[str]  # envelope recipients (or To/Cc/Delivered-To from a provider)
    text: str | None
    html: str | None
    message_id: str = ""
    received_at: datetime = field(default_factory=timezone.now)
    kind: str = PERSON  # notifications.automatic: an auto-reply or a bounce is never a move
    failed: list[str] = field(default_factory=list)  # a bounce's hard failures (RFC 3464)


def reply_from_mime(
    raw: bytes, recipients: list[str], received_at: datetime, mail_from: str | None = None
) -> Reply:
    """A reply as the SMTP/LMTP server got it: the raw message, the envelope recipients and
    sender. Any bytes make a Reply: what cannot be decoded is read as replacement characters."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)  # policy.default builds EmailMessage
    kind = mail_kind(message, mail_from)
    return Reply(
        sender=_header(message, "From"),
        recipients=recipients,
        text=_part(message, "plain") if kind == PERSON else None,
        html=_part(message, "html") if kind == PERSON else None,
        message_id=_header(message, "Message-ID"),
        received_at=received_at,
        kind=kind,
        failed=hard_failures(message) if kind == BOUNCE else [],
    )


def _header(message: EmailMessage, name: str) -> str:
    try:
        return _clean(str(message.get(name, "")))
    except Exception:  # a header the email package cannot parse is no header
        return ""


def _clean(text: str) -> str:
    """PostgreSQL text holds no NUL: a NUL in a header or a line is dropped, never a 451."""
    return text.replace("\x00", "")


def _part(message: EmailMessage, subtype: str) -> str | None:
    try:
        body = message.get_body(preferencelist=(subtype,))
    except Exception:  # a broken MIME structure: no such part
        return None
    if body is None or body.get_content_subtype() != subtype:
        return None
    try:
        return _clean(str(body.get_content()))
    except Exception:  # an unknown or lying charset, a broken transfer encoding
        payload = body.get_payload(decode=True)
        return _clean(payload.decode("utf-8", "replace")) if isinstance(payload, bytes) else None


def reply_receive(*, reply: Reply) -> InboundReply | None:
    """Process a reply once. Returns its record, or None for a copy already processed.
    Mail no person wrote (notifications.automatic) is recorded as dropped: never a move, never
    answered; a bounce's hard failures are counted."""
    found = _addressed_token(reply.recipients)
    message_id = _clean(reply.message_id.strip()) or _fingerprint(reply)
    try:
        with transaction.atomic():
            record = InboundReply.objects.create(
                message_id=message_id[:255],
                sender=_clean(parseaddr(reply.sender)[1])[:254],
                recipient=_clean(found[1] if found else ",".join(reply.recipients))[:254],
                received_at=reply.received_at,
                outcome=InboundReply.Outcome.REFUSED,
            )
            if reply.kind != PERSON:
                _drop(record, reply)
            elif found is not None:
                _process(record, found[0], reply)
            record.processed_at = timezone.now()
            record.save()
    except IntegrityError:
        if InboundReply.objects.filter(message_id=message_id[:255]).exists():
            metrics.reply_counted("duplicate")
            return None  # that Message-ID was processed already (or just now, by another copy)
        raise
    metrics.reply_counted(record.outcome)
    return record


def _drop(record: InboundReply, reply: Reply) -> None:
    record.outcome = InboundReply.Outcome.DROPPED
    record.reason = f"{reply.kind}: not read, not answered"
    for address in reply.failed:
        bounce_record(email=address, detail=f"delivery report {record.message_id}"[:200])
    log.info("mail %s dropped: %s", record.message_id, reply.kind)


def _addressed_token(recipients: list[str]) -> tuple[ReplyToken, str] | None:
    for address in recipients:
        token = token_read(address)
        if token is not None:
            return token, address
    return None


def _fingerprint(reply: Reply) -> str:
    """A reply without a Message-ID: the same content to the same address is the same reply."""
    body = f"{reply.sender}\n{sorted(reply.recipients)}\n{reply.text}\n{reply.html}"
    return "<no-id-" + hashlib.sha256(body.encode()).hexdigest()[:40] + ">"


def _process(record: InboundReply, token: ReplyToken, reply: Reply) -> None:
    match = Match.objects.select_for_update().filter(pk=token.match_id).first()
    seat = Seat.objects.filter(match=match, index=token.seat).select_related("user").first()
    if match is None or seat is None or not _from_player(seat, record.sender):
        log.info("reply %s refused: not from the seat's player", record.message_id)
        return
    record.match, record.seat, record.version = match, seat.index, token.version
    turn_began = seat.to_act_since
    lines = reply_lines(reply.text, reply.html)
    # The refusal kept with the reply is read in the answer: in the player's language. The
    # lines' decisions each from the rows the one before wrote (play.services.one_by_one).
    language = (seat.user.language if seat.user else "") or None
    with translation.override(language), one_by_one(match.pk):
        outcome = _apply_lines(record, match, seat, token.version, lines)
    record.outcome = outcome
    seat.refresh_from_db(fields=["to_act", "to_act_since"])
    still_owes = seat.to_act and seat.to_act_since == turn_began  # no new turn e-mail coming
    if outcome == InboundReply.Outcome.ANSWERED or still_owes:
        record.answer = InboundReply.Answer.PENDING
        record.save()  # the job's row must exist when the outbox runs it after commit
        job_record("notifications.reply_answer", {"reply": record.pk}, key=f"reply:{record.pk}")


def _from_player(seat: Seat, sender: str) -> bool:
    """The From address is the player's e-mail, or another verified address of theirs."""
    user = seat.user
    if user is None or not sender:
        return False
    if user.email.lower() == sender.lower():
        return True
    return EmailAddress.objects.filter(user=user, email__iexact=sender, verified=True).exists()


def _apply_lines(
    record: InboundReply, match: Match, seat: Seat, version: int, lines: list[str]
) -> str:
    if not lines:
        return _refuse(record, "", _("I found no move in your reply: write a number or a move."))
    if len(lines) > MAX_LINES:
        return _refuse(
            record,
            "",
            _("A reply may hold at most %(MAX_LINES)s moves.") % {"MAX_LINES": MAX_LINES},
        )
    for i, line in enumerate(lines):
        choices, earlier = _choices_at(match, seat, version)
        if not choices:
            return _refuse(record, line, _why_no_choice(match, seat, after_a_move=i > 0))
        try:
            action = choice_for(line, choices, match.engine.parse_action)
            # An e-mail of this turn sent before the player's last decisions: its numbers mean
            # what that e-mail listed, and the move is made now if the rules still allow it.
            version = match.version if earlier else version
            # As the player (user=), not as the seat: a forfeited seat's player may not move.
            match = action_submit(match_id=match.pk, action=action, version=version, user=seat.user)
        except (LineRefused, PlayError) as error:
            reason = error.reason if isinstance(error, LineRefused) else _play_reason(error)
            if earlier and isinstance(error, PlayError):
                reason = f"{_play_reason(errors.stale_version(match.version))} {reason}"
            return _refuse(record, line, reason)
        record.applied.append(match.engine.format_action(action))
        version = match.version
    return InboundReply.Outcome.APPLIED


def _choices_at(match: Match, seat: Seat, version: int) -> tuple[list[Choice], bool]:
    """The choices the e-mail of `version` listed, and whether that was an earlier e-mail of
    the seat's current turn (the player has made some of this turn's decisions since). An
    e-mail from before the turn began gets the current choices: its version is refused."""
    same_turn = seat.to_act and seat.to_act_since is not None and seat.to_act_since <= version
    if version == match.version or not same_turn or match.is_finished:
        return seat_choices(match, seat), False
    state = replay_state(match, version)
    return choices_of(legal_for(match.engine, state, seat.index)), True


def _play_reason(error: PlayError) -> str:
    if error.code == "stale_version":  # the web's "reload" means nothing in a mail client
        return _("That e-mail was out of date: the match has moved on since it was sent.")
    # An engine's reason is a phrase (games.core.words): in the player's language.
    return translate(error.message, translation.get_language() or "en")


def _why_no_choice(match: Match, seat: Seat, *, after_a_move: bool) -> str:
    if match.is_finished:
        return _("The match is over.")
    if seat.forfeited:
        return _("You have left this match.")
    if after_a_move:
        return _("Your turn ended with the line before this one: this line was not applied.")
    return _("It is not your turn (the match has moved on since that e-mail).")


def _refuse(record: InboundReply, line: str, reason: str) -> str:
    record.refused_line = line[:200]
    record.reason = reason[:300]
    return InboundReply.Outcome.ANSWERED
