"""The chat in Chromium, on a live server (uvicorn, Redis, PostgreSQL): alice and bob play Dice
City, carol watches. Lines travel over the match's own socket, by keyboard, as plain text; a
player hides the spectators, mutes a person and reports a line through a line's menu; a table
page's chat polls; the replay shows each line from its step. Screenshots go to
var/screenshots/ (chat-*.png) for people to look at."""

from __future__ import annotations

import pytest

from chat.models import Report
from chat.services import chat_post
from lobbies.services import lobby_create
from play.services import seat_forfeit
from tests.platform.conftest import make_user
from tests.platform.table.conftest import (
    LAPTOP,
    PHONE,
    SHOTS,
    in_thread,
    needs_chromium,
    page_width,
    session_cookie,
    wait_js,
)
from tests.platform.table.factories import played, seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

SCRIPT = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
SOCKET_OPEN = "document.getElementById('board').dataset.socket === 'open'"


def _lines(page, channel: str) -> list[str]:
    return page.locator(f"#chat-{channel} .chat-text").all_inner_texts()


def _has_line(page, channel: str, text: str) -> str:
    return (
        f"Array.from(document.querySelectorAll('#chat-{channel} .chat-text'))"
        f".some(e => e.textContent === {text!r})"
    )


def _say(page, text: str) -> None:
    """By keyboard: focus the box, type, Enter."""
    page.focus("#chat-text")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    wait_js(page, "document.getElementById('chat-text').value === ''")


def test_two_players_and_a_spectator_chat_live(launch):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = seeded_match("dicecity", 4, [alice, bob])
    cookies = {u.display_name: session_cookie(u) for u in (alice, bob, carol)}
    with launch() as open_page:
        pages = {
            name: open_page(cookie, f"/matches/{match.pk}/") for name, cookie in cookies.items()
        }
        for page in pages.values():
            wait_js(page, SOCKET_OPEN)
        _say(pages["alice"], SCRIPT)
        for page in pages.values():
            wait_js(page, _has_line(page, "players", SCRIPT))
            assert page.evaluate("window.pwned === undefined")
            assert page.locator("#chat img, #chat script").count() == 0
        _say(pages["carol"], "go bob!")
        wait_js(pages["alice"], _has_line(pages["alice"], "spectators", "go bob!"))
        wait_js(pages["bob"], _has_line(pages["bob"], "spectators", "go bob!"))

        pages["alice"].get_by_role("button", name="Hide the spectators' chat").click()
        wait_js(pages["alice"], "document.getElementById('chat-spectators-box').hidden")
        _say(pages["carol"], "alice cannot read this")
        wait_js(pages["bob"], _has_line(pages["bob"], "spectators", "alice cannot read this"))
        assert "alice cannot read this" not in _lines(pages["alice"], "spectators")

        bob_page = pages["bob"]
        bob_page.locator("#chat-spectators a.chat-more").first.focus()
        bob_page.keyboard.press("Enter")
        assert bob_page.evaluate("document.activeElement.dataset.act") == "mute"
        bob_page.keyboard.press("Enter")  # "Mute carol"
        wait_js(bob_page, "document.querySelectorAll('#chat-spectators li').length === 0")
        assert "carol" in bob_page.locator("#chat-muted").inner_text()
        _say(pages["carol"], "bob muted me")
        wait_js(pages["carol"], _has_line(pages["carol"], "spectators", "bob muted me"))
        bob_page.wait_for_timeout(500)
        assert "bob muted me" not in _lines(bob_page, "spectators")

        bob_page.locator("#chat-players a.chat-more").first.click()
        bob_page.locator(".chat-actions select").select_option("cheating")
        bob_page.get_by_role("button", name="Report", exact=True).click()
        wait_js(
            bob_page, "document.getElementById('chat-error').textContent.startsWith('Reported')"
        )
        report = in_thread(lambda: Report.objects.select_related("line").get())
        assert (report.reason, report.line.text) == ("cheating", SCRIPT)


def test_screenshots_of_the_match_page_with_the_chat(launch):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = played(seeded_match("dicecity", 4, [alice, bob]), moves=6)
    talk = [
        (bob, "good luck, have fun"),
        (alice, "you too! that Wheat Field start looks strong"),
        (carol, "nice opening"),
        (bob, "thanks — now let's see the dice"),
        (alice, "<b>not bold</b> & not a script"),
    ]
    for user, text in talk:
        chat_post(user=user, match_id=match.pk, text=text)
    cookie = session_cookie(alice)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            wait_js(page, SOCKET_OPEN)
            wait_js(page, "document.querySelectorAll('#chat-players li').length === 4")
            page.screenshot(path=str(SHOTS / f"chat-match-{size}.png"))
            page.locator("#chat").scroll_into_view_if_needed()
            page.locator("#chat").screenshot(path=str(SHOTS / f"chat-panel-{size}.png"))
            assert page_width(page) <= viewport["width"], size
            page.context.close()


def test_a_tables_chat_before_the_start_arrives_by_polling(launch):
    alice, carol = make_user("alice"), make_user("carol")
    table = lobby_create(host=alice, game="dicecity", seats=3)
    cookies = session_cookie(alice), session_cookie(carol)
    with launch() as open_page:
        host = open_page(cookies[0], f"/tables/{table.pk}/")
        visitor = open_page(cookies[1], f"/tables/{table.pk}/")
        _say(visitor, "is there room for me?")
        wait_js(host, _has_line(host, "spectators", "is there room for me?"), timeout_s=8)
        _say(host, "sure, take a place")
        wait_js(visitor, _has_line(visitor, "players", "sure, take a place"), timeout_s=8)
        host.screenshot(path=str(SHOTS / "chat-table-laptop.png"))
        phone = open_page(cookies[1], f"/tables/{table.pk}/", PHONE)
        wait_js(phone, _has_line(phone, "players", "sure, take a place"))
        phone.screenshot(path=str(SHOTS / "chat-table-phone.png"), full_page=True)
        assert page_width(phone) <= PHONE["width"]


def test_the_replay_shows_each_line_from_its_step(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("dicecity", 4, [alice, bob])
    chat_post(user=alice, match_id=match.pk, text="said at the start")
    played(match, moves=3)
    chat_post(user=bob, match_id=match.pk, text="said at step three")
    seat_forfeit(match_id=match.pk, seat_index=0, reason="resigned")  # over at step four
    cookie = session_cookie(alice)
    shown = "Array.from(document.querySelectorAll('#chat-replay li')).filter(l => !l.hidden).length"
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/replay/?step=0")
        assert page.evaluate(shown) == 1
        for step in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            wait_js(
                page, f"document.getElementById('step-label').textContent === 'Step {step} of 4'"
            )
            assert page.evaluate(shown) == (2 if step == 3 else 1)
        assert page.locator("#chat-replay li.now").inner_text().endswith("said at step three")
        page.screenshot(path=str(SHOTS / "chat-replay-laptop.png"))
        page.keyboard.press("Home")
        wait_js(page, f"{shown} === 1")
        phone = open_page(cookie, f"/matches/{match.pk}/replay/?step=4", PHONE)
        phone.locator("#chat-replay").scroll_into_view_if_needed()
        phone.screenshot(path=str(SHOTS / "chat-replay-phone.png"))
        assert page_width(phone) <= PHONE["width"]
