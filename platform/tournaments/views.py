"""Tournament pages: the list, the create form, the event (registration, my next game, the
round in play, standings, bracket), all rounds, full standings, the organiser's panel and the
small JSON status the event page polls for live updates."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.core import all_games
from games.core.levels import bot_choices
from shared.errors import ServiceError
from tournaments import (
    arena,
    feeds,
    progress,
    schedule,
    seeding_import,
    selectors,
    stages,
    verbs,
)
from tournaments.bracket_svg import bracket_layout, rounds_to_come
from tournaments.forms import TournamentForm
from tournaments.labels import note_label
from tournaments.models import Tournament

TIEBREAK_LABELS = {
    "opponents_points": gettext_lazy("Opp. points"),
    "game_score": gettext_lazy("Game score"),
    "rating": gettext_lazy("Rating"),
    "buchholz": gettext_lazy("Buchholz"),
    "wins": gettext_lazy("Wins"),
    "round_out": gettext_lazy("Round out"),
    "table_place": gettext_lazy("Table place"),
}


def _visible(request: HttpRequest, tournament_id: int) -> Tournament:
    """Any event by its link; a draft only for its organisers (invite-only events are unlisted,
    and registering needs the token, but spectators are welcome)."""
    tournament = get_object_or_404(Tournament.objects.select_related("organiser"), pk=tournament_id)
    if tournament.status == Tournament.Status.DRAFT and not tournament.is_organiser(request.user):
        raise Http404(_("No such tournament."))
    return tournament


def tournament_list(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    context = {
        "sections": selectors.tournament_sections(request.user, game),
        "games": all_games(),
        "game": game,
    }
    return render(request, "tournaments/list.html", context)


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        try:
            tournament = stages.event_create(organiser=request.user, **form.service_kwargs())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


def _base_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    registration = selectors.registration_of(tournament, request.user)
    return {
        "t": tournament,
        "registration": registration,
        "is_organiser": tournament.is_organiser(request.user),
        "token": request.GET.get("invite", ""),
        "tiebreaks": _tiebreak_columns(tournament.standings),
    }


def _tiebreak_columns(standings: list[dict[str, Any]]) -> list[dict[str, str]]:
    keys = list(standings[0]["tiebreaks"]) if standings else []
    return [
        {"key": k, "label": TIEBREAK_LABELS.get(k, k.replace("_", " ").capitalize())} for k in keys
    ]


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _standings_body(standings: list[dict[str, Any]], me: int | None) -> str:
    """The standings' <tbody> rows, written here rather than by the template language: a
    500-player event's 5,000 cells then take about a millisecond instead of thirty."""
    keys = list(standings[0]["tiebreaks"]) if standings else []
    rows = []
    for row in standings:
        notes = note_label(row["note"] or ("out" if row["eliminated"] else ""))
        cells = [
            ("", str(row["rank"])),
            ("name", escape(row["name"])),
            ("", f"<strong>{_number(row['points'])}</strong>"),
            *(
                ("tb" if i == 0 else "tb more", _number(row["tiebreaks"].get(k, 0.0)))
                for i, k in enumerate(keys)
            ),
            ("more", str(row["played"])),
            ("more", str(row["byes"])),
        ]
        mine = ' class="me"' if row["entrant"] == me else ""
        tds = "".join(f'<td class="{k}">{c}</td>' if k else f"<td>{c}</td>" for k, c in cells)
        rows.append(f'<tr{mine}>{tds}<td class="muted">{escape(notes)}</td></tr>')
    return mark_safe("\n".join(rows))  # noqa: S308 - every text cell is escaped above


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible(request, tournament_id)
    context = _base_context(request, tournament)
    registrations = selectors.names_of(tournament)
    current = tournament.rounds_set.order_by("-number").values_list("number", flat=True).first()
    all_rounds = (
        selectors.rounds_with_tables(tournament, registrations) if tournament.is_elimination else []
    )
    current_rows = (
        [r for r in all_rounds if r.round.number == current]
        if tournament.is_elimination
        else selectors.rounds_with_tables(tournament, registrations, [current])
    )
    event_stages = (
        stages.event_stages(tournament)
        if tournament.event_id or tournament.stages.exists()
        else None
    )
    context.update(
        {
            "entrants": [r for r in registrations.values() if r.status != "no_show"],
            "next": selectors.my_next_game(tournament, context["registration"]),
            "can_register": context["registration"] is None
            and tournament.registration_open
            and tournament.status in selectors.UPCOMING,
            "current": _overview_round(current_rows[0], request.user) if current_rows else None,
            "bracket": _bracket(tournament, all_rounds, registrations)
            if tournament.is_elimination
            else None,
            "standings": selectors.standings(tournament, 16),
            "arena": _arena(tournament, context["registration"]),
            "stages": event_stages,
            "my_group": _my_group(event_stages, tournament, request.user, context["registration"]),
            "group": next(
                (
                    g["group"]
                    for s in event_stages or []
                    for g in s["groups"]
                    if g["id"] == tournament.pk and len(s["groups"]) > 1
                ),
                "",
            ),
            "standings_body": _standings_body(
                selectors.standings(tournament, 16), getattr(context["registration"], "pk", None)
            ),
            "invite": request.build_absolute_uri(
                reverse("tournaments:detail", args=[tournament.pk])
                + f"?invite={tournament.invite_token}"
            ),
            "schedule": schedule.schedule_shown(tournament),
            "feed_url": _feed_url(request) if context["registration"] else None,
        }
    )
    return render(request, "tournaments/detail.html", context)


