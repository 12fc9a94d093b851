"""The match page, the no-JavaScript form, the log as each seat reads it, and the replay."""

import json

import pytest
from django.urls import reverse

from lobbies.services import lobby_create, lobby_join
from play.models import Match
from play.services import action_submit


def _finish(match):
    """Play a Goofspiel match to the end, both seats bidding their lowest card."""
    seats = {s.index: s.user for s in match.seats.all()}
    for _ in range(3):
        for index in (0, 1):
            match.refresh_from_db()
            card = min(match.state["hands"][index])
            action_submit(
                match_id=match.pk,
                user=seats[index],
                action=f"bid card={card}",
                version=match.version,
            )
    match.refresh_from_db()
    return match


def test_it_shows_a_player_the_board_and_their_choices(client, started_match):
    client.force_login(started_match.seats.get(index=0).user)
    page = client.get(reverse("play:match", args=[started_match.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'class="legal"' in html and "Bid 3" in html
    assert "ws/matches" in html or "match.js" in html


def test_it_shows_a_spectator_no_choices(client, started_match, carol):
    client.force_login(carol)
    html = client.get(reverse("play:match", args=[started_match.pk])).content.decode()
    assert "Your choices" not in html and "you are watching" in html


def test_it_hides_a_private_tables_match_from_outsiders(client, alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    client.force_login(carol)
    assert client.get(reverse("play:match", args=[table.match.pk])).status_code == 404
    api = client.get(reverse("api-match", args=[table.match.pk]))
    assert api.status_code == 404


def test_the_form_path_submits_a_move_without_javascript(client, started_match):
    client.force_login(started_match.seats.get(index=0).user)
    url = reverse("play:act", args=[started_match.pk])
    action = json.dumps({"type": "bid", "card": 2})
    client.post(url, {"action": action, "version": "0"})
    assert Match.objects.get(pk=started_match.pk).version == 1
    response = client.post(url, {"action": "{not json", "version": "1"}, follow=True)
    assert "malformed" in response.content.decode()
    assert Match.objects.get(pk=started_match.pk).version == 1


def test_the_log_shows_others_only_the_public_action(client, started_match):
    first = started_match.seats.get(index=0).user
    action_submit(match_id=started_match.pk, user=first, action="bid card=3", version=0)
    url = reverse("api-match-log", args=[started_match.pk])
    client.force_login(started_match.seats.get(index=1).user)
    entry = client.get(url).json()["entries"][0]
    assert entry["action"] == {"type": "bid"} and "placed a secret bid" in entry["text"]
    client.force_login(first)
    assert client.get(url).json()["entries"][0]["action"] == {"type": "bid", "card": 3}


def test_the_finished_page_shows_places_and_scores(client, started_match):
    match = _finish(started_match)
    client.force_login(match.seats.get(index=0).user)
    html = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Game over" in html and "Place" in html and "prizes" in html


def test_a_finished_game_replays_step_by_step(client, started_match):
    match = _finish(started_match)
    url = reverse("play:replay", args=[match.pk])
    client.force_login(match.seats.get(index=0).user)
    first = client.get(url, {"step": 0}).content.decode()
    assert "Step 0 of 6" in first
    middle = client.get(url, {"step": 2}).content.decode()
    assert "Step 2 of 6" in middle and "&#x27;history&#x27;: [{" in middle
    assert "Step 6 of 6" in client.get(url, {"step": 99}).content.decode()


def test_a_replay_opens_at_step_0(client, started_match):
    match = _finish(started_match)
    client.force_login(match.seats.get(index=0).user)
    assert "Step 0 of 6" in client.get(reverse("play:replay", args=[match.pk])).content.decode()


def test_an_unfinished_game_cannot_be_replayed_yet(client, started_match):
    client.force_login(started_match.seats.get(index=0).user)
    response = client.get(reverse("play:replay", args=[started_match.pk]))
    assert response.status_code == 302


@pytest.mark.parametrize("step", ["x", "-3"])
def test_a_bad_replay_step_falls_back_safely(client, started_match, step):
    match = _finish(started_match)
    client.force_login(match.seats.get(index=0).user)
    assert client.get(reverse("play:replay", args=[match.pk]), {"step": step}).status_code == 200


def test_dice_city_draws_its_board_on_the_match_page(client, alice, bob):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    client.force_login(alice)
    page = client.get(reverse("play:match", args=[table.match.pk]))
    assert page.status_code == 200
    assert "view-json" not in page.content.decode()  # its own template, not the fallback


def test_a_replay_step_comes_as_json_for_the_page_script(client, started_match):
    match = _finish(started_match)
    client.force_login(match.seats.get(index=0).user)
    frame = client.get(reverse("play:replay_frame", args=[match.pk]), {"step": 2}).json()
    assert frame["step"] == 2 and frame["steps"] == 6
    assert 'data-version="2"' in frame["html"]


def test_a_replay_frame_is_refused_before_the_end_and_to_outsiders(client, alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    url = reverse("play:replay_frame", args=[table.match.pk])
    client.force_login(alice)
    assert client.get(url).status_code == 404  # not over yet
    client.force_login(carol)
    assert client.get(url).status_code == 404  # a private table's match


def test_the_replay_jumps_to_a_turn_without_javascript(client, started_match):
    match = _finish(started_match)
    client.force_login(match.seats.get(index=0).user)
    url = reverse("play:replay", args=[match.pk])
    page = client.get(url, {"by": "turn", "n": 2})
    marks = page.context["marks"]
    assert page.context["step"] == marks["turns"][1]
    assert "⏮" not in page.content.decode() and "⏭" not in page.content.decode()
    assert client.get(url, {"by": "round", "n": 99}).context["step"] == marks["rounds"][-1]
