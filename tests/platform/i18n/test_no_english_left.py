"""No English left in Spanish or Vietnamese, found by what the catalogues say the site writes in
English, not by a list of the phrases once found (tests/platform/i18n/english.py): every page of
a played world (tests/platform/i18n/world.py: each game played to its end and in play, its
boards at every stage of the replay, a tournament's bracket and standings, ratings, settings,
the lobby, the visitor's pages) read in es and vi, and every e-mail the world sent, each in
its recipient's language. docs/i18n.md, "No English left"."""

from __future__ import annotations

import pytest
from django.test import Client

from .english import english_in, runs_of_html, runs_of_text
from .world import GAMES, LANGUAGES, World, build_world

REPLAY_STEPS = 6  # boards of a finished match looked at, spread over its whole replay


def _match_urls(world: World) -> list[str]:
    urls = []
    for match in [*world.finished.values(), *world.playing.values()]:
        urls += [f"/matches/{match.pk}/"]
    for match in world.finished.values():
        urls += [f"/matches/{match.pk}/replay/"]
        last = match.version
        steps = sorted(
            {1 + i * max(1, last - 1) // (REPLAY_STEPS - 1) for i in range(REPLAY_STEPS)}
        )
        urls += [f"/matches/{match.pk}/replay/?step={s}" for s in steps]
    return urls


def player_urls(world: World) -> list[str]:
    """The pages alice reads, signed in."""
    cup = world.cup
    urls = ["/", "/tables/", "/tables/new/", f"/tables/{world.table}/", "/my-games/"]
    urls += ["/players/alice/", "/players/bob/", "/friends/", "/settings/", "/settings/data/"]
    urls += ["/settings/play-by-email/", "/ladders/", "/ladders/queue/", "/ladders/by-email/"]
    urls += ["/tournaments/", "/tournaments/new/", f"/tournaments/{cup}/"]
    urls += [f"/tournaments/{cup}/rounds/", f"/tournaments/{cup}/manage/"]
    for name in GAMES:
        urls += [f"/ladders/{name}/", f"/games/{name}/rules/"]
    return urls + _match_urls(world)


VISITOR_URLS = ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]


def _allowed(world: World) -> frozenset[str]:
    """Names the site shows as they are: the players' and the tournament's."""
    names = {u.display_name for u in world.users.values()} | {"Copa"}
    return frozenset(names | {"Goofspiel", "Cards per hand"})  # the tests' own game


def _page_english(client: Client, url: str, language: str, allowed: frozenset[str]) -> list[str]:
    response = client.get(url)
    if response.status_code == 404 and url.startswith("/games/"):
        return []  # a game without a rules page
    if response.status_code != 200:
        return [f"(answered {response.status_code})"]
    return english_in(runs_of_html(response.content.decode()), language, allowed)


def _email_english(message, allowed: frozenset[str]) -> list[str]:
    language = LANGUAGES.get(message.to[0].split("@")[0].rstrip("0123456789"), "en")
    runs = runs_of_text(message.subject) + runs_of_text(message.body)
    for content, kind in getattr(message, "alternatives", []):
        runs += runs_of_html(content) if kind == "text/html" else []
    return english_in(runs, language, allowed)


@pytest.fixture
def world(settings, transactional_db):
    return build_world(settings)


@pytest.mark.django_db(transaction=True)
def test_it_leaves_no_english_on_any_page_nor_in_any_email(world):
    found: dict[str, list[str]] = {}
    allowed = _allowed(world)
    alice = world.users["alice"]
    for language in ("es", "vi"):
        alice.language = language
        alice.save(update_fields=["language"])
        player, visitor = Client(), Client(HTTP_ACCEPT_LANGUAGE=language)
        player.force_login(alice)
        for client, urls in ((player, player_urls(world)), (visitor, VISITOR_URLS)):
            for url in urls:
                left = _page_english(client, url, language, allowed)
                found.update({f"{language} {url}": left} if left else {})
    kinds = set()
    for message in world.emails:
        kinds.add(message.extra_headers.get("X-Tabletop-Kind", message.subject))
        left = _email_english(message, allowed)
        found.update({f"e-mail to {message.to[0]}: {message.subject}": left} if left else {})
    assert found == {}, "\n".join(f"{where}: {runs}" for where, runs in found.items())


def test_the_check_finds_the_english_it_has_never_been_told_of():
    """English the site once showed, which the check knows from the catalogues alone."""
    leftovers = {
        "es": [
            "coins 6, stars 0, territories 4",
            "(the player deleted their account)",
            "round 1",
            "champion",
            "out in round 1",
            "1 VP",
            "Standard bot",
        ],
        "vi": ["1 minute", "Standard bot", "Riverwalk"],
    }
    for language, runs in leftovers.items():
        assert english_in(runs, language) == runs, language


def test_the_check_lets_the_readers_language_and_names_through():
    assert english_in(["Bot estándar", "Ronda 1", "Riverwalk", "Scythe", "1 PV"], "es") == []
    assert english_in(["Bot tiêu chuẩn", "Vòng 1", "alice: 1 - bob: 2"], "vi") == []
    assert english_in(["Grey Fox"], "es", frozenset({"Grey", "Fox"})) == []
