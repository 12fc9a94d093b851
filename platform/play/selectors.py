"""Reads on matches: what one seat (or a spectator) may see. Secrets never leave the engine's
`view`; log entries of other seats are shown as the engine's `public_action`."""

from __future__ import annotations

import hashlib
import html
import re
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import orjson
from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy

from boards.context import board_context
from boards.language import rendering
from boards.panels import panels
from games.core import Game, Phrase, translate
from play import banks
from play.language import reader_language
from play.models import ActionRecord, Match, Seat
from play.results import end_screen, header
from play.results import outcome_table as outcome_table  # importable from here as before
from play.results import reason_words as reason_words


def seat_of(match: Match, user: Any, seats: list[Seat] | None = None) -> int | None:
    """The index of `user`'s seat in the match, or None (`seats`: the rows, if in hand)."""
    if user is None or not user.is_authenticated:
        return None
    if seats is not None:
        return next((s.index for s in seats if s.user_id == user.pk), None)
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


@dataclass(frozen=True)
class Access:
    """Who is looking at a match: may they watch it, and from which seat (None: a spectator)."""

    allowed: bool
    seat: int | None


def match_access(match: Match, user: Any, seats: list[Seat] | None = None) -> Access:
    """The one rule for page, API and socket: the players always; anyone else unless the match
    was played at a private table. `match.table` should be selected with the match."""
    seat = seat_of(match, user, seats)
    private = match.table is not None and match.table.private
    return Access(allowed=seat is not None or not private, seat=seat)


# Engines know seats only and call another seat "player 2" (1-based) in sentences and labels;
# the site puts the display name in its place wherever it shows them.
_SEAT_WORDS = re.compile(r"\b[Pp]layer (\d+)\b")


def with_names(text: str, names: dict[int, str] | None) -> str:
    """`text` with each "player N" of the engine replaced by that seat's display name."""
    if not names or "layer " not in text:  # most texts name nobody: no regex for them
        return text

    def name(found: re.Match[str]) -> str:
        return names.get(int(found.group(1)) - 1, found.group(0))

    return _SEAT_WORDS.sub(name, text)


def seat_names(seats: list[Seat], language: str | None = None) -> dict[int, str]:
    """Each seat's name in `language` (reader_language: a bot's level and an erased account
    are re-said in it), made distinct: two "Standard bot" seats become "Standard bot 1" and 2."""
    language = reader_language(language)
    names = {s.index: _seat_name(s, language) for s in seats}
    counts = Counter(names.values())
    numbered: Counter[str] = Counter()
    for index in sorted(names):
        name = names[index]
        if counts[name] > 1:
            numbered[name] += 1
            names[index] = f"{name} {numbered[name]}"
    return names


def _seat_name(seat: Seat, language: str) -> str:
    user = seat.user if seat.user_id is not None else None
    if user is not None and user.deleted_at is not None:
        return erased_name(user.pk, language)
    name = seat.name
    return translate(name, language) if isinstance(name, Phrase) else str(name)


def erased_name(pk: int, language: str) -> str:
    """An erased account's name ("Deleted player 7", stored in English) in `language`."""
    with translation.override(language):
        return gettext("Deleted player %(number)s") % {"number": pk}


def action_json(action: Any) -> str:
    """An action as compact JSON text: the buttons' data-action, compared as text (orjson, many
    times faster than json on every legal action of every move)."""
    return orjson.dumps(action).decode()


def legal_for(
    game: Game,
    state: dict[str, Any],
    seat: int | None,
    names: dict[int, str] | None = None,
    language: str | None = None,
) -> list[dict[str, Any]]:
    """The seat's choices with their button text in `language` (reader_language)."""
    if seat is None or game.outcome(state) is not None or seat not in game.to_act(state):
        return []
    language = reader_language(language)
    out = []
    for action in game.legal_actions(state, seat):
        json = action_json(action)
        out.append(
            {
                "action": action,
                "json": json,
                "label": with_names(translate(game.label(state, seat, action), language), names),
                "text": _notation(game, action, json),
            }
        )
    return out


def _notation(game: Game, action: Any, json: str) -> str:
    """game.format_action(action), kept by game and the action's JSON: a notation depends on
    the action alone, and a game offers the same few actions again and again."""
    key = (game.name, json)
    text = _NOTATIONS.get(key)
    if text is None:
        if len(_NOTATIONS) >= _NOTATIONS_SIZE:
            _NOTATIONS.clear()
        text = _NOTATIONS[key] = game.format_action(action)
    return text


_NOTATIONS: dict[tuple[str, str], str] = {}
_NOTATIONS_SIZE = 50_000


