"""Ladder pages and the "play ranked now" queue: parse the request, call a service, render."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.core import Game, all_games, get_game
from ladders import pairing, selectors, services, turn_queue


def _game_or_404(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError as exc:
        raise Http404(_("No such game.")) from exc


def _int(value: str | None, default: int) -> int:
    try:
        return int(value or default)
    except ValueError:
        return default


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "ladders/index.html", {"games": all_games()})


def ladder(request: HttpRequest, game: str) -> HttpResponse:
    """A game's ladder: ranked players by rating (or newcomers), paged, searchable by name."""
    engine = _game_or_404(game)
    page = selectors.ladder_page(
        game=game,
        page=_int(request.GET.get("page"), 1),
        search=request.GET.get("q", "").strip()[:24],
        provisional=request.GET.get("provisional") == "1",
    )
    # Nobody ranked yet: the newcomers are listed (marked) rather than an empty ladder.
    unranked = False
    if not page.rows and page.page == 1 and not page.search and not page.provisional:
        newcomers = selectors.ladder_page(game=game, provisional=True)
        unranked = bool(newcomers.rows)
        page = newcomers if unranked else page
    context = {
        "engine": engine,
        "unranked": unranked,
        "ladder": page,
        "rows": selectors.ladder_rows(page),
        "seat_choices": list(engine.seat_range()),
        "entry": selectors.queue_entry_of(request.user),
    }
    return render(request, "ladders/ladder.html", context)


@require_POST
@login_required
def queue_join(request: HttpRequest, game: str) -> HttpResponse:
    engine = _game_or_404(game)
    seats = _int(request.POST.get("seats"), engine.min_seats)
    try:
        services.queue_join(user=request.user, game=game, seats=seats)
    except services.LadderError as exc:
        messages.error(request, exc.message)
        return redirect("ladders:ladder", game)
    return redirect("ladders:queue")


@login_required
def queue(request: HttpRequest) -> HttpResponse:
    """Waiting for a ranked table; the page refreshes itself and leads to the match once seated."""
    services.queue_touch(user=request.user)
    entry = selectors.queue_entry_of(request.user)
    if entry is not None and entry.table is not None and hasattr(entry.table, "match"):
        return redirect("play:match", entry.table.match.pk)
    context: dict[str, Any] = {"entry": entry}
    if entry is not None:
        waited = max(0, int((timezone.now() - entry.joined_at).total_seconds()))
        context.update(
            engine=get_game(entry.game),
            waited=waited,
            accepted=round(pairing.accepted_range(waited)),
        )
    return render(request, "ladders/queue.html", context)


@require_POST
@login_required
def queue_leave(request: HttpRequest) -> HttpResponse:
    try:
        services.queue_leave(user=request.user)
    except services.LadderError as exc:
        messages.error(request, exc.message)
        return redirect("ladders:queue")
    messages.success(request, _("You left the queue."))
    return redirect("ladders:index")


def _move_label(seconds: int) -> str:
    hours = seconds // 3600
    if hours < 48:
        return ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours}
    return ngettext("%(n)s day", "%(n)s days", hours // 24) % {"n": hours // 24}


@login_required
def by_email(request: HttpRequest) -> HttpResponse:
    """Play ranked by e-mail: the form (game, table size, time per move), or the wait."""
    entry = turn_queue.turn_queue_entry_of(request.user)
    context: dict[str, Any] = {
        "entry": entry if entry is not None and entry.waiting else None,
        "seated": entry if entry is not None and not entry.waiting else None,
        "games": all_games(),
        "move_choices": [(s, _move_label(s)) for s in turn_queue.MOVE_CHOICES],
    }
    if context["entry"] is not None:
        waited = max(0, int((timezone.now() - entry.joined_at).total_seconds()))  # type: ignore[union-attr]
        context.update(
            engine=get_game(entry.game),  # type: ignore[union-attr]
            move_label=_move_label(entry.move_seconds),  # type: ignore[union-attr]
            accepted=round(pairing.accepted_range(waited, pairing.TURN_WIDEN_EVERY_SECONDS)),
        )
    return render(request, "ladders/by_email.html", context)


@require_POST
@login_required
def by_email_join(request: HttpRequest) -> HttpResponse:
    try:
        turn_queue.turn_queue_join(
            user=request.user,
            game=request.POST.get("game", ""),
            seats=_int(request.POST.get("seats"), 0),
            move_seconds=_int(request.POST.get("move_seconds"), 0),
        )
    except turn_queue.TurnQueueError as exc:
        messages.error(request, exc.message)
        return redirect("ladders:by_email")
    messages.success(request, "You are waiting for a ranked game by e-mail.")
    return redirect("ladders:by_email")


@require_POST
@login_required
def by_email_leave(request: HttpRequest) -> HttpResponse:
    try:
        turn_queue.turn_queue_leave(user=request.user)
    except turn_queue.TurnQueueError as exc:
        messages.error(request, exc.message)
        return redirect("ladders:by_email")
    messages.success(request, "You stopped waiting for a game by e-mail.")
    return redirect("ladders:by_email")
