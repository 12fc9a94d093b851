"""A small per-process cache of match snapshots for the sockets, and their frames.

When a move is broadcast, every socket of that match in this process needs the same row: the
first loads it, the others reuse it (keyed by version, so a newer version always reloads); the
process that made the move leaves its committed rows here. Each kind of viewer's frame is then
rendered once per version and process (`frame_for`).
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any

import orjson
from django.conf import settings
from django.utils import translation

from play import banks
from play.language import reader_language
from play.models import ActionRecord, Match, Seat
from play.selectors import log_entries, match_access, match_payload, players_of, seat_names

# A socket's snapshot carries the log's last entries, so a client that is at most this many moves
# behind needs no second request for the log (match.js fetches only across a longer gap).
LOG_TAIL = 10

_CACHE: OrderedDict[int, tuple[Match, list[Seat]]] = OrderedDict()
_CACHE_SIZE = 2000
_LOCK = threading.Lock()  # sockets read it from a pool of threads


# The log's last entries per match, at a version: a move made here appends its own entry, so the
# frames of its version need no query for the log (any other change reloads them).
_TAILS: dict[int, tuple[int, list[ActionRecord]]] = {}


def store(match: Match, seats: list[Seat], record: ActionRecord | None = None) -> None:
    """Keep a committed version (newer versions only: threads may finish out of order);
    `record`: the log entry that made it, when it is a move."""
    _acyclic(match)
    with _LOCK:
        cached = _CACHE.get(match.pk)
        if cached is None or cached[0].version <= match.version:
            _CACHE[match.pk] = (match, seats)
            _CACHE.move_to_end(match.pk)
            tail = _TAILS.get(match.pk)
            if record is not None and tail is not None and tail[0] == record.seq - 1:
                _TAILS[match.pk] = (record.seq, [*tail[1], record][-LOG_TAIL:])
            else:
                _TAILS.pop(match.pk, None)
        if len(_CACHE) > _CACHE_SIZE:
            evicted, _ = _CACHE.popitem(last=False)
            _TAILS.pop(evicted, None)


# The name under which a table caches its match (the one-to-one's reverse side).
_TABLE_BACK = Match._meta.get_field("table").remote_field.cache_name


def _acyclic(match: Match) -> None:
    """Django sets both sides of a one-to-one it follows (select_related("table") in `load`):
    the match caches its table and the table its match, a reference cycle. The rows a newer
    version (or another socket's fresh load) replaces here are then freed only by a full
    collection, which a server's tuned collector (config/asgi.py) runs rarely: 2,000 idle
    sockets held ~15 KB each of replaced matches' decoded states (bench/README.md, idle
    sockets, 2026-12-07). The table's link back goes: the match stays reachable from it
    through the table's own query when anyone asks."""
    table = match._state.fields_cache.get("table")
    if table is not None and table._state.fields_cache.get(_TABLE_BACK) is match:
        del table._state.fields_cache[_TABLE_BACK]


def rows_of(match: Match, seats: list[Seat], record: ActionRecord | None) -> dict[str, Any] | None:
    """What a move changed in the rows, for the group message: another process that holds the
    version before takes the new one from it instead of reading the database (server-side only:
    the message goes to the processes, never to a client)."""
    if record is None:
        return None
    return {
        "state": match.state,
        "status": match.status,
        "outcome": match.outcome,
        "deadline": _iso(match.deadline),
        "banks": match.banks,
        "updated_at": _iso(match.updated_at),
        "finished_at": _iso(match.finished_at),
        "seats": [[s.to_act, s.to_act_since, s.forfeited, s.place, s.score] for s in seats],
        "record": {
            "seq": record.seq,
            "seat": record.seat,
            "action": record.action,
            "public_action": record.public_action,
            "text": record.text,
            "phrase": record.phrase,
            "to_act_before": record.to_act_before,
            "timed_out": record.timed_out,
            "revealed": record.revealed,
            "created_at": _iso(record.created_at),
        },
    }


