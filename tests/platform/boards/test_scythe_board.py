"""The Scythe board (templates/games/scythe/board.html + platform/boards/scythe/) drawn through
the real templates for states the engine reaches: setup, random play, combat, the end of a game.
Pure rendering: no database. Another seat's secrets (objectives, combat cards, an undisclosed
dial) must never reach the HTML."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from boards.scythe import board_context
from boards.scythe.hexmap import SIZE, centre
from games.core import Rng

from .scythe_render import (
    GAME,
    HEXES,
    OBJECTIVES,
    REFERENCE,
    find,
    in_html,
    legal_items,
    play,
    players,
    render,
)


def test_it_draws_every_neighbour_the_rules_know_as_a_touching_hex():
    """The drawing follows the engine's adjacency: land, river and lake neighbours all touch."""
    for hex_id, d in HEXES.items():
        x, y = centre(hex_id)
        for other in (
            *d.get("land", ()),
            *d.get("river", ()),
            *d.get("shore", ()),
            *d.get("lakes", ()),
        ):
            ox, oy = centre(other)
            assert abs(((ox - x) ** 2 + (oy - y) ** 2) ** 0.5 - SIZE * 3**0.5) < 0.2


def test_it_draws_every_hex_and_the_starting_pieces_at_setup():
    state = GAME.setup(5, 3, {})
    page = render(state, state["turn"])
    assert page.count('class="sc-hex" data-hex=') == len(HEXES)
    assert page.count('class="sc-encounter-token"') == len(state["tokens"]) == 11
    assert page.count('class="sc-river"') > 10
    assert page.count("sc-tunnel") >= 6
    for p in state["players"]:
        assert p["faction"].upper() in page  # home base label
        assert p["faction"].capitalize() in page  # player mat
    assert page.count('class="sc-unit sc-char"') == 5
    assert page.count('class="sc-unit sc-worker"') == 10  # two hexes of one worker each
    assert "FACTORY" in page


def test_it_makes_the_mat_sections_clickable_for_the_seat_to_play_only():
    state = GAME.setup(3, 4, {})
    mine = render(state, state["turn"])
    for item in legal_items(state, state["turn"]):
        assert in_html(mine, item)
    other = next(s for s in range(3) if s != state["turn"])
    assert "legal" not in render(state, other).replace("sc-legend", "")
    assert "legal" not in render(state, None).replace("sc-legend", "")


def drawn(page: str, item: dict[str, Any], state: dict[str, Any], seat: int) -> bool:
    """The action is clickable on the board; for a worker's move step, any worker standing on
    the same hex will do (they are interchangeable)."""
    if in_html(page, item):
        return True
    a = item["action"]
    if a["type"] != "step" or a["unit"][0] != "w":
        return False
    workers = state["players"][seat]["workers"]
    start = workers[int(a["unit"][1:])]
    twins = [f"w{i}" for i, h in enumerate(workers) if h == start]
    return any(
        in_html(page, {"json": json.dumps(dict(a, unit=w), separators=(",", ":"))}) for w in twins
    )


def test_it_draws_every_legal_choice_on_the_board_itself():
    checked = set()
    for seed in (1, 2):
        state = GAME.setup(2, seed, {})
        rng = Rng.from_seed(seed)
        for step in range(300):
            if state["over"]:
                break
            seat = GAME.to_act(state)[0]
            if step % 3 == 0 or state["phase"] in (
                "combat",
                "encounter",
                "factory",
                "benefit",
                "payment",
                "artillery",
                "retreat",
                "load",
            ):
                page = render(state, seat)
                for item in legal_items(state, seat):
                    assert drawn(page, item, state, seat), item["json"]
                    checked.add(item["action"]["type"])
            state = GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
    assert {"section", "step", "end_turn"} <= checked, checked


def test_it_never_shows_another_seats_objectives_or_combat_cards():
    state = find(3, lambda s: s["turns"] > 30 and all(p["hand"] for p in s["players"]))
    for viewer in (None, 0, 1, 2):
        page = render(state, viewer)
        for seat, p in enumerate(state["players"]):
            names = [OBJECTIVES[str(o)]["name"] for o in p["objs"]]
            if seat == viewer:
                assert all(html.escape(name) in page for name in names)
            else:
                assert not any(html.escape(name) in page for name in names)
        assert page.count('class="sc-handlist"') == (0 if viewer is None else 1)
        if viewer is not None:  # the own hand by value, in the chips and in their tooltip
            hand = sorted(state["players"][viewer]["hand"])
            assert f"Yours: {', '.join(map(str, hand))}." in page
        assert page.count("Yours: ") == (0 if viewer is None else 1)


