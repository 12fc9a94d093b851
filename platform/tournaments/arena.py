"""The arena on the site: continuous pairing for a fixed time (rules: formats/arena.py).

`arena_advance` runs with the tournament row locked (services.tournament_advance, which the
outbox calls after the commit of every game's result, and the 30 s sweep): it stores the live
standings, seats every group of waiting players at new tables, and finishes the event once its
end time has passed and the games still in play are over (they count, as on lichess). Two
results arriving at once queue two advances; the row lock runs them one after the other and
the second sees the first's tables, so nobody is seated twice. When the end time is fixed, an
outbox job is recorded for that moment (``end_record``), so the arena ends on time by itself
even when no result arrives then (everyone waiting, or too few left to seat); the sweep stays
only a safety net.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from outbox.services import job_record
from play.models import Match
from play.services import match_create
from tournaments import emails, errors, stage_hook
from tournaments.formats.arena import Game, Waiting, pair_waiting, sheet_of
from tournaments.models import Registration, Round, Tournament, TournamentTable

BERSERK_MIN_SECONDS = 20  # live play only: below this, half a move's time is too little
DEFAULT_RATING = 1500.0


def berserk_seconds(move_seconds: int) -> int:
    """The time allowance after a berserk. Today a match has one time per move, so this halves
    it; the clocks with banks (issue 28) adapt this one function to halve the player's bank."""
    return max(1, move_seconds // 2)


def berserk_offered(t: Tournament) -> bool:
    return bool(t.berserk_allowed and t.mode == "live" and t.move_seconds >= BERSERK_MIN_SECONDS)


def arena_round(t: Tournament) -> Round:
    rnd, _created = Round.objects.get_or_create(tournament=t, number=1, defaults={"label": "Arena"})
    return rnd


def arena_standings(t: Tournament, registrations: list[Registration]) -> list[dict[str, Any]]:
    games: dict[int, list[Game]] = {r.pk: [] for r in registrations}
    tables = TournamentTable.objects.filter(tournament=t, places__isnull=False).order_by(
        "finished_at", "pk"
    )
    for table in tables.values("players", "places", "berserk"):
        for seat, player in enumerate(table["players"]):
            if player in games:
                games[player].append(
                    Game(tuple(table["places"] or ()), seat, player in (table["berserk"] or []))
                )
    sheets = {pk: sheet_of(g) for pk, g in games.items()}
    rating = {r.pk: r.rating or DEFAULT_RATING for r in registrations}
    order = sorted(
        (r for r in registrations if r.seed is not None),
        key=lambda r: (-sheets[r.pk].points, -sheets[r.pk].wins, -rating[r.pk], r.pk),
    )
    rows = []
    for rank, r in enumerate(order, start=1):
        sheet = sheets[r.pk]
        rows.append(
            {
                "entrant": r.pk,
                "name": r.name,
                "rank": rank,
                "points": sheet.points,
                "tiebreaks": {"wins": sheet.wins},
                "played": sheet.played,
                "byes": 0,
                "eliminated": False,
                "note": "" if r.active else "withdrawn",
                "on_fire": sheet.on_fire,
                "sheet": sheet.marks,
            }
        )
    return rows


def arena_advance(t: Tournament, *, now: Any = None) -> str:
    """With `t` locked: "round" (tables made), "waiting", "finished"."""
    now = now or timezone.now()
    if t.ends_at is None:
        t.ends_at = (t.started_at or now) + timedelta(minutes=t.arena_minutes)
        t.save(update_fields=["ends_at"])
        end_record(t)
    registrations = list(t.registrations.select_related("user"))
    t.standings = arena_standings(t, registrations)
    t.stamp += 1
    t.save(update_fields=["standings", "stamp"])
    open_tables = list(TournamentTable.objects.filter(tournament=t, places__isnull=True))
    if now >= t.ends_at:
        if open_tables:
            return "waiting"
        t.status = Tournament.Status.FINISHED
        t.finished_at = now
        t.save(update_fields=["status", "finished_at"])
        emails.results_queue(t, registrations)
        stage_hook.stage_finished_record(t)
        return "finished"
    groups = pair_waiting(
        _waiting(t, registrations, open_tables), t.table_size, others_playing=bool(open_tables)
    )
    if groups:
        _tables_create(t, groups, {r.pk: r for r in registrations})
    return "round" if groups else "waiting"


def end_record(t: Tournament) -> None:
    """Inside the caller's transaction: the advance that ends the arena, due at its end time
    (the outbox worker runs it then; one per end time)."""
    assert t.ends_at is not None
    job_record(
        "tournaments.advance",
        {"tournament": t.pk},
        key=f"tournaments.arena-end:{t.pk}:{t.ends_at.isoformat()}",
        due_at=t.ends_at,
    )


def _waiting(
    t: Tournament, registrations: list[Registration], open_tables: list[TournamentTable]
) -> list[Waiting]:
    busy = {p for table in open_tables for p in table.players}
    points = {row["entrant"]: row["points"] for row in t.standings}
    last: dict[int, frozenset[int]] = {}
    firsts: dict[int, int] = {}
    played = TournamentTable.objects.filter(tournament=t, places__isnull=False).order_by("pk")
    for players in played.values_list("players", flat=True):
        firsts[players[0]] = firsts.get(players[0], 0) + 1
        for p in players:
            last[p] = frozenset(players) - {p}
    return [
        Waiting(
            id=r.pk,
            score=points.get(r.pk, 0.0),
            rating=r.rating or DEFAULT_RATING,
            last=last.get(r.pk, frozenset()),
            firsts=firsts.get(r.pk, 0),
        )
        for r in registrations
        if r.active and r.seed is not None and r.pk not in busy
    ]


def _tables_create(
    t: Tournament, groups: list[tuple[int, ...]], registrations: dict[int, Registration]
) -> None:
    rnd = arena_round(t)
    number = TournamentTable.objects.filter(round=rnd).count()
    engine = t.engine
    made = []
    for offset, group in enumerate(groups, start=1):
        players = [registrations[i] for i in group]
        match = match_create(
            game=engine,
            players=[(r.user, r.bot) for r in players],
            options=t.options,
            ranked=t.ranked,
            mode=t.mode,
            move_seconds=t.move_seconds,
            vacation_allowed=t.vacation_allowed,
            shuffle=False,
        )
        made.append(
            TournamentTable(
                tournament=t,
                round=rnd,
                key=f"A{number + offset}",
                match=match,
                players=list(group),
                seats=list(group),
            )
        )
    TournamentTable.objects.bulk_create(made)
    emails.table_ready_queue(t, rnd, [registrations[i] for g in groups for i in g])
    t.stamp += 1
    t.save(update_fields=["stamp"])


def arena_berserk(*, tournament_id: Any, user: Any) -> TournamentTable:
    """Before the first move of their arena game, a player halves its time for a bonus point
    if they win. Refused (nothing changes) when the event offers no berserk or it is too late."""
    with transaction.atomic():
        try:
            t = Tournament.objects.select_for_update().get(pk=int(tournament_id))
        except (Tournament.DoesNotExist, TypeError, ValueError) as exc:
            raise errors.not_found() from exc
        if t.format != Tournament.Format.ARENA or not berserk_offered(t):
            raise errors.refused("no_berserk", _("This event offers no berserk."))
        reg = t.registrations.filter(user=user).first() if user.is_authenticated else None
        table = next(
            (
                x
                for x in TournamentTable.objects.filter(tournament=t, places__isnull=True)
                if reg is not None and reg.pk in x.players
            ),
            None,
        )
        if table is None or reg is None or table.match_id is None:
            raise errors.refused("no_game", _("You have no arena game in play."))
        match = Match.objects.select_for_update().get(pk=table.match_id)
        if match.version > 0:
            raise errors.refused("too_late", _("Berserk is only possible before the first move."))
        if reg.pk in table.berserk:
            raise errors.refused("already", _("You already went berserk in this game."))
        if not table.berserk:
            match.move_seconds = berserk_seconds(match.move_seconds)
            if match.deadline is not None:
                match.deadline = min(
                    match.deadline, timezone.now() + timedelta(seconds=match.move_seconds)
                )
            match.save(update_fields=["move_seconds", "deadline"])
        table.berserk = [*table.berserk, reg.pk]
        table.save(update_fields=["berserk"])
        t.stamp += 1
        t.save(update_fields=["stamp"])
    return table


def arena_payload(t: Tournament) -> dict[str, Any]:
    """The live arena for the page and the API: end, berserk, standings, games in play."""
    names = {r.pk: r.name for r in t.registrations.select_related("user")}
    tables = TournamentTable.objects.filter(tournament=t, places__isnull=True).order_by("pk")
    return {
        "ends_at": t.ends_at,
        "berserk_offered": berserk_offered(t),
        "standings": t.standings,
        "playing": [
            {
                "key": x.key,
                "match": x.match_id,
                "players": x.players,
                "names": [names.get(p, "?") for p in x.players],
                "berserk": x.berserk,
            }
            for x in tables
        ],
    }
