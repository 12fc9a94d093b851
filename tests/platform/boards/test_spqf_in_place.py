"""Every choice SPQF offers is made on the board itself (issue 11, direct manipulation): in
whole games (with the draft too), every legal action of each seat to act is drawn in place (a
card where it lies, a follow's card then the action it follows, a colour on the cubes,
expanding on the level, the rest as prompt buttons), and every thing drawn has a tooltip."""

import pytest

from games.core import Rng
from games.spqf import GAME
from tests.games.spqf.helpers import act, arrange, civ, play_on, starting, table

from .rendering import key, missing, offered, render, untitled

BOT = GAME.bots.get("heuristic") or GAME.bots["random"]
THINGS = ("sp-card", "sp-chip", "sp-cube", "sp-level", "sp-vp", "sp-line-action", "sp-monument")


@pytest.mark.parametrize(("seats", "seed", "draft"), [(3, 2, False), (2, 5, True), (4, 8, False)])
def test_it_offers_every_choice_in_place_through_a_whole_game(seats, seed, draft):
    state, rng = table(seats, seed, draft), Rng.from_seed(seed)
    seen = set()
    while GAME.outcome(state) is None:
        for seat in GAME.to_act(state):
            assert missing("spqf", state, seat) == [], state["step"]
        seen.add(state["step"])
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, BOT(state, seat, rng))
    assert {"choose", "follow", "unit", "recruit"} <= seen


def test_every_thing_drawn_has_a_tooltip():
    state, rng = table(3, 6), Rng.from_seed(6)
    for step in range(300):
        if GAME.outcome(state) is not None:
            break
        if step % 20 == 0:
            for viewer in (*range(3), None):
                assert untitled(render("spqf", state, viewer), THINGS) == []
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, BOT(state, seat, rng))


def test_a_card_tooltip_explains_each_action_in_words():
    forage = starting(0, "s_forage")
    html = render("spqf", arrange(hands={0: [forage, civ("ag_terraces")]}), 0)
    tip = html.split(f'data-card="{forage}"')[1].split('title="')[1].split('"')[0]
    assert tip.startswith("Now: Play Forage. Forage: Agriculture, 1 modifier icon, a starting card")
    assert "take 1 green cube from the supply per modifier (others may follow it)" in tip


def test_an_action_card_of_the_hand_is_composed_with_its_modifiers_first():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    html = render("spqf", arrange(hands={0: [forage, terraces]}), 0)
    card = html.split(f'data-card="{forage}"')[1].split(">")[0]
    assert 'data-compose="play"' in card and 'data-per="1"' in card
    assert 'data-cat="agriculture"' in html.split(f'data-card="{terraces}"')[1]
    assert 'id="compose"' in html and "sp-slot" in html  # the action card slot of the prompt


def test_a_card_that_may_follow_two_actions_is_picked_then_the_line_it_follows():
    cellar, acorn = civ("ag_cellar"), civ("ag_terraces")
    state = arrange(hands={0: [cellar], 1: [acorn]}, cubes={1: [2, 0]})
    state = act(state, 0, "play", card=cellar)
    assert state["step"] == "follow" and GAME.to_act(state) == (1,)
    html = render("spqf", state, 1)
    assert f'data-pick="card:{acorn}"' in html
    lines = html.split('class="sp-lines"')[1].split("</ol>")[0]
    assert lines.count("data-after=") == 2
    for k in (0, 1):
        assert key({"type": "follow", "card": acorn, "action": k}) in offered(lines)


def test_a_colour_is_chosen_on_your_cubes_or_on_the_supply():
    pantry, archive = starting(0, "s_pantry"), civ("sc_archive")
    state = act(arrange(hands={0: [pantry]}, cubes={0: [1, 1]}), 0, "play", card=pantry)
    assert _kinds(state) == {"stash"}
    mine = render("spqf", state, 0).split('id="my-area"')[1].split('class="sp-zones"')[0]
    for colour in ("g", "b"):
        assert key({"type": "stash", "color": colour}) in offered(mine)
    state = act(arrange(hands={0: [archive]}, cubes={0: [1, 0]}), 0, "play", card=archive)
    assert _kinds(state) == {"bank"}
    supply = render("spqf", state, 0).split('class="sp-supply"')[1].split("</p>")[0]
    for colour in ("g", "b"):
        assert key({"type": "bank", "color": colour}) in offered(supply)


def test_recruits_from_the_trade_rows_are_repeated_in_the_prompt():
    state = play_on(table(3, 2), lambda s: s["step"] == "recruit" and _rows(s))
    seat = GAME.to_act(state)[0]
    html = render("spqf", state, seat)
    prompt = html.split('id="sp-status"')[1].split("</section>")[0]
    assert "Recruit:" in prompt
    for card in state["central"]:
        assert key({"type": "recruit", "card": card}) in offered(prompt)


def test_the_other_players_are_one_line_panels_with_their_trade_rows():
    html = render("spqf", table(3, 2), 0)
    assert html.count('<details class="sp-player sp-opponent') == 2
    assert html.count("sp-line-row") == 2
    assert html.index('id="my-area"') < html.index("Central trade row")
    spectator = render("spqf", table(3, 2), None)
    assert spectator.count(" open>") >= 3  # every tableau open for a spectator


def _kinds(state):
    return {a["type"] for a in GAME.legal_actions(state, GAME.to_act(state)[0])}


def _rows(state):
    return any(p["row"] for p in state["players"])
