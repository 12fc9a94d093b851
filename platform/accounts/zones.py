"""Time zones: every time on a page or in an e-mail is shown in the player's zone.

The zone is the account's setting (`User.time_zone`); until the player picks one, the
browser's (static/js/timezone.js puts it in the `tz` cookie, and the first request that
brings it stores it on the account, so e-mails use it too). `time_zone_middleware` activates
it for each request; `zone_for_address` gives an e-mail's recipient's zone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from urllib.parse import unquote
from zoneinfo import ZoneInfo, available_timezones

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import User

COOKIE = "tz"


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    return frozenset(available_timezones())


def zone_or_none(name: object) -> ZoneInfo | None:
    """The zone called `name`, or None for anything that is not an IANA zone name."""
    if not isinstance(name, str) or name not in _known():
        return None
    return ZoneInfo(name)


def zone_of_user(user: object) -> ZoneInfo:
    return zone_or_none(getattr(user, "time_zone", "")) or ZoneInfo("UTC")


def zone_for_address(address: str) -> ZoneInfo:
    """The zone of the account with that e-mail address (UTC for an address without one)."""
    zone = User.objects.filter(email__iexact=address.strip()).values_list("time_zone", flat=True)
    return zone_or_none(zone.first()) or ZoneInfo("UTC")


def time_zone_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        zone = _request_zone(request)
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return get_response(request)
        finally:
            timezone.deactivate()  # the thread serves the next request (or test) in UTC

    return middleware


def _request_zone(request: HttpRequest) -> ZoneInfo | None:
    user = getattr(request, "user", None)
    browser = zone_or_none(unquote(request.COOKIES.get(COOKIE, "")))
    if user is None or not user.is_authenticated:
        return browser
    chosen = zone_or_none(user.time_zone)
    if chosen is None and browser is not None:
        # The browser's zone becomes the account's until the player picks another.
        User.objects.filter(pk=user.pk, time_zone="").update(time_zone=browser.key)
        user.time_zone = browser.key
        return browser
    return chosen
