"""Rematch: once alice and bob's match is over, either offers a rematch; it starts, with the
same settings, when both accepted. A refusal or the offer's time running out calls it off; a
stranger, a spectator or an unfinished match gets a clear refusal."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import block_add
from lobbies.models import Invitation, Rematch, Table
from lobbies.rematch import rematch_decline, rematch_offer, rematch_state
from lobbies.services import LobbyError, lobby_add_bot, lobby_create, lobby_join
from play.models import Match
from play.results import end_screen
from play.selectors import players_of
from play.services import seat_forfeit


def _table(host, *others, **settings):
    settings = {"game": "goofspiel", "seats": 1 + len(others), "options": {"cards": 3}, **settings}
    table = lobby_create(host=host, **settings)
    for user in others:
        lobby_join(table_id=table.pk, user=user)
    return table


def _over(match):
    """The last seat resigns: the match is over (a real end, through play's services)."""
    seat = match.seats.exclude(user=None).order_by("-index").first()
    return seat_forfeit(match_id=match.pk, seat_index=seat.index, reason="resigned")


@pytest.fixture
def finished(alice, bob):
    table = _table(
        alice, bob, mode="turn", move_seconds=2 * 86400, timeout_policy="bot", private=False
    )
    table.refresh_from_db()
    return _over(table.match)


def test_it_starts_when_every_player_accepted_with_the_same_settings(finished, alice, bob):
    offer = rematch_offer(match_id=finished.pk, user=bob)
    assert offer.status == Table.Status.OPEN and offer.private and offer.host == bob
    assert rematch_state(finished, alice)["status"] == "open"
    assert list(Invitation.objects.values_list("invitee", flat=True)) == [alice.pk]
    again = rematch_offer(match_id=finished.pk, user=alice)  # the same button accepts it
    assert again.pk == offer.pk and again.status == Table.Status.STARTED
    new = Match.objects.get(table=offer)
    assert (new.game, new.options, new.ranked, new.mode, new.move_seconds, new.timeout_policy) == (
        "goofspiel",
        {"cards": 3},
        False,
        "turn",
        2 * 86400,
        "bot",
    )
    assert {s.user for s in new.seats.all()} == {alice, bob}
    state = rematch_state(finished, alice)
    assert state["status"] == "started" and state["match"] == new.pk
    assert Invitation.objects.get().status == Invitation.Status.ACCEPTED


def test_pressing_rematch_twice_changes_nothing(finished, alice):
    first = rematch_offer(match_id=finished.pk, user=alice)
    second = rematch_offer(match_id=finished.pk, user=alice)
    assert first.pk == second.pk and Rematch.objects.count() == 1
    assert first.entries.count() == 1


def test_a_ranked_match_gets_a_ranked_rematch(alice, bob):
    table = _table(alice, bob, ranked=True)
    table.refresh_from_db()
    match = _over(table.match)
    rematch_offer(match_id=match.pk, user=alice)
    offer = rematch_offer(match_id=match.pk, user=bob)
    assert offer.ranked and Match.objects.get(table=offer).ranked


def test_the_bots_of_the_match_sit_again_and_a_lone_player_starts_at_once(alice):
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_add_bot(table_id=table.pk, user=alice, bot="random")
    match = Match.objects.get(table=table)
    mine = match.seats.get(user=alice).index
    match = seat_forfeit(match_id=match.pk, seat_index=mine, reason="resigned")
    offer = rematch_offer(match_id=match.pk, user=alice)
    assert offer.status == Table.Status.STARTED
    seats = Match.objects.get(table=offer).seats.all()
    assert sorted((s.user_id or 0, s.bot) for s in seats) == [(0, "random"), (alice.pk, "")]


def test_one_decline_calls_it_off_for_everyone(finished, alice, bob):
    offer = rematch_offer(match_id=finished.pk, user=alice)
    rematch_decline(match_id=finished.pk, user=bob)
    offer.refresh_from_db()
    assert offer.status == Table.Status.CANCELLED
    assert rematch_state(finished, alice)["status"] == "declined"
    assert rematch_state(finished, alice)["declined_by"] == "bob"
    with pytest.raises(LobbyError) as refusal:
        rematch_offer(match_id=finished.pk, user=alice)
    assert refusal.value.code == "declined" and "bob declined" in refusal.value.message


def test_declining_the_invitation_also_calls_it_off(client, finished, alice, bob):
    rematch_offer(match_id=finished.pk, user=alice)
    client.force_login(bob)
    [(invitation, token)] = client.get("/my-games/").context["invitations"]
    assert "offers a rematch" in client.get("/my-games/").content.decode()
    client.post(f"/invitations/{token}/", {"answer": "decline"})
    assert rematch_state(finished, alice)["status"] == "declined"


def test_an_offer_past_its_time_is_called_off(finished, alice, bob):
    offer = rematch_offer(match_id=finished.pk, user=alice)
    Rematch.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(LobbyError) as refusal:
        rematch_offer(match_id=finished.pk, user=bob)
    assert refusal.value.code == "expired"
    offer.refresh_from_db()
    assert offer.status == Table.Status.CANCELLED and offer.entries.count() == 1
    assert rematch_state(finished, bob)["status"] == "expired"


def test_a_stranger_or_an_unfinished_match_is_refused(finished, alice, bob, carol):
    for user in (carol,):
        with pytest.raises(LobbyError) as refusal:
            rematch_offer(match_id=finished.pk, user=user)
        assert refusal.value.code == "not_a_player"
    with pytest.raises(LobbyError) as refusal:
        rematch_decline(match_id=finished.pk, user=carol)
    assert refusal.value.code == "not_a_player"
    with pytest.raises(LobbyError) as refusal:
        rematch_decline(match_id=finished.pk, user=alice)  # nothing on offer
    assert refusal.value.code == "no_offer"
    running = _table(alice, carol)
    running.refresh_from_db()
    for bad, code in ((running.match.pk, "not_finished"), (10**9, "not_found"), ("1", "malformed")):
        with pytest.raises(LobbyError) as refusal:
            rematch_offer(match_id=bad, user=alice)
        assert refusal.value.code == code
    assert not Rematch.objects.exists()


def test_no_rematch_across_a_block(finished, alice, bob):
    block_add(user=alice, display_name="bob")
    with pytest.raises(LobbyError) as refusal:
        rematch_offer(match_id=finished.pk, user=bob)
    assert refusal.value.code == "blocked"
    assert not Rematch.objects.exists()


def test_the_end_screen_offers_it_to_players_only(finished, alice, bob):
    seats = list(finished.seats.select_related("user"))
    alice_seat = next(s.index for s in seats if s.user == alice)
    bob_seat = next(s.index for s in seats if s.user == bob)
    links = end_screen(finished, players_of(seats), alice_seat)["links"]
    assert links["rematch"] == {
        "url": f"/matches/{finished.pk}/rematch/",
        "label": "Rematch",
        "method": "post",
    }
    assert "rematch" not in end_screen(finished, players_of(seats), None)["links"]
    offer = rematch_offer(match_id=finished.pk, user=alice)
    assert end_screen(finished, players_of(seats), bob_seat)["links"]["rematch"]["label"] == (
        "Accept the rematch"
    )
    mine = end_screen(finished, players_of(seats), alice_seat)["links"]["rematch"]
    assert mine == {"url": f"/tables/{offer.pk}/", "label": "Go to the rematch", "method": "get"}


def test_the_pages_offer_accept_and_decline(client, finished, alice, bob, carol):
    client.force_login(alice)
    page = client.get(f"/matches/{finished.pk}/")
    assert f'action="/matches/{finished.pk}/rematch/"' in page.content.decode()
    answer = client.post(f"/matches/{finished.pk}/rematch/")
    offer = Table.objects.get(rematch__match=finished)
    assert answer["Location"] == f"/tables/{offer.pk}/"
    table_page = client.get(answer["Location"]).content.decode()
    assert "A rematch of" in table_page and 'id="call-off"' in table_page
    client.force_login(carol)
    assert client.get(f"/tables/{offer.pk}/").status_code == 404  # private: not for carol
    page = client.post(f"/matches/{finished.pk}/rematch/", follow=True)
    assert "Only the players of this match" in page.content.decode()
    client.force_login(bob)
    assert b'id="accept-invitation"' in client.get(f"/tables/{offer.pk}/").content
    answer = client.post(f"/matches/{finished.pk}/rematch/")
    new = Match.objects.get(table=offer)
    assert client.get(answer["Location"])["Location"] == f"/matches/{new.pk}/"


def test_the_api_shows_offers_and_declines(client, finished, alice, bob, carol):
    url = f"/api/matches/{finished.pk}/rematch/"
    client.force_login(alice)
    assert client.get(url).json() == {"status": "none"}
    offered = client.post(url).json()
    assert offered["status"] == "open" and offered["you_accepted"] is True
    assert {p["name"]: p["accepted"] for p in offered["players"]} == {"alice": True, "bob": False}
    client.force_login(carol)
    assert client.get(url).status_code == 403 and client.post(url).status_code == 403
    client.force_login(bob)
    declined = client.post(url + "decline/")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    refused = client.post(url)
    assert refused.status_code == 409 and refused.json()["error"] == "declined"
    assert client.post(f"/api/matches/{10**9}/rematch/").status_code == 404


def test_an_outsider_with_the_tables_token_cannot_take_a_players_place(
    client, finished, alice, carol
):
    offer = rematch_offer(match_id=finished.pk, user=alice)
    with pytest.raises(LobbyError) as refusal:
        lobby_join(table_id=offer.pk, user=carol, invite_token=offer.invite_token)
    assert refusal.value.code == "rematch"
    assert offer.entries.count() == 1
    client.force_login(alice)
    page = client.get(f"/tables/{offer.pk}/").content.decode()
    assert offer.invite_token not in page and 'id="invite-friend"' not in page


def test_a_turn_based_rematch_is_offered_by_email_a_live_one_is_not(
    finished, alice, bob, carol, django_capture_on_commit_callbacks
):
    from django.core import mail

    with django_capture_on_commit_callbacks(execute=True):
        rematch_offer(match_id=finished.pk, user=alice)  # `finished` was turn-based
    [email] = mail.outbox
    assert email.to == [bob.email] and "/invitations/" in email.body
    live = _table(alice, carol)
    live.refresh_from_db()
    over = _over(live.match)
    with django_capture_on_commit_callbacks(execute=True):
        rematch_offer(match_id=over.pk, user=carol)
    assert len(mail.outbox) == 1
