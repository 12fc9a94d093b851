"""Bots at the table: they move for bot seats and for seats that have left the match, through
`action_submit` like everyone else. Woken after commit by play/receivers.py."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from django.conf import settings

from games.core import Game, Rng
from games.core.levels import DEFAULT_LEVEL, make_bot
from games.core.playout import pick_bot
from play import errors
from play.models import Match, Seat
from play.services import action_submit

# Set while a thread runs the bot loop, so the moves it makes don't schedule it again (in eager
# mode that would recurse once per bot move).
_bot_loop = threading.local()


def in_bot_loop() -> bool:
    """This thread is running the bot loop (its own moves must not wake it again)."""
    return bool(getattr(_bot_loop, "active", False))


def bots_play(*, match_id: int, limit: int = 2000) -> int:
    """Let the bots (and forfeited seats) move while they are the ones to act."""
    if getattr(_bot_loop, "active", False):
        return 0
    _bot_loop.active = True
    try:
        return _bots_loop(match_id, limit)
    finally:
        _bot_loop.active = False


def _bots_loop(match_id: int, limit: int) -> int:
    played = 0
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.is_finished:
            break
        seat = _bot_seat_to_act(match)
        if seat is None:
            break
        if played and settings.BOT_MOVE_DELAY_MS:
            time.sleep(settings.BOT_MOVE_DELAY_MS / 1000)
        game = match.engine
        choose = _bot_for(game, seat.bot or DEFAULT_LEVEL)  # a forfeited seat: standard
        rng = Rng.from_seed(match.seed ^ (match.version * 7919 + seat.index))
        action = json.loads(json.dumps(choose(match.state, seat.index, rng)))
        try:
            action_submit(
                match_id=match_id, seat_index=seat.index, action=action, version=match.version
            )
        except errors.PlayError:
            break  # a human moved meanwhile (a forfeited seat's clock, say): stop quietly
        played += 1
    return played


def _bot_seat_to_act(match: Match) -> Seat | None:
    for seat in match.seats.filter(to_act=True):
        if seat.bot or seat.forfeited:
            return seat
    return None


def _bot_for(game: Game, name: str) -> Any:
    try:
        return make_bot(game, name)
    except KeyError:
        return pick_bot(game, "random")
