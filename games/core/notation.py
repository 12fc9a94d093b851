"""The short text notation shared by every game: `type key=value key=a,b`.

Actions are flat JSON objects with a "type" and scalar or list-of-scalar fields, so one notation
serves every game: logs, e-mail replies and the command line. Examples:
`use die=2`, `build card=quarry row=1 col=4`, `move unit=mech:2 to=12,14`.
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidAction

Action = dict[str, Any]


def _format_scalar(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "-"
    if type(value) is int:  # the common case: nothing to check
        return str(value)
    text = str(value)
    if not text or " " in text or "=" in text or "," in text:
        raise InvalidAction(f"value {text!r} cannot be written in the notation")
    return text


def format_action(action: Action) -> str:
    """Write an action in the notation; fields keep their order."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidAction("an action is an object with a string 'type'")
    parts = [action["type"]]
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, list | tuple):
            # A one-item list keeps a trailing comma so it reads back as a list.
            text = ",".join(_format_scalar(v) for v in value) if value else "[]"
            if len(value) == 1:
                text += ","
        else:
            text = _format_scalar(value)
        parts.append(f"{key}={text}")
    return " ".join(parts)


def _parse_scalar(text: str) -> Any:
    if text == "yes":
        return True
    if text == "no":
        return False
    if text == "-":
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def parse_action(text: str) -> Action:
    """Read the notation back. A value with a comma is a list; `[]` is the empty list."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidAction("an empty action")
    head, *fields = text.split()
    action: Action = {"type": head}
    for field in fields:
        key, sep, value = field.partition("=")
        if not sep or not key or not value:
            raise InvalidAction(f"cannot read {field!r}: expected key=value")
        if value == "[]":
            action[key] = []
        elif "," in value:
            items = value.split(",")
            if items[-1] == "":
                items.pop()
            action[key] = [_parse_scalar(v) for v in items]
        else:
            action[key] = _parse_scalar(value)
    return action
