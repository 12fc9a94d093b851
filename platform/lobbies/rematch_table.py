"""A rematch's table seen from the lobby (lobbies/rematch.py has the offer itself): what the
finished match's sockets hear when the table changes, and calling the rematch off.

Kept apart from rematch.py so that the lobby's own services (leaving or cancelling a table)
reach it: rematch.py builds on those services.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from lobbies.models import Rematch, Table
from play.sockets import RELAY

CHANGED = "rematch.changed"  # the relay kind of lobbies/sockets.py
log = logging.getLogger(__name__)


def rematch_announce(match_id: int) -> None:
    """After the commit, every socket of the match re-reads the offer (lobbies/sockets.py): an
    offer, an acceptance, a refusal or the start shows live on every player's end screen."""
    transaction.on_commit(lambda: _group_send(match_id), robust=True)


def rematch_table_changed(table: Table) -> None:
    """A rematch table gained a player or was called off (from its page, an invitation, the
    end screen): its match's sockets hear of it."""
    match_id = Rematch.objects.filter(table=table).values_list("match_id", flat=True).first()
    if match_id is not None:
        rematch_announce(match_id)


def _group_send(match_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        message = {"type": RELAY, "kind": CHANGED, "match": match_id}
        async_to_sync(layer.group_send)(f"match.{match_id}", message)
    except Exception:  # the end screen still shows the offer on its next load
        log.exception("match %s: rematch news not sent", match_id)


def rematch_call_off(*, table: Table, user: Any) -> bool:
    """`user` declined (or left the rematch table, or its host cancelled it): a rematch table
    waiting for players is cancelled and the match's sockets hear who said no. False for a
    table that is no rematch (an ordinary invitation declined changes nothing at its table)
    or no longer waits."""
    rematch = Rematch.objects.filter(table=table).first()
    if rematch is None:
        return False
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if locked.status != Table.Status.OPEN:
            return False
        locked.status = Table.Status.CANCELLED
        locked.save(update_fields=["status"])
        rematch.declined_by = user
        rematch.save(update_fields=["declined_by"])
        rematch_announce(rematch.match_id)
    return True
