"""play.services.action_submit: the one door every move goes through."""

import pytest

from play.errors import PlayError
from play.models import ActionRecord, Match
from play.services import action_submit


def _seat_user(match, index):
    return match.seats.get(index=index).user


def test_it_applies_a_legal_bid_and_bumps_the_version(started_match):
    user = _seat_user(started_match, 0)
    match = action_submit(
        match_id=started_match.pk, user=user, action={"type": "bid", "card": 2}, version=0
    )
    assert match.version == 1
    record = ActionRecord.objects.get(match=match, seq=1)
    assert record.action == {"type": "bid", "card": 2}
    assert record.public_action == {"type": "bid"}


def test_it_accepts_the_notation_too(started_match):
    user = _seat_user(started_match, 1)
    match = action_submit(match_id=started_match.pk, user=user, action="bid card=3", version=0)
    assert match.version == 1


def test_it_lets_a_simultaneous_bid_through_on_the_previous_version(started_match):
    action_submit(
        match_id=started_match.pk,
        user=_seat_user(started_match, 0),
        action={"type": "bid", "card": 1},
        version=0,
    )
    match = action_submit(
        match_id=started_match.pk,
        user=_seat_user(started_match, 1),
        action={"type": "bid", "card": 1},
        version=0,
    )
    assert match.version == 2
    assert match.state["history"][0]["winner"] is None


@pytest.mark.parametrize(
    ("action", "version", "code"),
    [
        ({"type": "bid", "card": 9}, 0, "illegal_action"),
        ({"type": "fly"}, 0, "invalid_action"),
        ("bid card", 0, "invalid_action"),
        (["bid"], 0, "malformed"),
        ({"type": "bid", "card": 2}, "zero", "malformed"),
        ({"type": "bid", "card": 2}, 5, "stale_version"),
    ],
)
def test_it_refuses_bad_input_and_changes_nothing(started_match, action, version, code):
    user = _seat_user(started_match, 0)
    with pytest.raises(PlayError) as refused:
        action_submit(match_id=started_match.pk, user=user, action=action, version=version)
    assert refused.value.code == code
    match = Match.objects.get(pk=started_match.pk)
    assert match.version == 0 and not ActionRecord.objects.filter(match=match).exists()


def test_it_says_why_an_illegal_action_is_refused(started_match):
    user = _seat_user(started_match, 0)
    with pytest.raises(PlayError, match="no longer hold the 9"):
        action_submit(
            match_id=started_match.pk, user=user, action={"type": "bid", "card": 9}, version=0
        )


def test_it_refuses_a_player_who_already_bid(started_match):
    user = _seat_user(started_match, 0)
    action_submit(match_id=started_match.pk, user=user, action="bid card=1", version=0)
    with pytest.raises(PlayError) as refused:
        action_submit(match_id=started_match.pk, user=user, action="bid card=2", version=1)
    assert refused.value.code == "not_your_turn"


def test_it_refuses_someone_who_is_not_playing(started_match, carol):
    with pytest.raises(PlayError) as refused:
        action_submit(match_id=started_match.pk, user=carol, action="bid card=1", version=0)
    assert refused.value.code == "not_a_player"


def test_it_finishes_the_match_with_places_and_scores(started_match):
    alice, bob = _seat_user(started_match, 0), _seat_user(started_match, 1)
    version = 0
    for card in (3, 2, 1):
        action_submit(
            match_id=started_match.pk, user=alice, action=f"bid card={card}", version=version
        )
        version += 1
        action_submit(
            match_id=started_match.pk, user=bob, action=f"bid card={card}", version=version
        )
        version += 1
    match = Match.objects.get(pk=started_match.pk)
    assert match.is_finished and match.outcome["places"] == [1, 1]
    with pytest.raises(PlayError) as refused:
        action_submit(match_id=match.pk, user=alice, action="bid card=1", version=match.version)
    assert refused.value.code == "finished"
