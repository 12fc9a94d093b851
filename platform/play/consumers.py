"""One WebSocket per match and viewer (STYLE.md, 11: thin, versioned, reconnect = snapshot).

Client -> server: {"type": "hello", "version": n}  (on (re)connect: a fresh snapshot if behind)
                  {"type": "act", "action": {...} or "notation", "version": n, "id": any}
                  {"type": "ping"}  (optional: keeps the presence fresh, nothing is answered)
                  other types: the handler an app above play registered (play/sockets.py)
Server -> client: {"type": "snapshot", ...match payload...}  (only this seat's view)
                  {"type": "ack", "id": ..., "version": n} / {"type": "error", "id": ..., ...}
The group message of a match carries only the new version: each process writes each of its
sockets the frame of that socket's kind of viewer, rendered once (play/announce.py).
A refused socket is accepted, then closed with 4401, 4403 or 4404: a browser sees a close code
only after the handshake (a refused handshake is a bare HTTP 403), and match.js stops retrying
on those codes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import uuid
import weakref
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    parse_accept_lang_header,
)

from play import announce, snapshots, sockets, spectators
from play.errors import PlayError
from play.models import Presence
from play.pool import Batch, in_pool, in_pool_now
from play.services import action_submit
from shared import metrics

log = logging.getLogger(__name__)


CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_MANY = 4429  # an address opened too many anonymous sockets (play/spectators.py)
# What an anonymous spectator's socket may send (apps add theirs: sockets.handler_register).
ANONYMOUS_KINDS = {"hello", "ping"}

MATCH_ID = re.compile(r"[0-9]{1,18}")  # a bigint primary key; anything else is no match
MAX_FRAME = 64 * 1024  # characters; a move is a few hundred, a bigger frame is not read
MAX_ECHO = 64  # an id or message type longer than this is not echoed back
MAX_DETAIL = 300  # an engine's sentence may quote the action: keep the answer short
REFRESH_AFTER = 10.0  # seconds: a frame refreshes the presence row at most this often
SEEN_FLUSH_S = 1.0  # the presence rows of the sockets heard are refreshed together this often


def _submit(
    match_id: int, user: Any, action: Any, version: Any
) -> tuple[Any, list[announce.Pending]]:
    """action_submit in the thread pool; the group message for the other processes goes from
    here, and the socket's event loop writes the frames to this process's sockets."""
    with announce.deferred() as pending:
        match = action_submit(match_id=match_id, user=user, action=action, version=version)
    announce.publish_pending(pending)
    return match, pending


class MatchConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    # No channel of its own: the process's one member of the match's group writes the frames
    # to its sockets (play/announce.py); the socket's name identifies its presence row.
    channel_layer_alias = "play.no-channel-per-socket"
    channel_name = ""
    match_id = 0  # set once the socket may follow the match (ids start at 1)
    joined = False
    seat: int | None = None
    sent_version = -1
    html = False
    language = ""  # the viewer's (viewer_language): labels, narration and board in it
    present = False  # a seated player's socket: it keeps a Presence row fresh
    refreshed_at = 0.0  # time.monotonic() of the last presence refresh

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """However the socket ends (a close, an error in a handler, a cancelled task), it leaves
        the group and its presence row goes. Frames go out through the server's own `send`
        when ServerSend kept it: channels' session wrapper acts only on HTTP responses, yet
        costs a look at the session on every frame of every socket."""
        try:
            await super().__call__(scope, receive, scope.get(SERVER_SEND, send))
        finally:
            await self._leave()

    async def dispatch(self, message: Any) -> None:
        """As channels' own, without its per-message trip to the shared database thread to close
        old connections: this socket's database work runs in pool threads (`in_pool`)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.html = b"html=1" in self.scope.get("query_string", b"")
        self.channel_name = f"socket.{uuid.uuid4().hex}"
        await self.accept()
        refusal = await self._refusal(self.scope.get("user"))
        if refusal is not None:
            await self.close(code=refusal)
            return
        self.joined = True
        metrics.socket_opened()
        self.language = viewer_language(self.scope)
        # This socket's task (and the threads it hands work to) speaks the viewer's language:
        # refusals come back translated, as on a page.
        translation.activate(self.language)
        await announce.socket_join(self, (self.seat, self.html, self.language))
        if self.seat is not None:
            await in_pool(self._present)(self.scope["user"])
            self.refreshed_at = time.monotonic()
            self.present = True
            _beat_join(self.channel_name)
        await self.send_snapshot(0, force=True)

    async def _refusal(self, user: Any) -> int | None:
        """The close code for a socket that may not follow this match, or None (and the match
        and seat are set). Anyone may follow a public match, anonymous spectators too (within
        their address's rate); a private table's match is its players'."""
        raw = str(self.scope["url_route"]["kwargs"].get("match_id", ""))
        if not MATCH_ID.fullmatch(raw):
            return CLOSE_NOT_FOUND
        anonymous = not _signed_in(user)
        if anonymous and not await in_pool(spectators.admitted)(_address(self.scope)):
            return CLOSE_TOO_MANY
        access = await in_pool(snapshots.access)(int(raw), user)
        if access is None:
            return CLOSE_NOT_FOUND
        allowed, seat = access
        if not allowed:  # a private table's match: its players only
            return CLOSE_UNAUTHENTICATED if anonymous else CLOSE_FORBIDDEN
        self.match_id, self.seat = int(raw), seat
        return None

    def _present(self, user: Any) -> None:
        """On connect: this socket's presence row, and the match's rows whose sockets died
        unseen dropped (later frames and the heartbeat refresh it: _heard, _beat)."""
        now = timezone.now()
        Presence.objects.update_or_create(
            channel_name=self.channel_name,
            defaults={"seen_at": now},
            create_defaults={"match_id": self.match_id, "user": user, "seen_at": now},
        )
        Presence.objects.filter(match_id=self.match_id, seen_at__lt=now - Presence.TTL).delete()

    def _heard(self) -> None:
        """Any frame from the client proves the socket alive: the row is refreshed if the last
        refresh is older than REFRESH_AFTER (not on every move of a fast live game; the
        heartbeat keeps it fresh meanwhile), together with the other sockets heard in the same
        SEEN_FLUSH_S: one UPDATE, not one thread-pool call and transaction per socket."""
        if self.present and time.monotonic() - self.refreshed_at > REFRESH_AFTER:
            self.refreshed_at = time.monotonic()
            _seen.add(self.channel_name)

    async def _leave(self) -> None:
        if self.present:
            _beat_leave(self.channel_name)
        if not self.joined:
            return
        self.joined = False
        metrics.socket_closed()
        await announce.socket_leave(self)
        if self.seat is not None:
            await in_pool(
                lambda: Presence.objects.filter(channel_name=self.channel_name).delete()
            )()

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Decode a frame ourselves: the base class raises on a binary or non-JSON frame, which
        would end the socket without a word to the client."""
        if not self.match_id:
            return
        self._heard()
        if text_data is None:
            await self._error(None, "malformed", _("Send JSON text frames, not binary ones."))
        elif len(text_data) > MAX_FRAME:
            await self._error(
                None,
                "too_large",
                _("A message may be %(MAX_FRAME)s characters.") % {"MAX_FRAME": MAX_FRAME},
            )
        else:
            try:
                content = json.loads(text_data)
            except (ValueError, RecursionError):
                await self._error(None, "malformed", _("Send JSON."))
                return
            await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            await self._error(None, "malformed", _("Send a JSON object."))
            return
        kind = content.get("type")
        if not _signed_in(self.scope.get("user")) and not _open_to_anonymous(kind):
            await self._error(content, "unauthenticated", _("Log in to play or to chat."))
            return
        if kind == "hello":
            version = content.get("version")
            if not isinstance(version, int) or version != self.sent_version:
                await self.send_snapshot(0, force=True)
        elif kind == "act":
            await self.act(content)
        elif isinstance(kind, str) and kind in sockets.handlers:  # chat.say... (play/sockets.py)
            await sockets.handlers[kind](self, content)
        elif kind != "ping":
            named = repr(kind) if isinstance(kind, str) and len(kind) <= MAX_ECHO else "type"
            await self._error(
                content, "malformed", _("Unknown message %(named)s.") % {"named": named}
            )

    async def act(self, content: dict[str, Any]) -> None:
        started = time.perf_counter()
        try:
            match, pending = await in_pool_now(
                _submit,
                self.match_id,
                self.scope["user"],
                content.get("action"),
                content.get("version"),
            )
        except PlayError as exc:
            await self._error(content, exc.code, exc.message)
            return
        ack = {"type": "ack", "id": sockets.echo_id(content), "version": match.version}
        await self.base_send({"type": "websocket.send", "text": snapshots.frame_encode(ack)})
        await announce.announce_pending(pending)
        metrics.move_delivered(match.game, time.perf_counter() - started)

    async def _error(self, content: dict[str, Any] | None, code: str, detail: str) -> None:
        if len(detail) > MAX_DETAIL:
            detail = detail[: MAX_DETAIL - 1] + "…"
        await self.send_json(
            {
                "type": "error",
                "id": None if content is None else sockets.echo_id(content),
                "error": code,
                "detail": detail,
            }
        )

    async def play_relay(self, event: dict[str, Any]) -> None:
        """A group message of an app above play: its relay decides what this socket gets."""
        relay = sockets.relays.get(event.get("kind", ""))
        if relay is not None and self.match_id:
            await relay(self, event)

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return snapshots.frame_encode(content)

    async def send_snapshot(self, at_least: int, force: bool = False) -> None:
        payload = await in_pool(snapshots.payload_for)(
            self.match_id, self.seat, at_least, self.html, force, self.language
        )
        if force or payload["version"] > self.sent_version:
            self.sent_version = payload["version"]
            await self.send_json({"type": "snapshot", **payload})


SERVER_SEND = "play.server_send"


class ServerSend:
    """ASGI middleware, outermost on WebSockets (config/asgi.py): keeps the server's `send` in
    the scope for MatchConsumer, before the middlewares inside wrap it."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        return await self.app({**scope, SERVER_SEND: send}, receive, send)


