"""`{{ payload|payload_json_script:"id" }}`: Django's json_script, encoded with orjson (the match
page's payload carries the board's HTML and the log: json's encoder is several times slower)."""

from __future__ import annotations

from typing import Any

import orjson
from django import template
from django.utils.html import _json_script_escapes, format_html  # type: ignore[attr-defined]
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter(is_safe=True)
def payload_json_script(value: Any, element_id: str) -> SafeString:
    """As json_script: <, > and & escaped, so the text cannot end the script element."""
    text = orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
    return format_html(
        '<script id="{}" type="application/json">{}</script>',
        element_id,
        mark_safe(text.translate(_json_script_escapes)),
    )
