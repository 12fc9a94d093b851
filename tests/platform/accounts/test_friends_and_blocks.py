"""Friends and blocks: alice follows bob, blocks carol; the profile page, the Friends page and
the API do the same things; every refusal changes nothing."""

from __future__ import annotations

import pytest

from accounts.models import Block, Follow
from accounts.selectors import blocked_between, friends_of
from accounts.services import AccountError, block_add, block_remove, follow_add, follow_remove


def _relations():
    return (
        sorted(Follow.objects.values_list("user__display_name", "person__display_name")),
        sorted(Block.objects.values_list("user__display_name", "person__display_name")),
    )


def test_it_follows_and_unfollows_by_name_in_any_case(alice, bob):
    follow_add(user=alice, display_name="BOB")
    follow_add(user=alice, display_name="bob")  # twice: still one follow
    assert list(friends_of(alice)) == [bob] and list(friends_of(bob)) == []
    follow_remove(user=alice, display_name="bob")
    assert list(friends_of(alice)) == []


def test_a_block_counts_either_way_and_ends_the_follows(alice, bob):
    follow_add(user=alice, display_name="bob")
    follow_add(user=bob, display_name="alice")
    block_add(user=bob, display_name="alice")
    assert blocked_between(alice, bob) and blocked_between(bob.pk, alice.pk)
    assert _relations() == ([], [("bob", "alice")])
    block_remove(user=bob, display_name="alice")
    assert not blocked_between(alice, bob)


@pytest.mark.parametrize(
    ("verb", "name", "code"),
    [
        (follow_add, "alice", "self_follow"),
        (block_add, "alice", "self_block"),
        (follow_add, "nobody-here", "unknown_player"),
        (block_add, "nobody-here", "unknown_player"),
        (follow_add, "", "malformed"),
        (block_add, None, "malformed"),
        (follow_add, ["bob"], "malformed"),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(alice, bob, verb, name, code):
    before = _relations()
    with pytest.raises(AccountError) as refusal:
        verb(user=alice, display_name=name)
    assert refusal.value.code == code
    assert _relations() == before


def test_nobody_follows_someone_they_blocked_or_who_blocked_them(alice, bob, carol):
    block_add(user=alice, display_name="bob")
    block_add(user=carol, display_name="alice")
    for name in ("bob", "carol"):
        with pytest.raises(AccountError) as refusal:
            follow_add(user=alice, display_name=name)
        assert refusal.value.code == "blocked"
    assert not Follow.objects.exists()


def test_the_profile_page_follows_and_blocks(client, alice, bob):
    client.force_login(alice)
    page = client.get("/players/bob/")
    assert b'id="follow"' in page.content and b'id="block"' in page.content
    client.post("/players/bob/follow/")
    assert list(friends_of(alice)) == [bob]
    page = client.get("/players/bob/")
    assert page.context["following"] and b"Unfollow" in page.content
    client.post("/players/bob/block/")
    page = client.get("/players/bob/")
    assert page.context["blocking"] and b"Unblock" in page.content
    assert list(friends_of(alice)) == []


def test_the_profile_offers_nothing_to_oneself_or_to_visitors(client, alice):
    page = client.get("/players/alice/")
    assert b'id="person-actions"' not in page.content
    client.force_login(alice)
    assert b'id="person-actions"' not in client.get("/players/alice/").content


def test_the_page_verbs_refuse_bad_input(client, alice, bob):
    client.force_login(alice)
    assert client.post("/players/bob/befriend/").status_code == 404
    assert client.get("/players/bob/follow/").status_code == 405
    page = client.post("/players/alice/block/", follow=True)
    assert "You cannot block yourself." in page.content.decode()
    page = client.post("/players/nobody-here/follow/", follow=True)
    assert "There is no player called nobody-here." in page.content.decode()
    assert _relations() == ([], [])


def test_a_visitor_must_log_in_to_follow(client, bob):
    answer = client.post("/players/bob/follow/")
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert not Follow.objects.exists()


def test_the_friends_page_lists_follows_followers_and_blocks(client, alice, bob, carol):
    follow_add(user=alice, display_name="bob")
    follow_add(user=carol, display_name="alice")
    block_add(user=alice, display_name="carol")  # carol's follow of alice ends
    follow_add(user=bob, display_name="alice")
    client.force_login(alice)
    page = client.get("/friends/")
    assert [u.display_name for u in page.context["friends"]] == ["bob"]
    assert [u.display_name for u in page.context["followers"]] == ["bob"]
    assert [u.display_name for u in page.context["blocked"]] == ["carol"]
    assert client.get("/friends/", {"name": "BOB"})["Location"] == "/players/bob/"
    assert "no player called zed" in client.get("/friends/", {"name": "zed"}).content.decode()


def test_the_api_follows_blocks_and_lists(client, alice, bob):
    client.force_login(alice)
    assert client.post("/api/players/bob/follow/").json() == {
        "player": "bob",
        "following": True,
        "blocked": False,
    }
    assert client.get("/api/friends/").json() == {
        "following": ["bob"],
        "followers": [],
        "blocked": [],
    }
    assert client.post("/api/players/bob/block/").json()["blocked"] is True
    assert client.get("/api/friends/").json()["following"] == []
    refused = client.post("/api/players/alice/block/")
    assert refused.status_code == 400 and refused.json()["error"] == "self_block"
    missing = client.post("/api/players/nobody-here/follow/")
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_player"
    client.logout()
    assert client.post("/api/players/bob/unblock/").status_code == 403
