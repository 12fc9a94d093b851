"""The one-click unsubscribe page (RFC 8058): no log-in, the signed token is the key.

GET shows a confirmation button (a link scanner or a prefetching client must not unsubscribe
anyone); POST unsubscribes, whether from that button or from a mail client's one-click request
(`List-Unsubscribe=One-Click` in the body, no cookie and no CSRF token: hence csrf_exempt; the
token is what authorises it, and the action is idempotent and harmless to repeat).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from notifications.bounces import bounce_state, bounces_clear
from notifications.centre import CentreError, notices_read, notices_recent, push_remove
from notifications.forms import MuteForm, PreferencesForm, VacationForm
from notifications.models import Preferences, PushSubscription
from notifications.preferences import (
    PreferenceError,
    match_mute,
    play_settings,
    preferences_update,
    vacation_end,
    vacation_start,
)
from notifications.push import vapid_public_key
from notifications.unsubscribe import email_unsubscribe, unsubscribe_read


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = unsubscribe_read(token)
    if found is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=404)
    email, user_id = found
    if request.method == "POST":
        email_unsubscribe(email=email, user_id=user_id)
    context = {"email": email, "done": request.method == "POST", "has_account": bool(user_id)}
    return render(request, "notifications/unsubscribe.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def play_settings_edit(request: HttpRequest) -> HttpResponse:
    """Settings, "Play by e-mail": turn e-mails or digest, quiet hours, reminders, vacation,
    muted matches. Each form posts its own `do`; a refused form changes nothing."""
    user: Any = request.user
    info = play_settings(user)
    do = request.POST.get("do", "") if request.method == "POST" else ""
    form = PreferencesForm(
        request.POST if do == "save" else None,
        instance=Preferences.objects.filter(user=user).first() or Preferences(user=user),
    )
    vacation_form = VacationForm(request.POST if do == "vacation_start" else None)
    choices = [(m["id"], m["title"]) for m in info["matches"] if not m["muted"]]
    mute_form = MuteForm(request.POST if do == "mute" else None, matches=choices)
    if request.method == "POST":
        done: str | None = None
        try:
            done = _settings_post(request, do, form, vacation_form, mute_form)
        except PreferenceError as exc:
            messages.error(request, exc.message)
        if done:
            messages.success(request, done)
            return redirect("notifications:settings")
        if do not in _SETTINGS_ACTIONS:
            messages.error(request, _("Unknown action: nothing was changed."))
    context = {**info, "form": form, "vacation_form": vacation_form, "mute_form": mute_form}
    context["bounced"] = bounce_state(user)
    context["devices"] = PushSubscription.objects.filter(user=user).order_by("-created_at")
    context["vapid_key"] = vapid_public_key()
    status = 400 if request.method == "POST" else 200
    return render(request, "notifications/settings.html", context, status=status)


_SETTINGS_ACTIONS = (
    "save", "vacation_start", "vacation_end", "mute", "unmute", "bounces_clear", "push_remove",
)  # fmt: skip


def _settings_post(
    request: HttpRequest, do: str, form: Any, vacation_form: Any, mute_form: Any
) -> str | None:
    user = request.user
    if do == "save" and form.is_valid():
        preferences_update(user=user, changes=dict(form.cleaned_data))
        return "Your play-by-e-mail settings are saved."
    if do == "vacation_start" and vacation_form.is_valid():
        vacation = vacation_start(user=user, days=vacation_form.cleaned_data["days"])
        return (
            f"You are on vacation until {timezone.localtime(vacation.ends_at):%Y-%m-%d %H:%M %Z}."
        )
    if do == "bounces_clear":
        bounces_clear(user=user)
        return _("Game e-mails are on again.")
    if do == "vacation_end":
        vacation_end(user=user)
        return "Welcome back: your clocks run again."
    if do == "mute" and mute_form.is_valid():
        match_mute(user=user, match_id=mute_form.cleaned_data["match"], muted=True)
        return "That match is muted."
    if do == "push_remove":
        device = request.POST.get("device", "")
        if not device.isdigit():
            raise PreferenceError("bad_device", _("Choose a device to remove."))
        try:
            push_remove(user=user, subscription_id=int(device))
        except CentreError as exc:
            raise PreferenceError(exc.code, exc.message, exc.status) from exc
        return _("That device gets no more push notifications.")
    if do == "unmute":
        match_id = request.POST.get("match", "")
        if not match_id.isdigit():
            raise PreferenceError("bad_match", _("Choose a match to unmute."))
        match_mute(user=user, match_id=int(match_id), muted=False)
        return "That match is no longer muted."
    return None


@login_required
@require_http_methods(["GET", "POST"])
def centre(request: HttpRequest) -> HttpResponse:
    """The notification centre: the last 100 notices; POST marks one (or all) read or unread."""
    user: Any = request.user
    if request.method == "POST":
        do = request.POST.get("do", "")
        notice = request.POST.get("notice", "")
        if do == "all_read":
            notices_read(user=user)
        elif do in ("read", "unread") and notice.isdigit():
            notices_read(user=user, ids=[int(notice)], read=do == "read")
        else:
            messages.error(request, _("Unknown action: nothing was changed."))
            return redirect("notifications:centre")
        return redirect("notifications:centre")
    rows = notices_recent(user)
    unread = sum(1 for n in rows if n.read_at is None)
    return render(request, "notifications/centre.html", {"notices": rows, "unread": unread})


def service_worker(request: HttpRequest) -> HttpResponse:
    """At the site's root, so that its scope is the whole site (a worker's scope cannot be wider
    than its own path without a Service-Worker-Allowed header)."""
    context = {"shell_version": _shell_version()}
    response = render(request, "notifications/sw.js", context, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new version of the site reaches the browser
    return response


@cache
def _shell_version() -> str:
    """Changes with the shell's files: a new deployment replaces the cached shell."""
    digest = hashlib.sha256()
    for name in _SHELL_FILES:
        found = finders.find(name)
        if isinstance(found, str):
            digest.update(Path(found).read_bytes())
    return digest.hexdigest()[:12]


_SHELL_FILES = ("css/site.css", "js/site.js", "js/notices.js", "icons/icon.svg", "favicon.svg")


def offline(request: HttpRequest) -> HttpResponse:
    """What the installed app shows when a page cannot be reached (the service worker keeps it).
    Drawn as for a visitor, in the player's language: the kept copy is nobody's (no name, no
    stale unread count, no CSRF token of whoever was signed in when the worker installed)."""
    request.user = AnonymousUser()
    return render(request, "notifications/offline.html")


def manifest(request: HttpRequest) -> HttpResponse:
    sizes = (48, 72, 96, 144, 192, 512)
    icons = [
        {"src": static(f"icons/icon-{n}.png"), "sizes": f"{n}x{n}", "type": "image/png"}
        for n in sizes
    ]
    icons += [
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {
            "src": static("icons/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": _("Board games with friends, live or one turn a day."),
        # The app's identity stays "My games" whatever the start URL's query says.
        "id": reverse("lobbies:my_games"),
        "start_url": reverse("lobbies:my_games") + "?source=app",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#2d6a4f",
        "lang": translation.get_language() or settings.LANGUAGE_CODE,
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json")
