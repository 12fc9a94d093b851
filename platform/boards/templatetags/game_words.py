"""`{% load game_words %}`: a board template's words in the reader's language (the games'
catalogues, boards/language.py). `{% gw "Round {n}" n=sc.rounds %}` says a sentence;
`{{ value|gw }}` a word that comes from the context (a terrain, a resource). Both are escaped
like any other output."""

from __future__ import annotations

from typing import Any

from django import template

from boards.language import say

register = template.Library()


@register.simple_tag
def gw(msgid: str, **args: Any) -> str:
    return say(msgid, **args)


@register.filter(name="gw")
def gw_filter(value: Any) -> Any:
    return say(value) if isinstance(value, str) and value else value
