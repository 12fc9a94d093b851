"""Calendar feeds (iCalendar, RFC 5545, written with the `icalendar` library): one per event
(its start and every scheduled round) and one per player, at a private address with a token
(`CalendarFeed`): "my next games", the rounds still to come of every event they play in and
the game they owe now, with its link and the round's deadline."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from tournaments.labels import round_label
from tournaments.models import CalendarFeed, Registration, RoundSchedule, Tournament
from tournaments.selectors import OVER

PRODID = "-//Tabletop//Tournaments//EN"


def feed_of(user: Any) -> CalendarFeed:
    feed, _new = CalendarFeed.objects.get_or_create(user=user)
    return feed


def feed_reset(*, user: Any) -> CalendarFeed:
    """A new token: the old address stops working at once."""
    with transaction.atomic():
        CalendarFeed.objects.filter(user=user).delete()
        return CalendarFeed.objects.create(user=user)


def event_calendar(t: Tournament, link: Any) -> bytes:
    """`link(path)` makes an absolute address."""
    cal = _calendar(t.name)
    if t.starts_at is not None:
        cal.add_component(_event(f"tournament-{t.pk}-start", t.name, t.starts_at, None, link(t)))
    for row in t.schedule.order_by("number"):
        cal.add_component(_round_event(t, row, link(t)))
    return bytes(cal.to_ical())


def player_calendar(user: Any, link: Any, match_link: Any) -> bytes:
    cal = _calendar(_("My next games"))
    registrations = Registration.objects.filter(
        user=user, status=Registration.Status.ACTIVE
    ).exclude(tournament__status__in=[*OVER, Tournament.Status.DRAFT])
    for reg in registrations.select_related("tournament"):
        for event in _next_games(reg, link, match_link):
            cal.add_component(event)
    return bytes(cal.to_ical())


def _next_games(reg: Registration, link: Any, match_link: Any) -> list[Event]:
    t = reg.tournament
    events = []
    if t.starts_at is not None and not t.has_started:
        events.append(_event(f"tournament-{t.pk}-start", t.name, t.starts_at, None, link(t)))
    current = t.rounds_set.order_by("-number").first()
    played_up_to = current.number - 1 if current is not None else 0
    schedule = {s.number: s for s in t.schedule.filter(number__gt=played_up_to)}
    if current is not None and current.finished_at is None:
        table = next((x for x in current.tables.all() if reg.pk in x.players), None)
        if table is not None and not table.is_finished and table.match_id is not None:
            row = schedule.pop(current.number, None)
            summary = _("%(event)s: %(round)s, your game") % {
                "event": t.name,
                "round": round_label(current.label),
            }
            deadline = row.deadline if row is not None else None
            events.append(
                _event(
                    f"tournament-{t.pk}-round-{current.number}-player-{reg.pk}",
                    summary,
                    current.started_at,
                    deadline,
                    match_link(table.match_id),
                )
            )
    schedule.pop(current.number if current is not None else 0, None)
    events.extend(_round_event(t, row, link(t)) for row in schedule.values())
    return events


def _round_event(t: Tournament, row: RoundSchedule, url: str) -> Event:
    start = row.starts_at or row.deadline
    assert start is not None  # a schedule row has a start, a deadline or both
    summary = _("%(event)s: round %(n)s") % {"event": t.name, "n": row.number}
    if row.starts_at is None:
        summary = _("%(event)s: round %(n)s deadline") % {"event": t.name, "n": row.number}
    end = row.deadline if row.starts_at is not None else None
    return _event(f"tournament-{t.pk}-round-{row.number}", summary, start, end, url)


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("x-wr-calname", name)
    return cal


def _event(uid: str, summary: str, start: datetime, end: datetime | None, url: str) -> Event:
    event = Event()
    event.add("uid", f"{uid}@tabletop")
    event.add("dtstamp", timezone.now())
    event.add("summary", summary)
    event.add("dtstart", start)
    if end is not None and end > start:
        event.add("dtend", end)
    event.add("url", url)
    event.add("description", url)
    return event