@pytest.mark.parametrize("phase", ["top", "move", "combat", "encounter", "end"])
def test_what_a_seat_sees_depends_only_on_what_it_may_know(phase):
    """Another seat's hand, objectives and undisclosed dial, the decks' order: re-dealt at
    random, the board and the frame around it (buttons, tooltips, data for board.js) must not
    change by one byte."""
    state = find(3, lambda s: s["phase"] == phase and s["turns"] > 6)
    changed = 0
    for viewer in range(3):
        seen = render(state, viewer, frame=True)
        for seed in (5, 6):
            again = GAME.redetermine(state, viewer, Rng.from_seed(seed))
            assert render(again, viewer, frame=True) == seen, (phase, viewer)
            secrets = [
                (p["hand"], p["objs"]) for s, p in enumerate(state["players"]) if s != viewer
            ]
            dealt = [(p["hand"], p["objs"]) for s, p in enumerate(again["players"]) if s != viewer]
            changed += secrets != dealt
    assert changed  # the secrets were really dealt anew


def test_it_offers_the_dial_and_keeps_it_secret_until_both_have_chosen():
    state = find(2, lambda s: s["phase"] == "combat")
    attacker, defender = (side["seat"] for side in state["ctx"]["combat"]["sides"])
    page = render(state, attacker)
    power = state["players"][attacker]["power"]
    for value in range(min(7, power) + 1):
        assert in_html(
            page, {"json": json.dumps({"type": "dial", "power": value}, separators=(",", ":"))}
        )
    assert "Combat on" in page and "choosing in secret" in page
    dialled = GAME.apply(state, attacker, {"type": "dial", "power": min(7, power)})
    for seat in GAME.to_act(dialled):
        page = render(dialled, seat)
        assert all(drawn(page, item, dialled, seat) for item in legal_items(dialled, seat))
    theirs = board_context(GAME.view(dialled, defender), defender, [], players(2))["sc"]
    side = next(s for s in theirs["combat"]["sides"] if not s["mine"])
    assert side["dial"] is None and side["chosen"] is None
    # What the defender sees depends only on what it may know.
    again = GAME.redetermine(dialled, defender, Rng.from_seed(9))
    assert render(dialled, defender) == render(again, defender)
    assert render(dialled, None) == render(again, None)


def test_it_draws_the_end_of_the_game_with_each_mats_final_score():
    state = play(2, 1, lambda s: bool(s["over"]), limit=20000)
    assert state is not None
    page = render(state, 0, frame=True)
    # The end screen says "Game over" above the board (not drawn here), so the board does not
    # repeat it (tests/platform/table/test_ended_by_forfeit.py).
    assert "Game over" not in page
    assert "structure bonus" in page and "Controls" in page  # the breakdown, in the mats
    assert "Seat0Name" in page and "Seat1Name" in page
    assert "legal" not in page.replace("sc-legend", "")
    outcome = GAME.outcome(state)
    assert outcome is not None
    for score in outcome.scores:  # each mat's running score agrees with the final table
        assert f"score if it ended now: <b>{int(score)}</b>" in page


def at_factory() -> dict[str, Any]:
    """A character steps onto the Factory (random games seldom get there)."""
    state = GAME.setup(2, 1, {})
    seat = state["turn"]
    state["players"][seat] = dict(state["players"][seat], char="r5c3")
    for wanted in (
        {"type": "section"},
        {"type": "move"},
        {"unit": "char", "to": REFERENCE["factory_hex"]},
    ):
        action = next(
            a
            for a in GAME.legal_actions(state, seat)
            if all(a.get(k) == v for k, v in wanted.items())
        )
        state = GAME.apply(state, seat, action)
    if state["phase"] == "move":
        state = GAME.apply(state, seat, {"type": "end_move"})
    assert state["phase"] == "factory"
    return state


