"""The chat over a match's socket (the seam: play/sockets.py), registered in ChatConfig.ready.

Client -> server (each may carry an "id", echoed in the answer):
  {"type": "chat.say", "text": "gg"}                 -> {"type": "chat.ack", "id", "line": id}
  {"type": "chat.history", "after": line id}         -> {"type": "chat.lines", "lines": [...]}
  {"type": "chat.mute", "person": user id, "muted": true|false}  -> {"type": "chat.muted", ...}
  {"type": "chat.report", "line": id, "reason": "abuse", "note": ""} -> {"type": "chat.reported"}
  {"type": "chat.spectators", "show": true|false}    -> {"type": "chat.spectators", "show"}
  a refusal: {"type": "chat.error", "id", "error": code, "detail": sentence}
Server -> client, relayed to every socket of the match:
  {"type": "chat.line", "line": {...}}  (only to those who see it: not muted, not blocked, and
                                         a player who hides the spectators gets none of theirs)
  {"type": "chat.removed", "line": id}  (staff removed it)
A socket of a banned account is closed (4403).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from chat import selectors, services
from chat.errors import ChatError
from chat.models import Channel
from play import sockets
from play.models import Match
from play.pool import in_pool

FRESH = 10.0  # seconds: a socket re-reads what its viewer hides at most this often
CLOSE_BANNED = 4403


class Listener:
    """What one socket's viewer hides: the spectators' channel (a player's choice), and people
    (muted, or blocked either way), read from the database at most every FRESH seconds; a change
    made over this socket applies at once."""

    def __init__(self, user: Any, player: bool) -> None:
        self.user = user
        self.player = player
        self.show_spectators = True
        self.hidden: dict[int, bool] = {}
        self.read_at = -math.inf

    def stale(self) -> bool:
        return time.monotonic() - self.read_at > FRESH

    def refresh(self) -> None:
        self.show_spectators = selectors.shows_spectators(self.user)
        self.hidden = {}
        self.read_at = time.monotonic()

    def learn(self, author: int) -> None:
        self.hidden[author] = author in selectors.hidden_authors(self.user, [author])

    def sees(self, channel: str, author: int | None) -> bool:
        if channel == Channel.SPECTATORS and self.player and not self.show_spectators:
            return False
        return author is None or not self.hidden.get(author, False)


async def _listener(socket: Any, author: int | None = None) -> Listener:
    listener: Listener | None = getattr(socket, "chat_listener", None)
    if listener is None:
        listener = Listener(socket.scope["user"], socket.seat is not None)
        socket.chat_listener = listener
    if listener.stale():
        await in_pool(listener.refresh)()
    if author is not None and author not in listener.hidden:
        await in_pool(listener.learn)(author)
    return listener


async def line_relay(socket: Any, event: dict[str, Any]) -> None:
    listener = await _listener(socket, event.get("author"))
    if listener.sees(event["channel"], event.get("author")):
        await socket.send_json({"type": "chat.line", "line": event["line"]})


async def removed_relay(socket: Any, event: dict[str, Any]) -> None:
    await socket.send_json({"type": "chat.removed", "line": event["line"]})


async def banned_relay(socket: Any, event: dict[str, Any]) -> None:
    if socket.scope["user"].pk == event["user"]:
        await socket.close(code=CLOSE_BANNED)


def answered(work: Callable[[Any, dict[str, Any]], dict[str, Any]]) -> sockets.Handler:
    """A handler that runs `work(socket, content)` in the thread pool and sends its answer, or
    the refusal as "chat.error"."""
    return sockets.answered(work, ChatError, "chat.error")


def _say(socket: Any, content: dict[str, Any]) -> dict[str, Any]:
    line = services.chat_post(
        user=socket.scope["user"], match_id=socket.match_id, text=content.get("text")
    )
    return {"type": "chat.ack", "line": line.pk}


def _history(socket: Any, content: dict[str, Any]) -> dict[str, Any]:
    after = content.get("after", 0)
    if isinstance(after, bool) or not isinstance(after, int) or after < 0:
        raise ChatError("malformed", "'after' must be a line id (0: from the start).")
    place = _socket_place(socket)
    lines = selectors.lines_seen(place, socket.scope["user"], after)
    return {"type": "chat.lines", "after": after, "lines": [selectors.line_json(x) for x in lines]}


def _socket_place(socket: Any) -> selectors.Place:
    """The socket's match as a chat place (the consumer checked the viewer may watch it)."""
    match = Match.objects.select_related("table").get(pk=socket.match_id)
    return selectors.Place(match=match, table=None, player=socket.seat is not None)


def _mute(socket: Any, content: dict[str, Any]) -> dict[str, Any]:
    muted = content.get("muted", True)
    if not isinstance(muted, bool):
        raise ChatError("malformed", "'muted' is true or false.")
    person = content.get("person")
    services.person_mute(user=socket.scope["user"], person_id=person, muted=muted)
    assert isinstance(person, int)  # person_mute refused anything else
    listener: Listener | None = getattr(socket, "chat_listener", None)
    if listener is not None:
        listener.hidden.pop(person, None)  # re-read with the next line of that person
        if muted:
            listener.hidden[person] = True
    return {"type": "chat.muted", "person": person, "muted": muted}


def _report(socket: Any, content: dict[str, Any]) -> dict[str, Any]:
    report = services.chat_report(
        user=socket.scope["user"],
        line_id=content.get("line"),
        reason=content.get("reason", ""),
        note=content.get("note", ""),
    )
    return {"type": "chat.reported", "line": report.line_id}


def _spectators(socket: Any, content: dict[str, Any]) -> dict[str, Any]:
    preference = services.chat_preference_set(
        user=socket.scope["user"], show_spectators=content.get("show")
    )
    listener: Listener | None = getattr(socket, "chat_listener", None)
    if listener is not None:
        listener.show_spectators = preference.show_spectators
    return {"type": "chat.spectators", "show": preference.show_spectators}


def register() -> None:
    sockets.handler_register("chat.say", answered(_say))
    sockets.handler_register("chat.history", answered(_history), anonymous=True)
    sockets.handler_register("chat.mute", answered(_mute))
    sockets.handler_register("chat.report", answered(_report))
    sockets.handler_register("chat.spectators", answered(_spectators))
    sockets.relay_register("chat.line", line_relay)
    sockets.relay_register("chat.removed", removed_relay)
    sockets.relay_register("account.banned", banned_relay)
