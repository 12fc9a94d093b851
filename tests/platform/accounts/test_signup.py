"""Sign-up with e-mail verification: no log-in until the link in the e-mail is followed."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from accounts.models import User
from tests.platform.conftest import make_user

PASSWORD = "a-long-password-1"


def _sign_up(client, email="zed@example.com", display_name="zed"):
    return client.post(
        "/accounts/signup/",
        {
            "email": email,
            "display_name": display_name,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def _link_in(message) -> str:
    return re.search(r"https?://testserver(/accounts/confirm-email/\S+/)", message.body).group(1)


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_it_shows_the_sign_up_form_in_the_site_layout(client, db):
    page = client.get("/accounts/signup/")
    assert page.status_code == 200
    assert "base.html" in [t.name for t in page.templates]
    html = page.content.decode()
    assert 'name="display_name"' in html and 'name="email"' in html


def test_it_e_mails_a_confirmation_link_and_does_not_log_in(client, db, settings):
    response = _sign_up(client)
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["zed@example.com"]
    assert _link_in(mail.outbox[0]) and f"Hello from {settings.SITE_NAME}" in mail.outbox[0].body
    assert mail.outbox[0].subject.startswith(f"[{settings.SITE_NAME}] ")
    user = User.objects.get(email="zed@example.com")
    assert user.display_name == "zed"
    assert not EmailAddress.objects.get(user=user).verified
    assert not _logged_in(client)


def test_following_the_link_verifies_the_address_and_logs_in(client, db):
    _sign_up(client)
    page = client.get(_link_in(mail.outbox[0]), follow=True)
    assert page.status_code == 200
    assert EmailAddress.objects.get(email="zed@example.com").verified
    assert _logged_in(client)


def test_it_refuses_to_log_in_before_the_address_is_verified(client, db):
    _sign_up(client)
    response = client.post("/accounts/login/", {"login": "zed@example.com", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert not _logged_in(client)


def test_it_logs_in_once_verified(client, db):
    _sign_up(client)
    client.get(_link_in(mail.outbox[0]))
    client.logout()
    response = client.post("/accounts/login/", {"login": "zed@example.com", "password": PASSWORD})
    assert response.status_code == 302 and _logged_in(client)


@pytest.mark.parametrize(
    ("display_name", "why"),
    [
        ("zz", "3 to 24"),
        ("has space", "3 to 24"),
        ("-dash", "3 to 24"),
        ("x" * 25, "at most 24"),
        ("Admin", "reserved"),
        ("bot", "reserved"),
        ("Greedy_bot", "reserved for the site&#x27;s bots"),
        ("random.Bot", "reserved for the site&#x27;s bots"),
        ("bots-club", "reserved for the site&#x27;s bots"),
    ],
)
def test_it_refuses_a_bad_display_name(client, db, display_name, why):
    page = _sign_up(client, display_name=display_name)
    assert page.status_code == 200 and why in page.content.decode()
    assert not User.objects.filter(email="zed@example.com").exists()
    assert not mail.outbox


@pytest.mark.parametrize("display_name", ["Abbot", "Robotnik", "bottle"])
def test_it_takes_a_name_that_only_contains_the_letters_bot(client, db, display_name):
    assert _sign_up(client, display_name=display_name).status_code == 302
    assert User.objects.get(email="zed@example.com").display_name == display_name


def test_it_refuses_a_display_name_taken_in_another_case(client, db):
    make_user("Zed")
    page = _sign_up(client, display_name="zED")
    assert page.status_code == 200 and "That display name is taken." in page.content.decode()
    assert not User.objects.filter(email="zed@example.com").exists()


def test_two_sign_ups_at_once_do_not_collide_on_an_empty_name(client, db):
    """The display name is stored with the user's first save, not just after it: another
    sign-up half-way through (saved, name not yet set) must not make this one fail."""
    User.objects.create_user(email="halfway@example.com", password=PASSWORD, display_name="")
    response = _sign_up(client)
    assert response.status_code == 302
    assert User.objects.get(email="zed@example.com").display_name == "zed"


def test_the_link_opened_in_another_browser_verifies_then_asks_to_log_in(client, db):
    from django.test import Client

    _sign_up(client)
    elsewhere = Client()
    response = elsewhere.get(_link_in(mail.outbox[0]))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert EmailAddress.objects.get(email="zed@example.com").verified
    assert "_auth_user_id" not in elsewhere.session
    elsewhere.post("/accounts/login/", {"login": "zed@example.com", "password": PASSWORD})
    assert "_auth_user_id" in elsewhere.session


def test_signing_up_with_a_taken_e_mail_creates_nothing_and_tells_its_owner(client, alice):
    response = _sign_up(client, email=alice.email.upper(), display_name="impostor")
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert not User.objects.filter(display_name="impostor").exists()
    assert [m.to for m in mail.outbox] == [[alice.email]]
    assert "/accounts/confirm-email/" not in mail.outbox[0].body


def test_a_display_name_is_required(client, db):
    page = _sign_up(client, display_name="")
    assert page.status_code == 200 and "This field is required." in page.content.decode()
    assert not User.objects.exists()


def test_a_name_taken_during_the_sign_up_sends_back_to_the_form(client, db, monkeypatch):
    import accounts.forms

    make_user("zed")
    # The form's check passes, as when someone takes the name between it and the save.
    monkeypatch.setattr(accounts.forms, "clean_unique_display_name", lambda value, pk=None: value)
    response = _sign_up(client, email="other@example.com", display_name="ZED")
    assert response.status_code == 302 and response["Location"] == "/accounts/signup/"
    page = client.get(response["Location"])
    assert "display name or e-mail address was taken a moment ago" in page.content.decode()
    assert not User.objects.filter(email="other@example.com").exists() and not mail.outbox
