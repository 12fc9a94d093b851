"""Rendering a turn e-mail with its picture (issue 27, point 6): p50/p95 per game, the whole
message as the worker builds it (notifications.services._turn_message: choices, the moves since
the last turn, the chat, the position as words, the board drawn and rasterised by resvg), then
serialised to MIME bytes. Goal: p95 <= 150 ms for Scythe at 5 seats.

    .venv/bin/python bench/email_render.py [--renders 40] [--samples DIR]

A dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_render_bench"), created and migrated when missing. Per game one turn-based match (Dice
City and SPQF at 4 seats, Scythe at 5) is played by random legal moves through
play.services.action_submit; every few moves the e-mail of the seat to act is rendered and
timed. Each figure comes with `cat /proc/loadavg` and the time of a fixed pure-Python loop
measured between the renders (the "ref" column: divide by it to compare runs on a busy
machine), and the CPU time of the render (`time.process_time`: what the worker pays, less
moved by the other processes on a shared machine than the wall time). `--samples DIR` writes
one e-mail per game there (its .txt part, its .html part with the picture as a data: URI, the
.png and the .eml), in Spanish, Vietnamese and English.
"""

from __future__ import annotations

import argparse
import base64
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402

PREFIX = "rbench"
GAMES = [("scythe", 5, "es"), ("dicecity", 4, "vi"), ("spqf", 4, "en")]


def _setup() -> None:
    url = bench_database_url("tabletop_render_bench")
    database_create(url)
    os.environ.update(
        {
            "DATABASE_URL": url,
            "DEBUG": os.environ.get("DEBUG", "true"),
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "INBOUND_EMAIL_DOMAIN": "reply.bench.example",
            "EMAIL_HOST": "",
        }
    )
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _match(game: str, seats: int, language: str):
    from accounts.models import User
    from lobbies.services import lobby_create, lobby_join
    from play.models import Match

    Match.objects.filter(seats__user__email__startswith=PREFIX).delete()
    User.objects.filter(email__startswith=f"{PREFIX}-{game}").delete()
    users = [
        User.objects.create_user(
            email=f"{PREFIX}-{game}-{i}@example.com",
            password="x" * 12,
            display_name=f"{game[:5]}{i}{random.randint(100, 999)}",
            language=language,
        )
        for i in range(seats)
    ]
    table = lobby_create(host=users[0], game=game, seats=seats, mode="turn")
    for user in users[1:]:
        lobby_join(table_id=table.pk, user=user)
    table.refresh_from_db()
    return table.match


def _move(match, rng: random.Random) -> bool:
    from play.services import action_submit

    match.refresh_from_db()
    if match.is_finished:
        return False
    seat = match.engine.to_act(match.state)[0]
    action = rng.choice(match.engine.legal_actions(match.state, seat))
    action_submit(match_id=match.pk, seat_index=seat, action=action, version=match.version)
    return True


def _ref() -> float:
    start = time.perf_counter()
    sum(i * i for i in range(300_000))
    return time.perf_counter() - start


def _render(match):
    from notifications.services import _turn_message
    from play.models import Seat

    match.refresh_from_db()
    seat_index = match.engine.to_act(match.state)[0]
    seat = Seat.objects.select_related("match", "user").get(match=match, index=seat_index)
    start, cpu = time.perf_counter(), time.process_time()
    message = _turn_message(seat)
    raw = message.message().as_bytes()
    return time.perf_counter() - start, time.process_time() - cpu, message, raw


def _sample(folder: Path, game: str, message, raw: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{game}.eml").write_bytes(raw)
    (folder / f"{game}.txt").write_text(message.body)
    html = message.alternatives[0][0]
    png = next(
        (
            a.get_payload(decode=True)
            for a in message.attachments
            if hasattr(a, "get_content_type") and a.get_content_type() == "image/png"
        ),
        None,
    )
    if png:
        (folder / f"{game}.png").write_bytes(png)
        uri = "data:image/png;base64," + base64.b64encode(png).decode()
        html = html.replace("cid:board", uri)
    (folder / f"{game}.html").write_text(html)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renders", type=int, default=40, help="timed renders per game")
    parser.add_argument("--samples", type=Path, help="write one e-mail per game here")
    args = parser.parse_args()
    _setup()
    rng = random.Random(27)
    print(f"load average before: {loadavg()}")
    for game, seats, language in GAMES:
        match = _match(game, seats, language)
        times, cpus, refs, sizes = [], [], [], []
        _render(match)  # the first loads fonts and catalogues: not what a worker pays per e-mail
        while len(times) < args.renders:
            for _ in range(rng.randint(1, 4)):
                if not _move(match, rng):
                    match = _match(game, seats, language)
            refs.append(_ref())
            took, cpu, message, raw = _render(match)
            times.append(took)
            cpus.append(cpu)
            sizes.append(len(raw))
        if args.samples:
            _sample(args.samples, game, message, raw)
        times.sort()
        cpus.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        cpu95 = cpus[int(0.95 * (len(cpus) - 1))]
        print(
            f"{game} ({seats} seats, {language}): p50 {statistics.median(times) * 1000:.0f} ms,"
            f" p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms over {len(times)};"
            f" CPU p50 {statistics.median(cpus) * 1000:.0f} ms, p95 {cpu95 * 1000:.0f} ms;"
            f" ref {statistics.median(refs) * 1000:.0f} ms;"
            f" e-mail {statistics.median(sizes) / 1024:.0f} KiB;"
            f" load {loadavg()}"
        )


if __name__ == "__main__":
    main()
