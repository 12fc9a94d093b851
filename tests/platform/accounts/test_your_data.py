"""Your data: alice downloads everything the site holds about her (JSON), then deletes her
account with her password. Her seats stay, as a deleted player; bob's ratings and history
still add up; her running game is resigned and a bot plays on; nothing is cascade-deleted."""

from __future__ import annotations

import json

import pytest

from accounts.models import Block, Follow, User
from accounts.services import AccountError, account_delete, block_add, follow_add
from chat.models import ChatLine
from chat.services import chat_post
from ladders.models import Rating, RatingChange
from lobbies.models import Table
from lobbies.services import lobby_create, lobby_join
from notifications.models import Preferences
from play.models import ActionRecord, Match, Seat
from tests.platform.ladders.conftest import play_out, ranked_match

PASSWORD = "a-long-password-1"


@pytest.fixture
def history(alice, bob, carol):
    """alice: a finished ranked match against bob, a running one against carol, a chat line,
    an open table, a friend, a block, play-by-e-mail preferences."""
    finished = play_out(ranked_match(alice, bob))
    running = ranked_match(alice, carol, ranked=False)
    chat_post(user=alice, match_id=finished.pk, text="good game, bob")
    chat_post(user=bob, match_id=finished.pk, text="thanks alice")
    waiting = lobby_create(host=alice, game="goofspiel", seats=3)
    lobby_join(table_id=waiting.pk, user=bob)
    follow_add(user=alice, display_name="bob")
    follow_add(user=bob, display_name="alice")
    block_add(user=alice, display_name="carol")
    Preferences.objects.create(user=alice, turn_mail="digest", digest_hour=7)
    return {"finished": finished, "running": running, "waiting": waiting}


def test_the_download_holds_everything_about_her_and_nothing_hidden_of_others(
    client, alice, history
):
    client.force_login(alice)
    answer = client.get("/settings/data/download/")
    assert answer["Content-Disposition"].startswith('attachment; filename="tabletop-data-')
    data = json.loads(answer.content)
    assert data["account"]["email"] == alice.email and data["account"]["display_name"] == "alice"
    assert data["friends"] == ["bob"] and data["followers"] == ["bob"]
    assert data["blocked"] == ["carol"]
    matches = {row["match"] for row in data["seats"]}
    assert matches == {history["finished"].pk, history["running"].pk}
    mine = {s.match_id: s.index for s in Seat.objects.filter(user=alice)}
    # Her own decisions only: bob's secret bids are not hers to download.
    assert data["moves"] and all(m["seat"] == mine[m["match"]] for m in data["moves"])
    own = [
        r for r in ActionRecord.objects.filter(match_id__in=matches) if r.seat == mine[r.match_id]
    ]
    assert len(data["moves"]) == len(own)
    assert ActionRecord.objects.filter(match_id__in=matches).count() > len(own)
    assert [line["text"] for line in data["chat_lines"]] == ["good game, bob"]
    assert [r["game"] for r in data["ratings"]] == ["goofspiel"]
    assert [c["match"] for c in data["rating_history"]] == [history["finished"].pk]
    assert data["preferences"]["turn_mail"] == "digest"
    assert data["preferences"]["digest_hour"] == 7
    assert {t["table"] for t in data["tables"]} >= {history["waiting"].pk}
    assert "tournaments" in data and "notifications" in data and "invitations" in data
    assert client.get("/api/me/data/").json()["account"]["email"] == alice.email


def test_the_download_needs_a_login(client):
    assert client.get("/settings/data/download/").status_code == 302
    assert client.get("/api/me/data/").status_code == 403


@pytest.mark.parametrize("password", ["wrong-password", "", None, ["a-long-password-1"]])
def test_a_wrong_password_changes_nothing(alice, history, password):
    with pytest.raises(AccountError) as refusal:
        account_delete(user=alice, password=password)
    assert refusal.value.code == "wrong_password"
    alice.refresh_from_db()
    assert alice.is_active and alice.deleted_at is None and alice.display_name == "alice"
    assert Follow.objects.filter(user=alice).exists()
    assert not Match.objects.get(pk=history["running"].pk).seats.filter(forfeited=True).exists()


def test_deleting_keeps_the_games_and_ratings_whole(client, alice, bob, carol, history):
    ratings_before = {(r.user_id, r.game): (r.rating, r.games) for r in Rating.objects.all()}
    changes_before = list(RatingChange.objects.order_by("pk").values_list("user_id", "delta"))
    client.force_login(alice)
    answer = client.post("/settings/data/", {"password": PASSWORD})
    assert answer.status_code == 302
    alice.refresh_from_db()
    assert alice.deleted_at is not None and not alice.is_active
    assert alice.display_name == f"Deleted player {alice.pk}"
    assert "alice" not in alice.email and not alice.has_usable_password()
    # Nothing was deleted: seats, log, ratings and everyone's history are as they were.
    seat = Seat.objects.get(match=history["finished"], user=alice)
    assert seat.name == f"Deleted player {alice.pk}" and seat.place is not None
    assert {(r.user_id, r.game): (r.rating, r.games) for r in Rating.objects.all()} == (
        ratings_before
    )
    assert list(RatingChange.objects.order_by("pk").values_list("user_id", "delta")) == (
        changes_before
    )
    line = ChatLine.objects.get(text="good game, bob")
    assert line.author_name == f"Deleted player {alice.pk}"
    # Her running game is resigned (a bot plays on), her open table cancelled.
    running = Seat.objects.get(match=history["running"], user=alice)
    assert running.forfeited
    assert Table.objects.get(pk=history["waiting"].pk).status == Table.Status.CANCELLED
    assert not Follow.objects.exists() and not Block.objects.exists()
    assert not Preferences.objects.filter(user=alice).exists()
    # The door is shut: her session, her profile, her login.
    assert client.get("/settings/").status_code == 302
    assert client.get("/players/alice/").status_code == 404
    assert not client.login(username=alice.email, password=PASSWORD)


def test_the_page_refuses_a_wrong_password(client, alice):
    client.force_login(alice)
    page = client.post("/settings/data/", {"password": "nope"})
    assert page.status_code == 200 and "That is not your password." in page.content.decode()
    alice.refresh_from_db()
    assert alice.deleted_at is None


def test_the_email_and_name_may_sign_up_again(alice):
    email = alice.email
    account_delete(user=alice, password=PASSWORD)
    again = User.objects.create_user(email=email, password=PASSWORD, display_name="alice")
    assert again.pk != alice.pk


def test_the_api_deletes_with_the_password(client, alice, bob):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=alice)
    headers = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    refused = client.post("/api/me/delete/", {"password": "nope"}, **headers)
    assert refused.status_code == 403 and refused.json()["error"] == "wrong_password"
    assert client.post("/api/me/delete/", {}, **headers).status_code == 403
    assert client.post("/api/me/delete/", {"password": PASSWORD}, **headers).status_code == 204
    assert client.get("/api/me/", **headers).status_code in (401, 403)


def test_the_admin_erases_instead_of_deleting(client, alice, history):
    admin = User.objects.create_superuser("root@example.com", PASSWORD)
    client.force_login(admin)
    assert client.get(f"/admin/accounts/user/{alice.pk}/delete/").status_code == 403
    listing = client.get("/admin/accounts/user/")
    assert "delete_selected" not in listing.content.decode()
    assert "erase_accounts" in listing.content.decode()
    client.post(
        "/admin/accounts/user/",
        {"action": "erase_accounts", "_selected_action": [alice.pk]},
    )
    alice.refresh_from_db()
    assert alice.deleted_at is not None
    assert Seat.objects.filter(user=alice).count() == 2