def store_rows(match_id: int, version: int, rows: dict[str, Any]) -> bool:
    """Another process's move (`rows_of`) on the rows held here at the version before."""
    held = cached(match_id)
    if held is None or held[0].version != version - 1 or len(held[1]) != len(rows["seats"]):
        return False
    match = copy.copy(held[0])
    match.version = version
    match.state, match.status, match.outcome = rows["state"], rows["status"], rows["outcome"]
    match.deadline = _when(rows["deadline"])
    match.banks = rows.get("banks", match.banks)
    match.updated_at = datetime.fromisoformat(rows["updated_at"])  # a moved row always has one
    match.finished_at = _when(rows["finished_at"])
    seats = []
    for seat, (to_act, since, forfeited, place, score) in zip(held[1], rows["seats"], strict=True):
        seat = copy.copy(seat)
        seat.to_act, seat.to_act_since, seat.forfeited = to_act, since, forfeited
        seat.place, seat.score = place, score
        seats.append(seat)
    entry = dict(rows["record"])
    entry["created_at"] = _when(entry["created_at"])
    store(match, seats, ActionRecord(match_id=match_id, **entry))
    return True


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text is not None else None


def cached(match_id: int) -> tuple[Match, list[Seat]] | None:
    """This process's newest rows of the match, if it has them (their version may be behind)."""
    with _LOCK:
        return _CACHE.get(match_id)


def load(match_id: int, at_least: int, fresh: bool = False) -> tuple[Match, list[Seat]]:
    with _LOCK:
        cached = None if fresh else _CACHE.get(match_id)
    if cached is not None and cached[0].version >= at_least:
        return cached
    match = Match.objects.select_related("table").get(pk=match_id)
    seats = list(match.seats.select_related("user"))
    store(match, seats)
    return match, seats


def access(match_id: int, user: Any) -> tuple[bool, int | None] | None:
    """(may watch, seat or None); None when there is no such match."""
    try:
        match, seats = load(match_id, 0)
    except Match.DoesNotExist:
        return None
    access = match_access(match, user, seats)
    return (access.allowed, access.seat)


def payload_for(
    match_id: int,
    seat: int | None,
    at_least: int,
    html: bool,
    fresh: bool = False,
    language: str = "",
) -> dict[str, Any]:
    match, seats = load(match_id, at_least, fresh)
    return socket_payload(match, seats, seat, html, _log_tail(match), language)


def socket_payload(
    match: Match,
    seats: list[Seat],
    seat: int | None,
    html: bool,
    tail: list[ActionRecord],
    language: str = "",
    shared: Shared | None = None,
) -> dict[str, Any]:
    """The match payload for `seat`, with the log's last entries as that seat may read them,
    in the viewer's language (labels, narration, the board's HTML); `shared`: the parts common
    to every viewer of this version, when several frames are built."""
    shared = shared or Shared(seats, tail)
    with translation.override(language or settings.LANGUAGE_CODE):
        return _payload_spoken(match, seats, seat, html, shared, encoded=False)


def _payload_spoken(
    match: Match,
    seats: list[Seat],
    seat: int | None,
    html: bool,
    shared: Shared,
    encoded: bool,
) -> dict[str, Any]:
    """socket_payload in the language active now (the caller activated the viewer's).
    `encoded`: for a frame about to be encoded (frame_encode, in _frames), the parts every
    viewer shares are already JSON there (orjson fragments, encoded once a version instead of
    once a viewer)."""
    said = reader_language()
    payload = match_payload(
        match,
        seats,
        seat,
        html=html,
        names=shared.names(said),
        players=shared.players(said),
        view=shared.view(match, seat),
        clocks=shared.clocks(match, said),
    )
    if encoded:
        payload["players"] = shared.players_encoded(said)
        payload["clocks"] = shared.clocks_encoded(match, said)
        payload["view"] = shared.view_encoded(match, seat, payload["view"])
        payload["log"] = shared.log_encoded(seat, payload["language"])
    else:
        payload["log"] = shared.log(seat, payload["language"])
    return payload


