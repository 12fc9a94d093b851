"""What a player is told, and how: the one place that decides (docs/notifications.md, "How a
player's preferences decide each channel").

Every notice (a turn, a table ready, a reminder, an invitation, a result, a move made for the
player) goes through `notice_tell`: it reads the player's current preferences, writes the
notification centre's row, and records one push per device through the outbox. The e-mail of
the same notice asks `email_told` when it is claimed (notifications/services.py, emails.py),
so e-mail, push and the centre cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from notifications.consumers import unread_count, unread_send
from notifications.models import Notice, PushDelivery, PushSubscription
from notifications.preferences import (
    is_muted,
    left_to_digest,
    prefs_for,
    quiet_until,
    vacation_current,
)
from notifications.unsubscribe import wants_game_email
from outbox.services import job_record
from play.models import Presence

# An acknowledged push stands for the e-mail of the same notice when the device acknowledged
# it within this long of its sending (issue 29, "One channel when it is enough").
ACK_WINDOW = timedelta(minutes=1)
PUSH_JOB = "notifications.push"
# Notices about one match: none while the player has it open in a browser (its page shows
# the turn, the clock, the bot's move and the result already; the centre still lists all but
# the turn).
_ABOUT_A_MATCH = {
    Notice.Kind.TURN,
    Notice.Kind.REMINDER,
    Notice.Kind.TIMED_OUT,
    Notice.Kind.RESULT,
}


@dataclass(frozen=True)
class Channels:
    """Where a notice goes now: the centre always lists it unless `centre` is False (a muted
    match); push and e-mail may wait until `hold_until` (quiet hours, a vacation)."""

    centre: bool
    push: bool
    email: bool
    hold_until: datetime | None = None


NOTHING = Channels(centre=False, push=False, email=False)


def channels_for(
    *,
    user: Any,
    kind: str,
    match_id: int | None = None,
    deadline: datetime | None = None,
    now: datetime | None = None,
) -> Channels:
    """The player's preferences, read now, applied to one notice of `kind`."""
    now = now or timezone.now()
    if match_id is not None and is_muted(user.pk, match_id):
        return NOTHING  # a muted match: nothing at all
    prefs = prefs_for(user)
    if kind in prefs.quiet_kinds:
        return Channels(centre=True, push=False, email=False)
    if kind in _ABOUT_A_MATCH and match_id is not None and _watching(user, match_id):
        return Channels(centre=kind != Notice.Kind.TURN, push=False, email=False)
    if kind == Notice.Kind.TURN and left_to_digest(prefs, deadline, now):
        return Channels(centre=True, push=False, email=False)  # the digest lists it
    vacation = vacation_current(user, now)
    hold = vacation.ends_at if vacation is not None else quiet_until(prefs, now)
    return Channels(
        centre=True,
        push=PushSubscription.objects.filter(user=user).exists(),
        email=wants_game_email(user),
        hold_until=hold,
    )


def _watching(user: Any, match_id: int) -> bool:
    return Presence.objects.live().filter(match_id=match_id, user=user).exists()


@dataclass(frozen=True)
class Told:
    """A notice as the player reads it (their language): what every channel shows."""

    kind: str
    key: str
    title: str
    line: str
    link: str
    match_id: int | None = None
    deadline: datetime | None = None


def notice_tell(*, user: Any, told: Told, now: datetime | None = None) -> Notice | None:
    """Write the centre's row once per (user, kind, key) and record its pushes (held through
    quiet hours or a vacation). None: nothing to tell (a muted match), or told already."""
    now = now or timezone.now()
    channels = channels_for(
        user=user, kind=told.kind, match_id=told.match_id, deadline=told.deadline, now=now
    )
    if not channels.centre:
        return None
    with transaction.atomic():
        notice, created = Notice.objects.get_or_create(
            user=user,
            kind=told.kind,
            key=told.key,
            defaults={
                "title": told.title[:120],
                "line": told.line[:200],
                "link": told.link,
                "match_id": told.match_id,
                "created_at": now,
            },
        )
        if not created:
            return None
        if channels.push:
            pushes_record(notice, not_before=channels.hold_until)
        transaction.on_commit(lambda: unread_announce(user.pk), robust=True)
    return notice


def pushes_record(notice: Notice, *, not_before: datetime | None = None) -> int:
    """One delivery row and one outbox job per device of the player (inside the transaction
    that wrote the notice: both commit or neither)."""
    recorded = 0
    for sub_id in PushSubscription.objects.filter(user_id=notice.user_id).values_list(
        "pk", flat=True
    ):
        delivery = PushDelivery.objects.create(notice=notice, subscription_id=sub_id)
        job_record(
            PUSH_JOB, {"delivery": delivery.pk}, key=f"push:{delivery.pk}", due_at=not_before
        )
        recorded += 1
    return recorded


def email_told(*, user: Any, kind: str, key: str, now: datetime | None = None) -> str:
    """Whether the e-mail of a notice goes now, given its pushes: "send"; "wait" (a push to a
    device that acknowledged pushes before is on its way or went less than a minute ago,
    unacknowledged: look again at `email_wait_until`);
    "skip" (a device acknowledged it within the minute and the player did not ask for both)."""
    now = now or timezone.now()
    if prefs_for(user).push_and_email:
        return "send"
    rows = PushDelivery.objects.filter(notice__user=user, notice__kind=kind, notice__key=key)
    live = (PushDelivery.Status.PENDING, PushDelivery.Status.SENDING, PushDelivery.Status.SENT)
    answer = "send"
    for status, sent_at, acked_at, created_at, device_acked in rows.values_list(
        "status", "sent_at", "acked_at", "notice__created_at", "subscription__acked_at"
    ):
        if acked_at is not None and sent_at is not None and acked_at - sent_at <= ACK_WINDOW:
            return "skip"
        # Only a device that has acknowledged a push before is waited for: a player with no
        # device, or only devices that never answered, gets the e-mail at once.
        known = device_acked is not None
        if known and status in live and now - (sent_at or created_at) < ACK_WINDOW:
            answer = "wait"
    return answer


def email_wait_until(*, user: Any, kind: str, key: str, now: datetime) -> datetime:
    """When to look again at an e-mail told "wait": a minute after its push left (or was
    recorded), a second later than that at the earliest."""
    rows = PushDelivery.objects.filter(notice__user=user, notice__kind=kind, notice__key=key)
    times = [sent or made for sent, made in rows.values_list("sent_at", "notice__created_at")]
    return max([now + timedelta(seconds=1), *(t + ACK_WINDOW for t in times)])


def unread_announce(user_id: int) -> None:
    """The bell of each page the player has open (notifications/consumers.py) shows the count."""
    unread_send(user_id, unread_count(user_id))
