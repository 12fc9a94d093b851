"""The chat panel of the match and table pages, and the chat of the replay: included by those
pages' templates (`{% include "chat/panel.html" %}`), so play and lobbies need not know chat."""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from django import template

from chat import selectors
from chat.models import Channel, Report
from chat.services import MAX_LENGTH

register = template.Library()


def _place(context: template.Context) -> selectors.Place | None:
    user = context["request"].user
    match = context.get("match")
    if match is not None:  # the match page has its seats in hand
        return selectors.match_place(match, user, context.get("seats"))
    table = context.get("table")
    if table is None:
        return None
    return selectors.table_place(table, user, context.get("token") or None)


@register.inclusion_tag("chat/_panel.html", takes_context=True)
def chat_panel(context: template.Context) -> dict[str, Any]:
    request = context["request"]
    base = {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "next": request.get_full_path(),  # a private table's ?invite= included
    }
    place = _place(context)
    if place is None:
        return {**base, "readable": False, "match": context.get("match")}
    user = request.user
    # One query for what the panel reads about the viewer, one for the lines with their
    # authors; the mutes here and the blocks among the authors only if the viewer has any.
    reads = selectors.panel_reads(user)
    show_spectators = not place.player or reads.show_spectators
    channels = [Channel.PLAYERS, Channel.SPECTATORS] if show_spectators else [Channel.PLAYERS]
    muted_here = selectors.muted_among(user, place) if reads.mutes else []
    muted_ids = {person["id"] for person in muted_here}
    lines = selectors.lines_seen(
        place, user, channels=channels, muted_ids=muted_ids, blocks=reads.blocks
    )
    mute = reads.sanction
    return {
        **base,
        "readable": True,
        "place": place,
        "me": user.pk,
        "players_lines": [x for x in lines if x.channel == Channel.PLAYERS],
        "spectators_lines": [x for x in lines if x.channel == Channel.SPECTATORS],
        "show_spectators": show_spectators,
        "writable": place.match is not None or (place.table is not None and place.table.is_open),
        "chat_muted": mute,
        "muted_here": muted_here,
        "invite": context.get("token") or "",
        "max_length": MAX_LENGTH,
        "last_id": lines[-1].pk if lines else 0,
    }


@register.inclusion_tag("chat/_replay.html", takes_context=True)
def chat_replay(context: template.Context) -> dict[str, Any]:
    """Every line of the match the viewer sees, each shown from the step it was said at.

    A line keeps the match version it was said at; the replay's steps are its log entries
    (`log`: undone decisions and undo notes left out), so a line's step is the number of
    those entries logged by then."""
    request = context["request"]
    place = _place(context)
    lines = selectors.lines_seen(place, request.user) if place is not None else []
    seqs = [entry["seq"] for entry in context.get("log") or []]
    shown = [(line, bisect_right(seqs, line.step)) for line in lines]
    return {"readable": place is not None, "lines": shown, "step": context.get("step", 0)}


@register.simple_tag
def report_reasons() -> list[tuple[str, str]]:
    return [(value, str(label)) for value, label in Report.Reason.choices]
