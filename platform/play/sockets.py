"""The seam through which apps above play speak over a match's socket (play imports no app).

An app registers, in its AppConfig.ready:
- a handler per client message type it answers (`handler_register("chat.say", say)`): the
  consumer hands it the socket and the decoded message;
- a relay per kind of group message it sends to `match.<id>` as
  `{"type": RELAY, "kind": "chat.line", ...}`: every socket of the match hands the message to
  the relay, which decides what (if anything) that socket's viewer gets.

A handler or relay receives the consumer itself (play.consumers.MatchConsumer): `scope["user"]`,
`match_id`, `seat` (None: a spectator), `send_json` and `close` are what it may use.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Handler = Callable[[Any, dict[str, Any]], Awaitable[None]]

RELAY = "play.relay"  # the group message type; the consumer's `play_relay` receives it

handlers: dict[str, Handler] = {}
relays: dict[str, Handler] = {}


def handler_register(kind: str, handler: Handler) -> None:
    handlers[kind] = handler


def relay_register(kind: str, relay: Handler) -> None:
    relays[kind] = relay
