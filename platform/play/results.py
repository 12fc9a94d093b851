"""The end of a match as players read it: places, each game's score breakdown with readable
headers, the rating changes explained, and the links that follow (the replay, a rematch).

`end_screen` is drawn at the top of the board frame once a match is over (every seat and the
spectators get it with the last update) and is the API's `/api/matches/<id>/result/`. Other apps
add to it through play's signals (play imports no other app): `outcome_notes` (the "+12" of
each row), `rating_explained` (the ladders: expected place and each opponent's part of the
change) and `result_links` (the lobbies: a rematch).
"""

from __future__ import annotations

from typing import Any

from django.contrib.humanize.templatetags.humanize import ordinal as humanize_ordinal
from django.urls import reverse
from django.utils import translation
from django.utils.translation import pgettext

from games.core import term, translate
from play.language import reader_language
from play.models import Match
from play.signals import outcome_notes, rating_explained, result_links


def end_screen(
    match: Match, players: list[dict[str, Any]], seat: int | None, language: str | None = None
) -> dict[str, Any]:
    """Everything the end screen shows `seat` (None: a spectator), as plain data; the game's
    words (the reason it ended, the breakdown's headers) in `language` (default: the active
    one, see play.selectors.reader_language)."""
    language = reader_language(language)
    with translation.override(language):  # the ordinals ("1º", "thứ 1") too
        return _end_screen(match, players, seat, language)


def _end_screen(
    match: Match, players: list[dict[str, Any]], seat: int | None, language: str
) -> dict[str, Any]:
    outcome = match.outcome or {}
    names = {p["seat"]: p["name"] for p in players}
    columns = _columns(outcome, players, seat)
    changes = notes(match)
    for column in columns:
        column["rating_change"] = changes.get(column["seat"], "")
    why = _explanations(match, names, seat)
    return {
        "reason": reason_words(outcome.get("reason", ""), language),
        "winners": [c["name"] for c in columns if c["place"] == 1],
        "you": next((c for c in columns if c["you"]), None),
        "columns": columns,
        "breakdown": _breakdown(outcome, columns, language),
        "ranked": match.ranked,
        "rated": bool(changes),
        "ratings": why,
        "replay_url": reverse("play:replay", args=[match.pk]) + "?step=0",
        "links": _links(match, seat),
    }


def _columns(
    outcome: dict[str, Any], players: list[dict[str, Any]], seat: int | None
) -> list[dict[str, Any]]:
    """One column per player, best place first (ties keep the seat order)."""
    places = outcome.get("places") or [None] * len(players)
    scores = outcome.get("scores") or []
    columns = [
        {
            "seat": p["seat"],
            "name": p["name"],
            "place": places[p["seat"]],
            "ordinal": ordinal(places[p["seat"]]),
            "score": scores[p["seat"]] if scores else None,
            "left": p.get("forfeited", False),
            "you": p["seat"] == seat,
        }
        for p in players
    ]
    columns.sort(key=lambda c: (c["place"] or 99, c["seat"]))
    return columns


def _breakdown(
    outcome: dict[str, Any], columns: list[dict[str, Any]], language: str = "en"
) -> list[dict[str, Any]]:
    """The engine's score breakdown as rows (a header, then one value per column)."""
    details = outcome.get("details") or []
    return [
        {
            "label": header(k, language),
            "values": [game_words(details[c["seat"]].get(k, ""), language) for c in columns],
        }
        for k in _keys(details)
    ]


def _explanations(match: Match, names: dict[int, str], seat: int | None) -> list[dict[str, Any]]:
    """Each rated seat's change explained, the viewer's first, with the opponents named."""
    found: dict[int, dict[str, Any]] = {}
    answers: list[tuple[Any, Any]] = rating_explained.send(sender=Match, match=match)
    for _receiver, answer in answers:
        found.update(answer or {})
    explained = []
    for index, why in sorted(found.items(), key=lambda item: (item[0] != seat, item[0])):
        opponents = [
            {**o, "name": names.get(o["seat"], "?"), "ordinal": ordinal(o["place"])}
            for o in why["opponents"]
        ]
        explained.append(
            {
                **why,
                "name": names.get(index, "?"),
                "you": index == seat,
                "ordinal": ordinal(why["place"]),
                "opponents": opponents,
            }
        )
    return explained


