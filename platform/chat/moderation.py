"""What staff do about the chat and the people in it (the admin calls these): remove a line,
mute an account in the chat for a while, ban an account and lift a ban, settle reports.

A ban makes the account inactive, which closes every door Django, allauth and DRF check (log
in, the session of a browser, API tokens, sockets); its running games are handed to bots as a
resignation would (the seat forfeits, ranks last, a bot plays on, ranked results as for a
resign), it leaves the tables it waits at, and its open sockets on its matches are closed.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from chat import errors
from chat.errors import ChatError
from chat.models import ChatLine, Report, Sanction
from chat.services import relay_send
from chat.signals import account_banned, account_unbanned
from lobbies.models import TableEntry
from lobbies.services import LobbyError, lobby_leave
from play.errors import PlayError
from play.models import Match, Presence, Seat
from play.services import seat_forfeit

MAX_MUTE_MINUTES = 60 * 24 * 365
BAN_FORFEIT_REASON = "removed by the moderators"


def _staff(staff: Any) -> None:
    if staff is None or not getattr(staff, "is_staff", False):
        raise ChatError("not_staff", _("Only staff may do that."), 403)


def _target(staff: Any, user_id: Any, kind: str = "") -> User:
    """The account to sanction, locked (see `sanction_check`)."""
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None:
        _staff(staff)
        raise errors.not_found("account")
    sanction_check(staff=staff, user=user, kind=kind)
    return user


def sanction_check(*, staff: Any, user: User, kind: str = "") -> None:
    """Refuse what staff may not do: sanction themselves, sanction another member of staff
    (only a superuser may), ban an account banned already."""
    _staff(staff)
    if user.pk == staff.pk:
        raise ChatError("self", _("You cannot sanction your own account."), 409)
    if user.is_staff and not staff.is_superuser:
        raise ChatError("staff", _("Only a superuser may sanction a member of staff."), 403)
    if kind == Sanction.Kind.BAN and (
        Sanction.objects.active().filter(user=user, kind=Sanction.Kind.BAN).exists()
    ):
        raise ChatError("already_banned", _("This account is banned already."), 409)


def _reason(reason: Any) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise errors.malformed(_("Give a reason: it is kept with the sanction."))
    return reason.strip()[:300]


def account_chat_mute(
    *, staff: Any, user_id: Any, minutes: Any, reason: Any, report: Report | None = None
) -> Sanction:
    """The account may not write in any chat for `minutes` (it still reads and plays)."""
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise errors.malformed("'minutes' must be a whole number.")
    if not 1 <= minutes <= MAX_MUTE_MINUTES:
        raise errors.malformed(
            _("A chat mute lasts 1 to %(MAX_MUTE_MINUTES)s minutes.")
            % {"MAX_MUTE_MINUTES": MAX_MUTE_MINUTES}
        )
    reason = _reason(reason)
    with transaction.atomic():
        user = _target(staff, user_id)
        now = timezone.now()
        return Sanction.objects.create(
            user=user,
            kind=Sanction.Kind.MUTE,
            reason=reason,
            created_by=staff,
            created_at=now,
            until=now + timedelta(minutes=minutes),
            report=report,
        )


def account_ban(*, staff: Any, user_id: Any, reason: Any, report: Report | None = None) -> Sanction:
    """Ban an account until lifted (see the module's docstring for what follows)."""
    reason = _reason(reason)
    with transaction.atomic():
        user = _target(staff, user_id, Sanction.Kind.BAN)
        sanction = Sanction.objects.create(
            user=user, kind=Sanction.Kind.BAN, reason=reason, created_by=staff, report=report
        )
        user.is_active = False
        user.save(update_fields=["is_active"])
        _tables_left(user)
        matches = _games_handed_to_bots(user)
        account_banned.send(sender=Sanction, user=user, sanction=sanction)
        matches |= set(Presence.objects.filter(user=user).values_list("match_id", flat=True))
        transaction.on_commit(lambda: _sockets_close(user.pk, matches), robust=True)
    return sanction


def _tables_left(user: User) -> None:
    """Out of every table still waiting for players (a table it hosts is cancelled)."""
    for table_id in TableEntry.objects.filter(user=user, table__status="open").values_list(
        "table_id", flat=True
    ):
        with contextlib.suppress(LobbyError):
            lobby_leave(table_id=table_id, user=user)


def _games_handed_to_bots(user: User) -> set[int]:
    """Each running game's seat forfeits (as a resignation): a bot plays on for it."""
    seats = Seat.objects.filter(user=user, forfeited=False, match__status=Match.Status.ACTIVE)
    matches = set()
    for match_id, index in seats.values_list("match_id", "index"):
        with contextlib.suppress(PlayError):  # finished meanwhile
            seat_forfeit(match_id=match_id, seat_index=index, reason=BAN_FORFEIT_REASON)
        matches.add(match_id)
    return matches


def _sockets_close(user_id: int, match_ids: set[int]) -> None:
    for match_id in sorted(match_ids):
        relay_send(match_id, {"kind": "account.banned", "user": user_id})


def account_unban(*, staff: Any, user_id: Any) -> int:
    """Lift the account's bans: it may log in again (games it lost stay lost). Returns how
    many bans were lifted."""
    with transaction.atomic():
        user = _target(staff, user_id)
        bans = Sanction.objects.active().filter(user=user, kind=Sanction.Kind.BAN)
        lifted = bans.update(lifted_at=timezone.now(), lifted_by=staff)
        if not lifted:
            raise ChatError("not_banned", _("This account is not banned."), 409)
        user.is_active = True
        user.save(update_fields=["is_active"])
        account_unbanned.send(sender=Sanction, user=user)
    return lifted


def sanction_lift(*, staff: Any, sanction_id: Any) -> Sanction:
    """End a sanction now (a ban: the account is active again)."""
    _staff(staff)
    sanction = Sanction.objects.filter(pk=sanction_id).first()
    if sanction is None:
        raise errors.not_found("sanction")
    if not sanction.is_active:
        raise ChatError("not_active", _("This sanction is no longer in force."), 409)
    if sanction.kind == Sanction.Kind.BAN:
        account_unban(staff=staff, user_id=sanction.user_id)
    else:
        with transaction.atomic():
            _target(staff, sanction.user_id)
            Sanction.objects.filter(pk=sanction.pk).update(
                lifted_at=timezone.now(), lifted_by=staff
            )
    sanction.refresh_from_db()
    return sanction


def line_remove(*, staff: Any, line_id: Any) -> ChatLine:
    """Take a line out of every chat, feed, replay and e-mail; its open reports are settled."""
    _staff(staff)
    with transaction.atomic():
        line = ChatLine.objects.select_for_update().filter(pk=line_id).first()
        if line is None:
            raise errors.not_found("line")
        if line.removed_at is None:
            line.removed_at = timezone.now()
            line.save(update_fields=["removed_at"])
            reports_settle(staff=staff, reports=line.reports.all(), outcome="line removed")
        if line.match_id is not None:
            match_id = line.match_id
            transaction.on_commit(
                lambda: relay_send(match_id, {"kind": "chat.removed", "line": line.pk}),
                robust=True,
            )
    return line


def reports_settle(
    *, staff: Any, reports: Any, outcome: str, status: str = Report.Status.ACTED
) -> int:
    """Mark the open ones of `reports` handled, saying what was done."""
    _staff(staff)
    return reports.filter(status=Report.Status.OPEN).update(
        status=status, handled_by=staff, handled_at=timezone.now(), outcome=outcome[:200]
    )
