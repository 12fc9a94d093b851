"""`{{ round.label|round_label }}`, `{{ entry|audit_text }}`: stored round names and audit
entries in the reader's language."""

from __future__ import annotations

from django import template

from tournaments.labels import audit_text as audit_said
from tournaments.labels import round_label as translated

register = template.Library()


@register.filter
def round_label(text: str) -> str:
    return translated(text)


@register.filter
def audit_text(entry: object) -> str:
    return audit_said(entry)
