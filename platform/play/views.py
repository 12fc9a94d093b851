from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from play import selectors, services
from play.errors import PlayError
from play.models import Match


def _visible(request: HttpRequest, match: Match) -> int | None:
    """The viewer's seat; 404 for a private table's match seen by an outsider."""
    access = selectors.match_access(match, request.user)
    if not access.allowed:
        raise Http404("No such match.")
    return access.seat


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    seat = _visible(request, match)
    seats = list(match.seats.select_related("user"))
    payload = selectors.match_payload(match, seats, seat, html=True)
    context = {
        "match": match,
        "payload": payload,
        "seat": seat,
        "log": selectors.log_for(match, seat),
        # The payload's list is empty for a seat that left the match: no buttons then either.
        "legal": selectors.legal_for(match.engine, match.state, seat) if payload["legal"] else [],
        "board_css": f"games/{match.game}/board.css",
    }
    return render(request, "play/match.html", context)


def replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Step through a finished match from its log (the viewer's own seat view, or public)."""
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    seat = _visible(request, match)
    if not match.is_finished:
        messages.info(request, "A match can be replayed once it is over.")
        return redirect("play:match", match_id)
    try:
        step = max(0, min(int(request.GET.get("step", match.version)), match.version))
    except ValueError:
        step = match.version
    shown = Match(
        pk=match.pk, game=match.game, version=step, state=selectors.replay_state(match, step)
    )
    shown.status = Match.Status.FINISHED if step == match.version else Match.Status.ACTIVE
    shown.outcome = match.outcome if step == match.version else None
    seats = list(match.seats.select_related("user"))
    payload = selectors.match_payload(shown, seats, seat, html=False)
    payload["legal"] = []
    board = selectors.board_html(shown, payload, [])
    log = selectors.log_for(match, seat)
    context = {
        "match": match,
        "step": step,
        "board": board,
        "log": log[:step],
        "steps": match.version,
        "board_css": f"games/{match.game}/board.css",
    }
    return render(request, "play/replay.html", context)


@login_required
@require_POST
def resign(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    seat = selectors.seat_of(match, request.user)
    if seat is None:
        messages.error(request, "You are not playing in this match.")
    else:
        try:
            services.seat_forfeit(match_id=match.pk, seat_index=seat, reason="resigned")
        except PlayError as exc:
            messages.error(request, exc.message)
    return redirect("play:match", match_id)


@login_required
@require_POST
def act(request: HttpRequest, match_id: int) -> HttpResponse:
    """The no-JavaScript path: a form posts one action and the page reloads."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        action = json.loads(request.POST.get("action", ""))
        version = int(request.POST.get("version", ""))
    except (ValueError, TypeError, RecursionError):  # RecursionError: JSON nested too deep
        messages.error(request, "That request was malformed.")
        return redirect("play:match", match_id)
    try:
        services.action_submit(match_id=match.pk, user=request.user, action=action, version=version)
    except PlayError as exc:
        messages.error(request, exc.message)
    return redirect("play:match", match_id)
