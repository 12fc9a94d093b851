"""The games the site offers. The platform reads this and nothing else of the engines."""

from __future__ import annotations

import importlib

from .game import Game

# Name -> module exposing GAME. A game joins the site by being listed here (adding-a-game.md).
GAME_MODULES: dict[str, str] = {
    "dicecity": "games.dicecity",
    "spqf": "games.spqf",
    "scythe": "games.scythe",
}

_loaded: dict[str, Game] = {}


def get_game(name: str) -> Game:
    """The registered game called `name`; KeyError if there is none."""
    if name not in GAME_MODULES:
        raise KeyError(f"no game called {name!r}")
    if name not in _loaded:
        game = importlib.import_module(GAME_MODULES[name]).GAME
        if game.name != name:
            raise RuntimeError(f"{GAME_MODULES[name]} registers {game.name!r}, not {name!r}")
        _loaded[name] = game
    return _loaded[name]


def all_games() -> list[Game]:
    return [get_game(name) for name in GAME_MODULES]


def game_names() -> list[str]:
    return list(GAME_MODULES)
