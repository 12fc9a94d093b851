"""The bridge to the pure formats (tournaments/formats/): what the format is told (entrants,
settings, the rounds played) and what is done with its answer (a round of matches).

Everything here runs inside the caller's transaction, with the tournament row locked
(services.tournament_advance), so a round is never created twice: the unique (tournament,
number) constraint is the last guard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.utils import timezone

from accounts.selectors import blocked_pairs
from games.core.adjudication import ADJUDICATED, SHARED
from play.models import Match, Seat
from play.services import match_create
from tournaments import emails, formats, schedule, stage_hook
from tournaments.formats import arena as arena_rules
from tournaments.formats.base import (
    Entrant,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
    TableResult,
)
from tournaments.models import Registration, Round, Tournament, TournamentTable

RULED = (ADJUDICATED, SHARED)  # Outcome.reason of a game ended at a round's deadline

DEFAULT_RATING = 1500.0


def format_of(tournament: Tournament) -> Any:
    return formats.FORMATS.get(tournament.format) or arena_rules.ARENA


def settings_of(tournament: Tournament) -> Settings:
    engine = tournament.engine
    return Settings(
        table_size=tournament.table_size,
        min_seats=engine.min_seats,
        max_seats=engine.max_seats,
        advance=tournament.advance,
        rounds=tournament.rounds,
        rng_seed=tournament.rng_seed % (2**31),
    )


def kept_apart(settings: Settings, registrations: Sequence[Registration]) -> Settings:
    """`settings` with the entrants to seat apart: every pair with a block either way
    (accounts.selectors.blocked_pairs; docs/tournaments.md, "Blocks")."""
    by_user = {r.user_id: r.pk for r in registrations if r.user_id is not None}
    pairs = blocked_pairs(by_user)
    apart = frozenset(frozenset(by_user[u] for u in pair) for pair in pairs)
    return replace(settings, apart=apart)


def entrants_of(registrations: Sequence[Registration]) -> list[Entrant]:
    """The seeded entrants (those who started): withdrawn and disqualified ones inactive."""
    return [
        Entrant(
            id=r.pk,
            rating=r.rating if r.rating is not None else DEFAULT_RATING,
            seed=r.seed,
            active=r.active,
        )
        for r in sorted(registrations, key=lambda r: r.seed or 0)
        if r.seed is not None
    ]


def played_rounds(tournament: Tournament) -> list[PlayedRound]:
    """Every round whose tables are all finished, oldest first, as the format planned it."""
    rounds = tournament.rounds_set.prefetch_related("tables").order_by("number")
    ruled = set(  # games ended by a rule at a deadline: their scores are not the game's
        Match.objects.filter(
            tournament_table__tournament=tournament, outcome__reason__in=RULED
        ).values_list("pk", flat=True)
    )
    played = []
    for rnd in rounds:
        tables = list(rnd.tables.all())
        if any(not t.is_finished for t in tables):
            break
        plan = RoundPlan(
            number=rnd.number,
            label=rnd.label,
            tables=tuple(PlannedTable(players=tuple(t.players), key=t.key) for t in tables),
            byes=tuple(rnd.byes),
        )
        results = tuple(
            TableResult(
                key=t.key,
                players=tuple(t.players),
                places=tuple(t.places or ()),
                scores=tuple(float(s) for s in (t.scores or [0.0] * len(t.players))),
                scored=t.manual or t.match_id not in ruled,
            )
            for t in tables
        )
        played.append(PlayedRound(plan=plan, results=results))
    return played


def standings_rows(rows: Sequence[StandingRow], names: dict[int, str]) -> list[dict[str, Any]]:
    """The format's standings as stored on the tournament (JSON for pages and API)."""
    return [
        {
            "entrant": row.entrant,
            "name": names.get(row.entrant, "?"),
            "rank": row.rank,
            "points": round(float(row.points), 4),
            "tiebreaks": {k: round(float(v), 4) for k, v in row.tiebreaks.items()},
            "played": row.played,
            "byes": row.byes,
            "eliminated": row.eliminated,
            "note": row.note,
        }
        for row in rows
    ]


