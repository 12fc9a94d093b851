"""The time control in the API (docs/api.md, "Time controls"): the `clock` object a table or a
tournament is created with, and the one they show. The arithmetic is play/clocks.py's.

In: `{"preset": "normal"}` (the game's preset, as the form offers it), `{"kind": "fischer",
"base": 1200, "increment": 30}`, or a preset with some numbers changed (`{"preset": "normal",
"increment": 25}`). Unknown keys, a missing kind, numbers out of range or a capped bank without
its cap are refused with the field and a sentence (400 "malformed"); the service then refuses
what the table's pace cannot take (days per move for live play: 400 "bad_clock").
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from play import banks, clocks

# The numbers' bounds (clocks.control_from's), for the API and the forms alike.
BANK = {"min_value": 10, "max_value": 60 * clocks.DAY}
INCREMENT = {"min_value": 0, "max_value": 30 * clocks.DAY}


class TimeControlInput(serializers.Serializer):  # type: ignore[type-arg]
    """A time control: a preset by name, a kind with its numbers, or a preset with some numbers
    changed. Seconds throughout."""

    preset = serializers.ChoiceField(
        choices=list(clocks.PRESET_NAMES),
        required=False,
        help_text="The game's preset (numbers in docs/play.md); the numbers given replace its own.",
    )
    kind = serializers.ChoiceField(
        choices=list(clocks.KINDS),
        required=False,
        help_text="fischer: bank + increment; capped: the same with a cap (BGA's reflection "
        "time); simple: a fixed time per move; days: turn-based days per move with a bank.",
    )
    base = serializers.IntegerField(
        required=False, help_text="Seconds in the bank at the start.", **BANK
    )
    increment = serializers.IntegerField(
        required=False,
        help_text="Seconds added when a seat's turn part is complete.",
        **INCREMENT,
    )
    cap = serializers.IntegerField(
        required=False, allow_null=True, help_text="capped, days: the bank at most.", **BANK
    )
    weekends = serializers.BooleanField(
        required=False, help_text="days: no clock on Saturdays and Sundays in each player's zone."
    )

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {key: [_("Not a field of a time control.")] for key in unknown}
                )
        return super().to_internal_value(data)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("preset") and not attrs.get("kind"):
            raise serializers.ValidationError(_("Give a preset or a kind."))
        return attrs


def time_control(game: str, given: dict[str, Any] | None) -> dict[str, Any] | None:
    """The control `given` (TimeControlInput's data) for `game`, checked: None when not given;
    serializers.ValidationError when it cannot be played."""
    if given is None:
        return None
    chosen = dict(given)
    name = chosen.pop("preset", None)
    control: dict[str, Any] = (
        clocks.preset(game, name) if name else {"cap": None, "weekends": False}
    )
    control.update(chosen)
    if control["kind"] in ("capped", "days") and control.get("cap") is None:
        raise serializers.ValidationError({"cap": [_("This time control needs its cap.")]})
    if "base" not in control:
        raise serializers.ValidationError({"base": [_("This field is required.")]})
    if control["kind"] in ("capped", "days") and int(control["cap"]) < int(control["base"]):
        raise serializers.ValidationError(
            {"cap": [_("The cap may not be below the bank at the start.")]}
        )
    try:
        return clocks.control_from(control).to_json()
    except clocks.BadControl as exc:
        raise serializers.ValidationError(_("This time control cannot be played.")) from exc


def clock_checked(attrs: dict[str, Any]) -> dict[str, Any]:
    """A table's or a tournament's input with its `clock` checked for its `game` (the errors
    under "clock")."""
    if "clock" in attrs:
        try:
            attrs["clock"] = time_control(attrs["game"], attrs["clock"])
        except serializers.ValidationError as exc:
            raise serializers.ValidationError({"clock": exc.detail}) from exc
    return attrs


class ClockInput(serializers.Serializer):  # type: ignore[type-arg]
    """The `clock` of a table's or a tournament's input, checked for its `game`."""

    clock = TimeControlInput(
        required=False,
        help_text="The time control (a tournament's: of every table), a preset or a kind with "
        "its numbers; none: `move_seconds` per move.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return clock_checked(attrs)


class TimeControlOutput(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=list(clocks.KINDS))
    base = serializers.IntegerField(help_text="Seconds in the bank at the start.")
    increment = serializers.IntegerField(help_text="Seconds added per completed turn part.")
    cap = serializers.IntegerField(allow_null=True, help_text="The bank at most (None: no cap).")
    weekends = serializers.BooleanField(help_text="days: no clock on weekends.")
    name = serializers.CharField(help_text="As the table header names it, in your language.")


def control_shown(clock: dict[str, Any] | None, move_seconds: int) -> dict[str, Any]:
    """A table's or a tournament's stored control as the API shows it (empty: simple)."""
    rule = clocks.control_from(clock, move_seconds)
    return {**rule.to_json(), "name": banks.control_name(rule)}
