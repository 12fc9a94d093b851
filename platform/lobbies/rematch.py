"""A rematch (docs/lobbies.md, "Rematch"): at the end of a casual or ranked match, any of its
players offers the same players a new table with the same settings.

The offer is a private table (same game, seats, options, clock, timeout rule, ranked or not)
with the offering player seated, a bot in each place a bot had, and an invitation for every
other player (lobbies/invitations.py). Pressing "Rematch" again, or accepting the invitation,
takes one's place; the last place taken starts the match (lobby_join). One player declining,
or the offer outliving its time (OFFER_SECONDS: minutes for live play, days turn by turn),
calls it off: the table is cancelled. `play` knows nothing of this: the end screen asks for the
link through play.signals.result_links (lobbies.receivers).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.selectors import blocked_pairs
from lobbies import invitations  # it imports this module too: used by attribute
from lobbies.models import Invitation, Rematch, Table, TableEntry
from lobbies.rematch_table import rematch_announce, rematch_call_off
from lobbies.services import LobbyError, lobby_create, lobby_join, lobby_start
from play.models import Match, Seat

OFFER_SECONDS = {"live": 10 * 60, "turn": 3 * 86400}


def finished_match(match_id: Any) -> Match:
    if isinstance(match_id, bool) or not isinstance(match_id, int):
        raise LobbyError("malformed", _("No such match."))
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise LobbyError("not_found", _("No such match."), 404)
    if not match.is_finished:
        raise LobbyError("not_finished", _("A rematch is offered once the match is over."), 409)
    if match.table_id is None:
        # Tournament tables are seated by the tournament, not by their players.
        raise LobbyError("no_rematch", _("This match cannot be replayed."), 409)
    return match


def humans_of(match: Match) -> list[Seat]:
    return [s for s in match.seats.select_related("user").order_by("index") if s.user_id]


def ensure_player(humans: list[Seat], user: Any) -> None:
    if not getattr(user, "is_authenticated", False) or all(s.user_id != user.pk for s in humans):
        raise LobbyError(
            "not_a_player", _("Only the players of this match may ask for a rematch."), 403
        )


def rematch_offer(*, match_id: Any, user: Any) -> Table:
    """Offer a rematch, or accept the one on offer (the same button for everyone)."""
    match = finished_match(match_id)
    humans = humans_of(match)
    ensure_player(humans, user)
    _expire_for(match)  # on its own: the refusal that follows must not undo it
    with transaction.atomic():
        Match.objects.select_for_update().get(pk=match.pk)  # one offer per match, not two
        rematch = Rematch.objects.select_related("table").filter(match=match).first()
        rematch_announce(match.pk)
        if rematch is None:
            return _offer_new(match, humans, user)
        table = rematch.table
        if table.status == Table.Status.CANCELLED:
            raise _called_off(rematch)
        if table.status == Table.Status.OPEN and not table.entries.filter(user=user).exists():
            lobby_join(table_id=table.pk, user=user, invited=True)
            Invitation.objects.filter(table=table, invitee=user).update(
                status=Invitation.Status.ACCEPTED, answered_at=timezone.now()
            )
        table.refresh_from_db()
        return table


def _called_off(rematch: Rematch) -> LobbyError:
    if rematch.declined_by is not None:
        return LobbyError(
            "declined",
            _("%(name)s declined the rematch.") % {"name": rematch.declined_by.display_name},
            409,
        )
    return LobbyError("expired", _("The rematch offer has expired."), 409)


def _offer_new(match: Match, humans: list[Seat], user: Any) -> Table:
    people = [s.user for s in humans]
    if any(p is None or not p.is_active for p in people):
        raise LobbyError("player_gone", _("A player of this match has left the site."), 409)
    if blocked_pairs(p.pk for p in people if p is not None):
        raise LobbyError("blocked", _("These players cannot sit together any more."), 403)
    table = lobby_create(
        host=user,
        game=match.game,
        seats=match.seats.count(),
        ranked=match.ranked,
        mode=match.mode,
        move_seconds=match.move_seconds,
        private=True,
        options=match.options,
        timeout_policy=match.timeout_policy,
        clock=match.clock,
    )
    Rematch.objects.create(
        match=match,
        table=table,
        expires_at=timezone.now() + timedelta(seconds=OFFER_SECONDS.get(match.mode, 600)),
    )
    offered = Invitation.objects.bulk_create(
        Invitation(table=table, inviter=user, invitee=p)
        for p in people
        if p is not None and p.pk != user.pk
    )
    if match.mode == Table.Mode.TURN:  # players at the turn-based pace are not on the page
        for invitation in offered:
            invitations.invitation_email_record(invitation)
    bots = [s.bot for s in match.seats.all() if s.bot and not s.user_id]
    if bots:  # the bots of the match take their places again (casual tables only have bots)
        TableEntry.objects.bulk_create(TableEntry(table=table, bot=b) for b in bots)
    if table.entries.count() == table.seats:  # alone against bots: nobody to wait for
        lobby_start(table_id=table.pk, user=user)
        table.refresh_from_db()
    return table


def _expire_for(match: Match) -> None:
    rematch = Rematch.objects.select_related("table").filter(match=match).first()
    if rematch is not None:
        rematch_expire(rematch.table)


def rematch_expire(table: Table) -> bool:
    """Call off a rematch table past its time (checked whenever someone looks or answers)."""
    rematch = Rematch.objects.filter(table=table).first()
    if rematch is None or table.status != Table.Status.OPEN:
        return False
    if rematch.expires_at > timezone.now():
        return False
    Table.objects.filter(pk=table.pk, status=Table.Status.OPEN).update(
        status=Table.Status.CANCELLED
    )
    table.status = Table.Status.CANCELLED
    return True


def rematch_decline(*, match_id: Any, user: Any) -> Rematch:
    """A player of the match says no to the rematch on offer."""
    match = finished_match(match_id)
    ensure_player(humans_of(match), user)
    rematch = Rematch.objects.select_related("table").filter(match=match).first()
    if rematch is None or not rematch_call_off(table=rematch.table, user=user):
        raise LobbyError("no_offer", _("There is no rematch on offer."), 409)
    Invitation.objects.filter(table=rematch.table, invitee=user).update(
        status=Invitation.Status.DECLINED, answered_at=timezone.now()
    )
    return rematch


def rematch_state(match: Match, user: Any) -> dict[str, Any]:
    """What the end screen and the API say about the rematch of `match` for `user`."""
    rematch = Rematch.objects.select_related("table", "declined_by").filter(match=match).first()
    if rematch is None:
        return {"status": "none"}
    table = rematch.table
    rematch_expire(table)
    seated = set(table.entries.exclude(user=None).values_list("user_id", flat=True))
    players = [
        {"name": s.user.display_name, "accepted": s.user_id in seated}
        for s in humans_of(match)
        if s.user is not None
    ]
    status = {
        Table.Status.OPEN: "open",
        Table.Status.STARTED: "started",
        Table.Status.CANCELLED: "declined" if rematch.declined_by_id else "expired",
    }[Table.Status(table.status)]
    new_match = Match.objects.filter(table=table).values_list("pk", flat=True).first()
    return {
        "status": status,
        "table": table.pk,
        "match": new_match,
        "players": players,
        "you_accepted": getattr(user, "pk", None) in seated,
        "declined_by": rematch.declined_by.display_name if rematch.declined_by else None,
        "expires_at": rematch.expires_at.isoformat(),
    }