class Shared:
    """What every viewer's payload of one version has in common, built once: the seats' names,
    the players, and per language the log's entries as a spectator reads them (a seat's own
    entries then differ only by the private action and the undo stop)."""

    def __init__(self, seats: list[Seat], tail: list[ActionRecord]) -> None:
        self.seats = seats
        self.kept = [r for r in tail if r.undone_by is None]
        self.tail = tail
        self._logs: dict[str, list[dict[str, Any]]] = {}
        self._names: dict[str, dict[int, str]] = {}
        self._players: dict[str, list[dict[str, Any]]] = {}
        self._clocks: dict[str, dict[str, Any]] = {}
        self._view: dict[str, Any] | None = None
        self._encoded: dict[Any, Any] = {}  # the parts above as JSON, by (part, language)

    def names(self, language: str) -> dict[int, str]:
        """The seats' names in `language` (a bot's level, an erased account: translated)."""
        if language not in self._names:
            self._names[language] = seat_names(self.seats, language)
        return self._names[language]

    def players(self, language: str) -> list[dict[str, Any]]:
        if language not in self._players:
            self._players[language] = players_of(self.seats, self.names(language))
        return self._players[language]

    def clocks(self, match: Match, language: str) -> dict[str, Any]:
        """Every seat's clock (banks.view), the same for every viewer reading `language`."""
        if language not in self._clocks:
            self._clocks[language] = banks.view(match, self.seats)
        return self._clocks[language]

    def clocks_encoded(self, match: Match, language: str) -> orjson.Fragment:
        key = ("clocks", language)
        if key not in self._encoded:
            self._encoded[key] = orjson.Fragment(_encode(self.clocks(match, language)))
        return self._encoded[key]

    def view(self, match: Match, seat: int | None) -> dict[str, Any]:
        """The game's view for `seat`; one for every viewer when the game has no secrets
        (Game.public_view: the spectator's, with the viewer's seat)."""
        game = match.engine
        if not game.public_view:
            return game.view(match.state, seat)
        if self._view is None:
            self._view = game.view(match.state, None)
        return {**self._view, "seat": seat}

    def log(self, seat: int | None, language: str) -> list[dict[str, Any]]:
        public = self._logs.get(language)
        if public is None:
            rendered = self._rendered(language)
            public = self._logs[language] = [entry for entry, _ in rendered]
        if seat is None:
            return public
        return [
            _own(r, entry) if r.seat == seat else entry
            for r, entry in zip(self.kept, public, strict=True)
        ]

    # The same parts as JSON, for frame_encode: encoded once a version, however many viewers.

    def players_encoded(self, language: str) -> orjson.Fragment:
        key = ("players", language)
        if key not in self._encoded:
            self._encoded[key] = orjson.Fragment(_encode(self.players(language)))
        return self._encoded[key]

    def view_encoded(self, match: Match, seat: int | None, view: dict[str, Any]) -> Any:
        """`view` (this seat's, from `view()`) as JSON: for a game without secrets, the
        spectator's view encoded once with this seat's number put in front of it."""
        if not match.engine.public_view:
            return view
        rest = self._encoded.get("view")
        if rest is None:
            assert self._view is not None  # view() came first
            rest = self._encoded["view"] = _encode(
                {k: v for k, v in self._view.items() if k != "seat"}
            )
        head = b'{"seat":' + _encode(seat)
        return orjson.Fragment(head + b"}" if rest == b"{}" else head + b"," + rest[1:])

    def log_encoded(self, seat: int | None, language: str) -> list[Any]:
        """log(seat, language) with the entries every viewer reads alike already JSON."""
        key = ("log", language)
        public = self._encoded.get(key)
        if public is None:
            public = self._encoded[key] = [part for _, part in self._rendered(language)]
        if seat is None:
            return public
        entries = self.log(None, language)
        return [
            _own(r, entry) if r.seat == seat else part
            for r, entry, part in zip(self.kept, entries, public, strict=True)
        ]

    def _rendered(self, language: str) -> list[tuple[dict[str, Any], orjson.Fragment]]:
        """The kept entries as a spectator reads them in `language`, each with its JSON: from
        _ENTRIES, so each version renders only the entries new to it."""
        names = self.names(language)
        known = tuple(names.items())
        keys = [(r.match_id, r.seq, language, known) for r in self.kept]
        with _LOCK:
            found = [_ENTRIES.get(key) for key in keys]
        missing = [r for r, hit in zip(self.kept, found, strict=True) if hit is None]
        if not missing:
            return found  # type: ignore[return-value]
        # Only the entries new to this version are rendered: their time spent (from the records
        # before them) is left to the replay and the log's API pages (selectors.log_before).
        fresh = iter(log_entries(missing, names, None, language, spent=False))
        out = []
        for key, hit in zip(keys, found, strict=True):
            if hit is None:
                entry = next(fresh)
                hit = (entry, orjson.Fragment(_encode(entry)))
                with _LOCK:
                    _ENTRIES[key] = hit
                    if len(_ENTRIES) > _ENTRIES_SIZE:
                        _ENTRIES.popitem(last=False)
            out.append(hit)
        return out


# Log entries as a spectator reads them, with their JSON, by (match, seq, language, the seats'
# names): a log record never changes once written (the log is append-only; an undo appends its
# own entry and the decision it takes back leaves the kept entries), so a version renders only
# its new entries; a renamed player's entries are rendered anew under the new names.
_ENTRIES: OrderedDict[tuple[Any, ...], tuple[dict[str, Any], orjson.Fragment]] = OrderedDict()
_ENTRIES_SIZE = 20_000


