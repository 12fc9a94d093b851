"""The profile page and the player's settings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import selectors, services
from accounts.forms import DeleteAccountForm, SettingsForm
from accounts.models import User
from accounts.signals import profile_sections
from shared.errors import ServiceError


def profile_context(request: HttpRequest, person: User) -> dict[str, Any]:
    """What the profile shows: the person, and the sections the other apps add, each as its
    own keys (accounts.signals.profile_sections)."""
    context: dict[str, Any] = {
        "person": person,
        "is_me": request.user.is_authenticated and request.user.pk == person.pk,
        "following": selectors.is_following(request.user, person),
        "blocking": selectors.has_blocked(request.user, person),
    }
    answers: list[tuple[Any, Any]] = profile_sections.send(
        sender=User, person=person, viewer=request.user
    )
    for _receiver, section in answers:
        context.update(section or {})
    return context


def profile(request: HttpRequest, display_name: str) -> HttpResponse:
    person = get_object_or_404(
        User, display_name__iexact=display_name, is_active=True, deleted_at__isnull=True
    )
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


PERSON_VERBS = {
    "follow": services.follow_add,
    "unfollow": services.follow_remove,
    "block": services.block_add,
    "unblock": services.block_remove,
}


@login_required
@require_POST
def person_verb(request: HttpRequest, display_name: str, verb: str) -> HttpResponse:
    """Follow, unfollow, block or unblock the player whose profile this is."""
    if verb not in PERSON_VERBS:
        raise Http404("No such action.")
    try:
        person = PERSON_VERBS[verb](user=request.user, display_name=display_name)
    except ServiceError as exc:
        messages.error(request, exc.message)
        if exc.status == 404:
            return redirect("accounts:friends")
        return redirect("accounts:profile", display_name)
    done = {
        "follow": _("You follow %(name)s."),
        "unfollow": _("You no longer follow %(name)s."),
        "block": _("You blocked %(name)s."),
        "unblock": _("You unblocked %(name)s."),
    }
    messages.success(request, done[verb] % {"name": person.display_name})
    return redirect("accounts:profile", person.display_name)


@login_required
def friends(request: HttpRequest) -> HttpResponse:
    """The people I follow, those who follow me, and those I blocked; find a player by name."""
    name = request.GET.get("name", "").strip()
    if name:
        found = User.objects.filter(
            display_name__iexact=name, is_active=True, deleted_at__isnull=True
        ).first()
        if found is not None:
            return redirect("accounts:profile", found.display_name)
        messages.error(request, _("There is no player called %(name)s.") % {"name": name})
    context = {
        "friends": selectors.friends_of(request.user),
        "followers": selectors.followers_of(request.user),
        "blocked": selectors.blocked_by(request.user),
    }
    return render(request, "accounts/friends.html", context)


@login_required
def your_data(request: HttpRequest) -> HttpResponse:
    """Download everything the site holds about me; erase my account."""
    form = DeleteAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.account_delete(user=request.user, password=form.cleaned_data["password"])
        except ServiceError as exc:
            form.add_error("password", exc.message)
        else:
            logout(request)
            messages.info(request, _("Your account is deleted. Thank you for playing."))
            return redirect("/")
    return render(request, "accounts/your_data.html", {"form": form})


@login_required
def data_download(request: HttpRequest) -> HttpResponse:
    data = services.account_data(user=request.user)
    response = JsonResponse(data, json_dumps_params={"indent": 2, "ensure_ascii": False})
    stamp = timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="tabletop-data-{stamp}.json"'
    return response
