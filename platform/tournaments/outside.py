"""The pages an event has outside the site: its calendar feed, each player's private feed,
the results as CSV and JSON, and the embeddable bracket and standings (the one frame-able
view, framed only by the sites the organiser chose: tournaments/embedding.py)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt

from tournaments import embedding, export, feeds, selectors
from tournaments.models import CalendarFeed
from tournaments.views import _bracket, _standings_body, _tiebreak_columns, _visible

CALENDAR = "text/calendar; charset=utf-8"


def _event_link(request: HttpRequest) -> Any:
    return lambda t: request.build_absolute_uri(reverse("tournaments:detail", args=[t.pk]))


def event_calendar(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = _visible(request, tournament_id)
    response = HttpResponse(feeds.event_calendar(t, _event_link(request)), content_type=CALENDAR)
    response["Content-Disposition"] = f'inline; filename="tournament-{t.pk}.ics"'
    return response


def player_calendar(request: HttpRequest, token: str) -> HttpResponse:
    """Whoever has the address reads it (calendar programs send no cookies): a forged or
    replaced token finds nothing."""
    feed = CalendarFeed.objects.select_related("user").filter(token=token).first()
    if feed is None or not feed.user.is_active:
        raise Http404(_("No such calendar."))
    body = feeds.player_calendar(
        feed.user,
        _event_link(request),
        lambda pk: request.build_absolute_uri(reverse("play:match", args=[pk])),
    )
    response = HttpResponse(body, content_type=CALENDAR)
    response["Cache-Control"] = "private, no-store"
    return response


def results_json(request: HttpRequest, tournament_id: int) -> JsonResponse:
    t = _visible(request, tournament_id)
    response = JsonResponse(export.results_json(t), json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="tournament-{t.pk}-results.json"'
    return response


def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _csv(request, tournament_id, "results", export.results_csv)


def standings_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _csv(request, tournament_id, "standings", export.standings_csv)


def _csv(request: HttpRequest, tournament_id: int, what: str, write: Any) -> HttpResponse:
    t = _visible(request, tournament_id)
    response = HttpResponse(write(t), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{t.pk}-{what}.csv"'
    return response


@xframe_options_exempt
def embed(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Bracket (elimination formats) and standings, nothing else: no menus, no forms. Links
    open the site in a new tab."""
    t = _visible(request, tournament_id)
    standings = selectors.standings(t)
    bracket = None
    if t.is_elimination:
        registrations = selectors.names_of(t)
        bracket = _bracket(t, selectors.rounds_with_tables(t, registrations), registrations)
    context = {
        "t": t,
        "bracket": bracket,
        "standings": standings,
        "standings_body": _standings_body(standings, None),
        "tiebreaks": _tiebreak_columns(standings),
        "page_url": request.build_absolute_uri(reverse("tournaments:detail", args=[t.pk])),
    }
    response = render(request, "tournaments/embed.html", context)
    # Replaced, not added to: the site's own 'none' would forbid every frame.
    response._csp_replace = {"frame-ancestors": embedding.frame_ancestors(t)}  # type: ignore[attr-defined]
    return response
