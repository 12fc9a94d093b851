"""The board template (templates/games/dicecity/board.html) and its context
(platform/boards/dicecity.py) draw every city, the market and the legal choices in place."""

import json

from django.template.loader import render_to_string

from boards.dicecity import board_context
from games.core import Rng
from games.dicecity import GAME
from tests.games.dicecity.helpers import at_step, put, table


def _render(state):
    seat = GAME.to_act(state)[0] if GAME.to_act(state) else None
    view = GAME.view(state, seat)
    legal = [
        {"action": a, "json": json.dumps(a), "label": GAME.label(state, seat, a)}
        for a in (GAME.legal_actions(state, seat) if seat is not None else [])
    ]
    players = [{"seat": i, "name": f"P{i}", "is_bot": False} for i in range(state["seats"])]
    context = {"view": view, "seat": seat, "legal": legal, "players": players, "outcome": None}
    context.update(board_context(view, seat, legal, players))
    return render_to_string("games/dicecity/board.html", context)


def test_it_draws_each_city_with_its_dice_and_deactivated_locations():
    state = table(3)
    put(state, 1, "red 3", "catapult", off=True)
    html = _render(state)
    assert html.count('class="dc-city"') == 3
    assert html.count("dc-die dc-die-") == 15
    assert "✕ deactivated" in html and "Catapult" in html
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
    assert "Game over" in _render(state)
