"""Writes of the chat that players make: say a line, report one, mute a person, hide the
spectators' channel (staff's writes: chat/moderation.py).

A line said in a match is announced after commit to the match's socket group as a relayed
message (play/sockets.py); each socket decides whether its viewer sees it (chat/sockets.py).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from datetime import timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from chat import errors, selectors
from chat.errors import ChatError
from chat.models import ChatLine, ChatPreference, Mute, Report, Sanction
from lobbies.models import Table
from play.models import Match
from play.sockets import RELAY

log = logging.getLogger(__name__)

MAX_LENGTH = 300  # characters in a line, once cleaned
# (lines, seconds): a burst of 5 in 10 s, and no more than 20 a minute.
RATE_LIMITS = ((5, 10), (20, 60))
# Bidirectional overrides and isolates would let a line show text in another order than it
# was typed (a faked "alice: gg" inside bob's line): they are dropped.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def chat_post(
    *,
    user: Any,
    text: Any,
    match_id: int | None = None,
    table_id: int | None = None,
    invite: str | None = None,
) -> ChatLine:
    """Say `text` at a match or at a lobby table, in the channel of one's place there (a
    seat: players; anyone else who may watch: spectators)."""
    cleaned = line_clean(text)
    with transaction.atomic():
        author = _author_locked(user)
        _not_muted(author)
        place = _place(author, match_id, table_id, invite)
        _rate_check(author)
        line = ChatLine.objects.create(
            match=place.match,
            table=place.table,
            author=author,
            channel=place.channel,
            text=cleaned,
            step=place.match.version if place.match is not None else 0,
        )
        if line.match_id is not None:
            transaction.on_commit(lambda: line_announce(line), robust=True)
    return line


def line_clean(text: Any) -> str:
    """One line of plain text: control characters become spaces, runs of spaces one, bidi
    overrides go. Refused: not a string, empty, longer than MAX_LENGTH."""
    if not isinstance(text, str):
        raise errors.malformed("Send the line as a string 'text'.")
    if len(text) > 4 * MAX_LENGTH:  # far too long: not worth cleaning
        raise _too_long()
    spaced = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    cleaned = " ".join(_BIDI.sub("", spaced).split())
    if not cleaned:
        raise ChatError("empty", "Write something first.")
    if len(cleaned) > MAX_LENGTH:
        raise _too_long()
    return cleaned


def _too_long() -> ChatError:
    return ChatError("too_long", f"A line may be at most {MAX_LENGTH} characters.")


def _author_locked(user: Any) -> User:
    """The author's row, locked: one's lines are counted for the rate one at a time, and a
    ban made since the socket opened is seen."""
    if user is None or not user.is_authenticated:
        raise errors.not_logged_in()
    author = User.objects.select_for_update().filter(pk=user.pk).first()
    if author is None or not author.is_active:
        raise errors.suspended()
    return author


def _not_muted(author: User) -> None:
    mute = selectors.active_sanction(author, Sanction.Kind.MUTE)
    if mute is None:
        return
    until = (
        f"until {timezone.localtime(mute.until):%d %b %Y %H:%M %Z}"  # the reader's zone
        if mute.until
        else "until further notice"
    )
    raise ChatError("chat_muted", f"The moderators muted you in the chat {until}.", 403)


def _place(
    author: User, match_id: int | None, table_id: int | None, invite: str | None
) -> selectors.Place:
    if match_id is not None:
        match = Match.objects.select_related("table").filter(pk=match_id).first()
        place = selectors.match_place(match, author) if match is not None else None
        if place is None:
            raise errors.not_found("match")
        return place
    table = Table.objects.filter(pk=table_id).first() if table_id is not None else None
    place = selectors.table_place(table, author, invite) if table is not None else None
    if table is None or place is None:
        raise errors.not_found("table")
    if table.status == Table.Status.STARTED:
        raise ChatError("started", "The game has started: chat in the match.", 409)
    if table.status == Table.Status.CANCELLED:
        raise ChatError("cancelled", "This table was cancelled.", 409)
    return place


def _rate_check(author: User) -> None:
    now = timezone.now()
    longest = max(seconds for _, seconds in RATE_LIMITS)
    recent = list(
        ChatLine.objects.filter(
            author=author, created_at__gt=now - timedelta(seconds=longest)
        ).values_list("created_at", flat=True)
    )
    for count, seconds in RATE_LIMITS:
        if sum(1 for at in recent if at > now - timedelta(seconds=seconds)) >= count:
            raise ChatError(
                "too_fast", f"At most {count} lines in {seconds} seconds: wait a moment.", 429
            )


def line_announce(line: ChatLine) -> None:
    """Relay a match line to the match's sockets; a socket that misses it (Redis away) gets
    it with the history it asks for when it reconnects."""
    relay_send(
        line.match_id,
        {
            "kind": "chat.line",
            "line": selectors.line_json(line),
            "author": line.author_id,
            "channel": line.channel,
        },
    )


def relay_send(match_id: Any, message: dict[str, Any]) -> None:
    """A message to every socket of the match, handed to chat's relay there (play/sockets.py)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(f"match.{match_id}", {"type": RELAY, **message})
    except Exception:  # the line is kept: sockets catch up with the history
        log.exception("match %s: chat relay %s not sent", match_id, message.get("kind"))


