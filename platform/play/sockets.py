"""The seam through which apps above play speak over a match's socket (play imports no app).

An app registers, in its AppConfig.ready:
- a handler per client message type it answers (`handler_register("chat.say", say)`): the
  consumer hands it the socket and the decoded message;
- a relay per kind of group message it sends to `match.<id>` as
  `{"type": RELAY, "kind": "chat.line", ...}`: every socket of the match hands the message to
  the relay, which decides what (if anything) that socket's viewer gets.

A handler or relay receives the consumer itself (play.consumers.MatchConsumer): `scope["user"]`,
`match_id`, `seat` (None: a spectator), `send_json` and `close` are what it may use. `answered`
makes a handler of a function that does its work in the thread pool: its answer, or the
refusal, goes back with the client's "id" echoed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from play.pool import in_pool
from shared.errors import ServiceError

Handler = Callable[[Any, dict[str, Any]], Awaitable[None]]

RELAY = "play.relay"  # the group message type; the consumer's `play_relay` receives it
MAX_ECHO = 64  # a longer string id is not echoed back

handlers: dict[str, Handler] = {}
relays: dict[str, Handler] = {}
anonymous_kinds: set[str] = set()  # what an anonymous spectator's socket may send


def handler_register(kind: str, handler: Handler, anonymous: bool = False) -> None:
    """`anonymous`: a spectator who is not logged in may send it too (it only reads)."""
    handlers[kind] = handler
    if anonymous:
        anonymous_kinds.add(kind)


def relay_register(kind: str, relay: Handler) -> None:
    relays[kind] = relay


def echo_id(content: dict[str, Any]) -> Any:
    """The client's id back, if it is a short string or a safe integer (else None)."""
    value = content.get("id")
    if isinstance(value, bool):
        return None
    if (isinstance(value, int) and abs(value) < 2**53) or (
        isinstance(value, str) and len(value) <= MAX_ECHO
    ):
        return value
    return None


def answered(
    work: Callable[[Any, dict[str, Any]], dict[str, Any]],
    refusal: type[ServiceError],
    error_type: str,
) -> Handler:
    """A handler that runs `work(socket, content)` (a dict back) in the thread pool and sends
    its answer, or a `refusal` it raised as {"type": error_type, "error", "detail"}."""

    async def handler(socket: Any, content: dict[str, Any]) -> None:
        try:
            answer = await in_pool(work)(socket, content)
        except refusal as exc:
            answer = {"type": error_type, "error": exc.code, "detail": str(exc.message)}
        await socket.send_json({**answer, "id": echo_id(content)})

    return handler