@pytest.mark.parametrize("phase", ["encounter", "factory", "benefit", "payment", "load"])
def test_it_makes_encounter_and_factory_choices_clickable(phase):
    """Also an encounter's benefits taken in part, the tokens paying a bottom action, and the
    tokens a unit carries one by one."""
    state = at_factory() if phase == "factory" else find(2, lambda s: s["phase"] == phase)
    seat = state["turn"]
    page = render(state, seat)
    kinds = (phase, "factory_card", "pay_from", "coerce")
    items = [i for i in legal_items(state, seat) if i["action"]["type"] in kinds]
    assert items and all(in_html(page, item) for item in items)
    if phase == "factory":
        other = 1 - seat
        assert "is looking at the Factory cards" in render(state, other)


@pytest.mark.services
def test_it_is_the_board_the_match_page_draws(client, alice, bob, monkeypatch):
    """Through the site: a Scythe table's match page renders this board (not the fallback)."""
    from django.urls import reverse

    from games.core import registry
    from lobbies.services import lobby_create, lobby_join

    monkeypatch.setitem(registry.GAME_MODULES, "scythe", "games.scythe")
    table = lobby_create(host=alice, game="scythe", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    client.force_login(alice)
    page = client.get(reverse("play:match", args=[table.match.pk])).content.decode()
    assert "view-json" not in page
    assert page.count('class="sc-hex" data-hex=') == len(HEXES)
    assert "games/scythe/board.css" in page


def test_it_draws_a_seaworthy_retreat_with_or_without_the_workers():
    from tests.games.scythe.helpers import at, play, step, table

    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0].update(char="r4c3", power=5)
    state["players"][1].update(char="r3c3", mechs=[None, "r3c3", None, None])
    state["players"][1].update(workers=["r3c3"], hand=[])
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r3c3"), {"type": "end_move"})
    state = play(state, 0, {"type": "dial", "power": 5}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 0})
    assert state["phase"] == "retreat"
    page = render(state, 1)
    items = legal_items(state, 1)
    assert any(i["action"].get("workers") for i in items)
    assert all(in_html(page, item) for item in items)


def test_the_legend_explains_the_terrain_colours_and_what_each_produces():
    page = render(GAME.setup(2, 3, {}), 0)
    legend = page.split('class="sc-legend"')[1]
    for swatch in ("farm · food", "forest · wood", "mountain · metal", "tundra · oil", "village"):
        assert swatch in legend
    assert legend.count('class="sc-swatch sc-t-') == 8
    for symbol in ("sc-i-star", "sc-i-power", "sc-i-pop", "sc-i-coins", "sc-i-cards", "sc-i-obj"):
        assert symbol in legend  # every symbol of the panels is explained
    for mark in ("dashed yellow ring", "red ring", "last move", "tunnel", "rivers"):
        assert mark in legend


def test_your_own_mat_comes_before_the_map_and_opponents_are_closed_one_liners():
    page = render(GAME.setup(4, 3, {}), 1)
    assert page.index('id="my-area"') < page.index('class="sc-board card"')
    assert "Seat1Name" in page.split('id="my-area"')[1].split("</header>")[0]
    opponents = re.findall(r'<details class="sc-player sc-opp[^"]*"[^>]*>', page)
    assert len(opponents) == 3 and not any(" open" in tag for tag in opponents)
    for seat in (0, 2, 3):
        summary = page.split(f'data-keep="opponent-{seat}"')[1].split("</summary>")[0]
        assert f"Seat{seat}Name" in summary
        for stat in ("sc-i-star", "sc-i-power", "sc-i-pop", "sc-i-coins", "sc-i-cards", "sc-i-obj"):
            assert stat in summary  # name, faction, stars, power, popularity, coins, cards...


def test_no_hit_area_covers_the_units_a_player_picks():
    """The hit areas of one-choice territories lie under the pieces: a unit that may move is
    never hidden by the territory it stands on being a choice too."""
    state = find(2, lambda s: s["phase"] == "move")
    seat = GAME.to_act(state)[0]
    page = render(state, seat)
    svg = page.split('class="sc-map"')[1]
    first_piece = svg.index('class="sc-pieces"')
    assert 'class="sc-unit sc-' in svg and "sc-pick" in svg
    assert all(m.start() < first_piece for m in re.finditer('class="legal sc-hit"', svg))


def test_the_log_names_territories_and_units_as_players_do():
    state = GAME.setup(2, 3, {})
    move = {"type": "step", "unit": "w0", "to": "r2c4", "workers": 0, "carry": "none"}
    told = GAME.narrate(state, 0, move, state)
    assert told == "moved worker 1 to Mountain south of the Nordic base (r2c4)"
