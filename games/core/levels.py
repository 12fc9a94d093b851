"""Bot levels: what the site offers when it fills a seat with a bot.

Every game registers the same three levels (and "random") in its `bots` table:

- beginner: the standard bot, but on purpose a fraction of its decisions (`MISTAKES`) is a
  legal move picked at random. It still plays whole, legal turns and beats random play.
- standard: the game's hand-written heuristic (Scythe: a turn played ahead in its head; Dice
  City: greedy two-step look-ahead; SPQF: rules of thumb). The default for bot seats and for
  seats that stand in for an absent player.
- strong: the standard move checked against a few heuristic-ranked others by playouts over
  common re-deals (games/core/search.py, the game's `redetermine`), within a time budget per
  decision (`DEFAULT_BUDGET`, one core). It never reads another seat's secrets: every round
  starts from a re-dealt state, and each game's `redetermine` depends only on the bot's view
  and seed.

The search settings of a game live in `Game.extra["search"]` (a SearchConfig); `make_bot` builds
a level with another budget (the bench uses tiny ones). Names that seats stored before the levels
existed ("heuristic", "greedy") still resolve, to the standard level.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from . import registry  # the registry imports the games, which import this: by attribute
from .game import Bot, Game, State
from .notation import Action
from .rng import Rng
from .search import SearchConfig, SearchStats, search
from .words import Phrase

LEVELS: tuple[str, ...] = ("beginner", "standard", "strong")
# Phrases (games.core.words): a bot's name reads in each viewer's language where it is shown.
LEVEL_LABELS: Mapping[str, Phrase] = {
    "beginner": Phrase("Beginner bot"),
    "standard": Phrase("Standard bot"),
    "strong": Phrase("Strong bot"),
    "random": Phrase("Random bot"),
}
DEFAULT_LEVEL = "standard"
DEFAULT_BUDGET = 1.0
MISTAKES = 0.3
LEGACY_NAMES: Mapping[str, str] = {"heuristic": "standard", "greedy": "standard"}


def beginner(standard: Bot, legal: Callable[[State, int], list[Action]]) -> Bot:
    """The standard bot with a random legal move instead in a fraction MISTAKES of decisions."""

    def choose(state: State, seat: int, rng: Rng) -> Action:
        if rng.random() < MISTAKES:
            return rng.choice(legal(state, seat))
        return standard(state, seat, rng)

    return choose


def strong(game_name: str, budget: float | None = None, stats: SearchStats | None = None) -> Bot:
    """The search bot of a registered game (looked up when it first moves: the Game object that
    holds this bot does not exist yet while the game's module builds its bot table)."""

    def choose(state: State, seat: int, rng: Rng) -> Action:
        game = registry.get_game(game_name)
        return search(game, state, seat, rng, search_config(game, budget), stats)

    return choose


def search_config(game: Game, budget: float | None = None) -> SearchConfig:
    config = game.extra.get("search")
    if not isinstance(config, SearchConfig):
        raise KeyError(f"{game.name} declares no search settings (Game.extra['search'])")
    return config if budget is None else replace(config, budget=budget)


def level_bots(
    game_name: str,
    random: Bot,
    standard: Bot,
    legal: Callable[[State, int], list[Action]],
) -> dict[str, Bot]:
    """The bot table a game registers: random, the three levels and the legacy names."""
    bots: dict[str, Bot] = {
        "random": random,
        "beginner": beginner(standard, legal),
        "standard": standard,
        "strong": strong(game_name),
    }
    for old in LEGACY_NAMES:
        bots[old] = standard
    return bots


def offered(game: Game) -> list[str]:
    """The bot names the site lists when a host fills a seat, weakest first."""
    return [name for name in ("random", *LEVELS) if name in game.bots]


def make_bot(game: Game, name: str, budget: float | None = None, stats: Any = None) -> Bot:
    """A bot by level or name; `budget` (seconds per decision) applies to the strong level."""
    name = LEGACY_NAMES.get(name, name)
    if name == "strong":
        return strong(game.name, budget, stats)
    if name not in game.bots:
        raise KeyError(f"{game.name} has no bot called {name!r} (it has: {', '.join(game.bots)})")
    return game.bots[name]


def bot_name(name: str) -> Phrase:
    """A bot seat's name ("Standard bot"), as a phrase; a name stored before the levels
    existed reads "Heuristic bot"."""
    return LEVEL_LABELS.get(name) or Phrase("{name} bot", {"name": name.capitalize()})


def bot_choices(game: Game) -> list[tuple[str, Phrase]]:
    """(name, label) of the bots a host may seat, weakest first: the site's select box."""
    return [(name, bot_name(name)) for name in offered(game)]
