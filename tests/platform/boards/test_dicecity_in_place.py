"""Every choice Dice City offers is made on the board itself (issue 11, direct manipulation):
in whole games and at each follow-up choice, every legal action of the seat to play is drawn
in place (a thing to click, a die's target, a tray, a status button, the Well's dice), and
every thing drawn has a tooltip."""

import json

import pytest

from games.core import Rng
from games.dicecity import GAME
from tests.games.dicecity.helpers import act, at_step, dice, put, table

from .rendering import key, missing, offered, render, untitled

THINGS = ("dc-cell", "dc-card", "dc-pile", "dc-res", "dc-passes", "dc-die", "dc-vp", "dc-army")


def _use(card, where="red 3", **setup):
    """Seat 0 has `card` at `where` with the die of that row on it."""
    state = table()
    row, col = where.split()
    put(state, 0, where, card)
    dice(state, 0, **{row: int(col)}, **setup)
    return state


def _two_full_rows(state, seat):
    for row in ("white", "yellow"):
        for col in range(1, 7):
            put(state, seat, f"{row} {col}", "quarry")


@pytest.mark.parametrize(("seats", "seed", "every"), [(2, 3, 1), (3, 11, 3)])
def test_it_offers_every_choice_in_place_through_a_whole_game(seats, seed, every):
    """Every decision of a 2-player game; every third one and each follow-up of a 3-player one
    (a board is 20 ms to draw)."""
    state, rng = table(seats, seed=seed), Rng.from_seed(seed)
    seen = set()
    for n in range(10_000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        if n % every == 0 or state["pending"]:
            assert missing("dicecity", state, seat) == [], (state["turn"], state["pending"])
            seen.add(state["pending"]["kind"] if state["pending"] else state["turn"]["step"])
        state = GAME.apply(state, seat, GAME.bots["greedy"](state, seat, rng))
    assert {"dice", "attack", "build", "place"} <= seen


@pytest.mark.parametrize(
    ("moment", "follow_up"),
    [
        (lambda: act(_use("well", "red 3", white=1, blue=2), "use die=red"), "reroll"),
        (lambda: act(_use("stables", "red 3", blue=1), "use die=red"), "move_die"),
        (lambda: act(_use("cemetery"), "use die=red"), "copy"),
        (lambda: act(_with_stock(_use("market_place"), 2, 1, 0), "use die=red"), "exchange"),
        (lambda: act(act(_statue(), "build card=grand_statue"), "place row=red col=1"), "statue"),
        (lambda: act(_use("forest", "white 2", red=3), "refresh die=red"), "discard"),
        (lambda: act(_full_rows(), "end_turn"), "end_choice"),
    ],
)
def test_it_offers_each_follow_up_choice_in_place(moment, follow_up):
    state = moment()
    assert state["pending"]["kind"] == follow_up
    assert missing("dicecity", state, 0) == []


def _with_stock(state, wood, stone, iron):
    state["players"][0]["res"] = [wood, stone, iron]
    return state


def _statue():
    state = _with_stock(at_step(table(), "build"), 0, 4, 4)
    state["display"][0] = "grand_statue"
    return state


def _full_rows():
    state = at_step(table(2, full_rows_choice=True), "build")
    _two_full_rows(state, 0)
    return state


def test_every_thing_drawn_has_a_tooltip():
    state, rng = table(3, seed=5), Rng.from_seed(5)
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        if step % 25 == 0:
            for viewer in (seat, (seat + 1) % 3, None):
                assert untitled(render("dicecity", state, viewer), THINGS) == []
        state = GAME.apply(state, seat, GAME.bots["greedy"](state, seat, rng))


def test_a_picked_die_has_a_tray_to_pass_or_refresh_with_it():
    state = table(2)
    dice(state, 0, red=2, black=3)
    html = render("dicecity", state, 0)
    tray = html.split('data-tray="die:red"')[1].split("</div>")[0]
    assert "Pass: +1 token" in tray and "Refresh display" in tray
    assert 'data-compose="refresh"' in tray
    assert key({"type": "pass", "die": "red"}) in offered(tray)


def test_the_wells_dice_are_chosen_on_the_dice_and_sent_as_one_choice():
    state = act(_use("well", "red 3", white=1, blue=2), "use die=red")
    html = render("dicecity", state, 0)
    # The Well's own red die always goes (it is off the board); white and blue may: their dice.
    assert html.count("data-reroll=") == 2
    actions = json.loads(html.split('data-actions="')[1].split('"')[0].replace("&quot;", '"'))
    assert set(actions) == {"red", "white,red", "red,blue", "white,red,blue"}
    assert actions["white,red,blue"] == {"type": "reroll", "dice": ["white", "red", "blue"]}


def test_a_card_to_build_asks_for_its_space_before_anything_is_sent():
    state = _with_stock(at_step(table(), "build"), 4, 4, 4)
    html = render("dicecity", state, 0)
    assert html.count('data-compose="build"') >= 4  # the piles at least
    # Your own city's spaces say where they are, so the board can send build then place.
    assert 'data-seat="0" data-slot="0" data-row="white" data-col="1"' in html


def test_attacks_are_also_chips_of_the_status_bar_and_open_the_targets_city():
    state = at_step(table(2), "attack", army=6)
    put(state, 1, "yellow 2", "quarry")
    state["players"][1]["res"] = [1, 0, 0]
    html = render("dicecity", state, 0)
    status = html.split('id="dc-status"')[1].split("</section>")[0]
    assert "Attack P1&#x27;s Quarry (yellow 2)" in status
    assert "Take 1 wood from P1" in status and "Defeat bandits" in status
    assert (
        '<details class="dc-player dc-opponent card" data-seat="1" data-flip-frame="city1"'
        ' aria-label="City of P1" open>' in html
    )


def test_two_pass_tokens_are_spent_from_the_pass_tokens():
    state = table(2)
    state["players"][0]["passes"] = 2
    html = render("dicecity", state, 0)
    spend = html.split('class="dc-spend"')[1].split("</details>")[0]
    for gain in ("wood", "stone", "iron", "army"):
        assert key({"type": "spend_passes", "gain": gain}) in offered(spend)
    for die in ("white", "yellow", "red", "blue", "black"):
        assert key({"type": "force_reroll", "die": die}) in offered(spend)


def test_an_opponent_is_a_one_line_panel_until_you_may_attack_it():
    html = render("dicecity", table(3), 0)
    assert html.count('<details class="dc-player dc-opponent') == 2
    assert " open>" not in html.split('id="my-area"')[1]
