"""Reads of the chat: where a person may chat and in which channel, the lines they see, and who
they do not hear (people they muted, and blocks either way). Pages, API, socket and e-mails
all read through here, so a muted or blocked person's lines are hidden the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from accounts.models import Block
from accounts.selectors import blocked_between, blocked_pairs
from chat.models import Channel, ChatLine, ChatPreference, Mute, Sanction
from lobbies.models import Table
from lobbies.selectors import table_visible
from play.models import Match
from play.selectors import match_access

MAX_HISTORY = 200  # lines a page, a socket's catch-up or the API sends at once (latest kept)


@dataclass(frozen=True)
class Place:
    """A chat: a match (whose table's lines, said before the start, come first) or a table
    before its start. `player`: the viewer sits there and writes in the players' channel."""

    match: Match | None
    table: Table | None
    player: bool

    @property
    def channel(self) -> str:
        return Channel.PLAYERS if self.player else Channel.SPECTATORS

    def lines(self) -> QuerySet[ChatLine]:
        if self.match is not None:
            where = Q(match=self.match)
            if self.match.table_id is not None:
                where |= Q(match__isnull=True, table_id=self.match.table_id)
        else:
            where = Q(table=self.table, match__isnull=True)
        return ChatLine.objects.filter(where, removed_at__isnull=True)


def match_place(match: Match, user: Any, seats: list[Any] | None = None) -> Place | None:
    """The chat of a match for `user`: None for someone who may not read it (logged out, or
    an outsider to a private table's match). `match.table` should be selected; `seats`: the
    match's seats, if in hand (no query for the viewer's seat then)."""
    if user is None or not user.is_authenticated:
        return None
    access = match_access(match, user, seats)
    if not access.allowed:
        return None
    return Place(match=match, table=None, player=access.seat is not None)


def table_place(table: Table, user: Any, invite: str | None = None) -> Place | None:
    """The chat of a lobby table for `user`, as the table's page decides who sees it."""
    if user is None or not user.is_authenticated:
        return None
    joined = table.entries.filter(user=user).exists()
    if not table_visible(table, user, invite, joined):
        return None
    return Place(match=None, table=table, player=joined)


def chat_blocked(user_id: int, other_id: int) -> bool:
    """A block between two people, either way: neither hears the other in the chat."""
    return blocked_between(user_id, other_id)


def hidden_authors(
    viewer: Any,
    author_ids: Iterable[int | None],
    muted_ids: set[int] | None = None,
    blocks: bool = True,
) -> set[int]:
    """Of `author_ids`, the people whose lines `viewer` does not see: muted by the viewer, or
    blocked either way. One's own lines are always shown. `muted_ids`: the people the viewer
    muted among them at least, if in hand (no query for the mutes then); `blocks=False`: the
    viewer is in no block either way (no query for the blocks then)."""
    ids = {a for a in author_ids if a is not None and a != viewer.pk}
    if not ids:
        return set()
    if muted_ids is not None:
        muted = muted_ids & ids
    else:
        muted = set(
            Mute.objects.filter(user_id=viewer.pk, person_id__in=ids).values_list(
                "person_id", flat=True
            )
        )
    if not blocks:
        return muted
    pairs = blocked_pairs({viewer.pk, *(ids - muted)})  # one query for all the authors
    return muted | {a for a in ids - muted if frozenset((viewer.pk, a)) in pairs}


def shows_spectators(user: Any) -> bool:
    preference = ChatPreference.objects.filter(user_id=user.pk).first()
    return preference is None or preference.show_spectators


def channels_seen(place: Place, viewer: Any) -> list[str]:
    """Everyone reads the players' channel; a player may hide the spectators' one."""
    if place.player and not shows_spectators(viewer):
        return [Channel.PLAYERS]
    return [Channel.PLAYERS, Channel.SPECTATORS]


def lines_seen(
    place: Place,
    viewer: Any,
    after: int = 0,
    channels: Sequence[str] | None = None,
    muted_ids: set[int] | None = None,
    blocks: bool = True,
) -> list[ChatLine]:
    """The lines `viewer` sees at `place` after line id `after`, oldest first (the latest
    MAX_HISTORY), with their authors (one query). `channels`: channels_seen's answer,
    `muted_ids`: the people the viewer muted here (muted_among) and `blocks`, if in hand
    (PanelReads)."""
    if channels is None:
        channels = channels_seen(place, viewer)
    lines = list(
        place.lines()
        .filter(pk__gt=after, channel__in=channels)
        .select_related("author")
        .order_by("-pk")[:MAX_HISTORY]
    )
    hidden = hidden_authors(viewer, {line.author_id for line in lines}, muted_ids, blocks)
    return [line for line in reversed(lines) if line.author_id not in hidden]


def line_json(line: ChatLine) -> dict[str, Any]:
    """A line as clients get it. `text` is the raw text: every client escapes it (the pages'
    templates autoescape, chat.js sets textContent)."""
    return {
        "id": line.pk,
        "channel": line.channel,
        "author": line.author_name,
        "author_id": line.author_id,
        "text": line.text,
        "step": line.step,
        "before_start": line.match_id is None,
        "at": line.created_at.isoformat(),
    }


def muted_among(viewer: Any, place: Place) -> list[dict[str, Any]]:
    """The people `viewer` muted who wrote at this place: the panel offers to unmute them (and
    hides their lines: lines_seen's `muted_ids`)."""
    authors = place.lines().values("author_id")
    mutes = Mute.objects.filter(user_id=viewer.pk, person_id__in=authors).select_related("person")
    return [{"id": m.person_id, "name": m.person.display_name} for m in mutes]


def lines_for_email(match: Match, user: Any, after: datetime | None, limit: int) -> list[ChatLine]:
    """The lines of a match said by others after `after` (None: all), as `user` sees them as
    a player (the turn e-mail's chat section): the latest `limit`."""
    place = Place(match=match, table=None, player=True)
    said = ChatLine.objects.filter(
        match=match, removed_at__isnull=True, channel__in=channels_seen(place, user)
    ).exclude(author_id=user.pk)
    if after is not None:
        said = said.filter(created_at__gt=after)
    lines = list(said.select_related("author").order_by("-pk")[:limit])
    hidden = hidden_authors(user, {line.author_id for line in lines})
    return [line for line in reversed(lines) if line.author_id not in hidden]


@dataclass(frozen=True)
class PanelReads:
    """What the chat panel reads about its viewer: whether they show the spectators' channel,
    their chat mute in force (the longest), whether they muted anyone, and whether they are in
    any block either way (without mutes or blocks, no query looks for them among the lines)."""

    show_spectators: bool
    sanction: Sanction | None
    mutes: bool
    blocks: bool


def panel_reads(user: Any) -> PanelReads:
    """PanelReads in one query (a second only while a mute is in force). Written in SQL: the
    ORM took several milliseconds of CPU to compile its four subqueries on every page load."""
    sql = _PANEL_SQL.format(
        preference=ChatPreference._meta.db_table,
        sanction=Sanction._meta.db_table,
        mute=Mute._meta.db_table,
        block=Block._meta.db_table,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            sql, [user.pk, user.pk, Sanction.Kind.MUTE.value, timezone.now(), *[user.pk] * 3]
        )
        shown, mute_id, any_mutes, any_blocks = cursor.fetchone()
    sanction = Sanction.objects.filter(pk=mute_id).first() if mute_id is not None else None
    return PanelReads(shown is None or bool(shown), sanction, bool(any_mutes), bool(any_blocks))


# The viewer's preference, longest chat mute in force (no end first, as active_sanction orders
# them), and whether they muted anyone or are in a block either way.
_PANEL_SQL = """SELECT
  (SELECT show_spectators FROM {preference} WHERE user_id = %s LIMIT 1),
  (SELECT id FROM {sanction} WHERE user_id = %s AND kind = %s AND lifted_at IS NULL
     AND (until IS NULL OR until > %s) ORDER BY until IS NOT NULL, until DESC LIMIT 1),
  EXISTS (SELECT 1 FROM {mute} WHERE user_id = %s),
  EXISTS (SELECT 1 FROM {block} WHERE user_id = %s OR person_id = %s)"""


def active_sanction(user: Any, kind: str) -> Sanction | None:
    """The sanction of that kind in force on `user` that lasts longest (None: none)."""
    sanctions = Sanction.objects.active().filter(user_id=user.pk, kind=kind)
    return sanctions.order_by(F("until").desc(nulls_first=True)).first()
