"""play.undo.action_undo: a player takes back decisions of their own turn in a casual game,
until something hidden was revealed or another seat acted; never in a ranked game. Every refusal
changes nothing."""

import pytest

from games.core import get_game
from lobbies.services import lobby_create, lobby_join
from play.errors import PlayError
from play.models import ActionRecord, Match
from play.selectors import log_for, replay_state
from play.services import action_submit, seat_forfeit
from play.undo import action_undo, can_undo


def _reseeded(match, seed=1):
    """The match dealt again from a fixed seed, so the dice are known: seat 0's white die is
    on a Mountain (+1 stone), its yellow on a Small House (+1 VP), its red on a Traveller (a
    re-roll)."""
    match.seed = seed
    match.state = match.engine.setup(match.seats.count(), seed, match.options)
    match.save(update_fields=["seed", "state"])
    return match


def _dice_city(alice, bob, ranked=False):
    table = lobby_create(host=alice, game="dicecity", seats=2, ranked=ranked)
    lobby_join(table_id=table.pk, user=bob)
    return _reseeded(Match.objects.get(table=table))


def _player(match, index):
    return match.seats.get(index=index).user


def _submit(match, index, action):
    match.refresh_from_db()
    return action_submit(
        match_id=match.pk, user=_player(match, index), action=action, version=match.version
    )


_CURRENT = object()


def _undo(match, index, version=_CURRENT):
    match.refresh_from_db()
    version = match.version if version is _CURRENT else version
    return action_undo(match_id=match.pk, user=_player(match, index), version=version)


def _refresh_display(match, index):
    """A die refreshes the display: four cards discarded, the fourth turns up four new ones."""
    _submit(match, index, {"type": "refresh", "die": "white"})
    for _ in range(4):
        match.refresh_from_db()
        _submit(match, index, match.engine.legal_actions(match.state, index)[0])


def _yellow_die_used(match):
    """The state after seat 0's yellow die alone, from the seed."""
    game = get_game("dicecity")
    return game.apply(game.setup(2, match.seed, match.options), 0, {"type": "use", "die": "yellow"})


def _everything(match):
    match = Match.objects.get(pk=match.pk)
    log = list(ActionRecord.objects.filter(match=match).values_list("seq", "action", "undone_by"))
    seats = list(match.seats.values_list("index", "to_act", "to_act_since"))
    return match.version, match.status, match.state, match.deadline, log, seats


def test_it_takes_back_the_last_decision_and_the_state_is_exactly_as_before(alice, bob):
    match = _dice_city(alice, bob)
    before = Match.objects.get(pk=match.pk).state
    _submit(match, 0, {"type": "use", "die": "white"})
    undone = _undo(match, 0)
    assert undone.version == 2  # versions only grow: the undo is an entry of its own
    assert undone.state == before  # the deck order and the random numbers too
    assert Match.objects.get(pk=match.pk).state == before
    first, note = ActionRecord.objects.filter(match=match).order_by("seq")
    assert first.undone_by == 2
    assert note.action == {"type": "_undo", "seq": 1} and note.text.startswith("took back: ")


def test_it_takes_back_several_decisions_one_at_a_time(alice, bob):
    match = _dice_city(alice, bob)
    start = Match.objects.get(pk=match.pk).state
    _submit(match, 0, {"type": "use", "die": "white"})
    middle = Match.objects.get(pk=match.pk).state
    _submit(match, 0, {"type": "use", "die": "yellow"})
    assert _undo(match, 0).state == middle
    assert _undo(match, 0).state == start
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "nothing_to_undo"


def test_the_game_goes_on_from_the_state_taken_back_to(alice, bob):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "white"})
    _undo(match, 0)
    played = _submit(match, 0, {"type": "use", "die": "yellow"})
    game = get_game("dicecity")
    expected = game.apply(
        game.setup(2, match.seed, match.options), 0, {"type": "use", "die": "yellow"}
    )
    assert played.state == expected and played.version == 3


def test_log_readers_skip_the_decision_taken_back(alice, bob):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "white"})
    _undo(match, 0)
    for seat in (0, 1, None):
        entries = log_for(match, seat)
        assert [e["seq"] for e in entries] == [2]
        assert "took back" in entries[0]["text"]


def test_the_replay_skips_the_decisions_taken_back(client, alice, bob):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "white"})
    _undo(match, 0)
    _submit(match, 0, {"type": "use", "die": "yellow"})
    seat_forfeit(match_id=match.pk, seat_index=1, reason="resigned")  # the match ends
    match.refresh_from_db()
    game = get_game("dicecity")
    expected = game.apply(
        game.setup(2, match.seed, match.options), 0, {"type": "use", "die": "yellow"}
    )
    assert replay_state(match, 3) == expected
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/replay/", {"step": 1})
    assert page.context["steps"] == 2  # the yellow die and the forfeit: no undo, no white die
    assert [e["seq"] for e in page.context["log"]] == [3, 4]
    frame = client.get(f"/matches/{match.pk}/replay/frame/", {"step": 1}).json()
    assert frame["steps"] == 2 and 'data-version="1"' in frame["html"]


