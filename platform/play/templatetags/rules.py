"""{% load rules %}: `game.name|has_rules` says whether the game has a rules page
(templates/rules/<game>.html), so pages link only to the rules that exist."""

from __future__ import annotations

import functools

from django import template
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

register = template.Library()


@register.filter
@functools.cache
def has_rules(game: str) -> bool:
    try:
        get_template(f"rules/{game}.html")
    except TemplateDoesNotExist:
        return False
    return True
