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
    # Every key the action may hold and its type, "type" included: `check_action`'s fast pass.
    takes: Mapping[str, FieldType] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "takes", {"type": str, **self.optional, **self.fields})


def _type_ok(value: Any, want: FieldType) -> bool:
    if want is int:
        return type(value) is int
    if want is StrList:
        return type(value) is list and all(type(v) is str for v in value)
    return type(value) is want


def check_action(specs: Mapping[str, ActionSpec], action: Any, title: str) -> ActionSpec:
    """The spec of a well-formed action; InvalidAction (saying what is wrong) otherwise.

    Every `apply` starts here, so the common case (known keys of the exact types, the required
    ones present) is one pass over the action; anything else is explained by `_explain`."""
    kind = action.get("type") if type(action) is dict else None
    if type(kind) is str:
        spec = specs.get(kind)
        if spec is not None:
            takes = spec.takes
            for key, value in action.items():
                if type(value) is not takes.get(key):
                    break
            else:
                if spec.fields.keys() <= action.keys() and not spec.one_of:
                    return spec
    return _explain(specs, action, title)


def _explain(specs: Mapping[str, ActionSpec], action: Any, title: str) -> ActionSpec:
    """The full check: the spec when the action is well-formed after all (a list of strings,
    a choice of one of several fields), else InvalidAction saying what is wrong."""
    if type(action) is not dict or type(action.get("type")) is not str:
        raise InvalidAction("an action is an object with a string 'type'")
    kind = action["type"]
    spec = specs.get(kind)
    if spec is None:
        raise InvalidAction(f"{title} has no action called {kind!r}")
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
    """The last answer of a `legal_actions` function, kept with a working copy of its state.

    A bot asks for the list and `apply` then checks the chosen action against it, so the second
    listing is free. The answer is used again only while the state still equals the copy made
    when it was listed, so a state edited in place after its legal actions were listed (a test, a
    tool) is listed afresh, never judged by the old list. The copy is the engine's own working
    copy (`copy`: what `apply` starts from anyway), and `claim` hands it to `apply`: a checked
    move costs one comparison more than an unchecked one, and no second copy.

    "Equals" is as deep as `copy` copies: Scythe's working copy shares the unit lists, hands and
    piles with the state before it (the rules code replaces them, never changes them in place),
    so changing one of those in place would change the states before it too; replace it instead
    (`games/scythe/positions.edit`), and the memo sees it.
    """

    def __init__(
        self, compute: Callable[[State, int], list[Action]], copy: Callable[[State], State]
    ) -> None:
        self._compute = compute
        self._copy = copy
        self._last: tuple[State, int, list[Action], State] | None = None

    def shared(self, state: State, seat: int) -> list[Action]:
        """The list itself (callers only read it): the engine's bots."""
        last = self._last
        if last is not None and last[0] is state and last[1] == seat and last[3] == state:
            return last[2]
        out = self._compute(state, seat)
        self._last = (state, seat, out, self._copy(state))
        return out

    def __call__(self, state: State, seat: int) -> list[Action]:
        """The contract's `legal_actions`: a list of the caller's own."""
        return self.shared(state, seat)[:]

    def fresh(self, state: State, seat: int) -> list[Action]:
        """Listed now and not remembered: a bot's look-ahead over states it applies nothing to
        through the checked `apply` (no working copy is made for them)."""
        return self._compute(state, seat)

    def claim(self, state: State, seat: int, action: Action) -> State | None:
        """`apply`'s check: a working copy of `state` to apply `action` to when it is legal now
        (the copy kept with the list, which is then used up), or None when it is not."""
        last = self._last
        if last is not None and last[0] is state and last[1] == seat and last[3] == state:
            actions, kept = last[2], last[3]
        else:
            actions, kept = self._compute(state, seat), self._copy(state)
        if action not in actions:
            self._last = (state, seat, actions, kept)
            return None
        self._last = None  # the copy is about to change
        return kept

    def working_copy(self, state: State, seat: int) -> State:
        """A working copy of `state` for an action checked another way (Scythe's move steps):
        the kept one while the state still equals it (then used up), else a new one."""
        last = self._last
        if last is not None and last[0] is state and last[1] == seat and last[3] == state:
            self._last = None
            return last[3]
        return self._copy(state)

    def forget(self) -> None:
        self._last = None
