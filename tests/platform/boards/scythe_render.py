"""The Scythe board drawn through the real templates (play.selectors.board_html without the
Match row) for states the engine reaches: helpers shared by the board's unit tests."""

from __future__ import annotations

import html
import json
from html.parser import HTMLParser
from typing import Any

from django.template.loader import render_to_string

from boards.scythe import board_context
from games.core import Rng, get_game

GAME = get_game("scythe")
REFERENCE = GAME.reference()
HEXES = REFERENCE["hexes"]
OBJECTIVES = REFERENCE["objectives"]  # keyed by the card number as text


class FakeMatch:
    pk = 1
    game = "scythe"


def players(n: int) -> list[dict[str, Any]]:
    return [{"seat": i, "name": f"Seat{i}Name", "is_bot": i > 0} for i in range(n)]


def legal_items(state: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    if seat is None or state["over"] or seat not in GAME.to_act(state):
        return []
    return [
        {
            "action": a,
            "json": json.dumps(a, separators=(",", ":")),
            "label": GAME.label(state, seat, a),
        }
        for a in GAME.legal_actions(state, seat)
    ]


def render(state: dict[str, Any], seat: int | None, frame: bool = False) -> str:
    """The board as the site draws it (play.selectors.board_html without the Match row, so
    without the end screen, which play's tests cover)."""
    n = len(state["players"])
    view = GAME.view(state, seat)
    legal = legal_items(state, seat)
    outcome = GAME.outcome(state)
    context: dict[str, Any] = {
        "match": FakeMatch(),
        "view": view,
        "seat": seat,
        "legal": legal,
        "players": players(n),
        "outcome": outcome.to_json() if outcome else None,
        "version": 1,
        "board_templates": ["games/scythe/board.html", "play/board_generic.html"],
    }
    context.update(board_context(view, seat, legal, context["players"]))
    template = "play/board_frame.html" if frame else "games/scythe/board.html"
    return render_to_string(template, context)


def play(seats: int, seed: int, until: Any, limit: int = 5000) -> dict[str, Any] | None:
    """Random play from a seed until `until(state)` holds; None if the game ends first."""
    state = GAME.setup(seats, seed, {})
    rng = Rng.from_seed(seed)
    for _ in range(limit):
        if until(state):
            return state
        if state["over"]:
            return None
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
    return None


def find(seats: int, until: Any) -> dict[str, Any]:
    for seed in range(1, 40):
        state = play(seats, seed, until)
        if state is not None:
            return state
    raise AssertionError("no random game reached the wanted state")


def in_html(page: str, item: dict[str, Any]) -> bool:
    return f'data-action="{html.escape(item["json"])}"' in page


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def tooltip(self) -> str:
        """Its title attribute, or the text of an SVG <title> child."""
        if self.attrs.get("title"):
            return self.attrs["title"]
        titles = [c for c in self.children if c.tag == "title"]
        return titles[0].attrs.get("text", "") if titles else ""

    def within(self, cls: str) -> bool:
        node = self.parent
        while node is not None:
            if cls in node.classes:
                return True
            node = node.parent
        return False


class _Tree(HTMLParser):
    VOID = {"br", "input", "img", "hr", "meta", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.root = Element("root", {}, None)
        self.stack = [self.root]
        self.all: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(tag, {k: v or "" for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        self.all.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(tag, {k: v or "" for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        self.all.append(node)

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        node = self.stack[-1]
        if node.tag == "title":
            node.attrs["text"] = node.attrs.get("text", "") + data


def elements(page: str) -> list[Element]:
    """Every element of an HTML (and inline SVG) page, with its parent and children."""
    tree = _Tree()
    tree.feed(page)
    return tree.all
