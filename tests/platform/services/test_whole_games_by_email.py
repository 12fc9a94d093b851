"""A whole game of each title played by e-mail replies only (issue 27, point 5), through the
real stack: PostgreSQL, Redis as the broker, a real Celery worker (bots' moves, turn e-mails),
the inbound server (`manage.py mail_in`, its own process) and an SMTP sink (aiosmtpd).

The player's replies are written as the clients of the reply corpus write them (Gmail, Outlook
desktop and web, Apple Mail, iPhone, Thunderbird, K-9: tests/platform/notifications/replies/),
in the player's language: Scythe in Spanish against a bot, SPQF in Vietnamese against a bot
(its own option "20 rounds" keeps it short, as a table may choose), and a ranked Dice City game
(bots play no ranked games) of a Spanish player by e-mail against a Vietnamese one on the site.
What the player decides comes from the standard bot reading the match as the player sees it
(their view is what the e-mail shows); up to eight decisions go in one reply while nothing
random is revealed.
Afterwards the same actions are played on a twin match through the site's own path
(play.services.action_submit): the same state, outcome and log, and for the ranked game the
same ladder ratings. Slow (a few minutes): each game is some hundred replies."""

from __future__ import annotations

import os
import smtplib
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from games.core import Rng
from ladders.models import Rating
from lobbies.services import lobby_add_bot, lobby_create, lobby_join
from notifications.models import InboundReply
from notifications.tokens import token_read
from play import snapshots
from play.models import ActionRecord, Match
from play.selectors import log_for
from play.services import action_submit
from tests.platform.conftest import make_user
from tests.platform.notifications.replies.make_corpus import reply_as
from tests.platform.services.test_mail_in_server import (  # noqa: F401 - fixtures
    DOMAIN,
    mail_in_process,
    sink,  # noqa: F401 - a fixture
)
from tests.platform.services.test_turn_emails_worker import worker_process

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
CLIENTS = ["gmail", "outlook_web", "apple_mail", "thunderbird", "k9", "outlook_desktop",
           "iphone", "thunderbird_bottom", "outlook_web_html_only"]  # fmt: skip
MAX_LINES = 8
ROOT = Path(__file__).resolve().parents[3]


def _env(sink_port: int, queue: str) -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue,
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(sink_port),
        "INBOUND_EMAIL_DOMAIN": DOMAIN,
    }


@pytest.fixture(scope="module")
def stack(django_db_setup, sink, tmp_path_factory):  # noqa: F811 - the fixture
    """The worker and the inbound server on the test database, both sending to the sink."""
    handler, sink_port = sink
    queue = f"test-{uuid.uuid4().hex[:8]}"
    logs = tmp_path_factory.mktemp("stack")
    env = {**os.environ, **_env(sink_port, queue), "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}"}
    workers = worker_process(queue, env, logs / "worker.log")
    worker = next(workers)
    process, port = mail_in_process(_env(sink_port, queue), logs / "mail_in.log")
    yield handler, port, worker, logs
    process.terminate()
    process.wait(10)
    workers.close()


@pytest.fixture
def inbound(settings, transactional_db, stack):
    """This process reads the reply addresses of the e-mails the worker sends. Afterwards (and
    before the database is flushed: this fixture comes after `transactional_db`, so its end
    runs first) it waits until the worker and the inbound server are done with the game's
    last tasks: a TRUNCATE beside a task's transaction can deadlock."""
    settings.INBOUND_EMAIL_DOMAIN = DOMAIN
    yield stack
    _wait_until_no_one_else_works()


def _wait_until_no_one_else_works(quiet_s: float = 2.0, timeout: float = 120) -> None:
    """Until no other connection to the test database has had work in hand for `quiet_s`."""
    deadline, quiet_since = time.monotonic() + timeout, time.monotonic()
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'"
            )
            busy = cursor.fetchone()[0]
        now = time.monotonic()
        if busy:
            quiet_since = now
        elif now - quiet_since >= quiet_s:
            return
        time.sleep(0.1)


def _user(name: str, language: str):
    user = make_user(name)
    user.language = language
    user.save(update_fields=["language"])
    return user


