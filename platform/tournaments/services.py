"""Writes on tournaments: create, registration, check-in, start, pause, withdraw, results by
hand, cancel (STYLE.md, 8). The page and the API reach them through one door (verbs.py);
beat's periodic pass is sweep.py. Pairing is the format's (tournaments/formats/); creating the
matches and moving on is progress.py's, under the tournament row's lock.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.core import Game, get_game
from games.core.levels import DEFAULT_LEVEL
from ladders.models import Rating
from lobbies.services import MOVE_SECONDS_LIVE, MOVE_SECONDS_TURN
from outbox.services import job_record
from play import clocks
from play.errors import PlayError
from play.services import seat_forfeit
from tournaments import arena, emails, errors, formats, progress
from tournaments.formats.base import FormatError, seed_entrants
from tournaments.models import AuditEntry, Registration, Tournament, TournamentTable

T = Tournament.Status
MAX_PLAYERS = 5000
MAX_SWISS_ROUNDS = 30


def _engine(game: Any) -> Game:
    try:
        return get_game(str(game))
    except KeyError as exc:
        raise errors.bad(
            "unknown_game", _("There is no game called %(game)s.") % {"game": repr(game)}
        ) from exc


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise errors.bad(f"bad_{name}", f"'{name}' must be a whole number from {low} to {high}.")
    return value


def tournament_create(
    *,
    organiser: Any,
    name: str,
    game: str,
    format: str,  # noqa: A002 - the domain's word
    table_size: int,
    advance: int = 1,
    rounds: int = 0,
    ranked: bool = False,
    mode: str = "live",
    move_seconds: int | None = None,
    vacation_allowed: bool = True,
    starts_at: datetime | None = None,
    checkin_minutes: int = 0,
    max_players: int | None = None,
    min_rating: int | None = None,
    invite_only: bool = False,
    seeding: str = "rating",
    options: dict[str, Any] | None = None,
    open_registration: bool = True,
    description: str = "",
    arena_minutes: int = 0,
    berserk: bool = False,
    clock: dict[str, Any] | None = None,
) -> Tournament:
    """A new event; registration opens at once unless `open_registration` is false; `clock`:
    the time control of all its tables (play/clocks.py; None: `move_seconds` per move)."""
    engine = _engine(game)
    name = str(name).strip()
    if not 3 <= len(name) <= 80:
        raise errors.bad("bad_name", _("A tournament's name has 3 to 80 characters."))
    if format not in formats.FORMATS and format != Tournament.Format.ARENA:
        raise errors.bad(
            "bad_format",
            _("Choose one of: %(value)s.") % {"value": ", ".join(sorted(formats.FORMATS))},
        )
    if not isinstance(table_size, int) or table_size not in engine.seat_range():
        raise errors.bad(
            "bad_table_size",
            f"{engine.title} tables take {engine.min_seats} to {engine.max_seats} players.",
        )
    elimination = format in (Tournament.Format.SINGLE, Tournament.Format.DOUBLE)
    advance = _int(advance, "advance", 1, max(1, table_size - 1)) if elimination else 1
    rounds = _int(rounds, "rounds", 1, MAX_SWISS_ROUNDS) if format == "swiss" else 0
    is_arena = format == Tournament.Format.ARENA
    arena_minutes = _int(arena_minutes, "arena_minutes", 5, 24 * 60) if is_arena else 0
    move_seconds = _clock(mode, move_seconds)
    control = _time_control(clock, mode, move_seconds)
    checkin_minutes = _int(checkin_minutes, "checkin_minutes", 0, 7 * 24 * 60)
    if checkin_minutes and starts_at is None:
        raise errors.bad("bad_checkin", _("A check-in window needs a start time."))
    if max_players is not None:
        _int(max_players, "max_players", 2, MAX_PLAYERS)
    if min_rating is not None:
        _int(min_rating, "min_rating", 0, 4000)
    if min_rating is not None and not ranked:
        raise errors.bad("bad_min_rating", _("A minimum rating needs a ranked tournament."))
    if seeding not in Tournament.Seeding.values:
        raise errors.bad("bad_seeding", _("Seed by rating, at random or by hand."))
    if starts_at is not None and starts_at <= timezone.now():
        raise errors.bad("bad_start", _("The start time must be in the future."))
    try:
        cleaned = engine.clean_options(options)
    except ValueError as exc:
        raise errors.bad("bad_options", str(exc)) from exc
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name,
            description=str(description)[:2000],
            game=engine.name,
            format=format,
            table_size=table_size,
            advance=advance,
            rounds=rounds,
            ranked=bool(ranked),
            mode=mode,
            move_seconds=move_seconds,
            clock=control,
            vacation_allowed=bool(vacation_allowed),
            options=cleaned,
            starts_at=starts_at,
            checkin_minutes=checkin_minutes,
            max_players=max_players,
            min_rating=min_rating,
            invite_only=bool(invite_only),
            seeding=seeding,
            organiser=organiser,
            registration_open=bool(open_registration),
            status=T.REGISTRATION if open_registration else T.DRAFT,
            arena_minutes=arena_minutes,
            berserk_allowed=bool(berserk) and is_arena,
        )
        audit(
            tournament,
            organiser,
            "create",
            f"Created ({tournament.get_format_display()}).",
            format=tournament.format,
        )
    return tournament


def _time_control(clock: Any, mode: str, move_seconds: int) -> dict[str, Any]:
    try:
        control = clocks.control_from(clock, move_seconds)
    except clocks.BadControl as exc:
        raise errors.bad("bad_clock", _("This time control cannot be played.")) from exc
    if control.kind == "days" and mode != "turn":
        raise errors.bad("bad_clock", _("Days per move are for turn-based play."))
    return control.to_json()


def _clock(mode: str, move_seconds: int | None) -> int:
    if mode not in Tournament.Mode.values:
        raise errors.bad("bad_mode", _("Choose live or turn-based play."))
    low, high = MOVE_SECONDS_LIVE if mode == "live" else MOVE_SECONDS_TURN
    seconds = move_seconds if move_seconds is not None else (300 if mode == "live" else 86400)
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not low <= seconds <= high:
        raise errors.bad(
            "bad_clock",
            _("Time per move must be between %(low)s and %(high)s seconds for %(mode)s play.")
            % {"low": low, "high": high, "mode": mode},
        )
    return seconds


def locked(tournament_id: Any) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=int(tournament_id))
    except (Tournament.DoesNotExist, TypeError, ValueError) as exc:
        raise errors.not_found() from exc


def _ensure_organiser(tournament: Tournament, user: Any) -> None:
    if not tournament.is_organiser(user):
        raise errors.not_organiser()


def audit(tournament: Tournament, actor: Any, action: str, detail: str, **data: Any) -> None:
    """Note an organiser's (or the site's) action. `detail` is the English sentence kept for
    the admin and the data export; the page says it again in the reader's language from
    `action` and `data` (tournaments.labels.audit_text)."""
    AuditEntry.objects.create(
        tournament=tournament, actor=actor, action=action, detail=detail[:500], data=data
    )
    tournament.stamp += 1
    tournament.save(update_fields=["stamp"])


def _rating(user: Any, game: str) -> float:
    value = Rating.objects.filter(user=user, game=game).values_list("rating", flat=True).first()
    return float(value) if value is not None else progress.DEFAULT_RATING


# Players' verbs ---------------------------------------------------------------------------


def tournament_register(*, tournament_id: Any, user: Any, invite_token: Any = None) -> Registration:
    with transaction.atomic():
        t = locked(tournament_id)
        if t.status not in (T.REGISTRATION, T.CHECKIN) or not t.registration_open:
            raise errors.refused("registration_closed", _("Registration is not open."))
        if t.invite_only and invite_token != t.invite_token:
            raise errors.invite_only()
        if t.registrations.filter(user=user).exists():
            raise errors.refused("already_registered", _("You are already registered."))
        if t.max_players is not None and _entrants_count(t) >= t.max_players:
            raise errors.refused(
                "full",
                _("This tournament is full (%(max_players)s players).")
                % {"max_players": t.max_players},
            )
        if t.min_rating is not None and _rating(user, t.game) < t.min_rating:
            raise errors.rating_too_low(t.min_rating)
        registration = Registration.objects.create(tournament=t, user=user)
        if t.status == T.CHECKIN:
            registration.checked_in_at = timezone.now()  # registering during check-in is one
            registration.save(update_fields=["checked_in_at"])
        audit(t, user, "register", f"{user.display_name} registered.", name=user.display_name)
        emails.email_queue(t, [user], emails.Kind.REGISTERED)
    return registration


def _entrants_count(t: Tournament) -> int:
    return t.registrations.filter(status=Registration.Status.ACTIVE).count()


def tournament_unregister(*, tournament_id: Any, user: Any) -> Tournament:
    """Before the start: leave the list. Once running: withdraw (later games are forfeits)."""
    with transaction.atomic():
        t = locked(tournament_id)
        registration = t.registrations.filter(user=user).first()
        if registration is None:
            raise errors.refused("not_registered", _("You are not registered."))
        if t.status in (T.RUNNING, T.PAUSED):
            _withdraw(t, registration, user, Registration.Status.WITHDRAWN, "withdrew")
        elif t.status in (T.DRAFT, T.REGISTRATION, T.CHECKIN):
            registration.delete()
            audit(
                t, user, "unregister", f"{user.display_name} left the list.", name=user.display_name
            )
        else:
            raise errors.refused("over", _("This tournament is over."))
    return t


def tournament_checkin(*, tournament_id: Any, user: Any) -> Registration:
    with transaction.atomic():
        t = locked(tournament_id)
        if t.status != T.CHECKIN:
            raise errors.refused("checkin_closed", _("Check-in is not open."))
        registration = t.registrations.filter(user=user).first()
        if registration is None:
            raise errors.refused("not_registered", _("You are not registered."))
        if registration.checked_in_at is None:
            registration.checked_in_at = timezone.now()
            registration.save(update_fields=["checked_in_at"])
            audit(t, user, "checkin", f"{user.display_name} checked in.", name=user.display_name)
    return registration


# Organisers' verbs ------------------------------------------------------------------------


def tournament_registration_set(*, tournament_id: Any, user: Any, open: bool) -> Tournament:  # noqa: A002
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        if t.status not in (T.DRAFT, T.REGISTRATION, T.CHECKIN):
            raise errors.refused("started", _("Registration is over once the event has started."))
        t.registration_open = open
        if open and t.status == T.DRAFT:
            t.status = T.REGISTRATION
        t.save(update_fields=["registration_open", "status"])
        audit(
            t,
            user,
            "open" if open else "close",
            "Registration " + ("opened." if open else "closed."),
        )
    return t


def tournament_checkin_open(*, tournament_id: Any, user: Any = None) -> Tournament:
    """Check-in opens (by hand, or by the sweep when the window begins): players get an e-mail."""
    with transaction.atomic():
        t = locked(tournament_id)
        if user is not None:
            _ensure_organiser(t, user)
        if t.status not in (T.DRAFT, T.REGISTRATION):
            raise errors.refused("not_now", _("Check-in opens before the start only."))
        t.status = T.CHECKIN
        t.save(update_fields=["status"])
        Registration.objects.filter(tournament=t, user__isnull=True).update(
            checked_in_at=timezone.now()
        )  # bots are always there
        audit(t, user, "checkin_open", "Check-in opened.")
        humans = [r.user for r in t.registrations.select_related("user") if r.user_id]
        emails.email_queue(t, humans, emails.Kind.CHECKIN)
    return t


def tournament_start(*, tournament_id: Any, user: Any = None) -> Tournament:
    """Seed the entrants and start round 1. During check-in, those who did not check in are
    dropped first. Refused (nothing changes) if the format cannot run with those players."""
    with transaction.atomic():
        t = locked(tournament_id)
        if user is not None:
            _ensure_organiser(t, user)
        if t.status not in (T.DRAFT, T.REGISTRATION, T.CHECKIN):
            raise errors.refused(
                "not_now",
                _("This tournament is %(value)s.") % {"value": t.get_status_display().lower()},
            )
        if t.status == T.CHECKIN:
            t.registrations.filter(
                status=Registration.Status.ACTIVE, checked_in_at__isnull=True
            ).update(status=Registration.Status.NO_SHOW)
        players = list(t.registrations.filter(status=Registration.Status.ACTIVE))
        groups = list(t.stages.filter(stage=1).order_by("pk")) if t.event_id is None else []
        dealt = _deal(t, players, len(groups) + 1) if groups else [players]
        for share in dealt:
            try:
                progress.format_of(t).validate(progress.settings_of(t), len(share))
            except FormatError as exc:
                raise errors.refused(
                    "cannot_start",
                    _("Cannot start with %(value)s players: %(exc)s")
                    % {"value": len(share), "exc": exc},
                ) from exc
        players = dealt[0]
        if groups:
            _groups_fill(t, groups, dealt)
        else:
            _seed(t, players)
        t.status = T.RUNNING
        t.registration_open = False
        t.started_at = timezone.now()
        t.save(update_fields=["status", "registration_open", "started_at"])
        audit(t, user, "start", f"Started with {len(players)} players.", count=len(players))
        _advance(t)
        for g in groups:
            tournament_start(tournament_id=g.pk)
    return t


def _deal(t: Tournament, players: list[Registration], count: int) -> list[list[Registration]]:
    """A first stage in groups (tournaments/stages.py): everyone seeded together, then
    dealt by a snake, the top seed into group A (this tournament)."""
    _seed(t, players)
    ranked = sorted(players, key=lambda r: r.seed or 0)
    split: list[list[Registration]] = [[] for _ in range(count)]
    for i, player in enumerate(ranked):
        lap, offset = divmod(i, count)
        split[offset if lap % 2 == 0 else count - 1 - offset].append(player)
    return split


def _groups_fill(t: Tournament, groups: list[Tournament], dealt: list[list[Registration]]) -> None:
    """Group A keeps its share (seeds 1..n in the overall order); each other group's share
    moves there (the same registrations, ids kept), seeded by hand in that order."""
    for i, r in enumerate(dealt[0], start=1):
        r.seed = i
    Registration.objects.bulk_update(dealt[0], ["seed"])
    for g, share in zip(groups, dealt[1:], strict=True):
        for i, r in enumerate(share, start=1):
            r.tournament = g
            r.manual_seed, r.seed = i, None
        Registration.objects.bulk_update(share, ["tournament", "manual_seed", "seed"])
    audit(t, None, "groups_dealt", f"Players dealt into {len(dealt)} groups.", groups=len(dealt))


def _seed(t: Tournament, players: list[Registration]) -> None:
    known: dict[int | None, float] = dict(
        Rating.objects.filter(
            game=t.game, user_id__in=[r.user_id for r in players if r.user_id]
        ).values_list("user_id", "rating")
    )
    ratings = {r.pk: float(known.get(r.user_id, progress.DEFAULT_RATING)) for r in players}
    order = None
    if t.seeding == Tournament.Seeding.MANUAL:
        ranked = sorted(players, key=lambda r: (r.manual_seed is None, r.manual_seed or 0, r.pk))
        order = [r.pk for r in ranked]
    seeded = seed_entrants(
        [(r.pk, ratings[r.pk]) for r in players], t.seeding, t.rng_seed % (2**31), order
    )
    seeds = {e.id: e.seed for e in seeded}
    for r in players:
        r.rating = ratings[r.pk]
        r.seed = seeds[r.pk]
    Registration.objects.bulk_update(players, ["rating", "seed"])


def tournament_pause(*, tournament_id: Any, user: Any, pause: bool = True) -> Tournament:
    """Paused: games in play go on, but no new round starts until resumed."""
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        if t.status != (T.RUNNING if pause else T.PAUSED):
            raise errors.refused("not_now", _("Only a running event pauses, a paused one resumes."))
        t.status = T.PAUSED if pause else T.RUNNING
        t.save(update_fields=["status"])
        audit(t, user, "pause" if pause else "resume", "Paused." if pause else "Resumed.")
        if not pause:
            advance_record(t)
    return t


def tournament_cancel(*, tournament_id: Any, user: Any) -> Tournament:
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        if t.is_over:
            raise errors.refused("over", _("This tournament is already over."))
        t.status = T.CANCELLED
        t.registration_open = False
        t.save(update_fields=["status", "registration_open"])
        audit(t, user, "cancel", "Cancelled.")
        # the event's own tournament: its other groups and later stages go with it
        t.stages.exclude(status__in=[T.FINISHED, T.CANCELLED]).update(
            status=T.CANCELLED, registration_open=False, stamp=F("stamp") + 1
        )
    return t


def tournament_withdraw(
    *, tournament_id: Any, user: Any, player: Any, disqualify: bool = False, reason: str = ""
) -> Registration:
    """An organiser withdraws or disqualifies an entrant: their game in play is forfeited,
    they are never paired again, their results so far stand."""
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        registration = _registration(t, player)
        status = Registration.Status.DISQUALIFIED if disqualify else Registration.Status.WITHDRAWN
        _entrant_out(t, registration, user, status, reason)
    return registration


def _entrant_out(
    t: Tournament, registration: Registration, actor: Any, status: str, reason: str
) -> None:
    if t.status in (T.DRAFT, T.REGISTRATION, T.CHECKIN):
        registration.status = status
        registration.save(update_fields=["status"])
        audit(
            t,
            actor,
            status,
            f"{registration.name_in('en')}: {status} ({reason or 'no reason'}).",
            reason=reason,
            **registration.named(),
        )
    elif t.status in (T.RUNNING, T.PAUSED):
        _withdraw(t, registration, actor, status, reason or status)
    else:
        raise errors.refused("over", _("This tournament is over."))


def tournaments_banned_leave(*, user: Any, actor: Any, reason: str) -> int:
    """A banned account (chat.moderation.account_ban) is disqualified from every event it
    has not finished: never paired again, its results so far stand. Returns how many."""
    playing = Registration.objects.filter(
        user=user,
        status=Registration.Status.ACTIVE,
        tournament__status__in=(T.DRAFT, T.REGISTRATION, T.CHECKIN, T.RUNNING, T.PAUSED),
    )
    count = 0
    for tournament_id, registration_id in playing.values_list("tournament_id", "pk"):
        t = locked(tournament_id)
        registration = t.registrations.get(pk=registration_id)
        _entrant_out(t, registration, actor, Registration.Status.DISQUALIFIED, reason)
        count += 1
    return count


def _registration(t: Tournament, player: Any) -> Registration:
    if isinstance(player, bool) or not isinstance(player, int):
        raise errors.bad("bad_player", "'player' must be a registration id.")
    registration = t.registrations.filter(pk=player).select_related("user").first()
    if registration is None:
        raise errors.TournamentError("no_player", _("No such player in this tournament."), 404)
    return registration


def _withdraw(
    t: Tournament, registration: Registration, actor: Any, status: str, reason: str
) -> None:
    if not registration.active:
        raise errors.refused(
            "not_playing",
            _("%(name)s is no longer playing.") % {"name": registration.name},
        )
    registration.status = status
    registration.save(update_fields=["status"])
    audit(
        t,
        actor,
        str(status),
        f"{registration.name_in('en')}: {reason}.",
        player=registration.pk,
        reason=reason,
        **registration.named(),
    )
    for table in t.tables.filter(places__isnull=True, match__isnull=False).select_related("match"):
        if registration.pk in table.seats and table.match is not None:
            # The game may have ended, or the seat left already: nothing to forfeit then.
            with contextlib.suppress(PlayError):
                seat_forfeit(
                    match_id=table.match.pk,
                    seat_index=table.seats.index(registration.pk),
                    reason=str(status),
                )
    progress.standings_refresh(t)
    advance_record(t)


def tournament_result_replace(
    *, tournament_id: Any, user: Any, table: Any, places: Any, reason: Any
) -> TournamentTable:
    """Set a table's places by hand (players in the table's planned order), with a reason kept
    in the audit log. Elimination formats: only tables of the round in play."""
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        if t.status not in (T.RUNNING, T.PAUSED):
            raise errors.refused("not_now", _("Results are replaced while the event runs."))
        reason = str(reason or "").strip()
        if not 3 <= len(reason) <= 300:
            raise errors.bad("bad_reason", _("Say why, in 3 to 300 characters."))
        row = _table(t, table)
        size = len(row.players)
        if (
            not isinstance(places, list)
            or len(places) != size
            or any(
                isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= size for p in places
            )
        ):
            raise errors.bad("bad_places", f"'places' must list {size} places from 1 to {size}.")
        current = t.rounds_set.order_by("-number").values_list("number", flat=True).first()
        if t.is_elimination and row.round.number != current:
            raise errors.refused("past_round", _("In a bracket only the round in play can change."))
        before = row.places
        row.places = places
        row.scores = row.scores or [0.0] * size
        row.manual = True
        row.finished_at = row.finished_at or timezone.now()
        row.save(update_fields=["places", "scores", "manual", "finished_at"])
        audit(
            t,
            user,
            "result",
            f"{row.key}: {before} -> {places}. {reason}",
            table=row.pk,
            key=row.key,
            reason=reason,
            before=before,
            after=places,
        )
        progress.standings_refresh(t)  # a past round's result moves the standings now
        advance_record(t)
    return row


def _table(t: Tournament, table: Any) -> TournamentTable:
    if isinstance(table, bool) or not isinstance(table, int):
        raise errors.bad("bad_table", "'table' must be a table id.")
    row = t.tables.filter(pk=table).select_related("round").first()
    if row is None:
        raise errors.TournamentError("no_table", _("No such table in this tournament."), 404)
    return row


def tournament_coorganiser_set(
    *, tournament_id: Any, user: Any, name: Any, add: bool
) -> Tournament:
    with transaction.atomic():
        t = locked(tournament_id)
        if t.organiser_id != user.pk:
            raise errors.TournamentError(
                "not_owner", _("Only the organiser chooses co-organisers."), 403
            )
        other = User.objects.filter(display_name__iexact=str(name or "")).first()
        if other is None:
            raise errors.TournamentError(
                "no_user", _("There is no player called %(name)s.") % {"name": repr(name)}, 404
            )
        if other.pk == t.organiser_id:
            raise errors.bad("is_organiser", _("That is the organiser."))
        (t.co_organisers.add if add else t.co_organisers.remove)(other)
        audit(
            t,
            user,
            "co_add" if add else "co_remove",
            f"{other.display_name} {'added as' if add else 'removed from'} co-organiser.",
            name=other.display_name,
        )
    return t


def tournament_bot_add(*, tournament_id: Any, user: Any, bot: Any = "") -> Registration:
    """Casual events only: a bot entrant (to fill the numbers, or to try a format out)."""
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        if t.ranked:
            raise errors.refused("ranked_bots", _("Bots cannot play in ranked tournaments."))
        if t.status not in (T.DRAFT, T.REGISTRATION, T.CHECKIN):
            raise errors.refused("started", _("Entrants are added before the start."))
        engine = t.engine
        bot = str(bot or DEFAULT_LEVEL)
        if bot not in engine.bots and bot != "random":
            raise errors.bad("unknown_bot", f"{engine.title} has no bot called {bot!r}.")
        if t.max_players is not None and _entrants_count(t) >= t.max_players:
            raise errors.refused("full", _("This tournament is full."))
        registration = Registration.objects.create(
            tournament=t, bot=bot, checked_in_at=timezone.now()
        )
        english = registration.name_in("en")
        audit(t, user, "bot_add", f"{english} added.", **registration.named())
    return registration


def tournament_seed_set(*, tournament_id: Any, user: Any, order: Any) -> Tournament:
    """Manual seeding: `order` lists registration ids, top seed first."""
    with transaction.atomic():
        t = locked(tournament_id)
        _ensure_organiser(t, user)
        if t.has_started:
            raise errors.refused("started", _("Seeds are set before the start."))
        ids = set(t.registrations.values_list("pk", flat=True))
        if (
            not isinstance(order, list)
            or not order
            or any(i not in ids for i in order)
            or len(set(order)) != len(order)
        ):
            raise errors.bad(
                "bad_order", "'order' must list registration ids of this event, once each."
            )
        for position, pk in enumerate(order, start=1):
            Registration.objects.filter(pk=pk).update(manual_seed=position)
        audit(t, user, "seed", "Seeds set by hand.", order=order)
    return t


# The site runs the event ------------------------------------------------------------------


def advance_record(t: Tournament) -> None:
    """Inside the caller's transaction: after commit, see whether the event moves on."""
    job_record(
        "tournaments.advance", {"tournament": t.pk}, key=f"tournaments.advance:{t.pk}:{t.stamp}"
    )


def tournament_advance(*, tournament_id: int) -> str:
    """If the round in play is complete, pair and start the next (or finish). Safe to run any
    number of times: the tournament row is locked, a round number exists once."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if t is None or t.status != T.RUNNING:
            return "idle"
        return _advance(t)


def _advance(t: Tournament) -> str:
    return arena.arena_advance(t) if t.format == Tournament.Format.ARENA else progress.advance(t)