def _own(record: ActionRecord, entry: dict[str, Any]) -> dict[str, Any]:
    """A log entry as its own seat reads it: the private action, the undo stop."""
    return {**entry, "action": record.action, "revealed": record.revealed}


def _log_tail(match: Match) -> list[ActionRecord]:
    with _LOCK:
        tail = _TAILS.get(match.pk)
    if tail is not None and tail[0] == match.version:
        return tail[1]
    records = list(
        ActionRecord.objects.filter(match_id=match.pk, seq__gt=match.version - LOG_TAIL).order_by(
            "seq"
        )
    )
    with _LOCK:
        current = _CACHE.get(match.pk)
        if current is not None and current[0].version == match.version:
            _TAILS[match.pk] = (match.version, records)
    return records


# --- One render per move and process -------------------------------------------------------
# When a version is broadcast, every socket of the match in this process needs its frame: the
# sockets of one seat (and all spectators, and the page sockets that also want the board's HTML)
# need the same one. Frames are rendered once per kind of viewer connected here, by the thread
# that committed the move (`prerender`) or, for a move made elsewhere, once in the thread pool
# (`frames_render`, called by play/announce.py). A kind is (seat or None, html, language code).

Kind = tuple[int | None, bool, str]

_viewers: dict[int, dict[int, Kind]] = {}  # match -> {socket id: kind}, sockets of this process


def viewer_join(match_id: int, socket: int, kind: Kind) -> None:
    with _LOCK:
        _viewers.setdefault(match_id, {})[socket] = kind


def viewer_leave(match_id: int, socket: int) -> None:
    with _LOCK:
        viewers = _viewers.get(match_id)
        if viewers is None:
            return
        viewers.pop(socket, None)
        if not viewers:
            del _viewers[match_id]
            _ready.pop(match_id, None)


def _kinds(match_id: int) -> set[Kind]:
    with _LOCK:
        return set(_viewers.get(match_id, {}).values())


# Frames rendered by the thread that committed the move, for the viewers of this process: when
# the broadcast comes, the sockets find them ready (no second trip to the thread pool).
_ready: dict[int, tuple[int, dict[Kind, tuple[int, str]]]] = {}


def prerender(match: Match, seats: list[Seat]) -> None:
    """After a commit, in the committing thread: this process's viewers' frames of the match."""
    kinds = _kinds(match.pk)
    if not kinds:
        return
    frames = _frames(match, seats, kinds)
    with _LOCK:
        ready = _ready.get(match.pk)
        if ready is None or ready[0] < match.version:
            _ready[match.pk] = (match.version, frames)


def frames_ready(match_id: int, version: int) -> dict[Kind, tuple[int, str]] | None:
    """The frames already rendered for `version` or a newer one, if any."""
    with _LOCK:
        ready = _ready.get(match_id)
    return ready[1] if ready is not None and ready[0] >= version else None


def frame_encode(message: Any) -> str:
    """JSON text with orjson (several times faster than json on the snapshots); keys that are
    not strings become strings and anything else unknown (a lazy text) its str(), as json's."""
    return _encode(message).decode()


def _encode(value: Any) -> bytes:
    return orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS)


def frames_render(match_id: int, version: int, kinds: set[Kind]) -> dict[Kind, tuple[int, str]]:
    """(version, ready JSON text) of a snapshot message for each kind of viewer."""
    match, seats = load(match_id, version)
    frames = _frames(match, seats, kinds)
    with _LOCK:
        ready = _ready.get(match_id)
        if match_id in _viewers and (ready is None or ready[0] < match.version):
            _ready[match_id] = (match.version, frames)
    return frames


def _frames(match: Match, seats: list[Seat], kinds: set[Kind]) -> dict[Kind, tuple[int, str]]:
    shared = Shared(seats, _log_tail(match))
    frames = {}
    # One frame per kind of viewer: (seat, html, language), each in its viewer's language,
    # activated once for all the kinds that read it (not once a frame).
    by_language: dict[str, list[Kind]] = {}
    for kind in kinds:
        by_language.setdefault(kind[2], []).append(kind)
    for language, alike in by_language.items():
        with translation.override(language or settings.LANGUAGE_CODE):
            for kind in alike:
                payload = _payload_spoken(match, seats, kind[0], kind[1], shared, True)
                frames[kind] = (match.version, frame_encode({"type": "snapshot", **payload}))
    return frames