def _open_to_anonymous(kind: Any) -> bool:
    return isinstance(kind, str) and (kind in ANONYMOUS_KINDS or kind in sockets.anonymous_kinds)


def _signed_in(user: Any) -> bool:
    return user is not None and user.is_authenticated


def _address(scope: Any) -> str:
    """The client's address (uvicorn takes it from the proxy's header: docs/operations.md)."""
    client = scope.get("client") or ("", 0)
    return str(client[0])


def viewer_language(scope: Any) -> str:
    """As a page's (LocaleMiddleware, then the account's setting): the account's language, the
    language cookie, then the browser's Accept-Language; the site's default otherwise."""
    user = scope.get("user")
    chosen = getattr(user, "language", "") if user is not None else ""
    if chosen:
        return str(chosen)
    headers = dict(scope.get("headers") or [])
    cookies = scope.get("cookies") or {}
    candidates = [cookies.get(settings.LANGUAGE_COOKIE_NAME, "")] + [
        code for code, _q in parse_accept_lang_header(headers.get(b"accept-language", b"").decode())
    ]
    for code in candidates:
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


# --- The server's heartbeat: one UPDATE per process every HEARTBEAT for all its open sockets, so
# an idle but open socket stays present (2,000 idle sockets cost one statement every 30 s, not
# 2,000 thread-pool calls).
_beats: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, set[str]] = weakref.WeakKeyDictionary()
_beat_tasks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task[None]] = (
    weakref.WeakKeyDictionary()
)


def _beat_join(channel: str) -> None:
    loop = asyncio.get_running_loop()
    _beats.setdefault(loop, set()).add(channel)
    task = _beat_tasks.get(loop)
    if task is None or task.done():
        _beat_tasks[loop] = loop.create_task(_beat(_beats[loop]))


def _beat_leave(channel: str) -> None:
    _beats.get(asyncio.get_running_loop(), set()).discard(channel)


async def _beat(channels: set[str]) -> None:
    while channels:
        await asyncio.sleep(Presence.HEARTBEAT.total_seconds())
        try:
            await in_pool(_presences_refresh)(sorted(channels))
        except Exception:  # the database may be away for a moment: the next beat tries again
            log.exception("presence of %s sockets not refreshed", len(channels))


def _presences_refresh(channels: list[str]) -> None:
    now = timezone.now()
    for start in range(0, len(channels), 1000):
        Presence.objects.filter(channel_name__in=channels[start : start + 1000]).update(seen_at=now)


# The database may be away for a moment: the next beat refreshes them.
_seen = Batch(_presences_refresh, SEEN_FLUSH_S, "presence rows refreshed")
