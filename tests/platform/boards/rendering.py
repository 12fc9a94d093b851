"""Render a game's board template as the site does (its board_context merged in, the legal
actions in the site's JSON) and read back what the HTML offers: the choices drawn in place and
the tooltips of the things drawn."""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

from django.template.loader import render_to_string

from boards.context import board_context
from games.core import get_game
from play.selectors import legal_for

State = dict[str, Any]


def names(count: int) -> list[dict[str, Any]]:
    return [{"seat": i, "name": f"P{i}", "is_bot": False} for i in range(count)]


def legal(game_name: str, state: State, seat: int | None) -> list[dict[str, Any]]:
    game = get_game(game_name)
    game.legal_actions.forget()  # scenario states are changed in place
    return legal_for(game, state, seat, {i: f"P{i}" for i in range(8)})


def render(game_name: str, state: State, seat: int | None, outcome: Any = None) -> str:
    game = get_game(game_name)
    view = game.view(state, seat)
    choices = legal(game_name, state, seat)
    players = names(len(view["players"]))
    context = {"view": view, "seat": seat, "legal": choices, "players": players}
    context["outcome"] = outcome
    context.update(board_context(game_name, view, seat, choices, context))
    return render_to_string(f"games/{game_name}/board.html", context)


def key(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def offered(html: str) -> set[str]:
    """Every action the board makes in place: data-action, each target of data-after (a die's
    or a card's second click), each entry of data-actions (the Well's dice)."""
    found = set()
    for attr, value in re.findall(r'data-(action|after|actions)="([^"]*)"', html):
        data = json.loads(unescape(value))
        found.update(key(a) for a in (data.values() if attr != "action" else [data]))
    return found


def missing(game_name: str, state: State, seat: int) -> list[str]:
    """The legal actions of `seat` that its board does not offer in place."""
    html = render(game_name, state, seat)
    wanted = {key(i["action"]) for i in legal(game_name, state, seat)}
    return sorted(wanted - offered(html))


VOID = {"br", "img", "input", "hr", "meta", "link", "col", "wbr"}


class _Elements(HTMLParser):
    """Every element with its attributes and whether an ancestor has a tooltip (the bubble of
    static/games/kit.js shows the nearest one)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str], bool]] = []
        self.open: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        inherited = any(titled for _tag, titled in self.open)
        self.found.append((tag, values, inherited))
        if tag not in VOID:
            self.open.append((tag, bool(values.get("title", "").strip())))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                return


def elements(html: str) -> list[tuple[str, dict[str, str], bool]]:
    """(tag, attributes, inside a titled element) of every element of the HTML."""
    parser = _Elements()
    parser.feed(html)
    return parser.found


def untitled(html: str, classes: tuple[str, ...]) -> list[str]:
    """Elements with one of `classes` (or any choice: data-action, data-pick, data-after) with
    no tooltip of their own nor from an element around them."""
    out = []
    for tag, attrs, inherited in elements(html):
        mine = set(attrs.get("class", "").split()) & set(classes)
        choice = any(a in attrs for a in ("data-action", "data-pick", "data-after"))
        if (mine or choice) and not inherited and not attrs.get("title", "").strip():
            out.append(f"<{tag} {attrs}>")
    return out
