"""One WebSocket per match and viewer (STYLE.md, 11: thin, versioned, reconnect = snapshot).

Client -> server: {"type": "hello", "version": n}  (on (re)connect: a fresh snapshot if behind)
                  {"type": "act", "action": {...} or "notation", "version": n, "id": any}
Server -> client: {"type": "snapshot", ...match payload...}  (only this seat's view)
                  {"type": "ack", "id": ..., "version": n} / {"type": "error", "id": ..., ...}
The group message of a match carries only the new version; each socket renders its own view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from play import snapshots
from play.errors import PlayError
from play.models import Presence
from play.services import action_submit


def in_pool(function: Callable[..., Any]) -> Any:
    """Run database work in the thread pool. By default every socket of a process would queue
    for one shared thread; each call here uses its own connection and the row lock orders
    concurrent moves."""
    return database_sync_to_async(function, thread_sensitive=False)


CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


class MatchConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    match_id: int
    seat: int | None
    sent_version: int
    html: bool

    async def connect(self) -> None:
        user = self.scope.get("user")
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.html = b"html=1" in self.scope.get("query_string", b"")
        self.sent_version = -1
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        access = await in_pool(snapshots.access)(self.match_id, user)
        if access is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        allowed, self.seat = access
        if not allowed:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.channel_layer.group_add(f"match.{self.match_id}", self.channel_name)
        await self.accept()
        await in_pool(self._mark_present)(user)
        await self.send_snapshot(0, force=True)

    def _mark_present(self, user: Any) -> None:
        if self.seat is not None:
            Presence.objects.get_or_create(
                channel_name=self.channel_name, defaults={"match_id": self.match_id, "user": user}
            )

    async def disconnect(self, code: int) -> None:
        if getattr(self, "match_id", None) is None or self.sent_version < 0:
            return
        await self.channel_layer.group_discard(f"match.{self.match_id}", self.channel_name)
        await in_pool(lambda: Presence.objects.filter(channel_name=self.channel_name).delete())()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            await self.send_json({"type": "error", "error": "malformed", "detail": "Send JSON."})
            return
        kind = content.get("type")
        if kind == "hello":
            version = content.get("version")
            if not isinstance(version, int) or version != self.sent_version:
                await self.send_snapshot(0, force=True)
        elif kind == "act":
            await self.act(content)
        else:
            await self.send_json(
                {"type": "error", "error": "malformed", "detail": f"Unknown message {kind!r}."}
            )

    async def act(self, content: dict[str, Any]) -> None:
        user = self.scope["user"]
        try:
            match = await in_pool(action_submit)(
                match_id=self.match_id,
                user=user,
                action=content.get("action"),
                version=content.get("version"),
            )
        except PlayError as exc:
            await self.send_json({"type": "error", "id": content.get("id"), **exc.to_json()})
            return
        await self.send_json({"type": "ack", "id": content.get("id"), "version": match.version})

    async def match_update(self, event: dict[str, Any]) -> None:
        if event["version"] > self.sent_version:
            await self.send_snapshot(event["version"])

    async def send_snapshot(self, at_least: int, force: bool = False) -> None:
        payload = await in_pool(snapshots.payload_for)(
            self.match_id, self.seat, at_least, self.html, force
        )
        if force or payload["version"] > self.sent_version:
            self.sent_version = payload["version"]
            await self.send_json({"type": "snapshot", **payload})
