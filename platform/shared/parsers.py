"""The API's JSON parser (REST_FRAMEWORK's default; views that take JSON only name it)."""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.parsers import JSONParser

# Deeper than any action, option set or form a client sends; the bound keeps the decoder and
# everything after it (validation, the engine, the database) far from Python's recursion limit.
MAX_JSON_DEPTH = 32


class BoundedJSONParser(JSONParser):
    """JSON, refused with a 400 when nested deeper than MAX_JSON_DEPTH or holding a NUL
    character (PostgreSQL stores neither in text nor in jsonb)."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise exceptions.ParseError(_("JSON parse error - nested too deeply.")) from exc
        _check_json(data)
        return data


def _check_json(data: Any) -> None:
    """Walk the parsed body without recursion: its depth and its strings."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise exceptions.ParseError(
                    _("JSON parse error - nested deeper than %(MAX_JSON_DEPTH)s levels.")
                    % {"MAX_JSON_DEPTH": MAX_JSON_DEPTH}
                )
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            pending.extend((item, depth + 1) for item in items)
        elif isinstance(value, str) and "\x00" in value:
            raise exceptions.ParseError(_("JSON parse error - NUL characters are not allowed."))
