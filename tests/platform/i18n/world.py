"""A played world for the language checks: every game played to its end and in play, a bot seat,
a take-back, a forfeit, an erased player, an elimination tournament played to its champion,
ratings with a history, and the e-mails all of it sent (docs/i18n.md, "No English left").

alice reads the pages (her account's language is set by each check); the e-mails go out in
their recipients' languages while the world is built: alice and carol read Vietnamese, bob and
dave Spanish, so every kind of e-mail reaches a reader of each language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core import mail

from accounts.services import account_erase, block_add
from chat.services import chat_post
from games.core import Rng, get_game
from games.core.levels import make_bot
from games.scythe.bots import quick_bot
from lobbies.services import lobby_add_bot, lobby_create, lobby_join
from notifications.emails import digest_send, reminder_send
from play.models import Match
from play.services import action_submit, seat_forfeit
from play.undo import action_undo
from tests.platform.conftest import make_user
from tournaments.models import Tournament, TournamentTable
from tournaments.services import tournament_create, tournament_register, tournament_start

GAMES = ("scythe", "dicecity", "spqf")
LANGUAGES = {"alice": "vi", "bob": "es", "carol": "vi", "dave": "es", "erin": "es"}


@dataclass
class World:
    users: dict[str, Any]
    finished: dict[str, Match] = field(default_factory=dict)  # game -> a ranked match, ended
    playing: dict[str, Match] = field(default_factory=dict)  # game -> a live match in play
    table: int = 0  # an open table with a bot seat
    cup: int = 0  # an elimination tournament played to its end
    emails: list[Any] = field(default_factory=list)


def build_world(settings: Any) -> World:
    settings.BOT_MOVE_DELAY_MS = 0
    users = {name: _user(name, language) for name, language in LANGUAGES.items()}
    world = World(users=users)
    alice, bob, carol, dave = (users[n] for n in ("alice", "bob", "carol", "dave"))
    table = lobby_create(host=alice, game="spqf", seats=3)
    lobby_add_bot(table_id=table.pk, user=alice, bot="standard")
    world.table = table.pk
    for game in GAMES:
        world.finished[game] = _played_to_the_end(game, alice, bob)
        world.playing[game] = _in_play(game, alice, carol)
    _erased_opponent(alice, users["erin"])
    block_add(user=alice, display_name="dave")
    chat_post(user=alice, match_id=world.playing["scythe"].pk, text="hola")
    world.cup = _cup(alice, bob, carol, dave)
    _reminder_and_digest(world)
    world.emails = list(mail.outbox)
    return world


def _user(name: str, language: str) -> Any:
    user = make_user(name)
    user.language, user.time_zone = language, "Europe/Madrid"
    user.save(update_fields=["language", "time_zone"])
    return user


def _played_to_the_end(game: str, alice: Any, bob: Any) -> Match:
    """A ranked turn-based match between alice and bob, each seat played by the standard bot
    through the site's move path (turn e-mails, the game-over e-mail, the ratings)."""
    table = lobby_create(host=alice, game=game, seats=2, ranked=True, mode="turn")
    lobby_join(table_id=table.pk, user=bob)
    return play_out(Match.objects.get(table=table))


def play_out(match: Match, level: str = "standard") -> Match:
    """Each seat played by the bot of that level (Scythe's by the strong bot's play-out policy,
    the standard bot with less look-ahead: a whole game costs a tenth as much)."""
    engine = get_game(match.game)
    bot = quick_bot if match.game == "scythe" else make_bot(engine, level)
    rng = Rng.from_seed(match.pk)
    while True:
        match.refresh_from_db()
        if match.is_finished:
            return match
        seat = engine.to_act(match.state)[0]
        action = bot(match.state, seat, rng)
        action_submit(match_id=match.pk, seat_index=seat, action=action, version=match.version)


def _in_play(game: str, alice: Any, other: Any) -> Match:
    """A live match of alice, another player and a beginner bot, a few moves in, with one of
    alice's decisions taken back (when her turn comes first)."""
    table = lobby_create(host=alice, game=game, seats=3)
    lobby_join(table_id=table.pk, user=other)
    lobby_add_bot(table_id=table.pk, user=alice, bot="beginner")  # full: it starts
    match = Match.objects.get(table=table)
    seat = match.seats.get(user=alice).index
    engine = match.engine
    hidden = [  # a decision that reveals nothing (no roll, no card drawn): one she may take back
        a
        for a in (
            engine.legal_actions(match.state, seat) if seat in engine.to_act(match.state) else []
        )
        if not engine.reveals(match.state, seat, a, engine.apply(match.state, seat, a))
    ]
    if hidden:
        action = hidden[0]
        done = action_submit(match_id=match.pk, user=alice, action=action, version=match.version)
        match.refresh_from_db()  # a bot seat may have moved on the move's commit
        still_hers = seat in engine.to_act(match.state)  # the move may have ended her turn
        if match.version == done.version and still_hers:  # nothing since: take it back
            action_undo(match_id=match.pk, version=done.version, user=alice)
    if game == "dicecity":
        loser = match.seats.get(user=other).index
        seat_forfeit(match_id=match.pk, seat_index=loser, reason="resigned")
    match.refresh_from_db()
    return match


def _erased_opponent(alice: Any, erin: Any) -> None:
    """erin erases her account in the middle of a match against alice: her seat forfeits."""
    table = lobby_create(host=alice, game="dicecity", seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=erin)
    account_erase(user=erin)


def _cup(*players: Any) -> int:
    """A four-player single elimination of Dice City, played round by round to its champion."""
    cup = tournament_create(
        organiser=players[0], name="Copa", game="dicecity", format="single_elimination",
        table_size=2,
    )  # fmt: skip
    for player in players:
        tournament_register(tournament_id=cup.pk, user=player)
    tournament_start(tournament_id=cup.pk, user=players[0])
    for _ in range(4):
        tables = TournamentTable.objects.filter(tournament=cup, match__status="active")
        for table in tables.select_related("match"):
            play_out(table.match)
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.FINISHED, cup.status
    return int(cup.pk)


def _reminder_and_digest(world: World) -> None:
    """The e-mails no move sends: a turn reminder and the daily digest, to a seat whose turn it
    is in a turn-based match."""
    carol = world.users["carol"]
    table = lobby_create(host=carol, game="spqf", seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=world.users["bob"])
    match = Match.objects.get(table=table)
    seat = match.seats.get(index=match.engine.to_act(match.state)[0])
    reminder_send(seat_id=seat.pk, since=match.version)
    digest_send(user_id=seat.user_id, day="2026-12-01")
