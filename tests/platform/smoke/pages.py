"""The main pages and API endpoints, visited as a player and as a visitor would, from an empty
database: shared by the smoke test on PostgreSQL (pytest-django) and on SQLite (`make run`'s
configuration, in a subprocess: `python -m tests.platform.smoke.pages`)."""

from __future__ import annotations

import os
import sys
from typing import Any

OK = (200, 302)
# Every page is visited in each language the site speaks (the browser's Accept-Language): the
# page must say it speaks it, and its 404 page must be the site's own, translated.
NOT_FOUND = {
    "en": b"Page not found",
    "es": "Página no encontrada".encode(),
    "vi": "Không tìm thấy trang".encode(),
}


def _data() -> dict[str, Any]:
    """Two players, an open table, a match in play and a finished one (bots played it out)."""
    from accounts.models import User
    from chat.services import chat_post
    from lobbies.services import lobby_create, lobby_start
    from play.models import Match
    from play.services import seat_forfeit
    from tournaments.services import tournament_create, tournament_register, tournament_start

    alice = User.objects.create_user(
        email="alice@example.com", password="a-long-password-1", display_name="alice"
    )
    bob = User.objects.create_user(
        email="bob@example.com", password="x-long-password-2", display_name="bob"
    )
    open_table = lobby_create(host=alice, game="spqf", seats=3)
    playing = lobby_create(host=alice, game="scythe", seats=2)
    lobby_start(table_id=playing.pk, user=alice)
    done = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_start(table_id=done.pk, user=alice)
    finished = Match.objects.get(table=done)
    seat = finished.seats.get(user=alice).index
    seat_forfeit(match_id=finished.pk, seat_index=seat, reason="resigned")
    cup = tournament_create(
        organiser=alice,
        name="Smoke cup",
        game="dicecity",
        format="single_elimination",
        table_size=2,
    )
    for player in (alice, bob):
        tournament_register(tournament_id=cup.pk, user=player)
    tournament_start(tournament_id=cup.pk, user=alice)
    chat_post(user=alice, table_id=open_table.pk, text="who plays?")
    line = chat_post(user=bob, match_id=Match.objects.get(table=playing).pk, text="<b>gl</b>")
    return {
        "line": line.pk,
        "alice": alice,
        "cup": cup.pk,
        "table": open_table.pk,
        "playing": Match.objects.get(table=playing).pk,
        "finished": finished.pk,
    }


def _urls(data: dict[str, Any]) -> list[str]:
    from games.core import game_names

    table, playing, finished = data["table"], data["playing"], data["finished"]
    cup = data["cup"]
    urls = [
        "/",
        "/tables/",
        "/tables/?game=dicecity&mode=live&ranked=no&seats=2",
        "/tables/new/",
        f"/tables/{table}/",
        f"/tables/{table}/status/",
        "/my-games/",
        "/players/alice/",
        "/settings/",
        "/settings/play-by-email/",
        "/ladders/",
        "/ladders/queue/",
        f"/matches/{playing}/",
        f"/matches/{finished}/",
        f"/matches/{finished}/replay/",
        f"/matches/{finished}/replay/?step=1",
        "/api/me/",
        "/api/tables/",
        "/api/tables/?ranked=false",
        f"/api/tables/{table}/",
        f"/api/matches/{playing}/",
        f"/api/matches/{finished}/log/",
        f"/api/matches/{finished}/result/",
        f"/matches/{finished}/replay/frame/?step=1",
        "/api/ladders/",
        "/api/players/alice/ratings/",
        "/api/matchmaking/queue/",
        "/api/schema/",
        "/accounts/login/",
        "/tournaments/",
        "/tournaments/?game=dicecity",
        "/tournaments/new/",
        f"/tournaments/{cup}/",
        f"/tournaments/{cup}/standings/",
        f"/tournaments/{cup}/rounds/",
        f"/tournaments/{cup}/status/",
        "/api/tournaments/",
        f"/api/tournaments/{cup}/",
        f"/api/tournaments/{cup}/standings/",
        f"/api/tournaments/{cup}/rounds/",
        f"/chat/lines/{data['line']}/",
        f"/api/matches/{playing}/chat/",
        f"/api/tables/{table}/chat/",
        "/api/chat/mutes/",
        "/api/chat/settings/",
    ]
    from play.templatetags.rules import has_rules

    for name in game_names():
        urls += [f"/ladders/{name}/", f"/api/ladders/{name}/"]
        urls += [f"/games/{name}/rules/"] if has_rules(name) else []
    return urls


def visit_all() -> list[str]:
    """Every failure as 'url -> status' (an empty list when every page answered)."""
    from django.test import Client

    data = _data()
    failures = []
    for who in ("player", "visitor"):
        for language, not_found in NOT_FOUND.items():
            client = Client(HTTP_ACCEPT_LANGUAGE=language)
            if who == "player":
                client.force_login(data["alice"])
            failures += _visit(client, _urls(data), f"{who} ({language})", language)
            missing = client.get("/no-such-page/")
            if missing.status_code != 404 or not_found not in missing.content:
                failures.append(f"{who} ({language}) /no-such-page/ -> not the site's 404")
    return failures


def _visit(client: Any, urls: list[str], who: str, language: str) -> list[str]:
    failures = []
    for url in urls:
        response = client.get(url)
        private = url.startswith(("/api/m", "/api/chat/")) or url.endswith("/chat/")
        allowed = OK + ((401, 403) if who.startswith("visitor") and private else ())
        if response.status_code not in allowed:
            failures.append(f"{who} {url} -> {response.status_code}")
        page = response.get("Content-Type", "").startswith("text/html")
        whole = page and b"<html" in response.content
        if (
            response.status_code == 200
            and whole
            and f'lang="{language}"'.encode() not in (response.content)
        ):
            failures.append(f"{who} {url} is not in {language}")
    return failures


def main() -> int:
    """Run on a fresh SQLite database (the caller sets VAR_DIR and no DATABASE_URL)."""
    import django
    from django.core.management import call_command

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    failures = visit_all()
    print("\n".join(failures) or "every page answered")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
