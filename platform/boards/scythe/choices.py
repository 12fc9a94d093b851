"""The seat's legal actions, attached to what they act on. Generic on purpose: the board draws
whatever the engine offers, so a rules change that adds, drops or splits a decision keeps
working.

- An action with a hex (`to` or `hex`) is drawn on that hex of the map: alone there, the hex is
  clickable as a whole; with others, board.js asks which (a unit, a structure, a menu), and the
  list under the map has them all as buttons.
- An action the mats and panels know (a mat section, a top box, a dial value...) is found by
  `get(type, *fields)`, which also records it as drawn.
- `parts(type, field, value)`: the fields a thing on the board stands for in actions that take
  several clicks (a unit, then a hex; a top box, then a bottom action), for board.js.
- Whatever is left (`rest`) becomes a button in the status bar, so nothing is ever unreachable.
"""

from __future__ import annotations

from typing import Any

from .reference import HEXES

Item = dict[str, Any]
# The fields that tell apart the choices of one type drawn off the map.
KEY_FIELDS = {
    "section": ("n",),
    "move": (),
    "gain": (),
    "produce": (),
    "skip": (),
    "commit": (),
    "bolster": ("gain",),
    "trade": ("gain",),
    "pay": ("action",),
    "dial": ("power",),
    "card": ("value",),
    "encounter": ("option",),
    "factory_card": ("card",),
    "factory_top": ("choice",),
    "factory_move": (),
    "reveal": ("card",),
    "upgrade": ("top", "bottom"),
    "enlist": ("section", "bonus"),
}


def hex_of(action: dict[str, Any]) -> str | None:
    """The territory an action acts on, if any (a move's destination, a placement...)."""
    for field in ("to", "hex"):
        value = action.get(field)
        if isinstance(value, str) and value in HEXES:
            return value
    return None


class Choices:
    def __init__(self, legal: list[Item]) -> None:
        self.legal = legal
        self.drawn: set[str] = set()
        self.keys: dict[tuple[Any, ...], Item] = {}
        self.by_hex: dict[str, list[Item]] = {}
        self.values: set[tuple[str, str, Any]] = set()
        for item in legal:
            action = item["action"]
            self.values.update(
                (action["type"], field, value)
                for field, value in action.items()
                if isinstance(value, str | int)
            )
            where = hex_of(action)
            if where is not None:
                self.by_hex.setdefault(where, []).append(item)
                continue
            fields = KEY_FIELDS.get(action["type"])
            if fields is not None:
                key = (action["type"], *(action.get(f) for f in fields))
                self.keys.setdefault(key, item)

    def get(self, *key: Any) -> Item | None:
        item = self.keys.get(key)
        if item is not None:
            self.drawn.add(item["json"])
        return item

    def has(self, kind: str) -> bool:
        return any(item["action"]["type"] == kind for item in self.legal)

    def on_map(self) -> None:
        """The map draws every action with a hex (as a hit area, or through board.js and the
        list under the map)."""
        for items in self.by_hex.values():
            self.drawn.update(item["json"] for item in items)

    def parts(self, kind: str, field: str, value: Any) -> list[dict[str, Any]]:
        """[{type, field: value}] when some legal action of `kind` has that value, else []."""
        return [{"type": kind, field: value}] if (kind, field, value) in self.values else []

    def rest(self) -> list[Item]:
        """The legal actions nothing else on the board draws, in the engine's order."""
        return [item for item in self.legal if item["json"] not in self.drawn]
