"""Settings: turn e-mails on or off, and a display name that stays valid and unique."""

import pytest

from accounts.models import User
from tests.platform.conftest import make_user


def test_it_needs_a_log_in(client, db):
    response = client.get("/settings/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_turns_turn_e_mails_off_and_on(client, alice):
    client.force_login(alice)
    assert client.get("/settings/").status_code == 200
    response = client.post("/settings/", {"display_name": "alice"}, follow=True)
    assert "Your settings are saved." in response.content.decode()
    alice.refresh_from_db()
    assert alice.turn_emails is False
    client.post("/settings/", {"display_name": "alice", "turn_emails": "on"})
    alice.refresh_from_db()
    assert alice.turn_emails is True


def test_it_renames_the_player(client, alice):
    client.force_login(alice)
    client.post("/settings/", {"display_name": "Alice.B", "turn_emails": "on"})
    alice.refresh_from_db()
    assert alice.display_name == "Alice.B"


@pytest.mark.parametrize(
    ("name", "why"),
    [("a b", "3 to 24"), ("x", "3 to 24"), ("MODERATOR", "reserved"), ("BOB", "is taken")],
)
def test_it_refuses_a_bad_or_taken_name_and_keeps_the_old_one(client, alice, bob, name, why):
    client.force_login(alice)
    page = client.post("/settings/", {"display_name": name, "turn_emails": "on"})
    assert page.status_code == 200 and why in page.content.decode()
    assert User.objects.get(pk=alice.pk).display_name == "alice"
    assert 'href="/players/alice/"' in page.content.decode()


def test_keeping_ones_own_name_in_another_case_is_fine(client, db):
    dora = make_user("dora")
    client.force_login(dora)
    client.post("/settings/", {"display_name": "Dora", "turn_emails": "on"})
    dora.refresh_from_db()
    assert dora.display_name == "Dora"


@pytest.mark.parametrize(("box", "mailed"), [({"turn_emails": "on"}, True), ({}, False)])
def test_the_turn_e_mail_setting_decides_whether_a_turn_is_e_mailed(
    client, started_match, django_capture_on_commit_callbacks, box, mailed
):
    from django.core import mail

    from play.services import action_submit

    first, second = (s.user for s in started_match.seats.select_related("user"))
    client.force_login(first)
    client.post("/settings/", {"display_name": first.display_name, **box})
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(match_id=started_match.pk, user=first, action="bid card=1", version=0)
        action_submit(match_id=started_match.pk, user=second, action="bid card=1", version=1)
    # The second round began: `first` owes a bid again (`second`, who just bid, is still there).
    assert [m.to for m in mail.outbox] == ([[first.email]] if mailed else [])


def test_a_name_taken_at_the_same_moment_is_refused_not_a_crash(client, alice, bob, monkeypatch):
    import accounts.forms

    # Both checks pass, as when bob takes the name between them and the save.
    monkeypatch.setattr(accounts.forms, "clean_unique_display_name", lambda value, pk=None: value)
    monkeypatch.setattr(User, "validate_constraints", lambda self, exclude=None: None)
    client.force_login(alice)
    page = client.post("/settings/", {"display_name": "Bob", "turn_emails": "on"})
    assert page.status_code == 200 and "That display name is taken." in page.content.decode()
    assert User.objects.get(pk=alice.pk).display_name == "alice"


# Play by e-mail: the settings page tab and the same in the API (notifications.Preferences).

PLAY = "/settings/play-by-email/"
GOOD = {
    "do": "save", "turn_mail": "digest", "digest_hour": "7", "time_zone": "Europe/Paris",
    "quiet_start": "22:00", "quiet_end": "07:30", "reminder_percent": "50", "auto_vacation": "on",
}  # fmt: skip


def _prefs(user):
    from notifications.models import Preferences

    return Preferences.objects.filter(user=user).first()


def test_play_settings_need_a_log_in(client, db):
    assert client.get(PLAY).status_code == 302
    assert client.get("/api/me/play-by-email/").status_code == 403


def test_play_settings_are_saved_and_shown(client, alice):
    client.force_login(alice)
    page = client.get(PLAY).content.decode()
    assert "vacation days left" in page and "Quiet hours from" in page
    assert "Play by e-mail" in client.get("/settings/").content.decode()
    response = client.post(PLAY, GOOD, follow=True)
    assert "settings are saved" in response.content.decode()
    prefs = _prefs(alice)
    assert (prefs.turn_mail, prefs.digest_hour, prefs.time_zone) == ("digest", 7, "Europe/Paris")
    assert prefs.quiet_start.strftime("%H:%M") == "22:00" and prefs.reminder_percent == 50


@pytest.mark.parametrize(
    "change",
    [
        {"time_zone": "Mars/Olympus"},
        {"digest_hour": "24"},
        {"digest_hour": "seven"},
        {"reminder_percent": "33"},
        {"quiet_start": "25:00"},
        {"quiet_end": ""},
        {"turn_mail": "hourly"},
    ],
)
def test_bad_play_settings_are_refused_and_change_nothing(client, alice, change):
    client.force_login(alice)
    response = client.post(PLAY, {**GOOD, **change})
    assert response.status_code == 400
    assert (
        'class="errorlist' in response.content.decode() or "errorlist" in response.content.decode()
    )
    assert _prefs(alice) is None


def test_an_unknown_action_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(PLAY, {"do": "nap"})
    assert response.status_code == 400 and "nothing was changed" in response.content.decode()
    assert _prefs(alice) is None


def test_vacation_from_the_page_pauses_and_ends(client, alice):
    client.force_login(alice)
    response = client.post(PLAY, {"do": "vacation_start", "days": "3"}, follow=True)
    assert "You are on vacation until" in response.content.decode()
    assert client.post(PLAY, {"do": "vacation_start", "days": "2"}).status_code == 400
    response = client.post(PLAY, {"do": "vacation_end"}, follow=True)
    assert "Welcome back" in response.content.decode()
    from notifications.preferences import vacation_balance

    assert 6.9 < vacation_balance(_prefs(alice)) <= 7.1  # the 3 unused days came back
    for days in ("0", "31", "x", "999"):
        assert client.post(PLAY, {"do": "vacation_start", "days": days}).status_code == 400
    assert client.post(PLAY, {"do": "vacation_start", "days": "8"}).status_code == 400  # 7 left
    assert client.post(PLAY, {"do": "vacation_end"}).status_code == 400


def test_the_api_reads_and_changes_the_same(client, alice):
    client.force_login(alice)
    body = client.get("/api/me/play-by-email/").json()
    assert body["turn_mail"] == "each" and body["reminder_percent"] == 25
    assert body["vacation_days_left"] == 7.0 and body["on_vacation_until"] is None
    changed = client.patch(
        "/api/me/play-by-email/",
        {"turn_mail": "digest", "quiet_start": "23:00", "quiet_end": "06:00"},
        content_type="application/json",
    )
    assert changed.status_code == 200 and changed.json()["quiet_start"] == "23:00"
    started = client.post("/api/me/vacation/", {"days": 2}, content_type="application/json")
    assert started.status_code == 200 and started.json()["on_vacation_until"]
    assert client.delete("/api/me/vacation/").json()["on_vacation_until"] is None


@pytest.mark.parametrize(
    "body",
    [
        {"time_zone": "Nowhere/City"},
        {"digest_hour": -1},
        {"reminder_percent": 95},
        {"quiet_start": "22:00", "quiet_end": None},
        {"quiet_start": "22:00", "quiet_end": "22:00"},
        {"turn_mail": "never"},
        {"colour": "blue"},
        [1, 2],
    ],
)
def test_bad_api_changes_are_refused_and_change_nothing(client, alice, body):
    client.force_login(alice)
    response = client.patch("/api/me/play-by-email/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] in ("malformed", "bad_quiet_hours")
    assert _prefs(alice) is None or _prefs(alice).quiet_start is None
    assert client.get("/api/me/play-by-email/").json()["turn_mail"] == "each"


def test_bad_vacation_and_mute_requests_are_refused(client, alice, bob):
    client.force_login(alice)
    for days in (0, 31, "x", None):
        response = client.post("/api/me/vacation/", {"days": days}, content_type="application/json")
        assert response.status_code == 400
    assert (
        client.post("/api/me/vacation/", {"days": 9}, content_type="application/json").json()[
            "error"
        ]
        == "not_enough_days"
    )
    assert client.delete("/api/me/vacation/").status_code == 409
    assert client.put("/api/me/mutes/999999/").status_code == 404
    from notifications.models import MatchMute, Vacation

    assert not Vacation.objects.exists() and not MatchMute.objects.exists()


def test_a_match_is_muted_and_unmuted(client, alice, started_match):
    client.force_login(alice)
    body = client.put(f"/api/me/mutes/{started_match.pk}/").json()
    assert body["muted_matches"] == [started_match.pk]
    page = client.get(PLAY).content.decode()
    assert "Unmute" in page
    client.post(PLAY, {"do": "unmute", "match": str(started_match.pk)})
    assert client.get("/api/me/play-by-email/").json()["muted_matches"] == []
    assert client.post(PLAY, {"do": "mute", "match": "abc"}).status_code == 400
    assert client.post(PLAY, {"do": "unmute", "match": "abc"}).status_code == 400
