"""Rematch and invitations in Chromium, on the live server (uvicorn, Redis, PostgreSQL).

alice invites her friend bob by name from her private table's page; bob follows the signed
link of the e-mail he got and takes his place; the match starts for both. After a Dice City
match, alice presses "Rematch" on the end screen and the offer appears live on bob's (over the
match's socket), he presses "Accept the rematch", and both land in the new match. Screenshots
at both sizes go to /tmp/shots-social/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from accounts.services import follow_add
from lobbies.invitations import table_invite
from lobbies.services import lobby_create, lobby_join
from play.models import Match
from play.services import seat_forfeit
from tests.platform.a11y.conftest import audit, with_axe
from tests.platform.conftest import make_user
from tests.platform.table.conftest import (
    LAPTOP,
    PHONE,
    in_thread,
    needs_chromium,
    page_width,
    session_cookie,
    wait_js,
)

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

SHOTS = Path("/tmp/shots-social")


def _shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_alice_invites_bob_by_name_and_he_joins_from_the_email(launch, asgi_server):
    alice, bob = make_user("alice"), make_user("bob")
    follow_add(user=alice, display_name="bob")
    table = lobby_create(host=alice, game="dicecity", seats=2, private=True)
    cookies = {u.display_name: session_cookie(u) for u in (alice, bob)}
    with launch() as open_page:
        host = open_page(cookies["alice"], f"/tables/{table.pk}/")
        host.fill("#invite-name", "bob")
        _shoot(host, "invite-table-laptop")
        host.get_by_role("button", name="Invite", exact=True).click()
        wait_js(host, "document.getElementById('invited') !== null")
        assert "bob (waiting for an answer)" in host.inner_text("#invited")
        link = _emailed_link(asgi_server, bob.email)
        guest = open_page(cookies["bob"], "/my-games/", PHONE)
        assert "alice invites you" in guest.inner_text("#my-invitations")
        assert page_width(guest) <= PHONE["width"]
        _shoot(guest, "invite-my-games-phone")
        guest.goto(link)
        with_axe(guest)
        assert not audit(guest), audit(guest)
        _shoot(guest, "invite-page-phone")
        guest.click("#accept")
        guest.wait_for_url(re.compile(r"/matches/\d+/$"))
        match = in_thread(lambda: Match.objects.get(table_id=table.pk))
        assert guest.url.endswith(f"/matches/{match.pk}/")
        host.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))  # the table page follows


def _emailed_link(server, address: str) -> str:
    import time

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for body in server.mails_to(address):
            found = re.search(r"http://\S+/invitations/\S+/", body)
            if found:
                return found.group(0)
        time.sleep(0.1)
    raise AssertionError(f"no invitation e-mail to {address}:\n{server.log_tail()}")


def test_a_rematch_from_the_end_screen_starts_when_both_accept(launch):
    """Live over the match's socket (docs/lobbies.md, "Rematch, live"): bob's end screen is
    open when alice offers; the offer appears on it without a reload, he accepts, and both
    pages open the new match."""
    alice, bob = make_user("alice"), make_user("bob")
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    seat_forfeit(match_id=match.pk, seat_index=match.seats.get(user=bob).index, reason="resigned")
    cookies = {u.display_name: session_cookie(u) for u in (alice, bob)}
    old = f"/matches/{match.pk}/"
    with launch() as open_page:
        first = open_page(cookies["alice"], old)
        second = open_page(cookies["bob"], old, PHONE)
        rematch = first.locator("#outcome").get_by_role("button", name="Rematch", exact=True)
        rematch.scroll_into_view_if_needed()
        _shoot(first, "rematch-end-screen-laptop")
        wait_js(
            second,
            "(document.querySelector('[data-rematch]') || {dataset: {}}).dataset.status === 'none'",
        )
        rematch.click()
        first.locator("#outcome").get_by_text("Rematch offered: waiting for bob.").wait_for()
        assert first.url.endswith(f"/matches/{match.pk}/")  # alice stays on her end screen
        with_axe(first)
        assert not audit(first), audit(first)
        accept = second.locator("#outcome").get_by_role("button", name="Accept the rematch")
        accept.wait_for()  # pushed over bob's socket: no reload
        accept.scroll_into_view_if_needed()
        _shoot(second, "rematch-end-screen-phone")
        assert page_width(second) <= PHONE["width"]
        accept.click()
        second.wait_for_url(lambda url: re.search(r"/matches/\d+/$", url) and old not in url)
        new = in_thread(lambda: Match.objects.exclude(pk=match.pk).get())
        assert second.url.endswith(f"/matches/{new.pk}/")
        first.wait_for_url(re.compile(rf"/matches/{new.pk}/$"))
        assert in_thread(lambda: {s.user_id for s in new.seats.all()}) == {alice.pk, bob.pk}


def test_a_declined_rematch_is_called_off_for_the_offering_player(launch):
    alice, bob = make_user("alice"), make_user("bob")
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    seat_forfeit(match_id=match.pk, seat_index=0, reason="resigned")
    cookies = {u.display_name: session_cookie(u) for u in (alice, bob)}
    with launch() as open_page:
        first = open_page(cookies["alice"], f"/matches/{match.pk}/", LAPTOP)
        first.locator("#outcome").get_by_role("button", name="Rematch", exact=True).click()
        first.locator("#outcome").get_by_text("Rematch offered: waiting for bob.").wait_for()
        second = open_page(cookies["bob"], "/my-games/", LAPTOP)
        second.get_by_role("button", name="Decline").click()
        first.get_by_text("bob declined the rematch").wait_for()  # live, over alice's socket
        assert first.url.endswith(f"/matches/{match.pk}/")
        _shoot(first, "rematch-declined-laptop")


def test_screenshots_of_the_friends_and_data_pages(launch):
    """The profile's follow and block, the Friends page, Your data and the settings' time
    zone at both sizes: nothing wider than the phone."""
    from accounts.services import block_add

    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    follow_add(user=bob, display_name="alice")
    table_invite(
        table_id=lobby_create(host=bob, game="spqf", seats=2).pk, user=bob, display_name="alice"
    )  # the menu's "My games" counts it
    follow_add(user=alice, display_name="bob")
    follow_add(user=carol, display_name="alice")
    block_add(user=alice, display_name="carol")
    table = lobby_create(host=alice, game="dicecity", seats=3, private=True)
    cookie = session_cookie(alice)
    pages = {
        "profile": "/players/bob/",
        "friends": "/friends/",
        "your-data": "/settings/data/",
        "settings": "/settings/",
        "my-games": "/my-games/",
    }
    with launch() as open_page:
        for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            for name, path in pages.items():
                page = open_page(cookie, path, viewport)
                assert page_width(page) <= viewport["width"], (name, size)
                _shoot(page, f"{name}-{size}")
        page = open_page(cookie, "/players/bob/")
        with_axe(page)  # the pages pass axe-core (tests/platform/a11y) like the others
        origin = page.url.split("/players/")[0]
        found = []
        for path in [*pages.values(), f"/tables/{table.pk}/"]:
            page.goto(origin + path)
            found += [f"{path}: {line}" for line in audit(page)]
        assert not found, "\n".join(found)
        page.goto(origin + "/players/bob/")
        assert page.locator("#follow").inner_text() == "Unfollow"
        assert page.get_by_role("button", name=re.compile("Invite to Dice City")).count() == 1
        zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
        assert any(c["name"] == "tz" and c["value"] == zone for c in page.context.cookies())
