from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.selectors import friends_of
from games.core import all_games
from games.core.levels import DEFAULT_LEVEL, bot_choices
from lobbies import invitations, selectors, services
from lobbies.forms import TableForm
from lobbies.models import Invitation, Rematch, Table
from lobbies.rematch import rematch_decline, rematch_expire, rematch_offer
from play.models import Seat
from shared.errors import ServiceError


def home(request: HttpRequest) -> HttpResponse:
    cards = [(game, bot_choices(game)) for game in all_games()]
    context = {"cards": cards, "default_bot": DEFAULT_LEVEL, "newcomer": _newcomer(request.user)}
    return render(request, "lobbies/home.html", context)


def _newcomer(user: Any) -> bool:
    """A signed-in player who has never sat at a match: greeted as new, not "welcome back"."""
    return bool(user.is_authenticated) and not Seat.objects.filter(user=user).exists()


@login_required
@require_POST
def play_bots(request: HttpRequest, game: str) -> HttpResponse:
    """Play a bot now: one click from a home card to a live casual match against bots."""
    try:
        match = services.lobby_play_bots(
            user=request.user, game=game, bot=request.POST.get("bot", "")
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobbies:home")
    return redirect("play:match", match.pk)


def open_tables(request: HttpRequest) -> HttpResponse:
    filters = {k: request.GET.get(k, "") for k in ("game", "mode", "ranked", "seats")}
    tables = selectors.tables_open(filters)
    page = Paginator(tables, 30).get_page(request.GET.get("page"))
    query = urlencode({k: v for k, v in filters.items() if v})  # the page links keep the filters
    context = {"page": page, "filters": filters, "games": all_games(), "query": f"{query}&"}
    return render(request, "lobbies/list.html", context)


@login_required
def create(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            table = services.lobby_create(
                host=request.user,
                game=data["game"],
                seats=data["seats"],
                ranked=data["ranked"],
                mode=data["mode"],
                move_seconds=form.move_seconds(),
                private=data["private"],
                options=form.options_for(data["game"]),
                timeout_policy=data.get("timeout_policy") or "",
                clock=form.clock(),
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("lobbies:table", table.pk)
    return render(request, "lobbies/create.html", {"form": form, "games": all_games()})


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("host"), pk=table_id)
    token = request.GET.get("invite")
    entries = list(table.entries.select_related("user"))
    joined = request.user.is_authenticated and any(e.user_id == request.user.pk for e in entries)
    if not selectors.table_visible(table, request.user, token, joined):
        raise Http404(_("No such table."))
    if table.status == Table.Status.STARTED and hasattr(table, "match"):
        return redirect("play:match", table.match.pk)
    rematch_expire(table)
    invite = request.build_absolute_uri(
        reverse("lobbies:table", args=[table.pk]) + f"?invite={table.invite_token}"
    )
    context = {
        "table": table,
        "entries": entries,
        "empty": range(table.seats - len(entries)),
        "joined": joined,
        "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
        "invite": invite if (joined or not table.private) else None,
        "token": token or "",
        "bots": bot_choices(table.engine),
    }
    context.update(_invitations_context(request, table, joined))
    return render(request, "lobbies/table.html", context)


def _invitations_context(request: HttpRequest, table: Table, joined: bool) -> dict[str, Any]:
    """Who was invited (for the players), the viewer's own invitation, the rematch."""
    invited = list(table.invitations.select_related("invitee").order_by("pk"))
    mine = next((i for i in invited if i.invitee_id == request.user.pk), None)
    seated = {i.invitee_id for i in invited} | {e.user_id for e in table.entries.all()}
    friends = (
        [f for f in friends_of(request.user) if f.pk not in seated]
        if joined and table.is_open
        else []
    )
    return {
        "invited": invited if joined else [],
        "my_invitation": mine if mine and mine.status == Invitation.Status.PENDING else None,
        "my_invitation_token": invitations.accept_token(mine) if mine else "",
        "friends": friends,
        "rematch": Rematch.objects.filter(table=table)
        .select_related("match", "declined_by")
        .first(),
    }


def table_status(request: HttpRequest, table_id: int) -> JsonResponse:
    """Polled by the table page: who is seated, and the match once it has started. A private
    table answers only those who may see its page (a 404 for the others, as the page)."""
    table = get_object_or_404(Table, pk=table_id)
    joined = request.user.is_authenticated and table.entries.filter(user=request.user).exists()
    if not selectors.table_visible(table, request.user, request.GET.get("invite"), joined):
        raise Http404(_("No such table."))
    rematch_expire(table)
    match = getattr(table, "match", None) if table.status == Table.Status.STARTED else None
    return JsonResponse(
        {
            "status": table.status,
            "taken": table.entries.count(),
            "seats": table.seats,
            "match_url": reverse("play:match", args=[match.pk]) if match else None,
        }
    )


@login_required
@require_POST
def table_verb(request: HttpRequest, table_id: int, verb: str) -> HttpResponse:
    if verb not in services.TABLE_VERBS:
        raise Http404(_("No such action."))
    try:
        services.table_verb(verb=verb, table_id=table_id, user=request.user, data=request.POST)
    except ServiceError as exc:
        messages.error(request, exc.message)
        if exc.code in ("private", "not_found"):
            return redirect("lobbies:list")
    url = reverse("lobbies:table", args=[table_id])
    token = request.POST.get("invite")
    return redirect(f"{url}?invite={token}" if token else url)


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """My matches, those where it is my turn first, then my open tables."""
    pending = invitations.invitations_pending(request.user)
    context = {
        "rows": selectors.my_matches(request.user),
        "tables": selectors.my_tables(request.user),
        "invitations": [(i, invitations.accept_token(i)) for i in pending],
    }
    return render(request, "lobbies/my_games.html", context)


@login_required
@require_POST
def table_invite(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        invitation = invitations.table_invite(
            table_id=table_id, user=request.user, display_name=request.POST.get("name", "")
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        name = invitation.invitee.display_name
        messages.success(request, _("%(name)s is invited.") % {"name": name})
    return redirect("lobbies:table", table_id)


@login_required
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    """The e-mail's signed link: the invitation, and Accept or Decline (for its invitee only)."""
    try:
        invitation = invitations.invitation_from_token(token)
    except ServiceError as exc:
        return render(request, "lobbies/invitation.html", {"error": exc.message}, status=exc.status)
    if invitation.invitee_id != request.user.pk:
        error = _("This invitation is for someone else.")
        return render(request, "lobbies/invitation.html", {"error": error}, status=403)
    if request.method == "POST":
        return _invitation_answer(request, invitation)
    context = {"invitation": invitation, "table": invitation.table, "token": token}
    return render(request, "lobbies/invitation.html", context)


def _invitation_answer(request: HttpRequest, invitation: Any) -> HttpResponse:
    answer = request.POST.get("answer")
    try:
        if answer == "accept":
            table = invitations.invitation_accept(invitation_id=invitation.pk, user=request.user)
            return redirect("lobbies:table", table.pk)
        if answer == "decline":
            invitations.invitation_decline(invitation_id=invitation.pk, user=request.user)
            messages.info(request, _("You declined the invitation."))
            return redirect("lobbies:my_games")
        messages.error(request, _("Accept or decline the invitation."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("lobbies:my_games")


@login_required
@require_POST
def rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """The end screen's "Rematch": offer one, or accept the one on offer."""
    try:
        table = rematch_offer(match_id=match_id, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("play:match", match_id)
    return redirect("lobbies:table", table.pk)


@login_required
@require_POST
def rematch_no(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        rematch_decline(match_id=match_id, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, _("You declined the rematch."))
    return redirect("play:match", match_id)
