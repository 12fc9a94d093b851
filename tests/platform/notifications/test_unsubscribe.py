"""One-click unsubscribe (RFC 8058) and addresses that bounce or complain."""

import base64
import json
import re

from django.core import mail
from django.test import Client

from lobbies.services import lobby_create, lobby_join
from notifications.bounces import BOUNCE_LIMIT
from notifications.models import Suppression
from notifications.unsubscribe import unsubscribe_link
from tests.platform.conftest import make_user


def _turn_emails(alice, bob, capture):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    return {m.to[0]: m for m in mail.outbox}


def _path(link):
    return re.sub(r"^https?://[^/]+", "", link)


def test_the_turn_email_carries_the_one_click_headers_and_a_footer_link(
    alice, bob, django_capture_on_commit_callbacks
):
    message = _turn_emails(alice, bob, django_capture_on_commit_callbacks)[alice.email]
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in message.body and link in message.alternatives[0][0]


def test_a_one_click_post_unsubscribes_without_login_or_csrf(
    alice, bob, django_capture_on_commit_callbacks
):
    message = _turn_emails(alice, bob, django_capture_on_commit_callbacks)[alice.email]
    path = _path(message.extra_headers["List-Unsubscribe"].strip("<>"))
    client = Client(enforce_csrf_checks=True)
    response = client.post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200 and b"Unsubscribed" in response.content
    alice.refresh_from_db()
    assert alice.turn_emails is False
    mail.outbox.clear()
    _turn_emails(alice, make_user("dave"), django_capture_on_commit_callbacks)
    assert alice.email not in [m.to[0] for m in mail.outbox]


def test_opening_the_link_only_asks_and_changes_nothing(alice):
    response = Client().get(_path(unsubscribe_link(alice.email, alice.pk)))
    assert response.status_code == 200 and b'<form method="post">' in response.content
    alice.refresh_from_db()
    assert alice.turn_emails is True


def test_a_forged_link_is_refused_and_changes_nothing(alice):
    path = _path(unsubscribe_link(alice.email, alice.pk))
    forged = path.replace("/emails/unsubscribe/", "/emails/unsubscribe/x")
    assert Client().post(forged).status_code == 404
    alice.refresh_from_db()
    assert alice.turn_emails is True and not Suppression.objects.exists()


def test_an_address_without_an_account_is_suppressed(db):
    response = Client().post(_path(unsubscribe_link("Friend@example.org", None)))
    assert response.status_code == 200
    assert Suppression.objects.get().email == "friend@example.org"


def test_repeated_bounces_reported_by_the_provider_stop_the_turn_emails(
    settings, alice, bob, django_capture_on_commit_callbacks
):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "p:secret"}
    bounce = {
        "RecordType": "Bounce",
        "ID": 42,
        "Type": "HardBounce",
        "TypeCode": 1,
        "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
        "Email": alice.email,
        "Description": "The server was unable to deliver your message",
        "Details": "smtp;550 5.1.1 The email account does not exist.",
        "BouncedAt": "2026-11-23T12:00:00Z",
        "Tag": "",
        "Metadata": {},
    }
    auth = "Basic " + base64.b64encode(b"p:secret").decode()
    for n in range(BOUNCE_LIMIT):  # one bounce may be the other server's mistake: it counts
        assert not Suppression.objects.exists()
        bounce["ID"] = 42 + n
        response = Client().post(
            "/anymail/postmark/tracking/",
            json.dumps(bounce),
            "application/json",
            HTTP_AUTHORIZATION=auth,
        )
        assert response.status_code == 200
    assert Suppression.objects.get().reason == "bounced"
    alice.refresh_from_db()
    assert not alice.turn_emails  # and the settings page says why (test_bounces.py)
    mail.outbox.clear()
    sent = _turn_emails(alice, bob, django_capture_on_commit_callbacks)
    assert alice.email not in sent and bob.email in sent
