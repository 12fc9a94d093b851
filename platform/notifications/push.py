"""Web Push (RFC 8030) with VAPID (RFC 8292) and message encryption (RFC 8291), through
pywebpush: one push of a notice to one device, at most once (docs/notifications.md, "Push").

The delivery row is claimed (SENDING, the attempt counted, committed) before the request goes
to the push service and marked after it, as the turn e-mails are. The outbox runs the job
outside its row's transaction (`outside=True`), so a worker killed mid-request leaves SENDING
behind and nothing sends that push again. The payload is the notice's title, line and link
and a receipt for the acknowledgement: nothing of any seat's view.
"""

from __future__ import annotations

import base64
import json
import logging
from functools import cache
from typing import Any

import requests
from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from py_vapid import Vapid
from pywebpush import WebPushException, webpush
from urllib3.exceptions import NewConnectionError

from notifications.models import Notice, PushDelivery, PushSubscription
from outbox.registry import job_handler
from play.models import Seat
from shared import metrics

logger = logging.getLogger(__name__)

ACK_SALT = "notifications.push.ack"
# Kinds that should wake a phone now (RFC 8030, 5.3 Urgency); the others wait for a good moment.
_URGENT = {Notice.Kind.TURN, Notice.Kind.TABLE_READY, Notice.Kind.REMINDER}
_GONE = (404, 410)  # the subscription expired or was withdrawn: delete it (RFC 8030, 7.3)


class PushRefused(Exception):
    """The push service certainly did not take the message (no connection, 429, 5xx): retry."""


@cache
def vapid_key() -> Vapid | None:
    """The VAPID key from settings (None: push is off)."""
    if not settings.VAPID_PRIVATE_KEY:
        return None
    return Vapid.from_string(private_key=settings.VAPID_PRIVATE_KEY)


def vapid_public_key() -> str:
    """The application server key the browsers subscribe with (base64url, uncompressed point)."""
    key = vapid_key()
    if key is None:
        return ""
    raw = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def ack_token(delivery_id: int) -> str:
    return signing.dumps(delivery_id, salt=ACK_SALT, compress=False)


def payload_of(notice: Notice, delivery_id: int) -> dict[str, str]:
    """Title, line and link; the receipt names only the delivery (signed)."""
    ack = reverse("notifications:push-ack", args=[ack_token(delivery_id)])
    return {"title": notice.title, "line": notice.line, "link": notice.link, "ack": ack}


@job_handler("notifications.push", outside=True)
def push_job(payload: dict[str, Any]) -> None:
    push_send(delivery_id=int(payload["delivery"]))


def push_send(*, delivery_id: int) -> bool:
    """Send one push at most once. True when the service accepted it; raises PushRefused when
    it surely did not (the outbox retries); an expired subscription is deleted."""
    claimed = _claim(delivery_id)
    if claimed is None:
        return False
    delivery, subscription, body = claimed
    kind = delivery.notice.kind
    try:
        _post(subscription, body, kind)
    except PushRefused as error:
        _mark(delivery, PushDelivery.Status.PENDING, error)
        _hook(kind, "refused")
        raise
    except _Gone as error:
        _mark(delivery, PushDelivery.Status.GONE, error)
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        _hook(kind, "gone")
        return False
    except Exception as error:
        _mark(delivery, PushDelivery.Status.UNCERTAIN, error)
        logger.warning("push %s: outcome unknown, not retried: %r", delivery.pk, error)
        _hook(kind, "uncertain")
        return False
    _mark(delivery, PushDelivery.Status.SENT)
    _hook(kind, "sent")
    return True


def _claim(delivery_id: int) -> tuple[PushDelivery, PushSubscription, str] | None:
    with transaction.atomic():
        delivery = (
            PushDelivery.objects.select_for_update(of=("self",))
            .select_related("notice", "subscription")
            .filter(pk=delivery_id)
            .first()
        )
        if delivery is None or delivery.status != PushDelivery.Status.PENDING:
            return None
        subscription = delivery.subscription
        if subscription is None or vapid_key() is None or not _still_due(delivery.notice):
            delivery.status = PushDelivery.Status.SKIPPED
            delivery.save(update_fields=["status"])
            return None
        delivery.status = PushDelivery.Status.SENDING
        delivery.attempts += 1
        delivery.claimed_at = timezone.now()
        delivery.save(update_fields=["status", "attempts", "claimed_at"])
    return delivery, subscription, json.dumps(payload_of(delivery.notice, delivery.pk))


# Notices keyed "seat:version the turn began at": not pushed once that turn is over.
_OF_A_TURN = {Notice.Kind.TURN, Notice.Kind.REMINDER}


def _still_due(notice: Notice) -> bool:
    """A turn's push, or its reminder's, is not sent once the move was made (a push held
    through quiet hours or a vacation)."""
    if notice.kind not in _OF_A_TURN or notice.match_id is None:
        return True
    seat_id, _, since = notice.key.partition(":")
    return Seat.objects.filter(
        pk=int(seat_id), to_act=True, forfeited=False, to_act_since=int(since or -1)
    ).exists()


class _Gone(Exception):
    pass


def _post(subscription: PushSubscription, body: str, kind: str) -> None:
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    urgency = "high" if kind in _URGENT else "normal"
    try:
        webpush(
            info,
            body,
            vapid_private_key=vapid_key(),
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=settings.PUSH_TTL_SECONDS,
            headers={"Urgency": urgency, "Topic": f"n{kind.replace('_', '')}"},
            timeout=10,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        if status in _GONE:
            raise _Gone(str(status)) from error
        if status is not None and (status == 429 or status >= 500):
            raise PushRefused(f"push service answered {status}") from error
        raise  # another 4xx: a request the service will not take as it is
    except requests.ConnectionError as error:
        # No connection made: nothing reached the service. A line dropped later may come after
        # the service took the message (uncertain, as for e-mail).
        reason = getattr(error.args[0], "reason", None) if error.args else None
        if isinstance(error, requests.ConnectTimeout) or isinstance(reason, NewConnectionError):
            raise PushRefused(repr(error)) from error
        raise


def _mark(delivery: PushDelivery, status: str, error: BaseException | None = None) -> None:
    fields: dict[str, Any] = {"status": status, "last_error": repr(error)[:200] if error else ""}
    if status == PushDelivery.Status.SENT:
        fields["sent_at"] = timezone.now()
    PushDelivery.objects.filter(pk=delivery.pk).update(**fields)


def _hook(kind: str, outcome: str) -> None:
    """Each attempt's outcome counted (tabletop_pushes): sent, gone, refused or uncertain."""
    metrics.push_counted(kind, outcome)


def push_ack(*, token: str) -> bool:
    """The device's service worker showed the notification: note when (one channel)."""
    try:
        delivery_id = signing.loads(token, salt=ACK_SALT, max_age=7 * 86400)
    except signing.BadSignature:
        return False
    now = timezone.now()
    delivery = PushDelivery.objects.filter(pk=delivery_id).first()
    if delivery is None:
        return False
    PushDelivery.objects.filter(pk=delivery.pk, acked_at__isnull=True).update(acked_at=now)
    if delivery.subscription_id:
        PushSubscription.objects.filter(pk=delivery.subscription_id).update(acked_at=now)
    return True
