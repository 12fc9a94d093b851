"""The position in a turn e-mail (docs/notifications.md, "The e-mail"): a picture of the board
as the seat sees it, a PNG attached inline (Gmail and Outlook show no SVG) and referred to by
its Content-ID, and the same position as words for the plain and HTML parts. Both are made from
`engine.view(state, seat)` alone, as the match page is: another seat's secrets are not in it."""

from __future__ import annotations

from email.mime.image import MIMEImage
from typing import Any

from django.core.mail import EmailMultiAlternatives
from django.utils import timezone
from django.utils.translation import get_language, ngettext

from boards.picture import picture_and_words, picture_png
from play import banks
from play.models import Match, Seat
from play.selectors import legal_for, players_of, seat_names

PICTURE_ID = "board"  # the Content-ID of the picture: <img src="cid:board">


def position_context(match: Match, seat: Seat, seats: list[Seat] | None = None) -> dict[str, Any]:
    """`position` (the game's words: the seat's private part, every player's standing),
    `picture` (PNG bytes, or None for a game without a drawing) and `picture_cid`; `seats`:
    the match's seats with their users, if in hand."""
    if seats is None:
        seats = list(match.seats.select_related("user"))
    names = seat_names(seats)
    players = players_of(seats, names)
    language = get_language() or "en"
    view = match.engine.view(match.state, seat.index)
    legal = legal_for(match.engine, match.state, seat.index, names, language)
    svg, words = picture_and_words(match.game, view, seat.index, legal, players, language)
    return {
        "position": words,
        "picture": picture_png(svg) if svg else None,
        "picture_svg": svg,  # what the picture was drawn from (the secrets tests read it)
        "picture_cid": PICTURE_ID,
        "deadline": banks.deadline(match, seat),  # the seat's own bank, not the match's
        "bank": time_words(banks.left(match, seat, timezone.now())),
    }


def time_words(seconds: float) -> str:
    """A bank in words ("42 minutes", "3 hours", "2 days"), as the reminders say time left."""
    minutes = max(1, int(seconds // 60))
    if minutes < 120:
        return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}
    hours = minutes // 60
    if hours < 48:
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    return ngettext("%(n)d day", "%(n)d days", hours // 24) % {"n": hours // 24}


def picture_attach(message: EmailMultiAlternatives, png: bytes | None) -> None:
    """Attach the picture inline: the message becomes multipart/related (the alternative
    parts, then the image their HTML refers to by Content-ID)."""
    if not png:
        return
    image = MIMEImage(png, "png")
    image.add_header("Content-ID", f"<{PICTURE_ID}>")
    image.add_header("Content-Disposition", "inline", filename="board.png")
    message.mixed_subtype = "related"  # type: ignore[attr-defined]  # Django's, not in the stubs
    message.attach(image)