def test_the_page_offers_undo_only_when_it_would_be_accepted(alice, bob):
    match = _dice_city(alice, bob)
    seats = {s.index: s for s in match.seats.all()}
    assert not can_undo(match, seats[0])  # nothing decided yet
    _submit(match, 0, {"type": "use", "die": "white"})
    match.refresh_from_db()
    seats = {s.index: s for s in match.seats.all()}
    assert can_undo(match, seats[0]) and not can_undo(match, seats[1])


def test_it_refuses_in_a_ranked_game(alice, bob):
    match = _dice_city(alice, bob, ranked=True)
    _submit(match, 0, {"type": "use", "die": "white"})
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "ranked"
    assert _everything(match) == before


def test_it_refuses_a_player_whose_turn_it_is_not(alice, bob):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "white"})
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 1)
    assert refused.value.code == "not_your_turn"
    assert _everything(match) == before


def test_it_refuses_when_nothing_was_decided_this_turn(alice, bob):
    match = _dice_city(alice, bob)
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "nothing_to_undo"
    assert _everything(match) == before


def test_a_discard_before_the_new_cards_turn_up_can_be_taken_back(alice, bob):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "refresh", "die": "white"})
    discarded = match.engine.legal_actions(Match.objects.get(pk=match.pk).state, 0)[0]
    chosen = Match.objects.get(pk=match.pk).state
    _submit(match, 0, discarded)
    assert _undo(match, 0).state == chosen


def test_it_refuses_a_re_roll(alice, bob):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "red"})  # the Traveller re-rolls a die
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "revealed"


def test_it_refuses_a_decision_that_revealed_something(alice, bob):
    match = _dice_city(alice, bob)
    _refresh_display(match, 0)  # four new display cards turn up
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "revealed"
    assert _everything(match) == before


def test_it_stops_at_the_last_reveal_but_takes_back_what_followed(alice, bob):
    match = _dice_city(alice, bob)
    _refresh_display(match, 0)
    revealed = Match.objects.get(pk=match.pk).state
    _submit(match, 0, {"type": "use", "die": "yellow"})
    assert _undo(match, 0).state == revealed
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "revealed"


def test_it_refuses_once_another_seat_has_acted(alice, bob, carol):
    table = lobby_create(host=alice, game="dicecity", seats=3)
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    match = _reseeded(Match.objects.get(table=table))
    _submit(match, 0, {"type": "use", "die": "white"})
    seat_forfeit(match_id=match.pk, seat_index=2, reason="resigned")  # seat 2 acts in between
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "another_seat_acted"
    assert _everything(match) == before


def test_it_refuses_a_move_the_site_made_when_the_clock_ran_out(alice, bob):
    match = _dice_city(alice, bob)
    action_submit(
        match_id=match.pk,
        seat_index=0,
        action={"type": "use", "die": "white"},
        version=0,
        timed_out=True,
    )
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "nothing_to_undo"
    assert _everything(match) == before


@pytest.mark.parametrize(
    ("version", "code"),
    [
        (0, "stale_version"),
        (7, "stale_version"),
        ("1", "malformed"),
        (-1, "malformed"),
        (True, "malformed"),
        (None, "malformed"),
    ],
)
def test_it_refuses_a_stale_or_malformed_version(alice, bob, version, code):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "white"})
    before = _everything(match)
    with pytest.raises(PlayError) as refused:
        _undo(match, 0, version=version)
    assert refused.value.code == code
    assert _everything(match) == before


def test_it_refuses_someone_not_playing_and_a_finished_match(alice, bob, carol):
    match = _dice_city(alice, bob)
    _submit(match, 0, {"type": "use", "die": "white"})
    with pytest.raises(PlayError) as refused:
        action_undo(match_id=match.pk, user=carol, version=1)
    assert refused.value.code == "not_a_player"
    seat_forfeit(match_id=match.pk, seat_index=1, reason="resigned")
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "finished"


def test_a_player_who_left_cannot_take_back_the_bots_moves(alice, bob, carol):
    table = lobby_create(host=alice, game="dicecity", seats=3)
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    match = Match.objects.get(table=table)
    seat_forfeit(match_id=match.pk, seat_index=0, reason="resigned")
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "forfeited"


def test_a_bid_in_goofspiel_cannot_be_taken_back_once_the_bids_are_shown(started_match):
    """Goofspiel: the last bid of a prize reveals every bid; both seats then bid again."""
    match = started_match
    _submit(match, 0, {"type": "bid", "card": 1})
    with pytest.raises(PlayError) as refused:
        _undo(match, 0)
    assert refused.value.code == "not_your_turn"  # a bid made waits for the other seat's
    _submit(match, 1, {"type": "bid", "card": 2})
    with pytest.raises(PlayError) as refused:
        _undo(match, 1)
    assert refused.value.code == "revealed"
