"""A game without secrets (Game.public_view: Dice City) gets one view a version for all its
viewers (play/snapshots.py Shared.view); each payload still holds exactly what the engine's own
view gives that seat, and a game with hands (SPQF) still gets one view per seat."""

import random

import orjson
import pytest

from lobbies.services import lobby_create, lobby_join
from play import snapshots
from play.selectors import log_entries, seat_names
from play.services import action_submit

pytestmark = pytest.mark.django_db


def _match(host, guest, game):
    table = lobby_create(host=host, game=game, seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=guest)
    return table.match


@pytest.mark.parametrize("game", ["dicecity", "spqf"])
def test_each_viewer_gets_the_engine_s_own_view(alice, bob, game):
    match, seats = snapshots.load(_match(alice, bob, game).pk, 0)
    engine = match.engine
    shared = snapshots.Shared(seats, [])
    payloads = {
        seat: snapshots.socket_payload(match, seats, seat, False, [], "en", shared)
        for seat in (0, 1, None)
    }
    for seat, payload in payloads.items():
        assert payload["view"] == engine.view(match.state, seat)
    assert engine.public_view == (game == "dicecity")
    if engine.public_view:  # built once: the seats' views share the spectator's parts
        assert payloads[0]["view"]["players"] is payloads[1]["view"]["players"]
    else:
        assert payloads[0]["view"] != payloads[1]["view"]  # each sees its own hand


@pytest.mark.parametrize("game", ["dicecity", "spqf"])
def test_a_frame_reads_as_the_payload_encoded_whole(alice, bob, game):
    """The socket frames (play/snapshots._frames) put the parts every viewer shares in as JSON
    encoded once (players, the public view, the log entries others read alike); each frame
    still reads exactly as its viewer's whole payload encoded, own log entries included."""
    match_id = _match(alice, bob, game).pk
    rng = random.Random(7)
    for _ in range(14):  # a log longer than the tail, with both seats' own entries
        match, seats = snapshots.load(match_id, 0, fresh=True)
        seat = match.engine.to_act(match.state)[0]
        action = rng.choice(match.engine.legal_actions(match.state, seat))
        action_submit(match_id=match_id, seat_index=seat, action=action, version=match.version)
    match, seats = snapshots.load(match_id, 0, fresh=True)
    tail = snapshots._log_tail(match)
    kinds = {(seat, False, language) for seat in (0, 1, None) for language in ("en", "vi")}
    frames = snapshots._frames(match, seats, kinds)
    for seat, html, language in kinds:
        whole = snapshots.socket_payload(match, seats, seat, html, tail, language)
        frame = orjson.loads(frames[(seat, html, language)][1])
        assert frame == orjson.loads(snapshots.frame_encode({"type": "snapshot", **whole}))
        names = seat_names(seats, language)  # rendered afresh, without the entries' cache
        assert frame["log"] == orjson.loads(
            snapshots.frame_encode(log_entries(tail, names, seat, language, spent=False))
        )
        # a frame's entries are rendered a version at a time, without the records before them:
        # their time spent is the replay's and the log pages' (always unknown here, not wrong)
        assert all(e["spent"] is None for e in frame["log"])
        if seat is not None:  # the seat's own entries carry its undo stops
            own = [e for e in frame["log"] if e["seat"] == seat]
            assert own and all(e["revealed"] is not None for e in own)
        else:
            assert all(e["revealed"] is None for e in frame["log"])


def test_a_renamed_player_s_log_entries_are_rendered_anew(alice, bob):
    """Log entries are rendered once and kept (a record never changes), under the seats' names:
    after a rename the next frames say the new name."""
    match_id = _match(alice, bob, "dicecity").pk
    match, seats = snapshots.load(match_id, 0, fresh=True)
    seat = match.engine.to_act(match.state)[0]
    action = match.engine.legal_actions(match.state, seat)[0]
    action_submit(match_id=match_id, seat_index=seat, action=action, version=match.version)
    match, seats = snapshots.load(match_id, 0, fresh=True)
    before = snapshots.socket_payload(match, seats, None, False, snapshots._log_tail(match))
    player = next(s.user for s in seats if s.index == seat)
    old_name = player.display_name
    assert before["log"][-1]["text"].startswith(old_name)
    player.display_name = "Renamed Player"
    player.save(update_fields=["display_name"])
    match, seats = snapshots.load(match_id, 0, fresh=True)
    after = snapshots.socket_payload(match, seats, None, False, snapshots._log_tail(match))
    assert after["log"][-1]["text"].startswith("Renamed Player")
    assert after["log"][-1]["player"] == "Renamed Player"