def chat_report(*, user: Any, line_id: Any, reason: Any = "", note: Any = "") -> Report:
    """Anyone who may read a line may report it once (again: the same report comes back)."""
    if user is None or not user.is_authenticated:
        raise errors.not_logged_in()
    if not user.is_active:
        raise errors.suspended()
    reason = reason or Report.Reason.ABUSE
    if reason not in Report.Reason.values:
        raise errors.malformed(f"A reason is one of {', '.join(Report.Reason.values)}.")
    if not isinstance(note, str) or len(note) > 300:
        raise errors.malformed("A note is a text of at most 300 characters.")
    line = _line_readable(user, line_id)
    if line.author_id == user.pk:
        raise ChatError("own_line", "You cannot report your own line.", 409)
    report, _ = Report.objects.get_or_create(
        line=line, reporter=user, defaults={"reason": reason, "note": note.strip()}
    )
    return report


def _line_readable(user: Any, line_id: Any) -> ChatLine:
    if isinstance(line_id, bool) or not isinstance(line_id, int):
        raise errors.malformed("'line' must be a line id.")
    line = (
        ChatLine.objects.select_related("match__table", "table")
        .filter(pk=line_id, removed_at__isnull=True)
        .first()
    )
    if line is None:
        raise errors.not_found("line")
    if line.match is not None:
        place = selectors.match_place(line.match, user)
    else:
        assert line.table is not None
        place = selectors.table_place(line.table, user)
    if place is None:
        raise errors.not_found("line")
    return line


def person_mute(*, user: Any, person_id: Any, muted: bool = True) -> bool:
    """Hide (or show again) every line of a person for `user`. Returns the new state."""
    if user is None or not user.is_authenticated:
        raise errors.not_logged_in()
    if isinstance(person_id, bool) or not isinstance(person_id, int):
        raise errors.malformed("'person' must be a user id.")
    if person_id == user.pk:
        raise ChatError("self", "You cannot mute yourself.", 409)
    if not User.objects.filter(pk=person_id).exists():
        raise errors.not_found("person")
    if muted:
        Mute.objects.get_or_create(user_id=user.pk, person_id=person_id)
    else:
        Mute.objects.filter(user_id=user.pk, person_id=person_id).delete()
    return muted


def chat_preference_set(*, user: Any, show_spectators: Any) -> ChatPreference:
    """A player shows or hides the spectators' channel (on every match)."""
    if user is None or not user.is_authenticated:
        raise errors.not_logged_in()
    if not isinstance(show_spectators, bool):
        raise errors.malformed("'show_spectators' is true or false.")
    preference, _ = ChatPreference.objects.update_or_create(
        user_id=user.pk, defaults={"show_spectators": show_spectators}
    )
    return preference
