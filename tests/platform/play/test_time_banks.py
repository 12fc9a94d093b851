"""Every seat's own clock on a match (play/banks.py): a seat is charged only for the time it
owed a decision, simultaneous choices included; the increment comes when its decision completes
its turn part; a move after its bank ran out is refused and the timeout rule applies; an undone
decision's time is not refunded; existing matches are "simple"."""

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games.scythe import GAME
from lobbies.models import Table
from lobbies.services import LobbyError, lobby_create, lobby_join
from play import banks, clocks, selectors
from play.errors import PlayError
from play.models import ActionRecord, Match, Seat
from play.services import action_submit, clocks_enforce, seats_pause, seats_resume
from play.undo import action_undo
from tests.games.scythe.helpers import at, step, table

FISCHER = {"kind": "fischer", "base": 600, "increment": 30}


class Clock:
    """The site's clock, moved by hand."""

    def __init__(self):
        self.now = timezone.now()

    def __call__(self):
        return self.now

    def pass_(self, seconds):
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    wall = Clock()
    with mock.patch("django.utils.timezone.now", wall):
        yield wall


def _match(host, other, game="goofspiel", clock=FISCHER, **kwargs):
    options = {"cards": 5} if game == "goofspiel" else {}
    table = lobby_create(host=host, game=game, seats=2, options=options, clock=clock, **kwargs)
    lobby_join(table_id=table.pk, user=other)
    return Match.objects.get(table=table)


def _bank(match, index):
    match.refresh_from_db()
    return match.banks[index]["left"]


def _user(match, index):
    return match.seats.get(index=index).user


def test_each_seat_of_a_simultaneous_choice_runs_its_own_clock(alice, bob, clock):
    match = _match(alice, bob)
    clock.pass_(40)
    action_submit(match_id=match.pk, user=_user(match, 0), action="bid card=1", version=0)
    assert _bank(match, 0) == 600 - 40 + 30  # charged 40; its bid done, the increment
    clock.pass_(100)
    assert banks.left(match, match.seats.get(index=1), clock.now) == 600 - 140
    action_submit(match_id=match.pk, user=_user(match, 1), action="bid card=2", version=0)
    match.refresh_from_db()
    # seat 1 owed for 140 s, seat 0 for 40 s only: nobody pays for the other's thinking
    assert match.banks[1]["left"] == 600 - 140 + 30
    assert match.banks[0]["left"] == 600 - 40 + 30
    assert match.deadline == clock.now + timedelta(seconds=600 - 140 + 30)  # the earliest


def test_the_increment_comes_when_the_turn_part_is_complete(alice, bob, clock):
    match = _match(alice, bob, game="dicecity")
    first = next(i for i in (0, 1) if match.seats.get(index=i).to_act)
    clock.pass_(10)
    legal = match.engine.legal_actions(match.state, first)
    action_submit(match_id=match.pk, seat_index=first, action=legal[0], version=0)
    match.refresh_from_db()
    assert match.banks[first]["left"] in (590.0, 620.0)  # 620 if that decision ended the turn
    assert match.banks[first]["parts"] == (1 if match.banks[first]["left"] == 620 else 0)


def test_a_move_after_the_bank_ran_out_is_refused_and_the_timeout_rule_applies(alice, bob, clock):
    match = _match(alice, bob)
    clock.pass_(601)
    with pytest.raises(PlayError) as caught:
        action_submit(match_id=match.pk, user=_user(match, 0), action="bid card=1", version=0)
    assert caught.value.code == "out_of_time"
    assert Match.objects.get(pk=match.pk).version == 0, "the refusal changes nothing"
    assert clocks_enforce(now=clock.now) == 2
    records = ActionRecord.objects.filter(match=match)
    assert records.count() == 2 and all(r.timed_out for r in records)


def test_the_sweep_charges_only_the_seat_out_of_time(alice, bob, clock):
    match = _match(alice, bob, clock={"kind": "capped", "base": 60, "increment": 5, "cap": 60})
    clock.pass_(20)
    action_submit(match_id=match.pk, user=_user(match, 0), action="bid card=1", version=0)
    clock.pass_(30)
    assert clocks_enforce(now=clock.now) == 0, "nobody is out of time yet"
    clock.pass_(11)
    assert clocks_enforce(now=clock.now) == 1
    match.refresh_from_db()
    assert ActionRecord.objects.get(match=match, seat=1).timed_out
    assert match.banks[0]["left"] == 45, "seat 0 paid its own 20 s only, and got 5 back"
    assert match.banks[1]["left"] == 5, "the seat out of time keeps the increment only"