def _turn_mail(inbox, user, match_id: int, timeout: float = 180):
    """The newest e-mail to `user` of the turn the player is in (its reply address is of a
    version since that turn began: a simultaneous choice may have moved the match on since),
    once the player is to act; None when the match ended first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = Match.objects.get(pk=match_id)
        if match.is_finished:
            return None
        seat = match.seats.get(user=user)
        for message in reversed(inbox.messages if seat.to_act else []):
            address = message["Reply-To"]
            token = token_read(address) if address else None
            if message["To"] == user.email and token and token.match_id == match_id:
                if token.version >= (seat.to_act_since or 0):
                    return message
                break
        time.sleep(0.05)
    raise AssertionError(f"no turn e-mail for {user.email} in match {match_id}")


def _decisions(match: Match, seat: int, rng: Rng, numbers: bool) -> list[str]:
    """What the player writes: the standard bot's decisions, as long as the same seat decides
    and nothing random is revealed (the player cannot know what comes after a die roll).
    `numbers`: the e-mail is of the current version, so its numbers are the list's now."""
    game, state, lines = match.engine, match.state, []
    while (
        len(lines) < MAX_LINES and game.outcome(state) is None and game.to_act(state)[:1] == (seat,)
    ):
        action = game.bots["standard"](state, seat, rng)
        legal = game.legal_actions(state, seat)
        # The first line sometimes as its number in the e-mail's list, the others as notation.
        number = legal.index(action) + 1 if numbers and not lines and rng.random() < 0.4 else None
        lines.append(str(number) if number else game.format_action(action))
        after = game.apply(state, seat, action)
        if game.reveals(state, seat, action, after):
            break
        state = after
    return lines


def _reply(port: int, message, user, language: str, lines: list[str], n: int) -> None:
    reply = reply_as(CLIENTS[n % len(CLIENTS)], language, lines)
    for header in ("From", "To", "Message-ID"):
        del reply[header]
    reply["From"] = f"{user.display_name} <{user.email}>"
    reply["To"] = message["Reply-To"]
    reply["Message-ID"] = f"<{uuid.uuid4().hex}@client.example>"
    for part in reply.walk():  # as a client does: no line over SMTP's 998 octets (RFC 5321)
        if part.get_content_maintype() == "text" and not part.is_multipart():
            body = part.get_content()
            if any(len(line.encode()) > 998 for line in body.splitlines()):
                part.set_content(body, subtype=part.get_content_subtype(), cte="quoted-printable")
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        smtp.send_message(reply, from_addr=user.email, to_addrs=[message["Reply-To"]])


def _play_by_email(
    stack, match: Match, people: dict[int, tuple], seed: int, on_site: Any = None
) -> int:
    """Reply for every e-mail seat until the match ends; returns the number of replies.
    `on_site`: (seat, user) of a player who plays on the site (through action_submit)."""
    inbox, port, worker, logs = stack
    rng, replies = Rng.from_seed(seed), 0
    while True:
        if on_site is not None:
            _site_moves(match, *on_site, rng)
        waiting = [(s, u, lang) for s, (u, lang) in people.items()]
        progressed = False
        for seat, user, language in waiting:
            match.refresh_from_db()
            if match.is_finished:
                return replies
            if not match.seats.get(index=seat).to_act:
                continue
            if on_site is not None and on_site[0] in match.engine.to_act(match.state):
                continue  # their move first
            message = _turn_mail(inbox, user, match.pk)
            if message is None:
                return replies
            match.refresh_from_db()
            current = token_read(message["Reply-To"]).version == match.version
            lines = _decisions(match, seat, rng, numbers=current)
            _reply(port, message, user, language, lines, replies)
            replies += 1
            progressed = True
            _wait(lambda v=match.version: Match.objects.get(pk=match.pk).version != v, logs)
        if not progressed:
            time.sleep(0.05)
        assert replies < 1500, "the game does not end"


def _site_moves(match: Match, seat: int, user: Any, rng: Rng) -> None:
    """The other player's decisions, made on the site while it is their turn."""
    match.refresh_from_db()
    game = match.engine
    while not match.is_finished and seat in game.to_act(match.state):
        action = game.bots["standard"](match.state, seat, rng)
        match = action_submit(match_id=match.pk, user=user, action=action, version=match.version)


