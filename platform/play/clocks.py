"""Time controls' arithmetic (docs/play.md, "Time controls"): pure, no Django.

A seat's clock is its bank: the seconds left, and since when it owes a decision (None: it owes
none). The server charges a seat only for the wall time it owed a decision (`charge`), sets its
deadline from the bank (`deadline`), and tops the bank up when the seat's decision completes its
turn part (`complete`). Every control is one `Control`:

- fischer: a bank of `base` seconds, `increment` added per completed turn part, no cap;
- capped: the same, but the increment never raises the bank above `cap` (BGA's reflection time);
- simple: a fixed time per move (`base`), the bank refilled to it after each turn part;
- days: turn-based days per move: `increment` per move, the bank at most `cap`, and with
  `weekends` the clock does not run on Saturdays and Sundays in the player's own time zone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

KINDS = ("fischer", "capped", "simple", "days")
DAY = 86400


class BadControl(ValueError):
    """A time control that cannot be played (unknown kind, negative or absurd numbers)."""


@dataclass(frozen=True)
class Control:
    kind: str
    base: int  # seconds in the bank at the start
    increment: int = 0  # seconds added when a turn part is complete
    cap: int | None = None  # the bank never exceeds it (None: no cap)
    weekends: bool = False  # days: no clock on Saturdays and Sundays (the player's zone)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "base": self.base, "increment": self.increment, "cap": self.cap,
            "weekends": self.weekends,
        }  # fmt: skip


_PARSED: dict[tuple[Any, ...], Control] = {}


def control_from(data: dict[str, Any] | None, move_seconds: int = 300) -> Control:
    """The control stored on a match or sent by a form; empty: today's fixed time per move.
    Every move reads its match's control: the stored ones are parsed once (a Control is
    frozen), the others each time."""
    try:
        key = (move_seconds, *sorted(data.items())) if data else (move_seconds,)
        known = _PARSED.get(key)
    except (AttributeError, TypeError):  # not a dict, or a value that cannot be a key
        return _control_from(data, move_seconds)
    if known is None:
        known = _control_from(data, move_seconds)
        if len(_PARSED) < 1024:
            _PARSED[key] = known
    return known


def _control_from(data: Any, move_seconds: int) -> Control:
    if not data:
        return Control("simple", move_seconds, move_seconds, move_seconds)
    if not isinstance(data, dict):
        raise BadControl("A time control is an object.")
    kind = data.get("kind")
    if kind not in KINDS:
        raise BadControl(f"Unknown time control {kind!r}.")
    try:
        base = int(data.get("base", 0))
        increment = int(data.get("increment", 0) or 0)
        cap = data.get("cap")
        cap = None if cap in (None, "") else int(cap)
    except (TypeError, ValueError) as exc:
        raise BadControl("A time control's numbers are whole seconds.") from exc
    if kind == "simple":
        increment = cap = base
    if base < 10 or increment < 0 or base > 60 * DAY or increment > 30 * DAY:
        raise BadControl("A bank is between 10 seconds and 60 days, an increment at most 30 days.")
    if kind in ("capped", "days") and (cap is None or cap < base):
        raise BadControl("A capped bank needs a cap at least its starting time.")
    if kind == "fischer":
        cap = None
    weekends = bool(data.get("weekends")) and kind == "days"
    return Control(kind, base, increment, cap, weekends)


def _zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _next_boundary(moment: datetime, zone: ZoneInfo) -> tuple[datetime, bool]:
    """The next local midnight after `moment`, and whether the day `moment` is in counts
    (not a Saturday or a Sunday there)."""
    local = moment.astimezone(zone)
    midnight = datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), zone)
    return midnight.astimezone(UTC), local.weekday() < 5


def running(start: datetime, end: datetime, control: Control, zone: str | None = None) -> float:
    """Seconds of the clock running between `start` and `end`: all of them, except a weekend
    pause's Saturdays and Sundays in `zone`."""
    if end <= start:
        return 0.0
    if not control.weekends:
        return (end - start).total_seconds()
    tz, total, moment = _zone(zone), 0.0, start
    while moment < end:
        boundary, counts = _next_boundary(moment, tz)
        stop = min(boundary, end)
        if counts:
            total += (stop - moment).total_seconds()
        moment = stop
    return total


def charge(
    bank: float, owed_from: datetime, now: datetime, control: Control, zone: str | None = None
) -> float:
    """The bank after owing a decision from `owed_from` to `now`; never below zero."""
    return max(0.0, bank - running(owed_from, now, control, zone))


def charged(
    bank: float, owed_from: datetime, now: datetime, control: Control, zone: str | None = None
) -> float:
    """The seconds `charge` takes from the bank (at most the bank: time past zero is not owed)."""
    return bank - charge(bank, owed_from, now, control, zone)


def deadline(bank: float, since: datetime, control: Control, zone: str | None = None) -> datetime:
    """When a bank of `bank` seconds owed from `since` runs out (weekends skipped if paused)."""
    if not control.weekends:
        return since + timedelta(seconds=bank)
    tz, left, moment = _zone(zone), bank, since
    for _day in range(400):  # a bank is at most 60 days: it runs out well before
        boundary, counts = _next_boundary(moment, tz)
        if counts:
            span = (boundary - moment).total_seconds()
            if left <= span:
                return moment + timedelta(seconds=left)
            left -= span
        moment = boundary
    return moment  # pragma: no cover - beyond any bank allowed


def complete(bank: float, control: Control) -> float:
    """The bank after the seat's decision completed its turn part: the increment, capped."""
    topped = bank + control.increment
    return topped if control.cap is None else min(float(control.cap), max(bank, topped))


def plays_on(control: Control) -> bool:
    """Whether a seat that ran out of time has a next turn to play (docs/play.md, "Out of
    time"): after the bot has moved for it, its bank is what the control adds per move (the
    time per move for simple, the increment for the others). With no increment there is
    nothing to play on: every later turn would time out at once, so its flag is final."""
    return control.increment > 0


def low(bank: float, control: Control) -> bool:
    """Low on time: below 10% of the starting bank or below 30 seconds."""
    return bank < max(30.0, control.base * 0.1)


def short(seconds: int) -> str:
    for unit, size in (("d", DAY), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{seconds // size}{unit}"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


# Presets by game (the table form and tournaments offer them by name, numbers shown and
# editable). Normal is sized so that a 4-player Scythe live game spends about 90 minutes on the
# clocks (a capped bank of 15 minutes, 20 s per move, at most 20 minutes a player); Dice City
# and SPQF are shorter games. Fast halves Normal, Slow doubles it; Correspondence is turn-based.
_NORMAL = {"scythe": (900, 20, 1200), "dicecity": (480, 15, 720), "spqf": (420, 15, 600)}
_DEFAULT_NORMAL = (600, 15, 900)
PRESET_NAMES = ("fast", "normal", "slow", "correspondence")


def preset(game: str, name: str) -> dict[str, Any]:
    """The control of preset `name` for `game` (BadControl for an unknown name)."""
    base, inc, cap = _NORMAL.get(game, _DEFAULT_NORMAL)
    factor = {"fast": 0.5, "normal": 1.0, "slow": 2.0}.get(name)
    if name == "correspondence":
        return Control("days", DAY, DAY, 3 * DAY).to_json()
    if factor is None:
        raise BadControl(f"Unknown preset {name!r}.")
    scaled = Control("capped", int(base * factor), int(inc * factor), int(cap * factor))
    return scaled.to_json()