def test_an_undone_decisions_time_is_not_refunded(alice, bob, clock):
    match = _match(alice, bob, game="scythe", mode="turn", move_seconds=86400, clock=None)
    first = next(i for i in (0, 1) if match.seats.get(index=i).to_act)
    start = _bank(match, first)
    clock.pass_(3000)
    for action in match.engine.legal_actions(match.state, first):
        try:
            action_submit(match_id=match.pk, seat_index=first, action=action, version=0)
        except PlayError:
            continue
        break
    match.refresh_from_db()
    if not match.seats.get(index=first).to_act:
        pytest.skip("that first decision ended the turn: nothing to undo within it")
    action_undo(match_id=match.pk, version=match.version, user=_user(match, first))
    clock.pass_(1000)
    assert banks.left(match, match.seats.get(index=first), clock.now) == start - 4000


def test_a_vacation_pauses_the_bank(alice, bob, clock):
    match = _match(alice, bob, mode="turn", move_seconds=86400, clock=None)
    clock.pass_(3600)
    seats_pause(user_id=_user(match, 0).pk, since=clock.now)
    clock.pass_(86400 * 2)
    assert clocks_enforce(now=clock.now) == 0
    seats_resume(user_id=_user(match, 0).pk, now=clock.now)
    match.refresh_from_db()
    assert match.deadline == clock.now + timedelta(seconds=86400 - 3600)
    seat = match.seats.get(index=0)
    assert banks.left(match, seat, clock.now) == 86400 - 3600


def test_existing_tables_are_simple_with_their_time_per_move(alice, bob):
    match = _match(alice, bob, clock=None, move_seconds=120)
    assert match.clock == {
        "kind": "simple", "base": 120, "increment": 120, "cap": 120, "weekends": False,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("clock", "mode"),
    [({"kind": "fischer", "base": 1}, "live"), ({"kind": "days", "base": 86400}, "live")],
)
def test_a_bad_time_control_is_refused(alice, clock, mode):
    with pytest.raises(LobbyError) as caught:
        lobby_create(host=alice, game="goofspiel", seats=2, mode=mode, clock=clock)
    assert caught.value.code == "bad_clock"