def _links(match: Match, seat: int | None) -> dict[str, Any]:
    links: dict[str, Any] = {}
    answers: list[tuple[Any, Any]] = result_links.send(sender=Match, match=match, seat=seat)
    for _receiver, answer in answers:
        links.update(answer or {})
    return links


def ordinal(place: int | None) -> str:
    """1st, 2nd, 3rd, 4th... (11th, 12th, 13th) in the active language: 1º in Spanish, thứ 1 in
    Vietnamese (Django's humanize; its missing Vietnamese is in locale_allauth/, docs/i18n.md)."""
    if place is None:
        return ""
    return str(humanize_ordinal(place))


def reason_words(reason: Any, language: str) -> Any:
    """How the match ended: the site's own reason (a forfeit) from the site's catalogue, an
    engine's through the games' (game_words)."""
    if reason == "forfeit":
        return pgettext("how a match ended", "forfeit")
    if reason == "adjudicated":
        return pgettext("how a match ended", "adjudicated at the round's deadline")
    if reason == "shared":
        return pgettext("how a match ended", "shared at the round's deadline")
    return game_words(reason, language)


def notes(match: Match) -> dict[int, str]:
    """What other apps add to each seat's row of the result (the ladders: "+12")."""
    found: dict[int, str] = {}
    answers: list[tuple[Any, Any]] = outcome_notes.send(sender=Match, match=match)
    for _receiver, answer in answers:
        for seat, note in (answer or {}).items():
            found[seat] = f"{found[seat]} {note}" if seat in found else note
    return found


def outcome_table(
    outcome: dict[str, Any],
    players: list[dict[str, Any]],
    rating_changes: dict[int, str] | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """Rows by place with the engine's per-seat score breakdown as extra columns, and each
    player's rating change when a ranked game ends (`rating_changes`: seat -> "+12"): the
    result e-mail's table."""
    details = outcome.get("details") or [{} for _ in players]
    keys = _keys(details)
    rows = [
        {
            "place": outcome["places"][p["seat"]],
            "name": p["name"],
            "score": outcome["scores"][p["seat"]] if outcome["scores"] else "",
            "details": [details[p["seat"]].get(k, "") for k in keys] if details else [],
            "rating_change": (rating_changes or {}).get(p["seat"], ""),
        }
        for p in players
    ]
    rows.sort(key=lambda row: row["place"])
    return {
        "outcome_keys": [header(k, language) for k in keys],
        "outcome_rows": rows,
        "rating_changes": bool(rating_changes),
    }


# The engines' score keys read as headers; the rest are capitalised with spaces.
_HEADERS = {
    "monument_name": "Monument",
    "monument": "Monument VP",
    "monument_bonus": "Monument bonus",
    "civilization_level": "Civ. level",
    "level": "Level VP",
    "cards": "Card VP",
    "tokens": "VP tokens",
    "vp tokens": "VP tokens",
    "location cards": "Location cards",
    "structure_bonus": "Structure bonus",
    "coins": "Coins in hand",
    "stars": "Stars",
    "territories": "Territories",
    "resources": "Resources",
}


def header(key: str, language: str | None = None) -> str:
    """A score key or action type as a header ("structure_bonus": "Structure bonus"), in
    `language`: the headers are game words, in the engines' catalogues (games/locale)."""
    words = _HEADERS.get(key) or key.replace("_", " ").capitalize()
    return str(game_words(words, reader_language(language)))


def game_words(value: Any, language: str) -> Any:
    """An engine's stored word (a reason, a monument's name) in `language`; other values (a
    number) as they are. Outcomes are stored as plain JSON, so the word is its own msgid."""
    if isinstance(value, str) and value and language != "en":
        return translate(term(value), language)
    return value


def _keys(details: list[dict[str, Any]]) -> list[str]:
    """The breakdown's entries in the engine's order, each once."""
    keys: list[str] = []
    for seat_details in details:
        keys.extend(k for k in seat_details if k not in keys and _shown(k, details))
    return keys


def _shown(key: str, details: list[dict[str, Any]]) -> bool:
    """A breakdown entry worth a header: not the total (the score says it) and not a list
    (Scythe's tie-break order)."""
    return key != "total" and not any(isinstance(d.get(key), list | dict) for d in details)
