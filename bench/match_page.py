"""Turn-based pages too (issue 10, point 6): the match page's first load, HTML with the board, per
game at its most seats (5 for Scythe; Dice City and SPQF seat at most 4), on PostgreSQL.

    python bench/match_page.py [--games scythe,dicecity,spqf] [--repeat 20] [--seed 1]

For each game: one match of players created through the site's services, played by the game's
greedy bot through `action_submit` to a game well under way (bench/board_render.py's WARMUP
decisions, so the log is a real one), then every seat and a spectator load the match page
(`GET /matches/<id>/`, logged in, DEBUG off, Django's test client in this process: the view,
its queries, the templates and the middleware; no network) `--repeat` times after one unmeasured
load. Prints p50, p95 and p99 of the wall time and of this process's CPU per load, the page's
size, and the load average. Target: p95 <= 50 ms for each game.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from board_render import WARMUP  # noqa: E402
from live_setup import database_prepare, server_env  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _setup(database: str) -> None:
    env = server_env(database, Path(tempfile.mkdtemp(prefix="match-page-")))
    env["ALLOWED_HOSTS"] = "testserver,127.0.0.1"
    database_prepare(env, database)
    os.environ.update(env)
    for path in (str(ROOT / "platform"), str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()


def _match(game_name: str, seed: int) -> tuple[Any, list[Any]]:
    """A match at its most seats, played by the greedy bot to a game well under way."""
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from games.core import Rng, get_game
    from play.services import action_submit, match_create

    game = get_game(game_name)
    seats = min(5, game.max_seats)
    players = [
        User.objects.create(
            email=f"{game_name}{seed}-{i}@bench.invalid",
            display_name=f"{game_name} player {i}",
            password=make_password(None),
            turn_emails=False,
        )
        for i in range(seats)
    ]
    match = match_create(
        game=game,
        players=[(p, "") for p in players],
        options={},
        ranked=False,
        mode="turn",
        move_seconds=86400,
        shuffle=False,
    )
    bot = game.bots.get("greedy") or game.bots["random"]
    rng = Rng.from_seed(seed)
    for _ in range(WARMUP[game_name]):
        if game.outcome(match.state) is not None:
            break
        seat = game.to_act(match.state)[0]
        action = json.loads(json.dumps(bot(match.state, seat, rng)))
        match = action_submit(
            match_id=match.pk, seat_index=seat, action=action, version=match.version
        )
    return match, players


def _loads(match: Any, players: list[Any], repeat: int) -> dict[str, list[float]]:
    from django.test import Client

    from accounts.models import User

    watcher, _ = User.objects.get_or_create(
        email="watcher@bench.invalid", defaults={"display_name": "watcher"}
    )
    found: dict[str, list[float]] = {"wall": [], "cpu": [], "bytes": []}
    for user in [*players, watcher]:
        client = Client()
        client.force_login(user)
        url = f"/matches/{match.pk}/"
        assert client.get(url).status_code == 200  # the first load compiles the templates
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            found["wall"].append(time.perf_counter() - wall)
            found["cpu"].append(time.process_time() - cpu)
            found["bytes"].append(len(response.content))
            assert response.status_code == 200, response.status_code
    return found


def _ms(values: list[float], q: int) -> float:
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="scythe,dicecity,spqf")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default="tabletop_bench_pages")
    parser.add_argument("--profile", metavar="GAME", help="print cProfile's top functions")
    args = parser.parse_args()
    _setup(args.database)
    results = {}
    for game_name in args.games.split(","):
        match, players = _match(game_name, args.seed)
        load_before = Path("/proc/loadavg").read_text().split()[:3]
        found = _loads(match, players, args.repeat)
        if game_name == args.profile:  # after the loads above: templates compiled, caches warm
            profiler = cProfile.Profile()
            profiler.runcall(_loads, match, players, args.repeat)
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(60)
        results[game_name] = {
            "seats": len(players),
            "version": match.version,
            "loads": len(found["wall"]),
            "wall_p50_ms": _ms(found["wall"], 50),
            "wall_p95_ms": _ms(found["wall"], 95),
            "wall_p99_ms": _ms(found["wall"], 99),
            "cpu_p50_ms": _ms(found["cpu"], 50),
            "cpu_p95_ms": _ms(found["cpu"], 95),
            "page_kb": round(statistics.mean(found["bytes"]) / 1024, 1),
            "loadavg_before": load_before,
            "loadavg_after": Path("/proc/loadavg").read_text().split()[:3],
        }
    print(
        f"{'game':<9} {'seats':>5} {'loads':>5} {'wall p50':>9} {'p95':>7} {'p99':>7} "
        f"{'CPU p50':>8} {'p95':>7} {'page':>8}  loadavg before -> after"
    )
    for name, r in results.items():
        verdict = "ok" if r["wall_p95_ms"] <= 50 else "over 50 ms"
        print(
            f"{name:<9} {r['seats']:>5} {r['loads']:>5} {r['wall_p50_ms']:>9} "
            f"{r['wall_p95_ms']:>7} {r['wall_p99_ms']:>7} {r['cpu_p50_ms']:>8} "
            f"{r['cpu_p95_ms']:>7} {str(r['page_kb']) + ' KB':>8}  "
            f"{' '.join(r['loadavg_before'])} -> {' '.join(r['loadavg_after'])}  {verdict}"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