def test_a_table_made_on_the_form_with_a_preset_stores_its_edited_numbers(client, alice):
    client.force_login(alice)
    page = client.get("/tables/new/")
    assert b'data-preset="normal" data-base="900" data-increment="20" data-cap="1200"' in (
        page.content
    )
    response = client.post(
        "/tables/new/",
        {
            "game": "scythe", "seats": 4, "mode": "live", "move_minutes": 5,
            "clock_preset": "normal", "clock_increment": 25, "opt_scythe_rules": "",
        },
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get(host=alice)
    assert table.clock == {
        "kind": "capped", "base": 900, "increment": 25, "cap": 1200, "weekends": False,
    }  # fmt: skip


def test_the_log_and_the_replay_show_each_moves_time_spent(alice, bob, clock):
    match = _match(alice, bob)
    clock.pass_(40)
    action_submit(match_id=match.pk, user=_user(match, 0), action="bid card=1", version=0)
    clock.pass_(100)
    action_submit(match_id=match.pk, user=_user(match, 1), action="bid card=2", version=0)
    clock.pass_(7)
    action_submit(match_id=match.pk, user=_user(match, 1), action="bid card=3", version=2)
    entries = selectors.log_for(Match.objects.get(pk=match.pk), None)
    spent = [e["spent"] for e in entries]
    # seat 0 owed 40 s from the start, seat 1 140 s, then 7 s
    assert spent == [40.0, 140.0, 7.0]


def test_the_payloads_clocks_are_made_once_a_version_and_follow_each_change(alice, bob, clock):
    match = _match(alice, bob)
    seats = list(match.seats.select_related("user"))
    shown = banks.view(match, seats)
    assert banks.view(match, seats) is shown, "every viewer's frame of a version shares it"
    assert [s["deadline"] for s in shown["seats"]] == [
        (clock.now + timedelta(seconds=600)).isoformat()
    ] * 2
    clock.pass_(40)
    action_submit(match_id=match.pk, user=_user(match, 0), action="bid card=1", version=0)
    match.refresh_from_db()
    seats = list(match.seats.select_related("user"))
    after = banks.view(match, seats)
    assert after["seats"][0] == {"seat": 0, "bank": 590.0, "deadline": None, "paused": False}
    assert after["seats"][1]["bank"] == 600.0 and after["seats"][1]["deadline"]
    seats[1].paused_at = clock.now  # a vacation at the same version: shown at once
    assert banks.view(match, seats)["seats"][1] == {
        "seat": 1, "bank": 600.0, "deadline": None, "paused": True,
    }  # fmt: skip


def test_the_table_form_names_the_wrong_field_and_makes_no_table(client, alice):
    client.force_login(alice)
    response = client.post(
        "/tables/new/",
        {
            "game": "scythe", "seats": 4, "mode": "live", "move_minutes": 5,
            "clock_preset": "normal", "clock_cap": 300, "opt_scythe_rules": "",
        },
    )  # fmt: skip
    page = response.content.decode()
    assert response.status_code == 200
    start = page.index('id="field-clock_cap"')
    block = page[start : page.index('<div class="field', start + 1)]
    assert "The cap may not be below the bank at the start." in block
    assert not Table.objects.filter(host=alice).exists()


def _scythe_combat_eve(alice, bob):
    """A live Scythe match of alice (seat 0, Saxony) and bob (seat 1, Nordic) on Fischer
    600 + 30, seat 0 in its Move with its character one step from bob's: the site's rows, the
    clocks started as a match's start starts them (seat 0 owing since now)."""
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["char"] = "r2c4"
    state["players"][1]["char"] = "r1c5"
    state["players"][0]["power"] = state["players"][1]["power"] = 6
    state["players"][1]["hand"] = [3]
    state = at(state, 0, "move_gain")
    match = Match.objects.create(
        game="scythe",
        seed=1,
        options={},
        mode="live",
        move_seconds=600,
        clock=clocks.control_from(FISCHER, 600).to_json(),
        state=state,
    )
    seats = Seat.objects.bulk_create(
        Seat(match=match, index=i, user=user, to_act=i == 0, to_act_since=0)
        for i, user in enumerate((alice, bob))
    )
    banks.update(match, seats, set(GAME.to_act(state)), set(), None, timezone.now())
    match.save(update_fields=["banks", "deadline"])
    return match


def _choose(match, seat, action):
    match.refresh_from_db()
    return action_submit(
        match_id=match.pk, user=_user(match, seat), action=action, version=match.version
    )


def test_scythe_combat_dials_run_each_combatants_clock_until_it_has_chosen(alice, bob, clock):
    """Scythe's combat (rule book: both players choose power and cards in secret, then reveal
    together): both clocks run from the moment the combat begins, each stops at its own commit;
    neither pays for the other's thinking, and nobody is charged for the time before it owed."""
    match = _scythe_combat_eve(alice, bob)
    clock.pass_(10)
    _choose(match, 0, {"type": "move"})
    _choose(match, 0, step("char", "r1c5"))
    clock.pass_(5)
    _choose(match, 0, {"type": "end_move"})
    match.refresh_from_db()
    assert match.state["phase"] == "combat"
    assert set(match.engine.to_act(match.state)) == {0, 1}, "both combatants owe their dials"
    # seat 0 paid its 15 s; the combat is a new seat's decision: its Move part is complete
    assert match.banks[0]["left"] == 600 - 15 + 30
    assert match.banks[1]["left"] == 600, "bob owed nothing before the combat"
    assert match.banks[1]["since"] is not None, "bob's clock starts with the combat"

    clock.pass_(20)
    _choose(match, 1, {"type": "dial", "power": 2})
    clock.pass_(5)
    _choose(match, 1, {"type": "card", "value": 3})
    _choose(match, 1, {"type": "commit"})
    match.refresh_from_db()
    assert match.engine.to_act(match.state) == (0,), "bob has chosen: only alice owes"
    assert match.banks[1]["left"] == 600 - 25 + 30, "bob paid his own 25 s, then his increment"
    assert match.banks[1]["since"] is None, "bob's clock stopped at his commit"
    # alice's clock ran all along bob's choice: 25 s owed so far in the combat
    assert banks.left(match, match.seats.get(index=0), clock.now) == 615 - 25
    assert match.deadline == clock.now - timedelta(seconds=25) + timedelta(seconds=615)

    clock.pass_(40)
    assert banks.left(match, match.seats.get(index=1), clock.now) == 605, "bob's clock stands"
    _choose(match, 0, {"type": "dial", "power": 1})
    _choose(match, 0, {"type": "commit"})
    match.refresh_from_db()
    assert match.state["phase"] != "combat"
    still = 0 in match.engine.to_act(match.state)
    # alice owed 65 s in the combat: charged for exactly that, her increment if her part ended
    assert match.banks[0]["left"] == 615 - 65 + (0 if still else 30)
    assert match.banks[1]["left"] == 605, "nothing of alice's 65 s was charged to bob"
