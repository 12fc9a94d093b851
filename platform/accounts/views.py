from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from play.models import Seat

from accounts.forms import SettingsForm
from accounts.models import User


def profile(request: HttpRequest, display_name: str) -> HttpResponse:
    person = get_object_or_404(User, display_name__iexact=display_name)
    seats = Seat.objects.filter(user=person).select_related("match").order_by("-match__updated_at")
    current = [s for s in seats if not s.match.is_finished][:50]
    finished = [s for s in seats if s.match.is_finished][:50]
    return render(
        request,
        "accounts/profile.html",
        {"person": person, "current": current, "finished": finished},
    )


@login_required
def settings_edit(request: HttpRequest) -> HttpResponse:
    form = SettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Settings saved.")
        return redirect("accounts:settings")
    return render(request, "accounts/settings.html", {"form": form})
