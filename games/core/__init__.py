"""The engine contract every game implements; see ARCHITECTURE.md and docs/engine-contract.md."""

from .actions import ActionSpec, LegalMemo, StrList, check_action, labeller, narrator
from .errors import GameError, IllegalAction, InvalidAction
from .game import (
    Bot,
    Game,
    Option,
    Outcome,
    State,
    View,
    clean_options,
    places_from_scores,
    rng_used,
)
from .notation import Action, format_action, parse_action
from .registry import all_games, game_names, get_game
from .rng import Rng
from .state import clone
from .words import Phrase, joined, phrase, term, translate

__all__ = [
    "Action",
    "ActionSpec",
    "LegalMemo",
    "StrList",
    "check_action",
    "clone",
    "labeller",
    "narrator",
    "Bot",
    "Game",
    "GameError",
    "IllegalAction",
    "InvalidAction",
    "Option",
    "Outcome",
    "Rng",
    "State",
    "View",
    "all_games",
    "clean_options",
    "format_action",
    "game_names",
    "get_game",
    "parse_action",
    "Phrase",
    "joined",
    "phrase",
    "term",
    "translate",
    "places_from_scores",
    "rng_used",
]