def advance(tournament: Tournament) -> str:
    """One step of the event: if the current round is complete, store the standings and pair
    the next round (or finish). Returns what happened: "waiting", "paused", "scheduled" (the
    next round's start time is still to come), "round", "finished".
    """
    fmt = format_of(tournament)
    settings = settings_of(tournament)
    for _ in range(64):  # a round of byes only is complete at once: plan the next
        current = tournament.rounds_set.order_by("-number").first()
        if current is not None and current.tables.filter(places__isnull=True).exists():
            return "waiting"
        registrations = list(tournament.registrations.select_related("user"))
        entrants = entrants_of(registrations)
        played = played_rounds(tournament)
        _standings_store(tournament, fmt, entrants, settings, played, registrations)
        if current is not None and current.finished_at is None:
            current.finished_at = timezone.now()
            current.save(update_fields=["finished_at"])
            emails.round_outcome_queue(tournament, current, registrations)
        if tournament.status != Tournament.Status.RUNNING:
            return "paused"
        if not schedule.round_may_start(tournament, current.number + 1 if current else 1):
            return "scheduled"  # the sweep starts it at its time (tournaments/schedule.py)
        plan = fmt.plan_round(entrants, kept_apart(settings, registrations), played)
        if plan is None:
            _finish(tournament, registrations)
            return "finished"
        rnd = round_create(tournament, plan, {r.pk: r for r in registrations})
        if rnd.tables.exists():
            return "round"
    raise RuntimeError(f"tournament {tournament.pk}: 64 rounds of byes in a row")


def standings_refresh(tournament: Tournament) -> None:
    """Store the standings again (a result replaced by hand, a player withdrawn)."""
    if tournament.started_at is None or tournament.format == Tournament.Format.ARENA:
        return  # an arena's standings are stored by its next advance (tournaments/arena.py)
    registrations = list(tournament.registrations.select_related("user"))
    _standings_store(
        tournament,
        format_of(tournament),
        entrants_of(registrations),
        settings_of(tournament),
        played_rounds(tournament),
        registrations,
    )


def _standings_store(
    tournament: Tournament,
    fmt: Any,
    entrants: list[Entrant],
    settings: Settings,
    played: list[PlayedRound],
    registrations: list[Registration],
) -> None:
    rows = fmt.standings(entrants, settings, played)
    tournament.standings = standings_rows(rows, {r.pk: r.name for r in registrations})
    tournament.stamp += 1
    tournament.save(update_fields=["standings", "stamp"])


def _finish(tournament: Tournament, registrations: list[Registration]) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    emails.results_queue(tournament, registrations)
    stage_hook.stage_finished_record(tournament)


def round_create(
    tournament: Tournament, plan: RoundPlan, registrations: dict[int, Registration]
) -> Round:
    """The round's row and one match per planned table, seated through play's services."""
    rnd = Round.objects.create(
        tournament=tournament, number=plan.number, label=plan.label, byes=list(plan.byes)
    )
    engine = tournament.engine
    matches = []
    for planned in plan.tables:
        players = [registrations[i] for i in planned.players]
        matches.append(
            match_create(
                game=engine,
                players=[(r.user, r.bot) for r in players],
                options=tournament.options,
                ranked=tournament.ranked,
                mode=tournament.mode,
                move_seconds=tournament.move_seconds,
                clock=tournament.clock,
                vacation_allowed=tournament.vacation_allowed,
                shuffle=False,  # the format rotates the seats across rounds
            )
        )
    seats = _seats_of([m.pk for m in matches])
    TournamentTable.objects.bulk_create(
        TournamentTable(
            tournament=tournament,
            round=rnd,
            key=planned.key,
            match=match,
            players=list(planned.players),
            seats=_seat_map(seats[match.pk], [registrations[i] for i in planned.players]),
        )
        for planned, match in zip(plan.tables, matches, strict=True)
    )
    seated = [registrations[i] for planned in plan.tables for i in planned.players]
    emails.table_ready_queue(tournament, rnd, seated)
    tournament.stamp += 1
    tournament.save(update_fields=["stamp"])
    return rnd


def _seats_of(match_ids: list[int]) -> dict[int, list[tuple[int | None, str]]]:
    """(user id, bot) at each seat of each match, in seat order: one query for the round."""
    seats: dict[int, list[tuple[int | None, str]]] = {pk: [] for pk in match_ids}
    rows = Seat.objects.filter(match_id__in=match_ids).order_by("match_id", "index")
    for match_id, user_id, bot in rows.values_list("match_id", "user_id", "bot"):
        seats[match_id].append((user_id, bot))
    return seats


def _seat_map(seats: list[tuple[int | None, str]], players: list[Registration]) -> list[int]:
    """The registration at each seat. play seats players in a random order; bots with the same
    name are interchangeable, so each takes the next bot entrant of that name."""
    by_user = {r.user_id: r.pk for r in players if r.user_id is not None}
    bots = [r for r in players if r.user_id is None]
    mapping = []
    for user_id, bot in seats:
        if user_id is not None:
            mapping.append(by_user[user_id])
        else:
            entrant = next(r for r in bots if r.bot == bot)
            bots.remove(entrant)
            mapping.append(entrant.pk)
    return mapping


def table_result_from_match(table: TournamentTable, seats: Sequence[Seat]) -> None:
    """Copy a finished match's places and scores onto its table, in the planned order."""
    by_registration = {table.seats[s.index]: s for s in seats}
    table.places = [by_registration[p].place for p in table.players]
    table.scores = [by_registration[p].score or 0.0 for p in table.players]
    table.finished_at = timezone.now()
