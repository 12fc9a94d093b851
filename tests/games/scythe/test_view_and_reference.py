"""What the site's board reads besides the rules: the public standing of every seat in the view
(control, resources, the score so far) and the printed components through `reference()`."""

import json

from games.core.rng import Rng
from games.scythe import GAME

from .helpers import table


def test_it_shows_every_seat_the_score_the_end_of_the_game_would_count():
    state = GAME.setup(3, 5, {})
    rng = Rng(5)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None
    for viewer in (None, 0, 1, 2):
        players = GAME.view(state, viewer)["players"]
        assert [p["score"] for p in players] == [dict(d) for d in outcome.details]


def test_it_shows_the_territories_and_resources_each_seat_controls():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    state["res"] = {"r1c4": [1, 0, 2, 0]}
    seat = next(s for s, p in enumerate(state["players"]) if "r1c4" in p["workers"])
    mine = GAME.view(state, None)["players"][seat]
    assert "r1c4" in mine["controlled"]
    assert mine["controlled_resources"] == {"food": 1, "wood": 0, "metal": 2, "oil": 0}


def test_it_gives_the_printed_components_as_json_and_keeps_its_own_copy():
    reference = GAME.reference()
    assert json.loads(json.dumps(reference)) == reference
    assert reference["scoring_tiers"][0] == {
        "popularity_up_to": 6,
        "star": 3,
        "territory": 2,
        "resource_pair": 1,
    }
    reference["hexes"].clear()
    assert GAME.reference()["hexes"]


def test_it_names_every_territory_in_the_reference_as_the_log_does():
    reference = GAME.reference()
    names = reference["hex_names"]
    assert set(names) == set(reference["hexes"])
    assert len(set(names.values())) == len(names)  # no two hexes share a name
    assert names["r2c4"] == "Mountain south of the Nordic base"
    assert names[reference["factory_hex"]] == "The Factory"
    state = GAME.setup(2, 3, {})
    move = {"type": "step", "unit": "w0", "to": "r2c4", "workers": 0, "carry": "none"}
    assert names["r2c4"] in GAME.narrate(state, 0, move, state)
