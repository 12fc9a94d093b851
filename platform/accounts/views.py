"""The profile page and the player's settings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

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
            form.add_error("display_name", "That display name is taken.")
        else:
            messages.success(request, "Your settings are saved.")
            return redirect("accounts:settings")
    return render(request, "accounts/settings.html", {"form": form})
