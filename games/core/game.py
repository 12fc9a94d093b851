"""The engine contract (ARCHITECTURE.md): what every game gives the platform, and nothing more."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .notation import Action, format_action, parse_action
from .rng import Rng

State = dict[str, Any]
View = dict[str, Any]
Bot = Callable[[State, int, Rng], Action]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    `places[seat]` is 1 for the winner; tied seats share a place (1, 1, 3). `scores[seat]` is the
    game's own score (VP, coins...). `details[seat]` is the score breakdown shown at the end.
    """

    places: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    details: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "scores": list(self.scores),
            "reason": self.reason,
            "details": [dict(d) for d in self.details],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            places=tuple(data["places"]),
            scores=tuple(data["scores"]),
            reason=data["reason"],
            details=tuple(data.get("details", ())),
        )


def places_from_scores(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) from one sort key per seat, higher is better."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


@dataclass(frozen=True)
class Option:
    """A table option the engine declares; the lobby builds its form from these.

    kind is "bool" or "choice"; for "choice", `choices` lists (value, label) pairs.
    `hidden`: set by the platform, never by a host (e.g. Scythe's `rules`, the rules version a
    match was started under so that older matches' logs still replay): the lobby's form and the
    table page leave it out, `clean_options` still fills in its default for a new table.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    help: str = ""
    hidden: bool = False

    def clean(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if value in ("true", "on", "1", 1):
                return True
            if value in ("false", "off", "0", 0, "", None):
                return False
            raise ValueError(f"{self.label}: expected yes or no")
        allowed = [c[0] for c in self.choices]
        if value in allowed:
            return value
        for choice in allowed:
            if str(choice) == str(value):
                return choice
        raise ValueError(f"{self.label}: choose one of {', '.join(map(str, allowed))}")


def clean_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults for what is missing; ValueError for an unknown name or a bad value."""
    given = dict(given or {})
    known = {o.name for o in declared}
    unknown = sorted(set(given) - known)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(unknown)}")
    return {o.name: o.clean(given[o.name]) if o.name in given else o.default for o in declared}


def _no_redaction(state: State, seat: int, action: Action) -> Action:
    return action


def _forfeit_on_timeout(state: State, seat: int) -> Action | None:
    return None


def _narrate_as_notation(state: State, seat: int, action: Action, after: State) -> str:
    return format_action(action)


def _label_as_notation(state: State, seat: int, action: Action) -> str:
    return format_action(action)


def _no_reference() -> Mapping[str, Any]:
    return {}


def _every_decision_reveals(before: State, seat: int, action: Action, after: State) -> bool:
    return True  # the safe default: nothing can be taken back


def rng_used(before: State, after: State) -> bool:
    """The decision drew on the state's random numbers (a die roll, a shuffle): always a reveal,
    for the numbers drawn were hidden from everyone. Games keep the RNG state under "rng"."""
    return bool(before.get("rng") != after.get("rng"))


@dataclass(frozen=True)
class Game:
    """One registered game. Every function works on plain JSON data and never mutates its input.

    setup(seats, seed, options) -> State
    to_act(state) -> tuple of seats that owe a decision now (several for simultaneous choices)
    legal_actions(state, seat) -> every action that seat may take now (finite, complete)
    apply(state, seat, action) -> new State; InvalidAction / IllegalAction on refusal
    apply_trusted(state, seat, action) -> what `apply` returns, without its checks: only for an
        action the engine's own bot just chose from `legal_actions` of that very state, on a
        state no one else holds (the strong bot's play-outs); optional (None: `apply`). The
        conformance suite checks that it gives what `apply` gives.
    outcome(state) -> Outcome, or None while the game goes on
    view(state, seat or None) -> what that seat (None: a spectator) may see, as JSON
    redetermine(state, seat, rng) -> a state that differs only in what `seat` cannot see
        (hidden hands, deck orders...). The conformance suite checks that `view` for that seat
        is unchanged by it: the proof that a view leaks nothing.
    public_action(state, seat, action) -> the action as other seats may see it in the log
    narrate(state, seat, action, after) -> a short sentence for the log ("used Quarry: +2
        stone"), safe for every viewer; `state` is before the action and `after` the state
        `apply` returned, so nothing is applied twice to tell what happened.
    label(state, seat, action) -> the text of the button that offers this action ("Use Quarry").
    timeout_action(state, seat) -> the action the site applies when that seat's clock runs out
        (e.g. "decline to follow"), or None when running out of time forfeits the game.
    reveals(before, seat, action, after) -> True when the decision showed the deciding seat
        something hidden from it before (a die roll, a card drawn, an encounter card, the
        opponent's combat dial): the site lets a player take back decisions of their own turn
        in casual games, back to the last one that revealed. Default: every decision reveals.
        The conformance suite checks that a decision said not to reveal leaves the seat's view
        after it the same however its hidden information is re-dealt.
    public_view: True when every seat sees the same as a spectator (a game without hands or other
        secrets, e.g. Dice City): view(state, seat) == {**view(state, None), "seat": seat}, so
        the site builds one view a version for all its viewers. The conformance suite checks it.
    reference() -> the game's static, public data a board draws with (the map, the player mats,
        the card catalogue...) as JSON; optional. Everything that depends on the state (scores
        so far, controlled territories, location values) is in `view` instead, so the platform
        reads no engine module but the contract (docs/engine-contract.md).
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    setup: Callable[[int, int, Mapping[str, Any]], State]
    to_act: Callable[[State], tuple[int, ...]]
    legal_actions: Callable[[State, int], list[Action]]
    apply: Callable[[State, int, Action], State]
    outcome: Callable[[State], Outcome | None]
    view: Callable[[State, int | None], View]
    redetermine: Callable[[State, int, Rng], State]
    bots: Mapping[str, Bot]
    options: tuple[Option, ...] = ()
    format_action: Callable[[Action], str] = format_action
    parse_action: Callable[[str], Action] = parse_action
    public_action: Callable[[State, int, Action], Action] = _no_redaction
    narrate: Callable[[State, int, Action, State], str] = _narrate_as_notation
    label: Callable[[State, int, Action], str] = _label_as_notation
    timeout_action: Callable[[State, int], Action | None] = _forfeit_on_timeout
    reference: Callable[[], Mapping[str, Any]] = _no_reference
    reveals: Callable[[State, int, Action, State], bool] = _every_decision_reveals
    apply_trusted: Callable[[State, int, Action], State] | None = None
    summary: str = ""
    public_view: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    def clean_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        return clean_options(self.options, given)

    def shown_options(self) -> tuple[Option, ...]:
        """The options a host chooses and a table page shows (the hidden ones left out)."""
        return tuple(o for o in self.options if not o.hidden)

    def seat_range(self) -> range:
        return range(self.min_seats, self.max_seats + 1)