def _my_group(
    event_stages: list[dict[str, Any]] | None, tournament: Tournament, user: Any, mine: Any
) -> dict[str, Any] | None:
    """On another page of the event, the group the reader plays in (their latest stage)."""
    if not event_stages or mine is not None or not user.is_authenticated:
        return None
    ids = [g["id"] for s in event_stages for g in s["groups"]]
    playing = set(
        Tournament.objects.filter(pk__in=ids, registrations__user=user).values_list("pk", flat=True)
    )
    for stage in reversed(event_stages):
        for g in stage["groups"]:
            if g["id"] in playing and g["id"] != tournament.pk:
                return g
    return None


def _arena(tournament: Tournament, registration: Any) -> dict[str, Any] | None:
    if tournament.format != Tournament.Format.ARENA:
        return None
    payload = arena.arena_payload(tournament)
    mine = getattr(registration, "pk", None)
    payload["my_table"] = next((x for x in payload["playing"] if mine in x["players"]), None)
    payload["can_berserk"] = bool(
        payload["berserk_offered"]
        and payload["my_table"]
        and mine not in payload["my_table"]["berserk"]
    )
    payload["fire"] = [row for row in payload["standings"][:16] if row.get("played")]
    return payload


def _feed_url(request: HttpRequest) -> str:
    token = feeds.feed_of(request.user).token
    return request.build_absolute_uri(reverse("tournaments:my-calendar", args=[token]))


@login_required
@require_POST
def my_calendar_reset(request: HttpRequest) -> HttpResponse:
    feeds.feed_reset(user=request.user)
    messages.success(request, _("Your calendar has a new address: the old one no longer works."))
    back = request.POST.get("next") or ""
    return redirect(back if url_has_allowed_host_and_scheme(back, None) else "tournaments:list")


def _bracket(
    tournament: Tournament, rounds: list[selectors.RoundRows], registrations: dict[int, Any]
) -> dict[str, Any]:
    """What was played and is in play (the rows), then the rounds to come (the format's
    bracket: boxes whose seats say where their players will come from)."""
    to_come: list[selectors.RoundRows] = []
    if tournament.status in (Tournament.Status.RUNNING, Tournament.Status.PAUSED):
        entrants = progress.entrants_of(list(registrations.values()))
        drawn = progress.format_of(tournament).bracket(
            entrants, progress.settings_of(tournament), progress.played_rounds(tournament)
        )
        names = {pk: r.name for pk, r in registrations.items()}
        last = rounds[-1].round.number if rounds else 0
        to_come = rounds_to_come(drawn, names, last)
    return bracket_layout([*rounds, *to_come], tournament.advance)


