"""alice invites her friend bob by name to her private table: bob sees it under My games and
gets an e-mail whose signed link opens the table for him alone."""

from __future__ import annotations

import re

import pytest
from django.core import mail, signing

from accounts.services import block_add, follow_add
from lobbies.invitations import (
    accept_token,
    invitation_accept,
    invitation_decline,
    invitation_from_token,
    table_invite,
)
from lobbies.models import Invitation, Table
from lobbies.services import LobbyError, lobby_create, lobby_join
from notifications.models import OutgoingEmail


@pytest.fixture
def table(alice, bob):
    follow_add(user=alice, display_name="bob")
    return lobby_create(host=alice, game="goofspiel", seats=2, private=True, options={"cards": 3})


def _link(message) -> str:
    return re.search(r"http://\S+/invitations/\S+/", message.body).group(0)


def test_inviting_a_friend_sends_one_email_with_a_signed_link(
    table, alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invitation = table_invite(table_id=table.pk, user=alice, display_name="Bob")
    with django_capture_on_commit_callbacks(execute=True):
        table_invite(table_id=table.pk, user=alice, display_name="bob")  # again: no new e-mail
    [email] = mail.outbox
    assert email.to == [bob.email] and "alice invites you" in email.subject
    link = _link(email)
    assert link.endswith(f"/invitations/{accept_token(invitation)}/")
    assert table.invite_token not in email.body  # the link names bob's invitation, no more
    html = email.alternatives[0][0]
    assert link in html
    assert Invitation.objects.get().status == Invitation.Status.PENDING


def test_the_signed_link_lets_the_invitee_take_the_place(client, table, alice, bob):
    invitation = table_invite(table_id=table.pk, user=alice, display_name="bob")
    client.force_login(bob)
    url = f"/invitations/{accept_token(invitation)}/"
    page = client.get(url)
    assert page.status_code == 200 and b'id="accept"' in page.content
    assert client.get(f"/tables/{table.pk}/").status_code == 200  # invited: he may look
    answer = client.post(url, {"answer": "accept"})
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED
    assert {s.user for s in table.match.seats.all()} == {alice, bob}
    assert Invitation.objects.get().status == Invitation.Status.ACCEPTED


def test_the_invitee_sees_it_under_my_games_and_may_decline(client, table, alice, bob):
    table_invite(table_id=table.pk, user=alice, display_name="bob")
    client.force_login(bob)
    page = client.get("/my-games/")
    assert "alice invites you to a 2-player table of" in page.content.decode()
    [(invitation, token)] = page.context["invitations"]
    client.post(f"/invitations/{token}/", {"answer": "decline"})
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.DECLINED
    assert client.get("/my-games/").context["invitations"] == []
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN  # an ordinary table waits on for others


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("nobody-here", "unknown_player"),
        ("carol", "not_a_friend"),
        ("alice", "self_invite"),
        ("", "malformed"),
        (None, "malformed"),
    ],
)
def test_bad_invitations_are_refused_and_send_nothing(
    table, alice, carol, name, code, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(LobbyError) as refusal:
        table_invite(table_id=table.pk, user=alice, display_name=name)
    assert refusal.value.code == code
    assert not Invitation.objects.exists() and not mail.outbox


def test_only_a_player_at_an_open_table_invites(table, alice, bob, carol):
    follow_add(user=carol, display_name="bob")
    with pytest.raises(LobbyError) as refusal:
        table_invite(table_id=table.pk, user=carol, display_name="bob")
    assert refusal.value.code == "not_joined"
    with pytest.raises(LobbyError) as refusal:
        table_invite(table_id=987654, user=alice, display_name="bob")
    assert refusal.value.code == "not_found"
    follow_add(user=alice, display_name="carol")
    lobby_join(table_id=table.pk, user=carol, invite_token=table.invite_token)  # full: started
    with pytest.raises(LobbyError) as refusal:
        table_invite(table_id=table.pk, user=alice, display_name="bob")
    assert refusal.value.code == "started"
    assert not Invitation.objects.exists()


def test_no_invitation_across_a_block(table, alice, bob):
    block_add(user=bob, display_name="alice")  # also ends alice's follow of bob
    with pytest.raises(LobbyError) as refusal:
        table_invite(table_id=table.pk, user=alice, display_name="bob")
    assert refusal.value.code == "blocked"
    assert not Invitation.objects.exists()


def test_a_forged_or_altered_link_is_refused(client, table, alice, bob, carol):
    invitation = table_invite(table_id=table.pk, user=alice, display_name="bob")
    good = accept_token(invitation)
    forged = signing.TimestampSigner(salt="something else").sign(f"{invitation.pk}.{carol.pk}")
    altered = good.replace(f"{invitation.pk}.{bob.pk}", f"{invitation.pk}.{carol.pk}")
    client.force_login(carol)
    for token in (forged, altered, "nonsense", good + "x"):
        page = client.post(f"/invitations/{token}/", {"answer": "accept"})
        assert page.status_code == 404, token
        assert b"not valid" in page.content
    page = client.post(f"/invitations/{good}/", {"answer": "accept"})  # bob's link, not hers
    assert page.status_code == 403 and b"for someone else" in page.content
    assert list(table.entries.values_list("user", flat=True)) == [alice.pk]
    with pytest.raises(LobbyError):
        invitation_from_token(forged)


def test_an_expired_link_is_refused(table, alice, bob, monkeypatch):
    invitation = table_invite(table_id=table.pk, user=alice, display_name="bob")
    token = accept_token(invitation)
    monkeypatch.setattr("lobbies.invitations.INVITE_DAYS", 0)
    with pytest.raises(LobbyError) as refusal:
        invitation_from_token(token)
    assert refusal.value.code == "expired"


def test_answers_by_anyone_but_the_invitee_or_twice_are_refused(table, alice, bob, carol):
    invitation = table_invite(table_id=table.pk, user=alice, display_name="bob")
    for call in (invitation_accept, invitation_decline):
        with pytest.raises(LobbyError) as refusal:
            call(invitation_id=invitation.pk, user=carol)
        assert refusal.value.code == "not_invited"
    with pytest.raises(LobbyError) as refusal:
        invitation_accept(invitation_id="1", user=bob)
    assert refusal.value.code == "malformed"
    invitation_decline(invitation_id=invitation.pk, user=bob)
    with pytest.raises(LobbyError) as refusal:
        invitation_decline(invitation_id=invitation.pk, user=bob)
    assert refusal.value.code == "answered"
    with pytest.raises(LobbyError) as refusal:
        invitation_accept(invitation_id=invitation.pk, user=bob)
    assert refusal.value.code == "declined"


def test_the_email_is_skipped_when_the_invitation_was_answered_first(
    table, alice, bob, django_capture_on_commit_callbacks
):
    invitation = table_invite(table_id=table.pk, user=alice, display_name="bob")  # not sent yet
    invitation_decline(invitation_id=invitation.pk, user=bob)
    from notifications.emails import table_invitation_send

    table_invitation_send(
        table_id=table.pk, email=bob.email, inviter_id=alice.pk, invitation_id=invitation.pk
    )
    assert not mail.outbox
    assert OutgoingEmail.objects.get(kind="invitation").status == "skipped"


def test_the_api_invites_lists_and_answers(client, table, alice, bob, carol):
    client.force_login(alice)
    made = client.post(f"/api/tables/{table.pk}/invite/", {"name": "bob"})
    assert made.status_code == 201
    assert made.json()["invitee"] == "bob" and made.json()["status"] == "pending"
    refused = client.post(f"/api/tables/{table.pk}/invite/", {"name": "nobody-here"})
    assert refused.status_code == 404 and refused.json()["error"] == "unknown_player"
    client.force_login(carol)
    assert client.get("/api/invitations/").json() == []
    stolen = client.post(f"/api/invitations/{made.json()['id']}/accept/")
    assert stolen.status_code == 403
    client.force_login(bob)
    [pending] = client.get("/api/invitations/").json()
    assert pending["inviter"] == "alice" and pending["rematch"] is False
    accepted = client.post(f"/api/invitations/{pending['id']}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED
    assert client.post("/api/invitations/999999/decline/").status_code == 404


def test_the_table_page_offers_the_invite_form_with_friends(client, table, alice, bob):
    client.force_login(alice)
    page = client.get(f"/tables/{table.pk}/")
    assert [f.display_name for f in page.context["friends"]] == ["bob"]
    assert b'id="invite-friend"' in page.content
    client.post(f"/tables/{table.pk}/invite/", {"name": "bob"})
    page = client.get(f"/tables/{table.pk}/")
    assert page.context["friends"] == [] and "bob (waiting for an answer)" in page.content.decode()
    client.force_login(bob)
    page = client.get(f"/tables/{table.pk}/")
    assert b'id="accept-invitation"' in page.content


def test_the_menu_counts_the_invitations_waiting_for_an_answer(client, table, alice, bob):
    client.force_login(bob)
    assert 'title="Invitations waiting' not in client.get("/").content.decode()
    invitation = table_invite(table_id=table.pk, user=alice, display_name="bob")
    assert '"Invitations waiting for your answer">1</span>' in client.get("/").content.decode()
    invitation_decline(invitation_id=invitation.pk, user=bob)
    assert 'title="Invitations waiting' not in client.get("/").content.decode()
