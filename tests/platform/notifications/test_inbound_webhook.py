"""Replies through a provider's inbound webhook (django-anymail): Postmark's and Mailgun's formats
posted to /anymail/<provider>/inbound/, checked by basic auth, fed to the same service."""

import base64
import hashlib
import hmac
import json
import time

import pytest
from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.models import InboundReply
from play.models import ActionRecord
from tests.platform.conftest import make_user

SECRET = "provider:s3cret-webhook-password"


@pytest.fixture(autouse=True)
def webhook_secret(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": SECRET}


@pytest.fixture
def turn(alice, bob, django_capture_on_commit_callbacks):
    table = lobby_create(host=alice, game="dicecity", seats=3, mode="turn")
    lobby_join(table_id=table.pk, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=make_user("carol"))
    seat = table.match.seats.select_related("user").get(to_act=True)
    [message] = [m for m in mail.outbox if m.to == [seat.user.email]]
    mail.outbox.clear()
    return table.match, seat, message


def auth(secret=SECRET):
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(secret.encode()).decode()}


def postmark_payload(sender, to, text, message_id="<pm-1@client.example>"):
    return {
        "FromFull": {"Email": sender, "Name": "Player"},
        "ToFull": [{"Email": to, "Name": ""}],
        "OriginalRecipient": to,
        "Subject": "Re: Your turn",
        "MessageID": "22c74902-a0c1-4511-804f-341342852c90",
        "TextBody": text,
        "HtmlBody": "",
        "Headers": [{"Name": "Message-ID", "Value": message_id}],
        "Attachments": [],
    }


def test_a_postmark_inbound_post_plays_the_move(client, turn, django_capture_on_commit_callbacks):
    match, seat, message = turn
    payload = postmark_payload(seat.user.email, message.reply_to[0], "end_dice\n\n> quoted")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/anymail/postmark/inbound/", json.dumps(payload), "application/json", **auth()
        )
    assert response.status_code == 200
    assert list(ActionRecord.objects.values_list("action", flat=True)) == [{"type": "end_dice"}]
    assert InboundReply.objects.get().message_id == "<pm-1@client.example>"
    assert mail.outbox[0].subject.startswith("Still your move")  # the build step follows


def test_a_retried_post_is_not_applied_twice(client, turn, django_capture_on_commit_callbacks):
    match, seat, message = turn
    payload = postmark_payload(seat.user.email, message.reply_to[0], "1")
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                "/anymail/postmark/inbound/", json.dumps(payload), "application/json", **auth()
            )
        assert response.status_code == 200
    assert ActionRecord.objects.count() == 1 and InboundReply.objects.count() == 1


def test_a_post_without_the_secret_is_refused_and_changes_nothing(client, turn):
    match, seat, message = turn
    payload = postmark_payload(seat.user.email, message.reply_to[0], "1")
    for headers in ({}, auth("provider:wrong")):
        response = client.post(
            "/anymail/postmark/inbound/", json.dumps(payload), "application/json", **headers
        )
        assert response.status_code == 400
    assert not ActionRecord.objects.exists() and not InboundReply.objects.exists()


def test_a_mailgun_inbound_mime_post_plays_the_move(
    client, settings, turn, django_capture_on_commit_callbacks
):
    """Mailgun's "store and notify" with the raw MIME; its own signature check is on too."""
    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": "mg-key"}
    match, seat, message = turn
    raw = (
        f"From: Player <{seat.user.email}>\r\nTo: {message.reply_to[0]}\r\n"
        "Subject: Re: Your turn\r\nMessage-ID: <mg-1@client.example>\r\n"
        "Content-Type: text/html; charset=utf-8\r\n\r\n"
        "<div>end_dice</div><blockquote>1. Use Mountain</blockquote>\r\n"
    )
    timestamp, token = str(int(time.time())), "a" * 50
    signature = hmac.new(b"mg-key", (timestamp + token).encode(), hashlib.sha256).hexdigest()
    data = {
        "body-mime": raw,
        "recipient": message.reply_to[0],
        "sender": seat.user.email,
        "timestamp": timestamp,
        "token": token,
        "signature": signature,
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/anymail/mailgun/inbound_mime/", data, **auth())
    assert response.status_code == 200, response.content
    assert list(ActionRecord.objects.values_list("action", flat=True)) == [{"type": "end_dice"}]