OVERVIEW_TABLES = 24


def _overview_round(rnd: selectors.RoundRows, user: Any) -> selectors.RoundRows:
    """The event page shows the viewer's own table first and at most OVERVIEW_TABLES of the
    round (the rounds page has them all): a 500-player event's page stays light."""
    if len(rnd.tables) <= OVERVIEW_TABLES:
        return rnd
    mine = [t for t in rnd.tables if any(p["user_id"] == user.pk for p in t.players)]
    rest = [t for t in rnd.tables if t not in mine]
    shown = (mine + rest)[:OVERVIEW_TABLES]
    return selectors.RoundRows(
        round=rnd.round, tables=shown, byes=rnd.byes, more=len(rnd.tables) - len(shown)
    )


def tournament_standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible(request, tournament_id)
    context = _base_context(request, tournament)
    context["standings"] = selectors.standings(tournament)
    context["standings_body"] = _standings_body(
        context["standings"], getattr(context["registration"], "pk", None)
    )
    return render(request, "tournaments/standings.html", context)


def tournament_rounds(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible(request, tournament_id)
    context = _base_context(request, tournament)
    context["rounds"] = selectors.rounds_with_tables(tournament, selectors.names_of(tournament))
    return render(request, "tournaments/rounds.html", context)


def tournament_manage(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _visible(request, tournament_id)
    if not tournament.is_organiser(request.user):
        raise Http404(_("No such page."))
    context = _base_context(request, tournament)
    registrations = selectors.names_of(tournament)
    current = tournament.rounds_set.order_by("-number").values_list("number", flat=True).first()
    context.update(
        {
            "entrants": list(registrations.values()),
            "rounds": selectors.rounds_with_tables(tournament, registrations, [current]),
            "audit": tournament.audit.select_related("actor")[:100],
            "co_organisers": tournament.co_organisers.all(),
            "bots": bot_choices(tournament.engine),
            "schedule": list(tournament.schedule.order_by("number")),
            "next_round": (current or 0) + 1,
            "rules": Tournament.Unfinished.choices,
            "embed_url": request.build_absolute_uri(
                reverse("tournaments:embed", args=[tournament.pk])
            ),
        }
    )
    return render(request, "tournaments/manage.html", context)


def tournament_status(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """Polled by the event page: it reloads when the stamp changes (a game ended, a round
    started, someone registered)."""
    _visible(request, tournament_id)
    status = selectors.status_stamp(tournament_id)
    if status is None:
        raise Http404(_("No such tournament."))
    return JsonResponse(status)


@login_required
@require_POST
def tournament_verb(request: HttpRequest, tournament_id: int, verb: str) -> HttpResponse:
    if verb not in verbs.VERBS:
        raise Http404(_("No such action."))
    data: Any = request.POST
    upload = request.FILES.get("csv_file")
    if verb == "seed-import" and upload is not None:
        data = {"csv": upload.read(seeding_import.MAX_BYTES + 1).decode("utf-8-sig", "replace")}
    try:
        verbs.tournament_verb(verb=verb, tournament_id=tournament_id, user=request.user, data=data)
    except ServiceError as exc:
        messages.error(request, exc.message)
        if exc.code == "not_found":
            return redirect("tournaments:list")
    back = request.POST.get("next") or ""
    if back == "manage":
        return redirect("tournaments:manage", tournament_id)
    url = reverse("tournaments:detail", args=[tournament_id])
    token = request.POST.get("invite")
    return redirect(f"{url}?invite={token}" if token else url)
