"""The board template (templates/games/dicecity/board.html) and its context
(platform/boards/dicecity.py) draw every city, the market and the legal choices in place."""

import json
import re
from html import escape, unescape

from django.template.loader import render_to_string

from boards.dicecity import board_context
from games.core import Rng
from games.dicecity import GAME
from games.dicecity import cards as C
from games.dicecity.rules import legal_actions
from tests.games.dicecity.helpers import at_step, dice, put, table


def _render(state, viewer="to_act", outcome=None):
    seat = GAME.to_act(state)[0] if GAME.to_act(state) else None
    if viewer != "to_act":
        seat = viewer
    view = GAME.view(state, seat)
    legal = [
        {"action": a, "json": json.dumps(a), "label": GAME.label(state, seat, a)}
        for a in (GAME.legal_actions(state, seat) if seat in GAME.to_act(state) else [])
    ]
    players = [{"seat": i, "name": f"P{i}", "is_bot": False} for i in range(state["seats"])]
    context = {"view": view, "seat": seat, "legal": legal, "players": players, "outcome": outcome}
    context.update(board_context(view, seat, legal, players))
    return render_to_string("games/dicecity/board.html", context)


def test_it_draws_each_city_with_its_dice_and_deactivated_locations():
    state = table(3)
    put(state, 1, "red 3", "catapult", off=True)
    html = _render(state)
    assert html.count('class="dc-city"') == 3
    assert html.count("dc-die dc-die-") == 15
    assert "✕ off" in html and "Deactivated: it does nothing" in html and "Catapult" in html
    assert "52 cards left in the deck" in html


def test_it_makes_the_main_choices_clickable_in_place():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [4, 4, 4]
    html = _render(state)
    assert "&quot;build&quot;, &quot;card&quot;: &quot;quarry" in html
    assert "&quot;trade&quot;, &quot;ship&quot;: 1" in html


def test_it_renders_a_whole_greedy_game_without_errors():
    state = table(2, seed=7)
    rng = Rng.from_seed(7)
    step = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bots["greedy"](state, seat, rng))
        step += 1
        if step % 40 == 0:
            assert "dc-player" in _render(state)
    # The site's result table says "Game over"; the board adds no second one.
    assert "Game over" not in _render(state) and "dc-status" not in _render(state)


def test_a_finished_game_shows_no_stale_final_round_banner():
    state = table(2, seed=7)
    state["final_round"] = "a player has built 10 locations"
    assert "Final round" in _render(state)
    # Ended by the site (a resignation) while the engine was in its final round.
    assert "Final round" not in _render(state, outcome={"places": [1, 2], "reason": "forfeit"})


def test_your_own_city_comes_before_the_market_and_the_opponents():
    html = _render(table(3), viewer=1)
    mine = html.index('id="my-area"')
    assert "Your city · P1" in html
    assert mine < html.index("dc-market") < html.index('aria-label="City of P0"')
    assert html.count('<details class="dc-player dc-opponent') == 2


def test_a_spectator_sees_every_city_open():
    html = _render(table(3), viewer=None)
    assert 'id="my-area"' not in html
    assert html.count('<details class="dc-player dc-opponent') == 3
    assert html.count(" open>") == 3


def test_a_die_is_picked_then_the_column_it_moves_to():
    state = table(2)
    dice(state, 0, red=2, black=3)
    legal_actions.forget()
    html = _render(state)
    assert 'data-pick="die:red"' in html and 'data-pick="die:black"' in html
    # The black die's row, column 2 or 4: where the red die can move it.
    move = '{"type": "move", "die": "red", "other": "black", "col": 4}'
    assert f"&quot;die:red&quot;:{escape(move)}" in html


def test_a_usable_location_keeps_its_effect_in_its_tooltip():
    state = table(2)
    put(state, 0, "red 2", "quarry")
    dice(state, 0, red=2)
    legal_actions.forget()
    html = _render(state)
    cell = re.search(r'<td class="dc-cell[^"]*legal[^"]*"[^>]*title="([^"]*)"', html)
    assert cell is not None
    effect = C.CARDS["quarry"]["text"]
    assert "Use Quarry" in unescape(cell.group(1)) and escape(effect) in cell.group(1)
