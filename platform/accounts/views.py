"""The profile page and the player's settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts.forms import SettingsForm
from accounts.models import User
from accounts.signals import profile_sections


def profile_context(request: HttpRequest, person: User) -> dict[str, Any]:
    """What the profile shows: the person, and the sections the other apps add, each as its
    own keys (accounts.signals.profile_sections)."""
    context: dict[str, Any] = {
        "person": person,
        "is_me": request.user.is_authenticated and request.user.pk == person.pk,
    }
    answers: list[tuple[Any, Any]] = profile_sections.send(
        sender=User, person=person, viewer=request.user
    )
    for _receiver, section in answers:
        context.update(section or {})
    return context


def profile(request: HttpRequest, display_name: str) -> HttpResponse:
    person = get_object_or_404(User, display_name__iexact=display_name, is_active=True)
    return render(request, "accounts/profile.html", profile_context(request, person))


@login_required
def settings_edit(request: HttpRequest) -> HttpResponse:
    # A copy of the user: a refused form must not rename the menu of the page it re-renders.
    user = User.objects.get(pk=request.user.pk or 0)
    form = SettingsForm(request.POST or None, instance=user)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                form.save()
        except IntegrityError:  # someone took the name between the check and the save
            form.add_error("display_name", _("That display name is taken."))
        else:
            translation.activate(user.language or translation.get_language())
            messages.success(request, _("Your settings are saved."))
            response = redirect("accounts:settings")
            _remember_language(response, user.language)
            return response
    return render(request, "accounts/settings.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's switch: Django's cookie, and the account's setting when signed in (so that
    e-mails and other devices follow)."""
    chosen = request.POST.get("language", "")
    if chosen not in dict(settings.LANGUAGES):
        return HttpResponseBadRequest(
            _("Unknown language: choose one of %(choices)s.")
            % {"choices": ", ".join(code for code, _name in settings.LANGUAGES)},
            content_type="text/plain; charset=utf-8",
        )
    response = django_set_language(request)
    if request.user.is_authenticated:
        User.objects.filter(pk=request.user.pk).update(language=chosen)
    return response


def _remember_language(response: HttpResponse, language: str) -> None:
    """The cookie follows the account's setting, so the choice outlives the session."""
    if language:
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, samesite="Lax")
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
