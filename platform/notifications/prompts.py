"""What a turn e-mail (or an answer to a reply) tells one seat: its choices now, numbered, the
moves since its last turn, and the address to reply to. Only that seat's own reads: the choices
come from play.selectors.legal_for and the log from play.selectors.log_for, which shows other
seats' moves as their public sentences (never another seat's secrets)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language

from chat.selectors import lines_for_email
from notifications.models import InboundReply, TurnEmail
from notifications.replies import Choice, choices_of
from notifications.tokens import ReplyToken, reply_address
from play.models import ActionRecord, Match, Seat
from play.results import header
from play.selectors import legal_for, log_for

MAX_LISTED = 30  # lines of choices in an e-mail: enough to scan; the rest by notation or "more"
PER_KIND = 6  # at most this many of one kind while other kinds wait for room
MAX_MOVES = 40  # the moves since the last turn, latest kept
MAX_CHAT = 20  # the chat lines since the last move or e-mail, latest kept


def seat_choices(match: Match, seat: Seat) -> list[Choice]:
    """The seat's legal actions in the engine's order (the numbers a reply may use)."""
    if seat.forfeited or match.is_finished:
        return []
    return choices_of(legal_for(match.engine, match.state, seat.index))


def moves_since_last_turn(match: Match, seat: Seat, seats: list[Seat] | None = None) -> list[str]:
    """The log's sentences after this seat's own last action (the whole log before its first);
    `seats`: the match's seats with their users, if in hand."""
    last = (
        ActionRecord.objects.filter(match=match, seat=seat.index)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    entries = log_for(match, seat.index, after=last or 0, seats=seats)
    return [e["text"] for e in entries if e["seat"] != seat.index][-MAX_MOVES:]


def chat_since_last_mail(match: Match, seat: Seat) -> list[dict[str, Any]]:
    """The match's chat lines the player has likely not read: said by others after the later
    of the last turn e-mail they were sent (it carried the lines until then) and their last
    move made on the site (the chat was in front of them); a move made by replying to an
    e-mail is no sign of having read the chat. As they see the chat: people they muted or
    blocked left out, the spectators' lines only if they show them."""
    mine = ActionRecord.objects.filter(match=match, seat=seat.index).order_by("-seq")
    last_move = mine.values_list("created_at", flat=True).first()
    last_reply = _latest(InboundReply.objects.filter(match=match, seat=seat.index), "processed_at")
    sent = TurnEmail.objects.filter(seat=seat, status=TurnEmail.Status.SENT)
    last_mail = _latest(sent, "claimed_at")  # the lines were read into it at its claim
    marks = [last_mail] if last_mail else []
    if last_move and not (last_reply and last_reply >= last_move):
        marks.append(last_move)
    lines = lines_for_email(match, seat.user, max(marks) if marks else None, MAX_CHAT)
    return [
        {"author": x.author_name, "text": x.text, "spectator": x.channel == "spectators"}
        for x in lines
    ]


def _latest(rows: Any, field: str) -> Any:
    return (
        rows.filter(**{f"{field}__isnull": False})
        .order_by(f"-{field}")
        .values_list(field, flat=True)
        .first()
    )


def choice_groups(choices: list[Choice], limit: int = MAX_LISTED) -> list[dict[str, Any]]:
    """The choices grouped by kind (the engine's action type, its header in the reader's
    language), in the engine's order, numbers kept: at most `limit` lines in all, each kind
    given room in turn (PER_KIND first, then more for kinds that have them). A kind cut short
    says how many more it has and shows the notation of one of them as the way to write them."""
    kinds: dict[str, list[Choice]] = {}
    for choice in choices:
        kinds.setdefault(str(choice.action["type"]), []).append(choice)
    shown = {kind: min(len(items), PER_KIND) for kind, items in kinds.items()}
    while sum(shown.values()) > limit and max(shown.values()) > 1:
        shown[max(shown, key=lambda k: shown[k])] -= 1
    room = limit - sum(shown.values())
    for kind, items in kinds.items():  # then the room left, kind after kind
        extra = max(0, min(len(items) - shown[kind], room))
        shown[kind] += extra
        room -= extra
    return [
        {
            "title": header(kind, get_language()),
            "kind": kind,
            "items": items[: shown[kind]],
            "more": len(items) - shown[kind],
            "example": items[-1].text,
        }
        for kind, items in kinds.items()
    ]


def prompt_context(
    match: Match, seat: Seat, *, with_moves: bool = True, seats: list[Seat] | None = None
) -> dict[str, Any]:
    """The part of the e-mail context that lets the player move by replying (`seats`: the
    match's seats with their users, if in hand)."""
    choices = seat_choices(match, seat)
    token = ReplyToken(match_id=match.pk, seat=seat.index, version=match.version)
    groups = choice_groups(choices)
    return {
        "choices": choices,
        "choice_groups": groups,
        "choices_more": sum(g["more"] for g in groups),
        "moves": moves_since_last_turn(match, seat, seats) if with_moves else [],
        # No inbound domain configured: the site takes no replies, so it offers none.
        "reply_address": reply_address(token) if choices and settings.INBOUND_EMAIL_DOMAIN else "",
        "version": match.version,
        "link": settings.SITE_URL + reverse("play:match", args=[match.pk]),
        "game_title": match.engine.title,
        "site_name": settings.SITE_NAME,
        "settings_link": settings.SITE_URL + reverse("accounts:settings"),
    }
