"""Every thing on the Scythe board says what it does when pointed at (a tooltip: a title, or an
SVG <title>): actions, structures, mech and faction abilities, recruits and enlist bonuses,
objectives, encounter options, Factory cards, symbols and territories, in the project's words."""

from __future__ import annotations

import pytest

from .scythe_render import GAME, elements, find, legal_items, render

# class -> what it is; each must have a tooltip wherever it is drawn
KINDS = {
    "sc-section": "a mat section (its top-row action)",
    "sc-box": "a top-row box",
    "sc-recruit": "a recruit's ongoing bonus",
    "sc-struct": "a structure on the mat",
    "sc-mechslot": "a mech and its ability",
    "sc-bonus": "an enlist bonus",
    "sc-obj": "an objective",
    "sc-stat": "a symbol with its number",
    "sc-faction": "a faction and its ability",
    "sc-handlist": "the viewer's combat cards",
    "sc-hex": "a territory",
    "sc-unit": "a unit",
    "sc-structure": "a structure on the map",
    "sc-res": "resource tokens",
    "sc-encounter-token": "an encounter token",
    "sc-river": "a river",
    "sc-option": "an encounter option",
    "sc-fcard": "a Factory card",
    "sc-dialvalue": "a power dial value",
}


def built_up(state) -> bool:
    """Mid-game: structures, mechs, recruits, resources and a completed objective."""
    players = state["players"]
    return (
        any(p["built"] for p in players)
        and any(any(p["mechs"]) for p in players)
        and any(p["recruits"] for p in players)
        and bool(state["res"])
        and any(p.get("revealed") for p in players)
    )


def missing(page: str) -> tuple[set[str], list[str]]:
    kinds_seen, untold = set(), []
    for el in elements(page):
        if el.within("sc-legend"):
            continue  # the legend's samples are explained by its own words
        for cls in el.classes & set(KINDS):
            kinds_seen.add(cls)
            if not el.tooltip():
                untold.append(f"{KINDS[cls]}: {el.attrs}")
    return kinds_seen, untold


@pytest.mark.parametrize("moment", ["built up", "combat", "encounter"])
def test_everything_drawn_has_a_tooltip(moment):
    if moment == "built up":
        state = find(3, built_up)
    else:
        state = find(2, lambda s, m=moment: s["phase"] == m)
    seat = GAME.to_act(state)[0]
    seen, untold = missing(render(state, seat))
    assert not untold, untold[:5]
    expected = {
        "built up": set(KINDS) - {"sc-option", "sc-fcard", "sc-dialvalue"},
        "combat": {"sc-dialvalue", "sc-unit", "sc-hex"},
        "encounter": {"sc-option", "sc-unit", "sc-hex"},
    }[moment]
    assert expected <= seen, expected - seen  # nothing passed untested


def test_the_bottom_row_says_what_each_action_does_and_costs():
    state = GAME.setup(2, 4, {})
    page = render(state, 0)
    cells = [el for el in elements(page) if el.tag == "td" and el.within("sc-bottomrow")]
    assert len(cells) >= 8
    for cell in cells[:4]:
        text = cell.tooltip()
        assert text and "Costs" in text, text


def test_a_factory_card_says_what_it_does():
    from tests.platform.boards.test_scythe_board import at_factory

    state = at_factory()
    page = render(state, state["turn"])
    cards = [el for el in elements(page) if "sc-fcard" in el.classes]
    assert cards and all("Factory card" in el.tooltip() and "gain" in el.tooltip() for el in cards)
    assert all(item["json"] for item in legal_items(state, state["turn"]))
