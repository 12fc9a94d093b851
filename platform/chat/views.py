"""The chat without JavaScript: the panel's forms post here and come back to the page they were
sent from; a line's "⋯" link opens a small page to mute its author or report it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chat import selectors, services
from chat.errors import ChatError
from chat.models import ChatLine, Report


def _back(request: HttpRequest, fallback: str) -> HttpResponse:
    """To the page the form came from (`next`, a path of this site only), else `fallback`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return redirect(target if safe and target.startswith("/") else fallback)


@login_required
@require_POST
def match_say(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        services.chat_post(user=request.user, match_id=match_id, text=request.POST.get("text"))
    except ChatError as exc:
        messages.error(request, exc.message)
    return _back(request, reverse("play:match", args=[match_id]))


@login_required
@require_POST
def table_say(request: HttpRequest, table_id: int) -> HttpResponse:
    invite = request.POST.get("invite") or None
    try:
        services.chat_post(
            user=request.user, table_id=table_id, text=request.POST.get("text"), invite=invite
        )
    except ChatError as exc:
        messages.error(request, exc.message)
    return _back(request, reverse("lobbies:table", args=[table_id]))


def _readable_line(request: HttpRequest, line_id: int) -> ChatLine:
    line = (
        ChatLine.objects.select_related("author", "match__table", "table")
        .filter(pk=line_id, removed_at__isnull=True)
        .first()
    )
    if line is None:
        raise Http404(_("No such line."))
    if line.match is not None:
        place = selectors.match_place(line.match, request.user)
    else:
        assert line.table is not None
        place = selectors.table_place(line.table, request.user)
    if place is None:
        raise Http404(_("No such line."))
    return line


def _line_home(line: ChatLine) -> str:
    if line.match_id is not None:
        return reverse("play:match", args=[line.match_id])
    return reverse("lobbies:table", args=[line.table_id])


@login_required
def line_page(request: HttpRequest, line_id: int) -> HttpResponse:
    line = _readable_line(request, line_id)
    context = {
        "line": line,
        "back": _line_home(line),
        "reasons": Report.Reason.choices,
        "mine": line.author_id == request.user.pk,
        "muted": selectors.hidden_authors(request.user, [line.author_id]) != set(),
    }
    return render(request, "chat/line.html", context)


@login_required
@require_POST
def report(request: HttpRequest, line_id: int) -> HttpResponse:
    line = _readable_line(request, line_id)
    try:
        services.chat_report(
            user=request.user,
            line_id=line.pk,
            reason=request.POST.get("reason", ""),
            note=request.POST.get("note", ""),
        )
    except ChatError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Thank you: the moderators will read that line."))
    return _back(request, _line_home(line))


@login_required
@require_POST
def mute(request: HttpRequest, person_id: int) -> HttpResponse:
    muted = request.POST.get("muted", "1") != "0"
    try:
        services.person_mute(user=request.user, person_id=person_id, muted=muted)
    except ChatError as exc:
        messages.error(request, exc.message)
    return _back(request, reverse("lobbies:my_games"))


@login_required
@require_POST
def spectators(request: HttpRequest) -> HttpResponse:
    show = request.POST.get("show", "1") != "0"
    services.chat_preference_set(user=request.user, show_spectators=show)
    return _back(request, reverse("lobbies:my_games"))
