"""The board template (templates/games/spqf/board.html) and its context
(platform/boards/spqf.py): every kind of moment renders, and legal cards are clickable."""

import json

from django.template.loader import render_to_string

from boards.spqf import board_context
from games.spqf import GAME
from tests.games.spqf.helpers import act, arrange, civ, play_on, starting, table


def render(s, seat):
    view = GAME.view(s, seat)
    legal = []
    if seat is not None and seat in GAME.to_act(s):
        legal = [
            {"action": a, "json": json.dumps(a), "label": GAME.label(s, seat, a)}
            for a in GAME.legal_actions(s, seat)
        ]
    players = [{"seat": i, "name": f"P{i}", "is_bot": False} for i in range(s["n"])]
    context = {"view": view, "seat": seat, "legal": legal, "players": players}
    context.update(board_context(view, seat, legal, players))
    return render_to_string("games/spqf/board.html", context)


def test_it_makes_the_playable_hand_cards_clickable():
    forage = starting(0, "s_forage")
    s = arrange(hands={0: [forage, civ("ag_terraces")]})
    html = render(s, 0)
    assert 'class="sp-card sp-agriculture sp-starting legal"' in html
    assert json.dumps({"type": "play", "card": forage}).replace('"', "&quot;") in html
    assert "Your hand" in html and "Central trade row" in html
    other = render(s, 1)  # seat 1 neither sees seat 0's hand nor gets a choice
    assert "Acorn Terraces" not in other
    assert " legal" not in other and 'class="legal' not in other


def test_it_shows_the_follow_prompt_to_the_following_seat():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: [terraces]})
    s = act(s, 0, "play", card=forage)
    html = render(s, 1)
    assert "P1: Following" in html
    assert "Do not follow" in html
    assert "Action card" in html


def test_it_renders_the_draft_and_the_end_for_everyone():
    s = table(3, draft=True)
    assert "Draft pack" in render(s, 0)
    s = play_on(table(2, 3), lambda t: t["step"] == "over", limit=5000)
    for seat in (0, 1, None):
        html = render(s, seat)  # the site's result table says "Game over", once
        assert "Game over" not in html and "sp-status" not in html and "Central trade row" in html


def test_your_own_tableau_comes_before_the_central_row():
    s = arrange(hands={0: [starting(0, "s_forage")]})
    html = render(s, 1)
    assert html.index('id="my-area"') < html.index("Central trade row")
    assert "Your tableau · P1" in html
    assert 'id="my-area"' not in render(s, None)


def test_a_legend_explains_every_symbol_of_the_cards():
    legend = render(table(2), 0).split("What the symbols mean")[1]
    for symbol in ("◆", "§", "dashed border", "coloured dots", "cube cost"):
        assert symbol in legend


def test_a_compulsory_step_says_so_and_an_optional_one_does_not():
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage], 1: [terraces]})
    assert "Compulsory" not in render(s, 0)  # playing a card, or passing
    s = play_on(s, lambda t: "pass" not in {a["type"] for a in _legal(t)} and bool(_legal(t)))
    seat = GAME.to_act(s)[0]
    assert "Compulsory" in render(s, seat)


def _legal(s):
    seats = GAME.to_act(s)
    return GAME.legal_actions(s, seats[0]) if seats else []
