"""E-mails speak their recipient's language (their account's setting), never the sender's nor
the language of the request that caused them; an address without an account reads English,
and a new account's verification e-mail the language of the page it signed up on."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from lobbies.services import lobby_create, lobby_join
from outbox.services import job_record
from tests.platform.conftest import make_user
from tests.platform.notifications.test_other_emails import _goofspiel, _play_to_the_end

pytestmark = pytest.mark.django_db


def _speaking(user, language):
    user.language = language
    user.save(update_fields=["language"])
    return user


def _to(address):
    return [m for m in mail.outbox if m.to == [address]]


def test_each_player_gets_the_turn_email_in_their_own_language(
    alice, bob, django_capture_on_commit_callbacks
):
    _speaking(alice, "es")
    _speaking(bob, "vi")
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)  # bob's request, in English, starts the match
    [to_alice], [to_bob] = _to(alice.email), _to(bob.email)
    assert to_alice.subject.startswith("Tu turno en ")
    assert (
        "Hola, alice" in to_alice.body
        and "Haz tu jugada en el sitio" in to_alice.alternatives[0][0]
    )
    assert to_bob.subject.startswith("Đến lượt bạn trong ")
    assert "Xin chào bob" in to_bob.body


def test_game_over_emails_go_out_in_each_recipients_language(
    alice, bob, django_capture_on_commit_callbacks
):
    _speaking(alice, "vi")
    match = _goofspiel(alice, bob, django_capture_on_commit_callbacks)
    with translation.override("es"):  # whatever the language of the moves' requests
        _play_to_the_end(match, django_capture_on_commit_callbacks)
    over_alice = [m for m in _to(alice.email) if "đã kết thúc" in m.subject]
    over_bob = [m for m in _to(bob.email) if "is over" in m.subject]
    assert len(over_alice) == 1 and len(over_bob) == 1
    assert "Xem lại ván" in over_alice[0].alternatives[0][0]


def test_an_invitation_reads_in_the_invitees_language_not_the_inviters(
    alice, django_capture_on_commit_callbacks
):
    _speaking(alice, "es")
    carol = _speaking(make_user("carol"), "vi")
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    for address in (carol.email, "stranger@example.org"):
        payload = {"table": table.pk, "email": address, "inviter": alice.pk}
        with translation.override("es"), django_capture_on_commit_callbacks(execute=True):
            job_record("notifications.table_invitation", payload)
    [to_carol], [to_stranger] = _to(carol.email), _to("stranger@example.org")
    assert to_carol.subject == "alice mời bạn chơi Goofspiel"
    assert to_stranger.subject == "alice invites you to play Goofspiel"


def test_a_password_reset_email_reads_in_the_accounts_language(client, alice):
    _speaking(alice, "vi")
    response = client.post(
        "/accounts/password/reset/", {"email": alice.email}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    [message] = _to(alice.email)
    assert "đặt lại mật khẩu" in message.body


def test_a_verification_email_reads_in_the_language_of_the_signup_page(client):
    response = client.post(
        "/accounts/signup/",
        {
            "email": "dora@example.com",
            "display_name": "dora",
            "password1": "correct-horse-battery-7",
            "password2": "correct-horse-battery-7",
        },
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 302
    [message] = _to("dora@example.com")
    assert "Alguien, esperamos que tú" in message.body
