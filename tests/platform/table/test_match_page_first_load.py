"""The match page's first load (docs/play.md, "The first load"): the board drawn once and taken
from the cache per match, version, seat and language; the log's last 30 entries with "Earlier
moves"; a bounded number of queries; never another seat's secrets."""

import json
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Block
from chat.models import Mute
from chat.moderation import account_chat_mute
from chat.services import chat_post
from play import selectors
from play.models import Match
from play.services import action_submit
from tests.platform.conftest import make_user

from .factories import played, seeded_match

pytestmark = pytest.mark.services
BID = re.compile(r"bids&#x27;: \[([^\]]*)\]")  # the generic board's pprint of the view


def _page(client, user, match, query=""):
    client.force_login(user)
    response = client.get(reverse("play:match", args=[match.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def _payload(html):
    found = re.search(r'<script id="initial-payload" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1))


def _seqs(html):
    log = re.search(r'<ol class="log" id="log"[^>]*>(.*?)</ol>', html, re.S).group(1)
    return [int(s) for s in re.findall(r'<li data-seq="(\d+)"', log)]


@pytest.fixture
def long_match(alice, bob):
    """A casual Dice City match 40 decisions in: a log longer than the page shows."""
    return played(seeded_match("dicecity", 1, [alice, bob]), moves=40)


@pytest.fixture
def bid_made(started_match):
    """Goofspiel: alice (seat 0) has bid her 3 in secret; bob has not bid yet."""
    alice = started_match.seats.get(index=0).user
    return action_submit(
        match_id=started_match.pk, user=alice, action={"type": "bid", "card": 3}, version=0
    )


def test_it_draws_the_board_once_and_the_payload_carries_no_copy(client, long_match, alice):
    html = _page(client, alice, long_match)
    assert html.count('class="board-frame"') == 1
    payload = _payload(html)
    assert "html" not in payload and payload["version"] == long_match.version
    assert payload["view"]["players"]  # the board's script still reads the view


def test_it_shows_the_last_30_log_entries_and_offers_the_earlier_ones(client, long_match, alice):
    html = _page(client, alice, long_match)
    shown = _seqs(html)
    everything = [e["seq"] for e in selectors.log_for(long_match, 0)]
    assert len(everything) > 30 and shown == everything[-30:]
    assert f'href="?log=all#log" id="log-earlier" data-before="{shown[0]}"' in html
    assert "Earlier moves" in html
    assert _seqs(_page(client, alice, long_match, "?log=all")) == everything


def test_the_log_api_pages_back_before_an_entry(client, long_match, alice):
    client.force_login(alice)
    url = reverse("api-match-log", args=[long_match.pk])
    everything = [e["seq"] for e in selectors.log_for(long_match, 0)]
    first_shown = everything[-30]
    body = client.get(url, {"before": first_shown}).json()
    assert [e["seq"] for e in body["entries"]] == everything[:-30]
    assert body["earlier"] is False
    body = client.get(url, {"before": everything[-1]}).json()
    assert [e["seq"] for e in body["entries"]] == everything[-31:-1] and body["earlier"] is True
    refused = client.get(url, {"before": "soon"})
    assert refused.status_code == 400 and refused.json()["error"] == "malformed"


def test_a_short_log_has_no_earlier_moves(client, started_match):
    html = _page(client, started_match.seats.get(index=0).user, started_match)
    assert "log-earlier" not in html


def test_the_first_load_needs_few_queries_whatever_the_log_and_chat(client, long_match, bob):
    alice = long_match.seats.get(index=0).user
    for n in range(4):
        chat_post(user=bob, match_id=long_match.pk, text=f"line {n} from bob")
        chat_post(user=alice, match_id=long_match.pk, text=f"line {n} from alice")
    _page(client, alice, long_match)  # logged in, as on any later load
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("play:match", args=[long_match.pk])).content.decode()
    assert "line 3 from bob" in html
    # session, user, match, seats, log, invitations; chat: preference, mutes, lines with their
    # authors, blocks among them, sanction; Undo: the seat's turn so far.
    assert len(queries.captured_queries) <= 12, [q["sql"][:80] for q in queries]


def test_a_seat_never_sees_another_seats_secrets_from_the_cache(client, bid_made, carol):
    alice, bob = (bid_made.seats.get(index=i).user for i in (0, 1))
    assert BID.search(_page(client, alice, bid_made)).group(1) == "3, False"
    # bob's own bid is None (not made), the others' only whether they bid
    seen = {bob: "True, None", carol: "True, False"}
    for viewer in (bob, carol, bob):  # bob after carol: both were drawn and cached by then
        html = _page(client, viewer, bid_made)
        assert BID.search(html).group(1) == seen[viewer], viewer
        assert "3, False" not in html
    assert BID.search(_page(client, alice, bid_made)).group(1) == "3, False"


def test_the_cache_key_is_per_seat_and_language(bid_made):
    seats = list(bid_made.seats.select_related("user"))
    keys = {
        selectors.board_cache_key(
            bid_made, selectors.match_payload(bid_made, seats, s, language=lang)
        )
        for s in (0, 1, None)
        for lang in ("en", "es", "vi")
    }
    assert len(keys) == 9
    assert all(f"board:{bid_made.pk}:{bid_made.version}:" in k for k in keys)


def test_the_page_serves_the_cached_board_of_its_seat(client, bid_made, settings):
    settings.BOARD_CACHE_SECONDS = 600
    alice = bid_made.seats.get(index=0).user
    _page(client, alice, bid_made)
    seats = list(bid_made.seats.select_related("user"))
    key = selectors.board_cache_key(bid_made, selectors.match_payload(bid_made, seats, 0))
    assert "board-frame" in cache.get(key)
    cache.set(key, '<div class="board-frame">drawn before</div>', 60)
    assert "drawn before" in _page(client, alice, bid_made)
    assert "drawn before" not in _page(client, bid_made.seats.get(index=1).user, bid_made)


def test_board_cache_seconds_0_draws_the_board_every_time(client, bid_made, settings):
    settings.BOARD_CACHE_SECONDS = 0
    alice = bid_made.seats.get(index=0).user
    seats = list(bid_made.seats.select_related("user"))
    key = selectors.board_cache_key(bid_made, selectors.match_payload(bid_made, seats, 0))
    cache.set(key, '<div class="board-frame">drawn before</div>', 60)
    html = _page(client, alice, bid_made)
    assert "drawn before" not in html and BID.search(html).group(1) == "3, False"
    cache.delete(key)
    _page(client, alice, bid_made)
    assert cache.get(key) is None


def test_a_finished_match_is_drawn_each_time(client, bid_made, settings):
    """Its end screen follows the ratings and a rematch, which come after its last version."""
    Match.objects.filter(pk=bid_made.pk).update(status=Match.Status.FINISHED)
    bid_made.refresh_from_db()
    seats = list(bid_made.seats.select_related("user"))
    key = selectors.board_cache_key(bid_made, selectors.match_payload(bid_made, seats, 0))
    _page(client, bid_made.seats.get(index=0).user, bid_made)
    assert cache.get(key) is None


def test_the_chat_panel_still_hides_muted_and_blocked_people_and_says_a_mute(
    client, started_match, carol
):
    """The panel's reads in one query (chat.selectors.panel_reads) keep every rule."""
    alice, bob = (started_match.seats.get(index=i).user for i in (0, 1))
    chat_post(user=bob, match_id=started_match.pk, text="bob speaks")
    chat_post(user=carol, match_id=started_match.pk, text="carol watches")
    html = _page(client, alice, started_match)
    assert "bob speaks" in html and "carol watches" in html and "chat-say-off" not in html
    Mute.objects.create(user=alice, person=bob)
    Block.objects.create(user=carol, person=alice)  # either way hides
    html = _page(client, alice, started_match)
    assert "bob speaks" not in html and "carol watches" not in html
    assert f'data-person="{bob.pk}"' in html  # offered to unmute
    staff = make_user("dave")
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    account_chat_mute(staff=staff, user_id=alice.pk, minutes=60, reason="insults")
    assert 'id="chat-say-off"' in _page(client, alice, started_match)
