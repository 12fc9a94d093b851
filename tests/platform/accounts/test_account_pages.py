"""Every account page (django-allauth's) renders inside the site's layout."""

import pytest

LOGGED_OUT = [
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/accounts/password/reset/done/",
    "/accounts/confirm-email/",
    "/accounts/confirm-email/not-a-key/",
]
LOGGED_IN = [
    "/accounts/logout/",
    "/accounts/password/change/",
    "/accounts/email/",
    "/settings/",
]


@pytest.mark.parametrize("url", LOGGED_OUT)
def test_a_page_for_visitors_renders_in_the_site_layout(client, db, url):
    page = client.get(url)
    assert page.status_code == 200
    assert "base.html" in [t.name for t in page.templates]
    assert 'class="topbar"' in page.content.decode()


@pytest.mark.parametrize("url", LOGGED_IN)
def test_a_page_for_players_renders_in_the_site_layout(client, alice, url):
    client.force_login(alice)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "base.html" in [t.name for t in page.templates]
    assert 'href="/settings/"' in html and "Password" in html


def test_the_e_mail_page_lists_the_verified_address(client, alice):
    client.force_login(alice)
    html = client.get("/accounts/email/").content.decode()
    assert alice.email in html and "Verified" in html


def test_a_player_adds_and_confirms_a_second_address(client, alice):
    import re

    from allauth.account.models import EmailAddress
    from django.core import mail

    client.force_login(alice)
    page = client.post(
        "/accounts/email/", {"action_add": "", "email": "alice.two@example.com"}, follow=True
    )
    assert page.status_code == 200 and "alice.two@example.com" in page.content.decode()
    link = re.search(r"https?://testserver(/accounts/confirm-email/\S+/)", mail.outbox[0].body)
    client.get(link.group(1))
    assert EmailAddress.objects.get(email="alice.two@example.com").verified
