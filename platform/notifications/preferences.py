"""A player's play-by-e-mail preferences: quiet hours, the digest hour in their time zone, the
reminder point, mutes, and vacation days (docs/notifications.md, "Reminders, digests, quiet
hours, vacation")."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.zones import zone_or_none
from notifications.models import MatchMute, OutgoingEmail, Preferences, TurnEmail, Vacation
from play.models import Match, Seat
from play.services import seats_pause, seats_resume
from shared.errors import ServiceError

# Vacation days: the balance grows by DAYS_PER_YEAR / 365 a day up to the cap (a yearly
# allowance that accrues); a new account starts with the Preferences default (7 days).
DAYS_PER_YEAR = 30.0
DAYS_CAP = 30.0
LONGEST_VACATION_DAYS = 30


class PreferenceError(ServiceError):
    """A refused change of the preferences; nothing was changed."""


def prefs_for(user: Any) -> Preferences:
    """The player's row (unsaved defaults when there is none)."""
    found = Preferences.objects.filter(user=user).first()
    prefs = found if found is not None else Preferences(user=user)
    prefs.time_zone = zone_of(prefs).key  # one zone per player: the account's, when it has one
    return prefs


def zone_of(prefs: Preferences) -> ZoneInfo:
    """The player's zone: the account's (Settings, else their browser's: accounts/zones.py);
    the zone of these preferences only for an account that has none yet."""
    account = zone_or_none(prefs.user.time_zone) if prefs.user_id else None
    if account is not None:
        return account
    try:
        return ZoneInfo(prefs.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def time_zones() -> list[str]:
    # "Factory" is tzdata's zone for a machine not yet set up ("-00"), not a place anyone lives.
    return sorted(zone for zone in available_timezones() if zone != "Factory")


def quiet_until(prefs: Preferences, now: datetime) -> datetime | None:
    """The end of the quiet window `now` is in (None: not in quiet hours)."""
    if prefs.quiet_start is None or prefs.quiet_end is None or prefs.quiet_start == prefs.quiet_end:
        return None
    local = now.astimezone(zone_of(prefs))
    t = local.time().replace(tzinfo=None)
    start, end = prefs.quiet_start, prefs.quiet_end
    inside = start <= t < end if start < end else (t >= start or t < end)
    if not inside:
        return None
    end_day = local.date() if t < end else local.date() + timedelta(days=1)
    return datetime.combine(end_day, end, tzinfo=local.tzinfo).astimezone(UTC)


def digest_due(prefs: Preferences, now: datetime) -> str | None:
    """The local date whose digest is due now (its hour has come), else None."""
    if prefs.turn_mail not in Preferences.DIGEST_MODES:
        return None
    local = now.astimezone(zone_of(prefs))
    if local.hour < prefs.digest_hour:
        return None
    return local.date().isoformat()


def digest_gone(user_id: int, day: str) -> bool:
    """The digest of that local day was claimed: sent, or skipped for want of a turn."""
    rows = OutgoingEmail.objects.filter(kind="digest", key=f"{user_id}:{day}")
    return rows.exclude(status=OutgoingEmail.Status.PENDING).exists()


def next_digest_at(prefs: Preferences, now: datetime) -> tuple[datetime, bool]:
    """When the next digest goes out (UTC), and whether today's has gone already (a turn that
    begins now is then in tomorrow's). Today's hour passed but its digest not yet claimed: the
    sweep's next pass sends it, so "now"."""
    local = now.astimezone(zone_of(prefs))
    at = datetime.combine(local.date(), time(prefs.digest_hour), tzinfo=local.tzinfo)
    if digest_gone(prefs.user_id, local.date().isoformat()):
        return (at + timedelta(days=1)).astimezone(UTC), True
    return max(at.astimezone(UTC), now), False


def left_to_digest(prefs: Preferences, deadline: datetime | None, now: datetime) -> bool:
    """A turn that begins now for a player on a digest waits for the next digest, unless they
    asked for an e-mail at once for a turn that begins after today's digest went out, or the
    turn's clock would run out before the next digest (docs/notifications.md, "When a player
    hears of a turn")."""
    if prefs.turn_mail not in Preferences.DIGEST_MODES:
        return False
    at, gone = next_digest_at(prefs, now)
    if gone and prefs.turn_mail == Preferences.Mode.LATE:
        return False
    return deadline is None or deadline > at


def turns_waiting_release(*, user: Any, now: datetime) -> int:
    """Back from the digest to an e-mail each turn: every turn now waiting for this player
    (their seat to act, its e-mail never claimed) is released to the sweep's next pass, which
    sends it (the held turn e-mails, as after quiet hours)."""
    seats = Seat.objects.filter(
        user=user, to_act=True, forfeited=False, match__status=Match.Status.ACTIVE
    ).exclude(to_act_since__isnull=True)
    released = 0
    for seat_id, since in seats.values_list("pk", "to_act_since"):
        if since is None:  # excluded above; for the type checker
            continue
        TurnEmail.objects.get_or_create(seat_id=seat_id, since=since)
        released += TurnEmail.objects.filter(
            seat_id=seat_id, since=since, status=TurnEmail.Status.PENDING
        ).update(hold_until=now)
    return released


def is_muted(user_id: int, match_id: int) -> bool:
    return MatchMute.objects.filter(user_id=user_id, match_id=match_id).exists()


def vacation_balance(prefs: Preferences, now: datetime | None = None) -> float:
    """Days left: the stored balance plus what accrued since, up to the cap."""
    now = now or timezone.now()
    accrued = max(0.0, (now - prefs.balance_at).total_seconds() / 86400) * DAYS_PER_YEAR / 365
    return max(0.0, min(DAYS_CAP, prefs.vacation_days + accrued))


def vacation_current(user: Any, now: datetime | None = None) -> Vacation | None:
    now = now or timezone.now()
    return (
        Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .first()
    )


def _locked_prefs(user: Any) -> Preferences:
    Preferences.objects.get_or_create(user=user)
    return Preferences.objects.select_for_update().get(user=user)


def _spend(prefs: Preferences, days: float, now: datetime) -> None:
    prefs.vacation_days = vacation_balance(prefs, now) - days
    prefs.balance_at = now
    prefs.save(update_fields=["vacation_days", "balance_at"])


def vacation_start(*, user: Any, days: Any, now: datetime | None = None) -> Vacation:
    """Go on vacation now for `days` whole days, paid from the balance."""
    now = now or timezone.now()
    if (
        not isinstance(days, int)
        or isinstance(days, bool)
        or not 1 <= days <= LONGEST_VACATION_DAYS
    ):
        raise PreferenceError(
            "bad_days",
            _("A vacation lasts 1 to %(LONGEST_VACATION_DAYS)s whole days.")
            % {"LONGEST_VACATION_DAYS": LONGEST_VACATION_DAYS},
            400,
        )
    with transaction.atomic():
        prefs = _locked_prefs(user)
        if vacation_current(user, now) is not None:
            raise PreferenceError("on_vacation", _("You are on vacation already."), 409)
        left = vacation_balance(prefs, now)
        if days > left + 1e-9:
            raise PreferenceError(
                "not_enough_days",
                _("You have %(left).1f vacation days left, not %(days)s.")
                % {"left": left, "days": days},
                409,
            )
        _spend(prefs, days, now)
        vacation = Vacation.objects.create(
            user=user, starts_at=now, ends_at=now + timedelta(days=days)
        )
        seats_pause(user_id=user.pk, since=now)
    return vacation


def vacation_end(*, user: Any, now: datetime | None = None) -> Vacation:
    """Come back early: the unused whole days return to the balance and the clocks run again."""
    now = now or timezone.now()
    with transaction.atomic():
        prefs = _locked_prefs(user)
        vacation = vacation_current(user, now)
        if vacation is None:
            raise PreferenceError("not_on_vacation", _("You are not on vacation."), 409)
        # whole days not begun come back (a day begun is spent; a minute's grace)
        unused = int((vacation.ends_at - now + timedelta(minutes=1)).total_seconds() // 86400)
        _spend(prefs, -unused, now)
        vacation.ends_at = now
        vacation.resumed = True
        vacation.save(update_fields=["ends_at", "resumed"])
        seats_resume(user_id=user.pk, now=now)
    return vacation


def vacation_automatic(*, user_id: int, deadline: datetime, now: datetime) -> bool:
    """A clock ran out: take one vacation day if the player allows it and has one left.
    The clock is paused from its deadline, so the day is a whole day to move."""
    with transaction.atomic():
        Preferences.objects.get_or_create(user_id=user_id)
        prefs = Preferences.objects.select_for_update().get(user_id=user_id)
        if not prefs.auto_vacation or vacation_balance(prefs, now) < 1:
            return False
        if Vacation.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now).exists():
            seats_pause(user_id=user_id, since=min(deadline, now))
            return True
        _spend(prefs, 1, now)
        Vacation.objects.create(
            user_id=user_id, starts_at=now, ends_at=now + timedelta(days=1), automatic=True
        )
        seats_pause(user_id=user_id, since=min(deadline, now))
    return True


def quiet_hours_clean(start: time | None, end: time | None) -> None:
    if (start is None) != (end is None):
        raise PreferenceError(
            "bad_quiet_hours", _("Give both ends of the quiet hours, or neither.")
        )
    if start is not None and start == end:
        raise PreferenceError(
            "bad_quiet_hours", _("Quiet hours must start and end at different times.")
        )


def preferences_update(*, user: Any, changes: dict[str, Any]) -> Preferences:
    """Save validated changes (the form and the API validate first)."""
    with transaction.atomic():
        prefs = _locked_prefs(user)
        was = prefs.turn_mail
        for name, value in changes.items():
            setattr(prefs, name, value)
        if was in Preferences.DIGEST_MODES and prefs.turn_mail == Preferences.Mode.EACH:
            turns_waiting_release(user=user, now=timezone.now())
        if "time_zone" in changes:  # the account's zone: pages and every e-mail follow it
            User.objects.filter(pk=user.pk).update(time_zone=changes["time_zone"])
        quiet_hours_clean(prefs.quiet_start, prefs.quiet_end)
        prefs.save()
    return prefs


def match_mute(*, user: Any, match_id: int, muted: bool) -> None:
    """Mute or unmute a match the player is seated in."""
    if not Seat.objects.filter(user=user, match_id=match_id).exists():
        raise PreferenceError("not_a_player", _("You have no seat in that match."), 404)
    if muted:
        MatchMute.objects.get_or_create(user=user, match_id=match_id)
    else:
        MatchMute.objects.filter(user=user, match_id=match_id).delete()


def play_settings(user: Any, now: datetime | None = None) -> dict[str, Any]:
    """What the settings page and the API show besides the editable fields."""
    now = now or timezone.now()
    prefs = prefs_for(user)
    current = vacation_current(user, now)
    active = (
        Seat.objects.filter(user=user, forfeited=False, match__status=Match.Status.ACTIVE)
        .select_related("match")
        .order_by("-match__pk")
    )
    muted = set(MatchMute.objects.filter(user=user).values_list("match_id", flat=True))
    return {
        "prefs": prefs,
        "vacation_days_left": round(vacation_balance(prefs, now), 1),
        "vacation_days_per_year": DAYS_PER_YEAR,
        "vacation": current,
        "vacations": list(Vacation.objects.filter(user=user).order_by("-starts_at")[:5]),
        "matches": [
            {
                "id": s.match_id,
                "title": f"{s.match.engine.title} #{s.match_id}",
                "muted": s.match_id in muted,
            }
            for s in active
        ],
        "muted": sorted(muted),
    }
