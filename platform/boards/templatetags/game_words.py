"""`{% load game_words %}`: a board template's words in the reader's language (the games'
catalogues, boards/language.py). `{% gw "Round {n}" n=sc.rounds %}` says a sentence;
`{{ value|gw }}` a word that comes from the context (a terrain, a resource). Both are escaped
like any other output."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import json_script

from boards.language import js_words, language, say
from games.core import Phrase, translate
from games.core.levels import bot_name

register = template.Library()


@register.simple_tag
def gw(msgid: str, **args: Any) -> str:
    return say(msgid, **args)


@register.filter(name="gw")
def gw_filter(value: Any) -> Any:
    if isinstance(value, Phrase):  # a phrase with its arguments ("{name} bot")
        return translate(value, language())
    return say(value) if isinstance(value, str) and value else value


@register.filter(name="bot_name")
def bot_name_filter(level: str) -> str:
    """A bot seat's name from its level ("standard" -> "Bot estándar")."""
    return translate(bot_name(level), language())


@register.simple_tag
def game_js_words(game: str) -> str:
    """The board script's sentences in the reader's language, as a JSON script element
    (`id="game-words"`) its `t()` reads; escaped as Django's json_script does."""
    return json_script(js_words(game), "game-words")
