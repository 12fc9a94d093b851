"""Writes on tables: create, join, leave, add a bot, cancel, start, play bots now (STYLE.md, 8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import blocks_any
from games.core import Game, get_game
from games.core.levels import DEFAULT_LEVEL, offered
from lobbies.models import Rematch, Table, TableEntry
from lobbies.rematch_table import rematch_call_off
from play import clocks
from play.models import Match, TimeoutPolicy
from play.services import match_create
from shared.errors import ServiceError

MOVE_SECONDS_LIVE = (15, 3600)
MOVE_SECONDS_TURN = (3600, 14 * 86400)


class LobbyError(ServiceError):
    """A refused lobby request; nothing was changed."""


def _engine(game: str) -> Game:
    try:
        return get_game(game)
    except KeyError as exc:
        raise LobbyError(
            "unknown_game", _("There is no game called %(game)s.") % {"game": repr(game)}
        ) from exc


def lobby_create(
    *,
    host: Any,
    game: str,
    seats: int,
    ranked: bool = False,
    mode: str = Table.Mode.LIVE,
    move_seconds: int | None = None,
    private: bool = False,
    options: dict[str, Any] | None = None,
    timeout_policy: str = "",
    clock: dict[str, Any] | None = None,
) -> Table:
    """Open a table; the host takes the first place at it. `timeout_policy`: what happens when
    a seat runs out of time ("bot": a bot makes that move; "forfeit"; "": forfeit if ranked);
    `clock`: the time control (play/clocks.py; None: `move_seconds` per move)."""
    _may_sit(host)
    engine = _engine(game)
    if not isinstance(seats, int) or seats not in engine.seat_range():
        raise LobbyError(
            "bad_seats", f"{engine.title} takes {engine.min_seats} to {engine.max_seats} players."
        )
    if mode not in Table.Mode.values:
        raise LobbyError("bad_mode", _("Choose live or turn-based play."))
    low, high = MOVE_SECONDS_LIVE if mode == Table.Mode.LIVE else MOVE_SECONDS_TURN
    move_seconds = move_seconds if move_seconds is not None else (300 if mode == "live" else 86400)
    if not low <= move_seconds <= high:
        raise LobbyError(
            "bad_clock",
            _("Time per move must be between %(low)s and %(high)s seconds for %(mode)s play.")
            % {"low": low, "high": high, "mode": mode},
        )
    control = time_control(clock, mode, move_seconds)
    if timeout_policy not in ("", *TimeoutPolicy.values):
        raise LobbyError("bad_timeout_policy", _("On timeout: choose a bot's move or a forfeit."))
    try:
        cleaned = engine.clean_options(options)
    except ValueError as exc:
        raise LobbyError("bad_options", str(exc)) from exc
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            host=host,
            seats=seats,
            ranked=bool(ranked),
            mode=mode,
            move_seconds=move_seconds,
            clock=control,
            private=bool(private),
            options=cleaned,
            timeout_policy=timeout_policy,
        )
        TableEntry.objects.create(table=table, user=host)
    return table


def time_control(clock: Any, mode: str, move_seconds: int) -> dict[str, Any]:
    """The time control of a table or a tournament, checked (LobbyError "bad_clock")."""
    try:
        control = clocks.control_from(clock, move_seconds)
    except clocks.BadControl as exc:
        raise LobbyError("bad_clock", _("This time control cannot be played.")) from exc
    if control.kind == "days" and mode != Table.Mode.TURN:
        raise LobbyError("bad_clock", _("Days per move are for turn-based play."))
    return control.to_json()


def _may_sit(user: Any) -> None:
    """A suspended (banned) account sits nowhere: neither from a page, the API nor the queue."""
    if not user.is_active:
        raise LobbyError("suspended", _("This account is suspended."), 403)


def _locked_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist as exc:
        raise LobbyError("not_found", _("There is no such table."), 404) from exc


def _ensure_open(table: Table) -> None:
    if table.status == Table.Status.STARTED:
        raise LobbyError("started", _("This table has already started."), 409)
    if table.status == Table.Status.CANCELLED:
        raise LobbyError("cancelled", _("This table was cancelled."), 409)


def lobby_join(
    *, table_id: int, user: Any, invite_token: str | None = None, invited: bool = False
) -> Table:
    """Take a place; the table starts when its last place is taken. `invited`: the caller
    checked an invitation of this user (lobbies/invitations.py), which opens a private table."""
    _may_sit(user)
    with transaction.atomic():
        table = _locked_table(table_id)
        _ensure_open(table)
        if table.private and not invited and invite_token != table.invite_token:
            raise LobbyError("private", _("This table is private: you need its invite link."), 403)
        if not invited and Rematch.objects.filter(table=table).exists():
            raise LobbyError("rematch", _("This rematch is for the players of the match."), 403)
        entries = list(table.entries.all())
        if any(e.user_id == user.pk for e in entries):
            raise LobbyError("already_joined", _("You are already at this table."), 409)
        if len(entries) >= table.seats:
            raise LobbyError("full", _("This table is full."), 409)
        if blocks_any(user, [table.host_id, *(e.user_id for e in entries)]):
            # Blocks count either way; the sentence does not say who blocked whom.
            raise LobbyError("blocked", _("You cannot join this table."), 403)
        TableEntry.objects.create(table=table, user=user)
        if len(entries) + 1 == table.seats:
            _start(table)
    return table


def lobby_leave(*, table_id: int, user: Any) -> Table:
    """Give up one's place before the start; the host leaving cancels the table. A rematch
    needs every player (lobbies/rematch.py): leaving its table declines it, for everyone."""
    with transaction.atomic():
        table = _locked_table(table_id)
        _ensure_open(table)
        if table.host_id != user.pk:
            deleted, _created = table.entries.filter(user=user).delete()
            if not deleted:
                raise LobbyError("not_joined", _("You are not at this table."), 409)
        if table.host_id == user.pk or Rematch.objects.filter(table=table).exists():
            _cancel(table, user)
    return table


def _cancel(table: Table, user: Any) -> None:
    """The table is called off; a rematch's with `user` named as who declined it."""
    rematch_call_off(table=table, user=user)
    table.status = Table.Status.CANCELLED
    table.save(update_fields=["status"])


