"""Play ranked now from the ladder page: wait, get seated, land on the match."""

from django.test import Client

from ladders.models import QueueEntry


def _logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_ladder_page_offers_play_ranked_now(alice):
    page = _logged_in(alice).get("/ladders/goofspiel/")
    assert b"Play ranked now" in page.content and b'name="seats"' in page.content


def test_it_seats_the_second_player_at_once_and_leads_both_to_the_match(
    alice, bob, django_capture_on_commit_callbacks
):
    alice_client, bob_client = _logged_in(alice), _logged_in(bob)
    with django_capture_on_commit_callbacks(execute=True):
        waiting = alice_client.post("/ladders/goofspiel/queue/", {"seats": "2"})
    assert waiting.url == "/ladders/queue/"
    assert b"Waiting for a ranked Goofspiel table" in alice_client.get(waiting.url).content
    with django_capture_on_commit_callbacks(execute=True):
        bob_client.post("/ladders/goofspiel/queue/", {"seats": "2"})
    match = QueueEntry.objects.get(user=alice).table.match
    assert match.ranked
    for client in (alice_client, bob_client):
        assert client.get("/ladders/queue/").url == f"/matches/{match.pk}/"


def test_it_lets_a_waiting_player_leave(alice):
    client = _logged_in(alice)
    client.post("/ladders/goofspiel/queue/", {"seats": "3"})
    assert client.post("/ladders/queue/leave/").url == "/ladders/"
    assert not QueueEntry.objects.exists()
