"""The words of each kind of notice, in the player's language (the centre's row, the push, and
the link the e-mail shares): one function per kind, each handing a `Told` to tell.notice_tell.
No view of any seat is read here: a title, one line and a link."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from notifications.models import Notice
from notifications.tell import Told, notice_tell
from play.models import Match, Seat


def _language(user: Any) -> str:
    """As notifications.services.language_of (which imports this module's callers)."""
    return getattr(user, "language", "") or settings.LANGUAGE_CODE


def _match_link(match_id: int) -> str:
    return reverse("play:match", args=[match_id])


def _title(match: Match) -> str:
    return f"{match.engine.title} #{match.pk}"


def turn_notice(*, seat: Seat, since: int) -> Notice | None:
    """Your turn (the key is the turn e-mail's: seat and the version the turn began at)."""
    match, user = seat.match, seat.user
    if user is None:
        return None
    with translation.override(_language(user)):
        told = Told(
            kind=Notice.Kind.TURN,
            key=f"{seat.pk}:{since}",
            title=_("Your turn in %(game)s") % {"game": _title(match)},
            line=_("It is your move."),
            link=_match_link(match.pk),
            match_id=match.pk,
            deadline=match.deadline,
        )
    return notice_tell(user=user, told=told)


def time_left(delta: timedelta) -> str:
    """ "12 minutes", "5 hours", "2 days": in the active language."""
    minutes = max(1, int(delta.total_seconds() // 60))
    if minutes < 120:
        return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}
    hours = minutes // 60
    if hours < 48:
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    return ngettext("%(n)d day", "%(n)d days", hours // 24) % {"n": hours // 24}


def reminder_notice(*, seat: Seat, since: int) -> Notice | None:
    match, user = seat.match, seat.user
    if user is None or match.deadline is None:
        return None
    with translation.override(_language(user)):
        left = time_left(match.deadline - timezone.now())
        told = Told(
            kind=Notice.Kind.REMINDER,
            key=f"{seat.pk}:{since}",
            title=_("Still your turn in %(game)s") % {"game": _title(match)},
            line=_("%(left)s left on your clock.") % {"left": left},
            link=_match_link(match.pk),
            match_id=match.pk,
        )
    return notice_tell(user=user, told=told)


def result_notice(*, seat: Seat) -> Notice | None:
    match, user = seat.match, seat.user
    if user is None:
        return None
    with translation.override(_language(user)):
        line = (
            _("You finished in place %(place)s.") % {"place": seat.place}
            if seat.place
            else _("The match is over.")
        )
        told = Told(
            kind=Notice.Kind.RESULT,
            key=str(seat.pk),
            title=_("%(game)s is over") % {"game": _title(match)},
            line=line,
            link=reverse("play:replay", args=[match.pk]),
            match_id=match.pk,
        )
    return notice_tell(user=user, told=told)


def timed_out_notice(*, seat: Seat, seq: int, missed_name: str, is_you: bool) -> Notice | None:
    match, user = seat.match, seat.user
    if user is None:
        return None
    with translation.override(_language(user)):
        line = (
            _("Your clock ran out: a bot moved for you.")
            if is_you
            else _("%(name)s's clock ran out: a bot moved for them.") % {"name": missed_name}
        )
        told = Told(
            kind=Notice.Kind.TIMED_OUT,
            key=f"{match.pk}:{seq}:{seat.pk}",
            title=_("A move was made in %(game)s") % {"game": _title(match)},
            line=line,
            link=_match_link(match.pk),
            match_id=match.pk,
        )
    return notice_tell(user=user, told=told)


def invitation_notice(*, user: Any, key: str, inviter: str, game: str, link: str) -> Any:
    with translation.override(_language(user)):
        told = Told(
            kind=Notice.Kind.INVITATION,
            key=key,
            title=_("%(name)s invites you to play") % {"name": inviter},
            line=_("A table of %(game)s is waiting for your answer.") % {"game": game},
            link=link,
        )
    return notice_tell(user=user, told=told)


def table_ready_notice(*, user: Any, key: str, tournament: str, link: str) -> Any:
    with translation.override(_language(user)):
        told = Told(
            kind=Notice.Kind.TABLE_READY,
            key=key,
            title=_("Your table is ready"),
            line=_("Your next round of %(name)s can begin.") % {"name": tournament},
            link=link,
        )
    return notice_tell(user=user, told=told)
