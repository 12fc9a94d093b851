"""`{{ round.label|round_label }}`: a stored round name in the reader's language."""

from __future__ import annotations

from django import template

from tournaments.labels import round_label as translated

register = template.Library()


@register.filter
def round_label(text: str) -> str:
    return translated(text)
