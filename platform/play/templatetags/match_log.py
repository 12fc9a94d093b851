"""`{% match_log log seat %}`: the match page's log entries as `<li>` items, written in Python
(the page shows up to selectors.LOG_PAGE of them on every first load, `?log=all` the whole log:
a template loop with its number formatting cost several times more). static/js/match.js writes
the same items for the entries that follow."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def _item(entry: dict[str, Any], seat: int | None) -> str:
    if entry["action"].get("type") == "_undo":
        mark = ' class="undo-note"'
    elif entry["seat"] == seat and entry["revealed"] is False and not entry["timed_out"]:
        mark = ' data-undoable="1"'  # the seat's own decision that revealed nothing
    else:
        mark = ""
    seq = int(entry["seq"])
    text = escape(entry["text"])
    return f'<li data-seq="{seq}"{mark}><span class="log-seq">{seq}</span> {text}</li>'


@register.simple_tag
def match_log(log: list[dict[str, Any]], seat: int | None) -> SafeString:
    return mark_safe("".join(_item(entry, seat) for entry in log))  # every text escaped above