def lobby_add_bot(*, table_id: int, user: Any, bot: str = "") -> Table:
    """The host fills an empty place with a bot (casual tables only)."""
    with transaction.atomic():
        table = _locked_table(table_id)
        _ensure_open(table)
        _ensure_host(table, user)
        if table.ranked:
            raise LobbyError("ranked_bots", _("Bots cannot play at ranked tables."), 409)
        engine = table.engine
        bot = bot or _default_bot(engine)
        if bot not in engine.bots and bot != "random":
            raise LobbyError("unknown_bot", f"{engine.title} has no bot called {bot!r}.")
        count = table.entries.count()
        if count >= table.seats:
            raise LobbyError("full", _("This table is full."), 409)
        TableEntry.objects.create(table=table, bot=bot)
        if count + 1 == table.seats:
            _start(table)
    return table


def _default_bot(engine: Game) -> str:
    """The standard level (games/core/levels.py) where the game has it."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in engine.bots else "random"


def _ensure_host(table: Table, user: Any) -> None:
    if table.host_id != user.pk:
        raise LobbyError("not_host", _("Only the host of the table may do that."), 403)


def lobby_cancel(*, table_id: int, user: Any) -> Table:
    with transaction.atomic():
        table = _locked_table(table_id)
        _ensure_open(table)
        _ensure_host(table, user)
        _cancel(table, user)
    return table


def lobby_start(*, table_id: int, user: Any) -> Table:
    """The host starts now: a casual table's empty places get bots; a ranked one must be full."""
    with transaction.atomic():
        table = _locked_table(table_id)
        _ensure_open(table)
        _ensure_host(table, user)
        missing = table.seats - table.entries.count()
        if missing and table.ranked:
            raise LobbyError("not_full", _("A ranked table starts when every place is taken."), 409)
        _fill_with_bots(table, _default_bot(table.engine), missing)
    return table


def lobby_play_bots(*, user: Any, game: str, bot: str = "", seats: int | None = None) -> Match:
    """Play a bot now (the home page): a private casual live table for `user` and bots of
    one level in the other seats, started at once. Returns the match."""
    engine = _engine(game)
    bot = bot or _default_bot(engine)
    if bot not in offered(engine):
        raise LobbyError("unknown_bot", f"{engine.title} has no bot called {bot!r}.")
    seats = engine.min_seats if seats is None else seats
    with transaction.atomic():
        table = lobby_create(host=user, game=game, seats=seats, private=True)
        return _fill_with_bots(table, bot, seats - 1)


def _fill_with_bots(table: Table, bot: str, missing: int) -> Match:
    for _n in range(missing):
        TableEntry.objects.create(table=table, bot=bot)
    return _start(table)


def _start(table: Table) -> Match:
    entries = list(table.entries.select_related("user"))
    match = match_create(
        game=table.engine,
        players=[(e.user, e.bot) for e in entries],
        options=table.options,
        ranked=table.ranked,
        mode=table.mode,
        move_seconds=table.move_seconds,
        table=table,
        clock=table.clock,
    )
    if table.timeout_policy:
        match.timeout_policy = table.timeout_policy
        Match.objects.filter(pk=match.pk).update(timeout_policy=table.timeout_policy)
    table.status = Table.Status.STARTED
    table.started_at = timezone.now()
    table.save(update_fields=["status", "started_at"])
    return match


def table_verb(*, verb: str, table_id: int, user: Any, data: Mapping[str, Any]) -> Table:
    """One of the table verbs the page and the API offer alike: join (data["invite"]), leave,
    bot (data["bot"]), start, cancel."""
    if verb == "join":
        return lobby_join(table_id=table_id, user=user, invite_token=data.get("invite"))
    if verb == "bot":
        return lobby_add_bot(table_id=table_id, user=user, bot=data.get("bot") or "")
    simple = {"leave": lobby_leave, "start": lobby_start, "cancel": lobby_cancel}
    if verb not in simple:
        raise LobbyError(
            "not_found", _("Tables have no action %(verb)s.") % {"verb": repr(verb)}, 404
        )
    return simple[verb](table_id=table_id, user=user)


TABLE_VERBS = ("join", "leave", "bot", "start", "cancel")
