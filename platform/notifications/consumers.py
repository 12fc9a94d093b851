"""The bell's socket: each page a signed-in player has open learns their unread count as it
changes (a notice written, or read on another page). Only the count travels: the page asks
/api/me/notifications/ for the rows."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer

from notifications.models import Notice
from play import announce


def user_group(user_id: int) -> str:
    return f"notices.{user_id}"


def unread_send(user_id: int, unread: int) -> None:
    """From synchronous code (after commit): tell every open bell of the player."""
    message = {"type": "notices.unread", "unread": unread}
    if announce.group_send_blocking(user_group(user_id), message):
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(user_group(user_id), message)


class NoticeConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "unread", "unread": await _count(user.pk)})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The bell says nothing; anything it sends is ignored."""

    async def notices_unread(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "unread", "unread": int(event["unread"])})


def unread_count(user_id: int) -> int:
    return Notice.objects.filter(user_id=user_id, read_at__isnull=True).count()


_count = sync_to_async(unread_count)
