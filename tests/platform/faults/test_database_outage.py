"""Issue 35, point 2: the database away from the worker for 30 s while moves commit. The worker
reaches PostgreSQL through a TCP proxy that the test closes (every connection cut, the port
refusing) and opens again; the moves are made by this process, straight to the database. The
bot turns, turn e-mails and the tournament round that failed meanwhile are retried: afterwards
every bot has played, every turn e-mail was sent once, and the round has advanced."""

import contextlib
import socket
import threading
import time

from django.conf import settings

from lobbies.services import lobby_add_bot, lobby_create
from notifications.models import TurnEmail
from play.models import Match
from play.services import seat_forfeit
from tests.platform.conftest import make_user
from tests.platform.faults.conftest import service_env, wait
from tests.platform.services.test_queues_by_kind import _knockout
from tests.platform.services.test_turn_emails_worker import (
    _dice_city,
    _free_port,
    _play_out_the_turn,
    celery_sending_to,
    worker_process,
)

OUTAGE = 30  # seconds


class Proxy:
    """127.0.0.1:<port> forwarded to PostgreSQL; `down()` cuts every connection and closes the
    port (connections are refused), `up()` listens again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target, self.port = target, _free_port()
        self.listener: socket.socket | None = None
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()

    def up(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        with self.lock:
            listener, self.listener = self.listener, None
        if listener is not None:
            # close() alone leaves a thread blocked in accept() holding the socket: it would
            # still take a connection during the outage. shutdown() wakes it (Linux).
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self.lock:
            for end in self.open:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()
            self.open.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # closed by down()
            server = socket.create_connection(self.target)
            with self.lock:
                if self.listener is not listener:  # down() ran meanwhile: no way through
                    client.close()
                    server.close()
                    return
                self.open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)


def _bot_match(host):
    table = lobby_create(host=host, game="dicecity", seats=2)
    lobby_add_bot(table_id=table.pk, user=host)
    return Match.objects.get(table=table)


def _humans_turn(match, human) -> bool:
    match.refresh_from_db()
    return match.is_finished or match.seats.get(user=human).to_act


def test_bot_turns_and_turn_emails_survive_a_database_outage(smtp, queue, tmp_path):
    db = settings.DATABASES["default"]
    proxy = Proxy((db["HOST"], int(db["PORT"])))
    proxy.up()
    env = service_env(
        smtp.port,
        queue,
        DATABASE_URL=f"postgres://{db['USER']}@127.0.0.1:{proxy.port}/{db['NAME']}",
        DB_POOL_TIMEOUT="2",
        TASK_RETRY_BACKOFF_MAX="3",
    )
    worker = worker_process(queue, env, tmp_path / "worker.log")
    process = next(worker)
    log = tmp_path / "worker.log"
    # This process sends its tasks to the worker (never runs them itself: it still reaches the
    # database, and a bot turn run here would be played through the outage).
    sending = celery_sending_to(queue)
    sending.__enter__()
    try:
        carol, alice, bob = make_user("carol"), make_user("alice"), make_user("bob")
        bots = _bot_match(carol)
        people = _dice_city(alice, bob)
        first = people.seats.get(to_act=True)
        cup = _knockout([make_user(f"cup{i}") for i in range(4)])
        assert wait(lambda: _humans_turn(bots, carol), 30), log.read_text()[-3000:]
        mailed = TurnEmail.objects.filter(seat=first, status=TurnEmail.Status.SENT)
        assert wait(mailed.exists, 30), log.read_text()[-3000:]

        proxy.down()  # the worker's database is gone; this process still reaches it
        began = time.monotonic()
        _play_out_the_turn(bots)  # the bot's turn begins: its task fails while it is down
        after_carol = Match.objects.get(pk=bots.pk).version
        _play_out_the_turn(people)  # the other player's turn: its e-mail fails likewise
        second = people.seats.get(to_act=True)
        assert second.pk != first.pk
        for match in Match.objects.filter(tournament_table__tournament=cup):  # round one ends
            seat_forfeit(match_id=match.pk, seat_index=0, reason="resigned")
        assert wait(lambda: "Retry in" in log.read_text(), 20), log.read_text()[-3000:]
        time.sleep(max(0.0, OUTAGE - (time.monotonic() - began)))
        assert not TurnEmail.objects.filter(seat=second, status=TurnEmail.Status.SENT).exists()
        assert Match.objects.get(pk=bots.pk).version == after_carol  # the bot could not play
        assert cup.rounds_set.count() == 1  # nor the round advance
        proxy.up()

        played = wait(lambda: Match.objects.get(pk=bots.pk).version > after_carol, 30)
        assert played and wait(lambda: _humans_turn(bots, carol), 30), log.read_text()[-3000:]
        sent = lambda: TurnEmail.objects.filter(seat=second, status=TurnEmail.Status.SENT)  # noqa: E731
        assert wait(lambda: sent().exists(), 30), log.read_text()[-3000:]
        assert wait(lambda: cup.rounds_set.count() == 2, 30), log.read_text()[-3000:]
        time.sleep(1)  # a second copy would come now
    finally:
        sending.__exit__(None, None, None)
        worker.close()
        proxy.down()
    to_second = [m for m in smtp.handler.messages if m[0] == [second.user.email]]
    assert len(to_second) == 1
    assert process.returncode is not None