def players_of(seats: list[Seat], names: dict[int, str] | None = None) -> list[dict[str, Any]]:
    if names is None:
        names = seat_names(seats)
    return [
        {
            **s.public(),
            "name": names[s.index],
            "forfeited": s.forfeited,
            "to_act": s.to_act,
            "place": s.place,
            "paused": s.paused_at is not None,  # on vacation: the clock waits
        }
        for s in seats
    ]


def match_payload(
    match: Match,
    seats: list[Seat],
    seat: int | None,
    html: bool = False,
    language: str | None = None,
    legal: list[dict[str, Any]] | None = None,
    names: dict[int, str] | None = None,
    players: list[dict[str, Any]] | None = None,
    view: dict[str, Any] | None = None,
    clocks: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything a client needs to draw the match for `seat`: its view and its choices, the
    game's words in `language` (reader_language); `legal`: legal_for's list for this seat in
    that language, if in hand; `names`, `players`, `view` and `clocks`: seat_names, players_of
    of `seats`, the game's view for `seat` and banks.view, when the caller builds several
    viewers' payloads of one version."""
    game = match.engine
    left = seat is not None and any(s.index == seat and s.forfeited for s in seats)
    if names is None:
        names = seat_names(seats)
    language = reader_language(language)
    # A bot plays a seat that left; a match ended by forfeits offers nothing though the engine
    # would play on.
    if left or match.is_finished:
        legal = []
    elif legal is None:
        legal = legal_for(game, match.state, seat, names, language)
    payload: dict[str, Any] = {
        "language": language,
        "match": match.pk,
        "game": match.game,
        "version": match.version,
        "status": match.status,
        "seat": seat,
        "to_act": [s.index for s in seats if s.to_act],
        "players": players if players is not None else players_of(seats, names),
        "view": view if view is not None else game.view(match.state, seat),
        "legal": [{"action": i["action"], "label": i["label"], "text": i["text"]} for i in legal],
        "outcome": match.outcome,
        "deadline": match.deadline.isoformat() if match.deadline else None,
        "clocks": clocks if clocks is not None else banks.view(match, seats),
    }
    if html:
        payload["html"] = board_html(match, payload, legal)
    return payload


def board_html(match: Match, payload: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    context = {
        "match": match,
        "view": payload["view"],
        "seat": payload["seat"],
        "legal": legal,
        "players": payload["players"],
        "outcome": payload["outcome"],
        "version": payload["version"],
        "deadline": match.deadline.isoformat() if match.deadline else "",
    }
    context["board_templates"] = [f"games/{match.game}/board.html", "play/board_generic.html"]
    context["board_actions"] = set()  # the choices the board draws in place (boards/<game>.py)
    context["legal_groups"] = legal_groups(legal, payload.get("language"))
    if payload["outcome"]:
        context["result"] = end_screen(
            match, payload["players"], payload["seat"], payload.get("language")
        )
    language = payload.get("language") or "en"
    with translation.override(language), rendering(language):  # boards.language.say
        context.update(board_context(match.game, payload["view"], payload["seat"], legal, context))
        board = render_to_string(context["board_templates"], context)
        context["panels"] = panels(match.game, payload["view"], payload["seat"], payload["players"])
    context["board"] = mark_safe(board)  # the game's own template, autoescaped
    context["board_actions"] = set(context["board_actions"]) | _placed(board)
    return render_to_string("play/board_frame.html", context)


def board_cached(match: Match, payload: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    """board_html through Django's cache for BOARD_CACHE_SECONDS (0: off), keyed by
    board_cache_key. A finished match's board is always drawn: its end screen follows the
    ratings and the rematch, which come after its last version."""
    seconds = settings.BOARD_CACHE_SECONDS
    if not seconds or match.is_finished or payload["outcome"]:
        return board_html(match, payload, legal)
    key = board_cache_key(match, payload)
    board = cache.get(key)
    if board is None:
        board = board_html(match, payload, legal)
        cache.set(key, board, seconds)
    return board


def board_cache_key(match: Match, payload: dict[str, Any]) -> str:
    """One key per match, version, seat (spectators share their own: they see no secret) and
    language; the players' part of the payload (names, left, on vacation) and the clock are
    hashed in, as they may change within a version."""
    viewer = "watch" if payload["seat"] is None else f"seat{payload['seat']}"
    around = orjson.dumps(
        [payload["players"], payload["status"], payload["deadline"], payload.get("clocks")]
    )
    digest = hashlib.blake2b(around, digest_size=8).hexdigest()
    return f"board:{match.pk}:{match.version}:{viewer}:{payload['language']}:{digest}"


_DATA_ACTION = re.compile(r'data-action="([^"]*)"')


def _placed(board: str) -> set[str]:
    """The choices a board draws in place (its data-action attributes), compared as JSON: the
    button list shows only the others openly, and all of them collapsed."""
    found = set()
    for attribute in _DATA_ACTION.findall(board):
        try:
            found.add(action_json(orjson.loads(html.unescape(attribute))))
        except (ValueError, TypeError):
            continue
    return found


def legal_groups(legal: list[dict[str, Any]], language: str | None = None) -> list[dict[str, Any]]:
    """The choices grouped by kind of action, in the engine's order, for the button list."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in legal:
        groups.setdefault(item["action"]["type"], []).append(item)
    language = reader_language(language)
    return [{"title": header(kind, language), "items": items} for kind, items in groups.items()]


def log_for(
    match: Match, seat: int | None, after: int = 0, seats: list[Seat] | None = None
) -> list[dict[str, Any]]:
    """The log as `seat` may read it: its own actions in full, others' as public actions
    (`seats`: the match's seats with their users, if in hand)."""
    names = seat_names(seats if seats is not None else list(match.seats.select_related("user")))
    records = ActionRecord.objects.filter(match=match, seq__gt=after).order_by("seq")
    return log_entries(records, names, seat)


# The site's own log events (a forfeit, a take-back) are stored in English and re-said in the
# reader's language where they are shown (docs/i18n.md, "A string that is stored stays English").
_FORFEIT_REASONS = {
    "resigned": gettext_lazy("resigned"),
    "out of time": gettext_lazy("out of time"),
    # play.personal.ERASED_FORFEIT_REASON: the account's owner erased it during the match
    "the player deleted their account": gettext_lazy("the player deleted their account"),
}


def forfeit_reason(reason: str, language: str) -> str:
    """Why a seat left, stored in English ("out of time"), in `language`."""
    with translation.override(language):
        return str(_FORFEIT_REASONS.get(reason, reason))


def seat_name(seat: Seat, language: str) -> str:
    """A seat's name as `language` reads it (a bot's level, an erased player)."""
    return _seat_name(seat, language)


# The match page shows the log's last LOG_PAGE entries; "Earlier moves" fetches as many again.
LOG_PAGE = 30


def log_before(
    match: Match,
    seat: int | None,
    before: int | None = None,
    seats: list[Seat] | None = None,
    limit: int = LOG_PAGE,
) -> tuple[list[dict[str, Any]], bool]:
    """The last `limit` entries of the log before `seq = before` (None: the latest ones), as
    log_for reads them, oldest first; and whether earlier entries remain. One query."""
    names = seat_names(seats if seats is not None else list(match.seats.select_related("user")))
    records = ActionRecord.objects.filter(match=match, undone_by__isnull=True)
    if before is not None:
        records = records.filter(seq__lt=before)
    found = list(records.order_by("-seq")[: limit + 1])
    return log_entries(reversed(found[:limit]), names, seat), len(found) > limit


def _named(name: str | None, text: str) -> str:
    """A seat's entry starts with its player's name; a site event (seat -1) does not."""
    return text if name is None else f"{name} {text}"


def _reason_label(reason: str) -> str:
    if reason == "adjudicated":
        return gettext("adjudicated by the bots' evaluation of the position")
    return gettext("a shared result")


def log_text(record: ActionRecord, language: str) -> str:
    """The record's sentence in `language`: the engine's phrase when it gave one, the site's
    events (a forfeit, a take-back) in that language too; the stored English text otherwise."""
    kind = record.action.get("type") if isinstance(record.action, dict) else None
    if language == "en" and kind not in ("_forfeit", "_undo", "_ended"):
        return record.text
    with translation.override(language):
        if kind == "_ended":  # no seat's doing (play.services.match_end): no name before it
            return gettext("The match was ended by the event's rule (%(reason)s).") % {
                "reason": _reason_label(record.action.get("reason", ""))
            }
        if kind == "_forfeit":
            reason = record.action.get("reason", "")
            said = _FORFEIT_REASONS.get(reason, reason)
            return gettext("left the match (%(reason)s)") % {"reason": said}
        if kind == "_undo":
            inner = _phrase_text(record, language)
            if inner is None:  # an older take-back: no phrase kept, its English follows the colon
                inner = record.text.removeprefix("took back: ")
            return gettext("took back: %(text)s") % {"text": inner}
    return _phrase_text(record, language) or record.text


def _phrase_text(record: ActionRecord, language: str) -> str | None:
    """The record's phrase in `language`; None without one or when it is damaged (a damaged
    phrase never breaks the log: the line's stored English stays)."""
    if not record.phrase:
        return None
    try:
        return translate(Phrase.from_json(record.phrase), language)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def log_entries(
    records: Iterable[ActionRecord],
    names: dict[int, str],
    seat: int | None,
    language: str | None = None,
    spent: bool = True,
) -> list[dict[str, Any]]:
    """Log records as `seat` may read them (`names`: seat_names of the match's seats), in
    `language` (reader_language); a decision taken back is left out (its `_undo` entry says
    what was taken back). `spent=False`: each entry's time spent is left unknown (None), for
    entries rendered a few at a time (a live frame's new entries), whose starts lie in the
    records before them."""
    language = reader_language(language)
    records = list(records)
    spent_on = time_spent(records) if spent else {}
    return [
        {
            "seq": r.seq,
            "seat": r.seat,
            "player": names.get(r.seat, "?"),
            "action": r.action if r.seat == seat else r.public_action,
            "text": _named(names.get(r.seat), with_names(log_text(r, language), names))
            + (_timed_out_note(language) if r.timed_out else ""),
            "timed_out": r.timed_out,
            "revealed": r.revealed if r.seat == seat else None,  # one's own undo stops only
            "at": r.created_at.isoformat(),
            "spent": spent_on.get(r.seq),
        }
        for r in records
        if r.undone_by is None
    ]


def time_spent(records: list[ActionRecord]) -> dict[int, float]:
    """Each decision's time spent (seconds): from when its seat began to owe it (the entry
    before the first that lists the seat among those to act, or its own previous decision)
    to the decision (the first from the match's start); site events and the first entry of a
    later page (unknown start) have none."""
    since: dict[int, Any] = {}
    spent: dict[int, float] = {}
    previous = None
    if records and records[0].seq == 1:
        previous = (
            Match.objects.filter(pk=records[0].match_id)
            .values_list("created_at", flat=True)
            .first()
        )
    for r in records:
        owing = set(r.to_act_before or [])
        since = {s: t for s, t in since.items() if s in owing}
        if previous is not None:
            for s in owing - set(since):
                since[s] = previous
        start = since.pop(r.seat, None)
        if start is not None and not str(r.action.get("type", "")).startswith("_"):
            spent[r.seq] = round(max(0.0, (r.created_at - start).total_seconds()), 1)
        previous = r.created_at
    return spent


def _timed_out_note(language: str) -> str:
    with translation.override(language):
        return " " + gettext("(out of time: chosen by the site)")


# Recent replay states by (match, seed, step): stepping forward (autoplay, the arrow key) applies
# one action to the state before instead of replaying the whole log. States are plain data the
# engine never mutates, so sharing them is safe; the bound keeps a process's memory small.
_REPLAY_CACHE: OrderedDict[tuple[int, int, int], dict[str, Any]] = OrderedDict()
_REPLAY_CACHE_SIZE = 256


def replay_state(match: Match, step: int) -> dict[str, Any]:
    """The state after the first `step` actions, rebuilt from the seed and the log."""
    game = match.engine
    start, state = _nearest_cached(match, step)
    if state is None:
        state = game.setup(match.seats.count(), match.seed, match.options)
    records = ActionRecord.objects.filter(
        match=match, seq__gt=start, seq__lte=step, undone_by__isnull=True
    )
    for record in records.order_by("seq"):
        if not record.action["type"].startswith("_"):
            state = game.apply(state, record.seat, record.action)
    _REPLAY_CACHE[(match.pk, match.seed, step)] = state
    while len(_REPLAY_CACHE) > _REPLAY_CACHE_SIZE:
        _REPLAY_CACHE.popitem(last=False)
    return state


def _nearest_cached(match: Match, step: int) -> tuple[int, dict[str, Any] | None]:
    """The latest cached step at or before `step` (within 64 steps), else (0, None)."""
    for earlier in range(step, max(-1, step - 64), -1):
        key = (match.pk, match.seed, earlier)
        state = _REPLAY_CACHE.get(key)
        if state is not None:
            _REPLAY_CACHE.move_to_end(key)
            return earlier, state
    return 0, None


def replay_marks(log: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Where each turn and each round starts, as steps (the number of entries before it): a
    turn is a run of entries by one seat, a round begins when the first seat to have moved
    starts a turn again. Site events (a forfeit) take no turn."""
    turns: list[int] = []
    rounds: list[int] = []
    previous = None
    first = next((e["seat"] for e in log), None)
    for index, entry in enumerate(log):
        if entry["seat"] != previous:
            turns.append(index)
            if entry["seat"] == first:
                rounds.append(index)
        previous = entry["seat"]
    return {"turns": turns, "rounds": rounds}
