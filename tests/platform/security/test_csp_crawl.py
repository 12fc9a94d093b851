"""One policy for every page (issue 36, point 3): every page of a played site, reached by its
links from the home page as a player, a spectator and an anonymous visitor, sends a
`script-src` that lets no inline script run without the page's nonce, and every inline
<script> of the page carries that nonce."""

import re
from collections import deque
from urllib.parse import urlsplit

import pytest
from django.test import Client

from chat.services import chat_post
from lobbies.services import lobby_create, lobby_join
from tests.platform.conftest import make_user
from tests.platform.tournaments.conftest import create, play_out, play_round, register_all
from tournaments.services import tournament_start

LINK = re.compile(r"""\shref=["']([^"'#]+)""")
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
# Not pages: files, the JSON API (its docs page is a seed), log-out (it would end the visit).
SKIPPED = ("/static/", "/api/", "/accounts/logout/", "/i18n/", "/anymail/", "/metrics")
SEEDS = ["/", "/api/docs/", "/no-such-page/"]
MOST = 400  # pages per visitor: a bound, so a link that grows forever cannot hang the test


@pytest.fixture
def played_site(alice, bob, started_match):
    """Finished and live matches, a table open to join, chat, a tournament under way."""
    carol = make_user("carol")
    chat_post(user=alice, text="good luck", match_id=started_match.pk)
    done = lobby_create(host=bob, game="goofspiel", seats=2, options={"cards": 3})
    lobby_join(table_id=done.pk, user=alice)
    done.refresh_from_db()
    play_out(done.match)
    lobby_create(host=bob, game="goofspiel", seats=3, options={"cards": 3})
    cup = create(alice)
    register_all(cup, [alice, bob, carol, make_user("dave")])
    tournament_start(tournament_id=cup.pk, user=alice)
    play_round(cup)
    return {"player": alice, "spectator": carol}


def _script_nonce(response) -> str | None:
    """The one nonce inline scripts may carry; fails on a policy that lets others run."""
    policy = response.get("Content-Security-Policy")
    assert policy, "no policy"
    directives = dict((part.strip().split(" ", 1) + [""])[:2] for part in policy.split(";"))
    sources = directives.get("script-src", directives.get("default-src", "")).split()
    assert "'unsafe-inline'" not in sources and "*" not in sources, sources
    assert "data:" not in sources and "'unsafe-eval'" not in sources, sources
    nonces = [s[len("'nonce-") : -1] for s in sources if s.startswith("'nonce-")]
    assert len(nonces) == 1, sources  # every page names its nonce (a fresh one each time)
    return nonces[0]


def _inline_scripts_carry(html: str, nonce: str) -> None:
    for attributes in SCRIPT_TAG.findall(html):
        if "src=" in attributes or "application/json" in attributes:
            continue  # a file of the site, or a JSON data block (never run)
        found = re.search(r'\snonce="([^"]+)"', attributes)
        assert found and found.group(1) == nonce, attributes


def _links(html: str) -> list[str]:
    paths = []
    for href in LINK.findall(html):
        parts = urlsplit(href)
        if not parts.scheme and not parts.netloc and parts.path.startswith("/"):
            paths.append(parts.path)
    return paths


def _crawl(client: Client) -> set[str]:
    seen, queue, pages = set(SEEDS), deque(SEEDS), set()
    while queue and len(pages) < MOST:
        path = queue.popleft()
        response = client.get(path)
        if response.status_code in (301, 302):
            found = [urlsplit(response["Location"]).path]
        elif response.get("Content-Type", "").startswith("text/html"):
            pages.add(path)
            html = response.content.decode()
            try:
                _inline_scripts_carry(html, _script_nonce(response))
            except AssertionError as error:
                raise AssertionError(f"{path}: {error}") from None
            found = _links(html)
        else:
            found = []
        for link in found:
            if link not in seen and not link.startswith(SKIPPED):
                seen.add(link)
                queue.append(link)
    return pages


@pytest.mark.parametrize("visitor", ["player", "spectator", "anonymous"])
def test_every_page_lets_only_its_own_nonced_scripts_run(played_site, visitor, started_match):
    client = Client()
    if visitor != "anonymous":
        client.force_login(played_site[visitor])
    pages = _crawl(client)
    assert "/" in pages and "/no-such-page/" in pages
    assert f"/matches/{started_match.pk}/" in pages  # a live match, followed from a link
    assert any(p.startswith("/tournaments/") for p in pages)
    assert len(pages) < MOST, "the crawl was cut short"