def _wait(done, logs, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, (logs / "mail_in.log").read_text()[-3000:]
        time.sleep(0.02)


def _twin(match: Match, users: list) -> Match:
    """The same game played on the site's own path: same seed, options, seats' order, and
    every logged action submitted through action_submit for its seat."""
    table = lobby_create(
        host=users[0], game=match.game, seats=match.seats.count(), ranked=match.ranked,
        options=match.options,
    )  # fmt: skip
    for user in users[1:]:
        lobby_join(table_id=table.pk, user=user)
    table.refresh_from_db()
    twin = table.match
    game = twin.engine
    Match.objects.filter(pk=twin.pk).update(
        seed=match.seed, state=game.setup(match.seats.count(), match.seed, match.options)
    )
    twin.refresh_from_db()
    snapshots.store(twin, list(twin.seats.select_related("user")))  # the move path's cache
    order = {s.index: s.user for s in twin.seats.select_related("user")}
    for record in ActionRecord.objects.filter(match=match).order_by("seq"):
        twin.refresh_from_db()
        action_submit(match_id=twin.pk, user=order[record.seat], action=record.action,
                      version=twin.version)  # fmt: skip
    twin.refresh_from_db()
    return twin


def _same_game(match: Match, twin: Match) -> None:
    assert twin.is_finished and twin.state == match.state and twin.outcome == match.outcome
    moves = [r.action for r in ActionRecord.objects.filter(match=match).order_by("seq")]
    assert [r.action for r in ActionRecord.objects.filter(match=twin).order_by("seq")] == moves
    assert [e["text"] for e in log_for(twin, None)] != [] and len(log_for(twin, None)) == len(
        log_for(match, None)
    )


def _by_email_only(match: Match, seats: list[int]) -> None:
    """Every move of the e-mail seats came from a reply; none was refused."""
    applied = sum(len(r.applied) for r in InboundReply.objects.filter(match=match))
    theirs = ActionRecord.objects.filter(match=match, seat__in=seats, timed_out=False).count()
    assert applied == theirs > 20
    refused = InboundReply.objects.filter(match=match, outcome="answered").exclude(reason="")
    assert not refused, [(r.reason, r.applied) for r in refused]


def _against_a_bot(stack, game: str, language: str, options: dict, seed: int) -> None:
    player = _user(f"{game}-{language}", language)
    table = lobby_create(host=player, game=game, seats=2, mode="turn", options=options)
    lobby_add_bot(table_id=table.pk, user=player, bot="beginner")
    table.refresh_from_db()
    match = table.match
    seat = match.seats.get(user=player).index
    replies = _play_by_email(stack, match, {seat: (player, language)}, seed)
    match.refresh_from_db()
    _by_email_only(match, [seat])
    print(f"{game} ({language}) by e-mail: {replies} replies, {match.outcome['reason']}")
    twin = _twin(match, [_user("twin-a", "en"), _user("twin-b", "en")])
    _same_game(match, twin)


def test_scythe_in_spanish_against_a_bot(stack, inbound):
    _against_a_bot(stack, "scythe", "es", {}, seed=1)


def test_spqf_in_vietnamese_against_a_bot(stack, inbound):
    _against_a_bot(stack, "spqf", "vi", {"round_limit": 20}, seed=2)


def test_ranked_dice_city_by_email_against_a_player_on_the_site(stack, inbound):
    ana, lan = _user("ana", "es"), _user("lan", "vi")
    table = lobby_create(host=ana, game="dicecity", seats=2, mode="turn", ranked=True)
    lobby_join(table_id=table.pk, user=lan)
    table.refresh_from_db()
    match = table.match
    seats = {s.user_id: s.index for s in match.seats.all()}
    people = {seats[ana.pk]: (ana, "es")}
    replies = _play_by_email(stack, match, people, seed=3, on_site=(seats[lan.pk], lan))
    match.refresh_from_db()
    _by_email_only(match, list(people))
    print(f"ranked Dice City by e-mail: {replies} replies, {match.outcome['reason']}")
    twins = [_user("twin-c", "en"), _user("twin-d", "en")]
    twin = _twin(match, twins)
    _same_game(match, twin)
    seat_user = {s.index: s.user_id for s in twin.seats.all()}
    for user in (ana, lan):  # the ladder moved alike for the same results
        seat = seats[user.pk]
        mine = Rating.objects.get(user=user, game="dicecity")
        theirs = Rating.objects.get(user_id=seat_user[seat], game="dicecity")
        assert (mine.rating, mine.games, mine.wins) == (theirs.rating, theirs.games, theirs.wins)
        assert mine.games == 1
