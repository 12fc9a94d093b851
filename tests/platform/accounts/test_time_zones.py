"""Time zones: every time on a page or in an e-mail is shown in the player's zone, the
account's setting, else the browser's (the `tz` cookie of static/js/timezone.js); the daily
digest comes at the player's hour in that zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import User
from lobbies.rematch import rematch_offer
from lobbies.services import lobby_create, lobby_join
from notifications.models import Preferences
from notifications.preferences import digest_due, prefs_for
from notifications.sweep import deadlines_sweep
from play.models import Match
from play.services import seat_forfeit

SAIGON = "Asia/Ho_Chi_Minh"


@pytest.fixture
def rematch_table(alice, bob):
    """A page that shows a time: the rematch offer's "stands until"."""
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    seat_forfeit(match_id=match.pk, seat_index=0, reason="resigned")
    offer = rematch_offer(match_id=match.pk, user=alice)
    until = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=2)
    offer.rematch.expires_at = until
    offer.rematch.save()
    return offer, until


def _shown(until: datetime, zone: str) -> str:
    local = until.astimezone(ZoneInfo(zone))
    return f"{local:%H:%M}"


def test_a_page_shows_times_in_the_accounts_zone(client, alice, rematch_table):
    table, until = rematch_table
    alice.time_zone = SAIGON
    alice.save()
    client.force_login(alice)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert f"until {_shown(until, SAIGON)} +07" in page


def test_the_browsers_zone_is_used_and_kept_until_the_player_picks_one(
    client, alice, rematch_table
):
    table, until = rematch_table
    client.force_login(alice)
    client.cookies["tz"] = "America/Sao_Paulo"
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert f"until {_shown(until, 'America/Sao_Paulo')} -03" in page
    alice.refresh_from_db()
    assert alice.time_zone == "America/Sao_Paulo"  # e-mails use it from now on
    client.cookies["tz"] = "Europe/Madrid"  # the account's choice wins over a new browser
    assert (
        f"until {_shown(until, 'America/Sao_Paulo')}"
        in client.get(f"/tables/{table.pk}/").content.decode()
    )


@pytest.mark.parametrize("cookie", ["Mars/Olympus_Mons", "../../etc/passwd", "", "UTC; x=1"])
def test_a_bad_cookie_is_ignored(client, alice, rematch_table, cookie):
    table, until = rematch_table
    client.force_login(alice)
    client.cookies["tz"] = cookie
    page = client.get(f"/tables/{table.pk}/")
    assert page.status_code == 200 and f"until {_shown(until, 'UTC')} UTC" in page.content.decode()
    alice.refresh_from_db()
    assert alice.time_zone == ""


def test_visitors_get_their_browsers_zone(rf):
    from django.contrib.auth.models import AnonymousUser

    from accounts.zones import time_zone_middleware

    seen = []
    middleware = time_zone_middleware(
        lambda request: seen.append(timezone.get_current_timezone_name())
    )
    for cookie in (SAIGON, "nonsense"):
        request = rf.get("/")
        request.user = AnonymousUser()
        request.COOKIES["tz"] = cookie
        middleware(request)
    assert seen == [SAIGON, "UTC"]
    assert timezone.get_current_timezone_name() == "UTC"  # nothing leaks past the request


def test_the_settings_page_and_the_api_set_the_zone(client, alice):
    client.force_login(alice)
    form = {"display_name": "alice", "turn_emails": "on", "time_zone": SAIGON}
    assert client.post("/settings/", form).status_code == 302
    alice.refresh_from_db()
    assert alice.time_zone == SAIGON
    refused = client.post("/settings/", {**form, "time_zone": "Mars/Olympus_Mons"})
    assert refused.status_code == 200 and refused.context["form"].errors["time_zone"]
    alice.refresh_from_db()
    assert alice.time_zone == SAIGON
    patched = client.patch(
        "/api/me/", {"time_zone": "Europe/Madrid"}, content_type="application/json"
    )
    assert patched.json()["time_zone"] == "Europe/Madrid"
    bad = client.patch("/api/me/", {"time_zone": "Nowhere/City"}, content_type="application/json")
    assert bad.status_code == 400
    alice.refresh_from_db()
    assert alice.time_zone == "Europe/Madrid"


def test_the_play_by_email_settings_share_the_accounts_zone(client, alice):
    alice.time_zone = SAIGON
    alice.save()
    client.force_login(alice)
    page = client.get("/settings/play-by-email/")
    assert page.context["form"].initial["time_zone"] == SAIGON
    assert client.get("/api/me/play-by-email/").json()["time_zone"] == SAIGON
    client.patch(
        "/api/me/play-by-email/", {"time_zone": "Europe/Madrid"}, content_type="application/json"
    )
    alice.refresh_from_db()
    assert alice.time_zone == "Europe/Madrid"


def test_the_digest_hour_is_in_the_accounts_zone(alice):
    alice.time_zone = SAIGON  # UTC+7, no summer time
    alice.save()
    prefs = Preferences.objects.create(user=alice, turn_mail="digest", digest_hour=8)
    assert prefs.time_zone == "UTC"  # the old per-preferences zone no longer decides
    day = datetime(2026, 3, 2, tzinfo=UTC)
    assert digest_due(prefs_for(alice), day.replace(hour=0, minute=59)) is None  # 07:59 there
    assert digest_due(prefs_for(alice), day.replace(hour=1)) == "2026-03-02"  # 08:00 there


def test_emails_show_times_in_the_recipients_zone(alice, bob, django_capture_on_commit_callbacks):
    bob.time_zone = SAIGON
    bob.save()
    Preferences.objects.create(user=bob, turn_mail="digest", digest_hour=0)
    table = lobby_create(
        host=alice, game="goofspiel", seats=2, mode="turn", move_seconds=86400,
        options={"cards": 3},
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=timezone.now())
    [digest] = [m for m in mail.outbox if m.to == [bob.email]]
    local = match.deadline.astimezone(ZoneInfo(SAIGON))
    assert f"{local:%Y-%m-%d %H:%M} +07" in digest.body
    assert "UTC" not in digest.body


def test_an_address_without_an_account_reads_utc(db):
    from accounts.zones import zone_for_address

    assert zone_for_address("nobody@example.org").key == "UTC"
    user = User.objects.create_user(email="Zed@Example.org", display_name="zed", time_zone=SAIGON)
    assert zone_for_address(" zed@example.ORG ").key == SAIGON == user.time_zone
