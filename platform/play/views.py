from __future__ import annotations

import functools
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from play import selectors, services, snapshots
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
    log = selectors.log_for(match, seat)
    payload["log"] = log[-snapshots.LOG_TAIL :]  # as a socket snapshot carries it
    context = {
        "match": match,
        "payload": payload,
        "seat": seat,
        "log": log,
        # The payload's list is empty for a seat that left the match: no buttons then either.
        "legal": (
            selectors.legal_for(match.engine, match.state, seat, selectors.seat_names(seats))
            if payload["legal"]
            else []
        ),
        "board_css": f"games/{match.game}/board.css",
        "board_js": board_script(match.game),
    }
    return render(request, "play/match.html", context)


@functools.cache
def board_script(game: str) -> str | None:
    """The game's own board script (static/games/<game>/board.js), when it has one."""
    path = f"games/{game}/board.js"
    return path if finders.find(path) else None


def _replay_step(
    request: HttpRequest, match: Match, marks: dict[str, list[int]] | None = None
) -> int:
    """?step=n, or the jump form's ?by=turn|round&n=k (the k-th turn or round, from 1)."""
    try:
        by = request.GET.get("by", "step")
        if marks and by in ("turn", "round") and "n" in request.GET:
            starts = marks[f"{by}s"]
            return starts[max(1, min(int(request.GET["n"]), len(starts))) - 1] if starts else 0
        wanted = int(request.GET.get("n" if "n" in request.GET else "step", match.version))
        return max(0, min(wanted, match.version))
    except ValueError:
        return match.version


def _replay_board(match: Match, seat: int | None, step: int) -> str:
    """The board after `step` log entries, drawn for the viewer's seat (or as a spectator)."""
    shown = Match(
        pk=match.pk, game=match.game, version=step, state=selectors.replay_state(match, step)
    )
    shown.status = Match.Status.FINISHED if step == match.version else Match.Status.ACTIVE
    shown.outcome = match.outcome if step == match.version else None
    seats = list(match.seats.select_related("user"))
    payload = selectors.match_payload(shown, seats, seat, html=False)
    payload["legal"] = []
    return selectors.board_html(shown, payload, [])


def _finished_match(request: HttpRequest, match_id: int) -> tuple[Match, int | None]:
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    return match, _visible(request, match)


def replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Step through a finished match from its log (the viewer's own seat view, or public).
    Without JavaScript each step is a link; static/js/replay.js fetches the steps instead."""
    match, seat = _finished_match(request, match_id)
    if not match.is_finished:
        messages.info(request, "A match can be replayed once it is over.")
        return redirect("play:match", match_id)
    log = selectors.log_for(match, seat)
    marks = selectors.replay_marks(log)
    step = _replay_step(request, match, marks)
    context = {
        "match": match,
        "step": step,
        "board": _replay_board(match, seat, step),
        "log": log,
        "steps": match.version,
        "marks": marks,
        "board_css": f"games/{match.game}/board.css",
    }
    return render(request, "play/replay.html", context)


def replay_frame(request: HttpRequest, match_id: int) -> JsonResponse:
    """One step of the replay as JSON ({step, steps, html}), for the replay page's script."""
    match, seat = _finished_match(request, match_id)
    if not match.is_finished:
        raise Http404("A match can be replayed once it is over.")
    step = _replay_step(request, match)
    html = _replay_board(match, seat, step)
    return JsonResponse({"step": step, "steps": match.version, "html": html})


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
