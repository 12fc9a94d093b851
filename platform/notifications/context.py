"""The bell's count on every page of a signed-in player (base.html)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from notifications.consumers import unread_count


def unread(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": unread_count(user.pk)}
