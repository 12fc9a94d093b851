"""Reads on tournaments for the pages and the API: the lists, who may see what, the rounds
with their tables, "my next game" and the live-update stamp."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from tournaments.labels import round_label
from tournaments.models import Registration, Round, Tournament, TournamentTable

T = Tournament.Status
UPCOMING = (T.REGISTRATION, T.CHECKIN)
RUNNING = (T.RUNNING, T.PAUSED)
OVER = (T.FINISHED, T.CANCELLED)


def tournaments_visible(user: Any) -> QuerySet[Tournament]:
    """Public events, and the invite-only or draft ones of their organisers and players."""
    public = Q(invite_only=False) & ~Q(status=T.DRAFT)
    if user is None or not user.is_authenticated:
        return Tournament.objects.filter(public)
    mine = Q(organiser=user) | Q(co_organisers=user) | Q(registrations__user=user)
    # A subquery: the joins that find "mine" must not multiply the rows a count runs over.
    visible = Tournament.objects.filter(public | mine).values("pk")
    return Tournament.objects.filter(pk__in=visible)


def tournaments_list(user: Any, filters: Mapping[str, str]) -> QuerySet[Tournament]:
    """Filters: game, status (upcoming | running | finished | a status value)."""
    rows = tournaments_visible(user).select_related("organiser")
    game = (filters.get("game") or "").strip()
    if game:
        rows = rows.filter(game=game)
    status = (filters.get("status") or "").strip()
    groups = {"upcoming": UPCOMING, "running": RUNNING, "finished": OVER}
    if status in groups:
        rows = rows.filter(status__in=groups[status])
    elif status in T.values:
        rows = rows.filter(status=status)
    entrants = Count("registrations", filter=Q(registrations__status=Registration.Status.ACTIVE))
    return rows.annotate(entrants=entrants).order_by("-created_at", "-pk")


def tournament_sections(user: Any, game: str = "") -> dict[str, list[Tournament]]:
    """The list page: upcoming, running and finished events (the latest of each)."""
    return {
        name: list(tournaments_list(user, {"game": game, "status": name})[:30])
        for name in ("upcoming", "running", "finished")
    }


def registration_of(tournament: Tournament, user: Any) -> Registration | None:
    if user is None or not user.is_authenticated:
        return None
    return tournament.registrations.filter(user=user).first()


@dataclass
class TableRow:
    table: TournamentTable
    players: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class RoundRows:
    round: Round
    tables: list[TableRow]
    byes: list[str]
    more: int = 0  # tables not shown (the event page shows a part of a big round)
    bye_entrants: list[dict[str, Any]] = field(default_factory=list)  # {"id", "name"} each


def names_of(tournament: Tournament) -> dict[int, Registration]:
    """Every entrant by registration id, with only what the pages show of the player."""
    rows = tournament.registrations.select_related("user").only(
        "id", "tournament_id", "user_id", "bot", "status", "checked_in_at", "seed", "rating",
        "manual_seed", "user__id", "user__display_name",
    )  # fmt: skip
    return {r.pk: r for r in rows}


def rounds_with_tables(
    tournament: Tournament, registrations: dict[int, Registration], numbers: Any = None
) -> list[RoundRows]:
    """Each round (or only those `numbers`) with its tables, players in the planned order."""
    rounds = tournament.rounds_set.order_by("number")
    if numbers is not None:
        rounds = rounds.filter(number__in=numbers)
    tables = TournamentTable.objects.filter(round__in=rounds)  # match_id only: no game state
    by_round: dict[int, list[TableRow]] = {}
    for table in tables.order_by("pk"):
        by_round.setdefault(table.round_id, []).append(_table_row(tournament, table, registrations))
    return [_round_rows(rnd, by_round.get(rnd.pk, []), registrations) for rnd in rounds]


def _round_rows(
    rnd: Round, tables: list[TableRow], registrations: dict[int, Registration]
) -> RoundRows:
    byes = [{"id": b, "name": registrations[b].name} for b in rnd.byes if b in registrations]
    return RoundRows(round=rnd, tables=tables, byes=[b["name"] for b in byes], bye_entrants=byes)


def _table_row(
    tournament: Tournament, table: TournamentTable, registrations: dict[int, Registration]
) -> TableRow:
    players = []
    for i, pk in enumerate(table.players):
        reg = registrations.get(pk)
        place = table.places[i] if table.places else None
        players.append(
            {
                "id": pk,
                "name": reg.name if reg else "?",
                "user_id": reg.user_id if reg else None,
                "place": place,
                "score": table.scores[i] if table.scores else None,
                "advances": place is not None and place <= tournament.advance,
                "status": reg.status if reg else "",
            }
        )
    return TableRow(table=table, players=players)


def my_next_game(tournament: Tournament, registration: Registration | None) -> dict[str, Any]:
    """What the player should do now: the match to play, a bye, waiting, or out."""
    if registration is None:
        return {"kind": "none"}
    if not registration.active:
        return {
            "kind": "out",
            "text": _("You are %(status)s.")
            % {"status": registration.get_status_display().lower()},
        }
    if tournament.status in UPCOMING or tournament.status == T.DRAFT:
        if tournament.status == T.CHECKIN and registration.checked_in_at is None:
            return {"kind": "checkin", "text": _("Check in to play: the event starts soon.")}
        return {
            "kind": "wait",
            "text": _("You are registered; the first round starts with the event."),
        }
    if tournament.is_over:
        return {"kind": "none"}
    current = tournament.rounds_set.order_by("-number").first()
    if current is None:
        return {"kind": "wait", "text": _("Waiting for the first round.")}
    table = _find_table(current, registration.pk)
    if registration.pk in current.byes:
        return {
            "kind": "bye",
            "text": _("%(round)s: you have a bye.") % {"round": round_label(current.label)},
        }
    if table is None:
        row = next((r for r in tournament.standings if r["entrant"] == registration.pk), None)
        if row and row.get("eliminated"):
            return {"kind": "out", "text": _("You have been eliminated. Thank you for playing!")}
        return {"kind": "wait", "text": _("Waiting for the next round.")}
    if table.is_finished and tournament.format == "arena":
        return {
            "kind": "wait",
            "text": _("Your game is over: you play again as soon as enough players are free."),
        }
    if table.is_finished:
        return {
            "kind": "wait",
            "text": _("%(round)s: your game is over; waiting for the other tables.")
            % {"round": round_label(current.label)},
        }
    return {
        "kind": "play",
        "text": _("%(round)s, table %(table)s")
        % {"round": round_label(current.label), "table": table.key},
        "match": table.match_id,
    }


def _find_table(rnd: Round, registration_id: int) -> TournamentTable | None:
    """The player's game in play in the round, else their latest (an arena's one round holds
    every game of the event). Looked up in Python: JSON containment differs between SQLite and
    PostgreSQL."""
    mine = [t for t in rnd.tables.order_by("pk") if registration_id in t.players]
    return next((t for t in mine if not t.is_finished), mine[-1] if mine else None)


def status_stamp(tournament_id: int) -> dict[str, Any] | None:
    """What the page polls: it reloads when `stamp` or the finished tables change."""
    row = Tournament.objects.filter(pk=tournament_id).values("stamp", "status").first()
    if row is None:
        return None
    finished = TournamentTable.objects.filter(
        tournament_id=tournament_id, places__isnull=False
    ).count()
    return {"stamp": f"{row['stamp']}.{finished}", "status": row["status"]}


def standings(tournament: Tournament, limit: int | None = None) -> list[dict[str, Any]]:
    """The stored standings, each entrant named as now in the active language: the stored rows
    keep the names of the moment they were computed (a bot's name in the language of whoever's
    action completed the round; a player's display name before a rename)."""
    rows: list[dict[str, Any]] = list(tournament.standings or [])[:limit]
    if not rows:
        return rows
    ids = [row["entrant"] for row in rows]
    registrations = Registration.objects.filter(pk__in=ids).select_related("user")
    names = {r.pk: r.name for r in registrations}
    return [{**row, "name": names.get(row["entrant"], row["name"])} for row in rows]
