"""Each action type declared once: its fields, its handler, its narration and its label.

A game keeps one table `ACTIONS: dict[str, ActionSpec]` (its `actions.py`). `check_action` is the
one place a payload's shape is checked (InvalidAction for anything malformed), and `narrator` /
`labeller` turn the table into the contract's `narrate` and `label`. Adding an action type is one
entry in the table.

Field types use one format for every game: `int` (never a bool), `str`, `bool`, or `StrList`
(a list of strings).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidAction
from .notation import Action, format_action

State = dict[str, Any]


class StrList:
    """The type of a field holding a list of strings (e.g. Dice City's chosen goods)."""


FieldType = type[int] | type[str] | type[bool] | type[StrList]
Handler = Callable[[State, int, Action], None]
Narrate = Callable[[State, int, Action, State], str]
Label = Callable[[State, int, Action], str]

_TYPE_NAMES: dict[Any, str] = {int: "a whole number", str: "text", bool: "true or false"}
_TYPE_NAMES[StrList] = "a list of text"


def _notation(state: State, seat: int, action: Action, after: State | None = None) -> str:
    return format_action(action)


@dataclass(frozen=True)
class ActionSpec:
    """One action type.

    fields: the required fields and their types. optional: fields that may be left out.
    one_of: of these optional fields, exactly one must be given (e.g. a card from the hand or a
    stored one). handler(state, seat, action) changes the working copy `apply` made.
    narrate(before, seat, action, after): the log line, safe for every viewer.
    label(state, seat, action): the text of the button that offers the action.
    """

    handler: Handler
    fields: Mapping[str, FieldType] = field(default_factory=dict)
    optional: Mapping[str, FieldType] = field(default_factory=dict)
    one_of: tuple[str, ...] = ()
    narrate: Narrate = _notation
    label: Label = _notation


def _type_ok(value: Any, want: FieldType) -> bool:
    if want is int:
        return type(value) is int
    if want is StrList:
        return type(value) is list and all(type(v) is str for v in value)
    return type(value) is want


def check_action(specs: Mapping[str, ActionSpec], action: Any, title: str) -> ActionSpec:
    """The spec of a well-formed action; InvalidAction (saying what is wrong) otherwise."""
    if type(action) is not dict or type(action.get("type")) is not str:
        raise InvalidAction("an action is an object with a string 'type'")
    kind = action["type"]
    spec = specs.get(kind)
    if spec is None:
        raise InvalidAction(f"{title} has no action called {kind!r}")
    if len(action) == 1 and not spec.fields and not spec.one_of:
        return spec  # the common case of a bare choice ("done", "end_turn"): nothing to check
    for key, value in action.items():
        if key == "type":
            continue
        want = spec.fields.get(key) or spec.optional.get(key)
        if want is None:
            raise InvalidAction(f"{kind} takes {_field_list(spec)}, not {key!r}")
        if not _type_ok(value, want):
            raise InvalidAction(f"{kind}: {key!r} must be {_TYPE_NAMES[want]}")
    missing = [key for key in spec.fields if key not in action]
    if missing:
        raise InvalidAction(f"{kind} takes {_field_list(spec)}; missing: {', '.join(missing)}")
    if spec.one_of and sum(key in action for key in spec.one_of) != 1:
        raise InvalidAction(f"{kind} takes exactly one of: {', '.join(spec.one_of)}")
    return spec


def _field_list(spec: ActionSpec) -> str:
    names = [*spec.fields, *(f"{k} (optional)" for k in spec.optional)]
    return ", ".join(names) if names else "no fields"


def narrator(specs: Mapping[str, ActionSpec]) -> Narrate:
    """The contract's `narrate`, dispatching on the action's type."""

    def narrate(state: State, seat: int, action: Action, after: State) -> str:
        return specs[action["type"]].narrate(state, seat, action, after)

    return narrate


def labeller(specs: Mapping[str, ActionSpec]) -> Label:
    """The contract's `label`, dispatching on the action's type."""

    def label(state: State, seat: int, action: Action) -> str:
        return specs[action["type"]].label(state, seat, action)

    return label


class LegalMemo:
    """The last answer of a `legal_actions` function, keyed on the state object itself.

    A bot asks for the list and `apply` then checks the chosen action against it, so the second
    call is free. Sound because states are never mutated once built (apply works on a copy).
    `shared(state, seat)` returns the memo's own list (callers only read it; the engine's own
    states only); calling the memo computes afresh and returns a copy, as the contract's
    `legal_actions` must.
    """

    def __init__(self, compute: Callable[[State, int], list[Action]]) -> None:
        self._compute = compute
        self._last: tuple[State, int, list[Action]] | None = None

    def shared(self, state: State, seat: int) -> list[Action]:
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        out = self._compute(state, seat)
        self._last = (state, seat, out)
        return out

    def __call__(self, state: State, seat: int) -> list[Action]:
        """The contract's `legal_actions`: always computed afresh, so a state a test or a tool
        edited in place never gets a stale answer, and remembered for `apply`'s check (a bot
        asks, then applies: still one computation per decision)."""
        out = self._compute(state, seat)
        self._last = (state, seat, out)
        return list(out)

    def forget(self) -> None:
        self._last = None
