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
