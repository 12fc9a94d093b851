from __future__ import annotations

import functools
import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.core import game_names, get_game
from play import selectors, services, snapshots, undo
from play.errors import PlayError
from play.models import Match
from play.templatetags.rules import has_rules


def _visible(request: HttpRequest, match: Match, seats: list[Any] | None = None) -> int | None:
    """The viewer's seat; 404 for a private table's match seen by an outsider (`seats`: the
    match's seats, if in hand)."""
    access = selectors.match_access(match, request.user, seats)
    if not access.allowed:
        raise Http404(_("No such match."))
    return access.seat


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The board is drawn once, in the page (from the cache when another load of this version,
    seat and language drew it: selectors.board_cached); the JSON payload beside it carries no
    copy. The log shows its last LOG_PAGE entries (`?log=all`: all of them)."""
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    seats = list(match.seats.select_related("user"))
    seat = _visible(request, match, seats)
    legal = selectors.legal_for(match.engine, match.state, seat, selectors.seat_names(seats))
    payload = selectors.match_payload(match, seats, seat, legal=legal)
    if request.GET.get("log") == "all":
        log, earlier = selectors.log_for(match, seat, seats=seats), False
    else:
        log, earlier = selectors.log_before(match, seat, seats=seats)
    payload["log"] = log[-snapshots.LOG_TAIL :]  # as a socket snapshot carries it
    context = {
        "match": match,
        "payload": payload,
        # The payload's list is empty for a seat that left the match: no buttons then either.
        "board": selectors.board_cached(match, payload, legal if payload["legal"] else []),
        "seat": seat,
        "seats": seats,
        "log": log,
        "log_earlier": earlier,
        "legal": legal if payload["legal"] else [],
        "board_css": f"games/{match.game}/board.css",
        "board_js": board_script(match.game),
        "can_undo": seat is not None and undo.can_undo(match, seats[seat]),
        "time_control": payload["clocks"]["name"],
    }
    return render(request, "play/match.html", context)


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    """A game's rules in short (templates/rules/<game>.html), in our own words from the book."""
    if game not in game_names() or not has_rules(game):
        raise Http404(_("No rules summary for that game."))
    engine = get_game(game)
    return render(request, f"rules/{game}.html", {"game": engine, "reference": engine.reference()})


@functools.cache
def board_script(game: str) -> str | None:
    """The game's own board script (static/games/<game>/board.js), when it has one."""
    path = f"games/{game}/board.js"
    return path if finders.find(path) else None


def _replay_entries(match: Match) -> list[dict[str, Any]]:
    """The replay's steps: the log as a spectator reads it (a replay keeps every seat's secrets,
    the viewer's own too), without the notes of decisions taken back (nor those decisions)."""
    return [e for e in selectors.log_for(match, None) if e["action"].get("type") != "_undo"]


def _replay_step(
    request: HttpRequest, steps: int, marks: dict[str, list[int]] | None = None
) -> int:
    """?step=n (after the first n entries), or the jump form's ?by=turn|round&n=k (the k-th
    turn or round, from 1)."""
    try:
        by = request.GET.get("by", "step")
        if marks and by in ("turn", "round") and "n" in request.GET:
            starts = marks[f"{by}s"]
            return starts[max(1, min(int(request.GET["n"]), len(starts))) - 1] if starts else 0
        wanted = int(request.GET.get("n" if "n" in request.GET else "step", 0))
        return max(0, min(wanted, steps))
    except ValueError:
        return 0  # a replay opens at the start, as the game did


def _replay_board(match: Match, entries: list[dict[str, Any]], step: int) -> str:
    """The board after the first `step` entries, drawn as a spectator sees it."""
    seq = entries[step - 1]["seq"] if step else 0
    shown = Match(
        pk=match.pk, game=match.game, version=step, state=selectors.replay_state(match, seq)
    )
    last = step == len(entries)
    shown.status = Match.Status.FINISHED if last else Match.Status.ACTIVE
    shown.outcome = match.outcome if last else None
    shown.ranked = match.ranked
    seats = list(match.seats.select_related("user"))
    payload = selectors.match_payload(shown, seats, None, html=False)
    payload["legal"] = []
    return selectors.board_html(shown, payload, [])


def _finished_match(request: HttpRequest, match_id: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    _visible(request, match)
    return match


def replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Step through a finished match from its log, as a spectator sees it. Without JavaScript
    each step is a link; static/js/replay.js fetches the steps instead."""
    match = _finished_match(request, match_id)
    if not match.is_finished:
        messages.info(request, _("A match can be replayed once it is over."))
        return redirect("play:match", match_id)
    entries = _replay_entries(match)
    marks = selectors.replay_marks(entries)
    step = _replay_step(request, len(entries), marks)
    context = {
        "match": match,
        "step": step,
        "board": _replay_board(match, entries, step),
        "log": entries,
        "steps": len(entries),
        "marks": marks,
        "board_css": f"games/{match.game}/board.css",
    }
    return render(request, "play/replay.html", context)


def replay_frame(request: HttpRequest, match_id: int) -> JsonResponse:
    """One step of the replay as JSON ({step, steps, html}), for the replay page's script."""
    match = _finished_match(request, match_id)
    if not match.is_finished:
        raise Http404(_("A match can be replayed once it is over."))
    entries = _replay_entries(match)
    step = _replay_step(request, len(entries))
    html = _replay_board(match, entries, step)
    return JsonResponse({"step": step, "steps": len(entries), "html": html})


@login_required
@require_POST
def resign(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    seat = selectors.seat_of(match, request.user)
    if seat is None:
        messages.error(request, _("You are not playing in this match."))
    else:
        try:
            services.seat_forfeit(match_id=match.pk, seat_index=seat, reason="resigned")
        except PlayError as exc:
            messages.error(request, exc.message)
    return redirect("play:match", match_id)


@login_required
@require_POST
def undo_last(request: HttpRequest, match_id: int) -> HttpResponse:
    """Take back one's last decision of the turn (the no-JavaScript path of the Undo button)."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, _("That request was malformed."))
        return redirect("play:match", match_id)
    try:
        undo.action_undo(match_id=match.pk, user=request.user, version=version)
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
        messages.error(request, _("That request was malformed."))
        return redirect("play:match", match_id)
    try:
        services.action_submit(match_id=match.pk, user=request.user, action=action, version=version)
    except PlayError as exc:
        messages.error(request, exc.message)
    return redirect("play:match", match_id)
