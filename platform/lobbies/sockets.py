"""The rematch over a finished match's socket (the seam: play/sockets.py), registered in
LobbiesConfig.ready; docs/lobbies.md, "Rematch, live".

Client -> server (each may carry an "id", echoed in the answer):
  {"type": "rematch.state"}    -> {"type": "rematch", ...the state below}
  {"type": "rematch.offer"}    offer the rematch, or accept the one on offer -> "rematch"
  {"type": "rematch.decline"}  call it off -> "rematch"
  a refusal: {"type": "rematch.error", "id", "error": code, "detail": sentence}
Server -> client, to every player's socket of the match whenever the offer changes (offered,
accepted, declined, started), whoever changed it and from wherever (this socket, the end
screen's form, the table page):
  {"type": "rematch", "status": "none" | "open" | "started" | "declined" | "expired",
   "table", "match" (the new match once started), "players": [{"name", "accepted"}],
   "you_accepted", "text": the state in the viewer's language,
   "actions": [{"type": "rematch.offer" | "rematch.decline", "label"}]}
The page draws it in the end screen's rematch place and, once started, opens the new match.
Spectators get nothing: the offer is between the players.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from lobbies.rematch import (
    ensure_player,
    finished_match,
    humans_of,
    rematch_decline,
    rematch_offer,
    rematch_state,
)
from lobbies.rematch_table import CHANGED
from lobbies.services import LobbyError
from play import sockets
from play.consumers import viewer_language
from play.pool import in_pool


def rematch_frame(match_id: int, user: Any, language: str) -> dict[str, Any]:
    """The offer as `user` sees it, its words in `language`."""
    match = finished_match(match_id)
    state = rematch_state(match, user)
    with translation.override(language):
        return {"type": "rematch", **state, **_said(state)}


def _said(state: dict[str, Any]) -> dict[str, Any]:
    status = state["status"]
    offer = {"type": "rematch.offer", "label": _("Rematch")}
    accept = {"type": "rematch.offer", "label": _("Accept the rematch")}
    decline = {"type": "rematch.decline", "label": _("Decline")}
    if status == "none":
        return {"text": "", "actions": [offer]}
    if status == "open":
        waiting = [p["name"] for p in state["players"] if not p["accepted"]]
        text = _("Rematch offered: waiting for %(names)s.") % {"names": ", ".join(waiting)}
        return {"text": text, "actions": [] if state["you_accepted"] else [accept, decline]}
    if status == "started":
        return {"text": _("Everyone accepted: the rematch starts."), "actions": []}
    if status == "declined":
        text = _("%(name)s declined the rematch.") % {"name": state["declined_by"]}
        return {"text": text, "actions": []}
    return {"text": _("The rematch offer has expired."), "actions": []}


def answered(work: Callable[[int, Any], Any]) -> sockets.Handler:
    """A handler that runs `work(match_id, user)` in the thread pool, then sends the socket's
    player the offer as it now stands, or the refusal as "rematch.error"."""

    def run(socket: Any, content: dict[str, Any]) -> dict[str, Any]:
        user, language = socket.scope["user"], viewer_language(socket.scope)
        with translation.override(language):  # a refusal is said in the viewer's language
            work(socket.match_id, user)
        return rematch_frame(socket.match_id, user, language)

    return sockets.answered(run, LobbyError, "rematch.error")


def _look(match_id: int, user: Any) -> None:
    ensure_player(humans_of(finished_match(match_id)), user)


def _offer(match_id: int, user: Any) -> None:
    rematch_offer(match_id=match_id, user=user)


def _decline(match_id: int, user: Any) -> None:
    rematch_decline(match_id=match_id, user=user)


async def changed_relay(socket: Any, event: dict[str, Any]) -> None:
    """The offer changed: a player's socket gets it as that player sees it."""
    if socket.seat is None:
        return
    user, language = socket.scope["user"], viewer_language(socket.scope)
    try:
        frame = await in_pool(rematch_frame)(socket.match_id, user, language)
    except LobbyError:
        return
    await socket.send_json(frame)


def register() -> None:
    sockets.handler_register("rematch.state", answered(_look))
    sockets.handler_register("rematch.offer", answered(_offer))
    sockets.handler_register("rematch.decline", answered(_decline))
    sockets.relay_register(CHANGED, changed_relay)
