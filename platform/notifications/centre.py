"""The notification centre and the player's push devices: list, read, subscribe, remove
(docs/notifications.md, "The notification centre", "Push")."""

from __future__ import annotations

import base64
import binascii
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications.models import Notice, PushSubscription
from notifications.tell import unread_announce
from shared.errors import ServiceError

RECENT = 100
DEVICES_MAX = 20


class CentreError(ServiceError):
    """A refused request about notices or devices; nothing was changed."""


def notices_recent(user: Any) -> list[Notice]:
    return list(Notice.objects.filter(user=user).order_by("-created_at", "-pk")[:RECENT])


def notice_json(notice: Notice) -> dict[str, Any]:
    return {
        "id": notice.pk,
        "kind": notice.kind,
        "title": notice.title,
        "line": notice.line,
        "link": notice.link,
        "created_at": notice.created_at.isoformat(),
        "read": notice.read_at is not None,
    }


def notices_read(*, user: Any, ids: list[int] | None = None, read: bool = True) -> int:
    """Mark the player's notices `ids` (None: every one) read or unread; returns the unread
    count after. Another player's ids are not found, so they change nothing."""
    rows = Notice.objects.filter(user=user)
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    rows.update(read_at=timezone.now() if read else None)
    transaction.on_commit(lambda: unread_announce(user.pk), robust=True)
    return Notice.objects.filter(user=user, read_at__isnull=True).count()


def _b64(value: Any, length: int, what: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise CentreError("bad_keys", _("The browser's %(what)s key is missing.") % {"what": what})
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != length or (length == 65 and raw[0] != 4):
        raise CentreError(
            "bad_keys", _("The browser's %(what)s key is not valid.") % {"what": what}
        )
    return value


def _endpoint(value: Any) -> str:
    parts = urlsplit(value) if isinstance(value, str) and len(value) <= 1000 else None
    schemes = ("https", "http") if settings.PUSH_ALLOW_HTTP else ("https",)
    if parts is None or parts.scheme not in schemes or not parts.hostname:
        raise CentreError("bad_endpoint", _("That is not a push service address."))
    return str(value)


def push_subscribe(*, user: Any, endpoint: Any, keys: Any, device: str = "") -> PushSubscription:
    """Turn push on for one device (the browser's PushSubscription). The same endpoint again
    updates its keys; an endpoint another account holds moves to this one (the browser is
    now signed in as this player, and the push service gives one endpoint per browser)."""
    if not settings.VAPID_PRIVATE_KEY:
        raise CentreError("push_off", _("Push notifications are not set up on this site."), 409)
    keys = keys if isinstance(keys, dict) else {}
    fields = {
        "p256dh": _b64(keys.get("p256dh"), 65, "p256dh"),
        "auth": _b64(keys.get("auth"), 16, "auth"),
        "device": str(device or "")[:120],
        "user": user,
    }
    endpoint = _endpoint(endpoint)
    with transaction.atomic():
        if PushSubscription.objects.filter(user=user).exclude(endpoint=endpoint).count() >= (
            DEVICES_MAX
        ):
            raise CentreError("too_many", _("Remove a device before you add another."), 409)
        sub, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults=fields
        )
    return sub


def push_remove(*, user: Any, subscription_id: int) -> None:
    deleted, _rows = PushSubscription.objects.filter(user=user, pk=subscription_id).delete()
    if not deleted:
        raise CentreError("not_found", _("You have no such device."), 404)


def device_json(sub: PushSubscription) -> dict[str, Any]:
    return {
        "id": sub.pk,
        "device": sub.device,
        "created_at": sub.created_at.isoformat(),
        "acknowledged_at": sub.acked_at.isoformat() if sub.acked_at else None,
    }
