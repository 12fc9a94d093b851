"""Scythe board: each player's panel. The viewer's own is the full panel (`#my-area`, drawn
first: the visual check keeps it in the first screen); an opponent is a one-line summary
(faction, name, stars, power, popularity, coins, combat cards, objectives, its last move once
board.js has seen it) that opens onto the same panel."""

from __future__ import annotations

import functools
import hashlib
import threading
from collections import OrderedDict
from typing import Any

import orjson

from boards.language import N_, language, say

from .choices import Choices
from .markup import esc, tip
from .mats import MATS, bonuses, hand, mat_table, mechs, objectives, standing, stats, tier
from .names import faction_name
from .reference import FACTIONS
from .words import COLOURS, INK, ability_text

Info = dict[str, Any]
MORE = N_("More")

# An opponent's panel (its summary line and the mat behind it) drawn once per process for each
# content of that player's part of the view and each language: every seat and spectator of a
# version shows the same opponent, and a player's part changes only when that player acts. The
# key is the public data the panel is drawn from (an opponent's part of a view holds no secret),
# so equal keys draw equal HTML. Bounded like play.selectors' replay cache.
_OPPONENTS: OrderedDict[tuple[str, bytes], tuple[str, str, str]] = OrderedDict()
_OPPONENTS_SIZE = 2048
_OPPONENTS_LOCK = threading.Lock()  # sockets draw boards from a pool of threads


def _badges(view: dict[str, Any], seat: int, info: Info | None) -> str:
    out = ""
    if info and info.get("is_bot"):
        out += f' <span class="badge">{say("bot")}</span>'
    if info and info.get("forfeited"):
        out += f' <span class="badge">{say("left the game")}</span>'
    if view["turn"] == seat and not view["over"]:
        out += f' <span class="badge turn">{say("to play")}</span>'
    return out


def _faction(p: dict[str, Any]) -> str:
    return _faction_of(p["faction"], p["mat"], language())


@functools.cache
def _faction_of(key: str, mat: int, lang: str) -> str:
    """The faction's name with its tooltip, in `lang` (the active language, part of the key):
    the same for every panel of that faction and mat."""
    faction = FACTIONS[key]
    name = faction_name(key)
    text = say(
        "{faction}, {mat} mat. Faction ability {ability}: {text}.",
        faction=name,
        mat=say(MATS[mat]["name"]),
        ability=say(faction["ability"]),
        text=ability_text(faction, faction["ability"]),
    )
    return f'<span class="sc-faction"{tip(text)}>{esc(name)}</span>'


def _more(p: dict[str, Any]) -> str:
    faction = FACTIONS[p["faction"]]
    mat = MATS[p["mat"]]
    parts_ = (
        say("{mat} mat ({n})", mat=say(mat["name"]), n=mat["number"]),
        say(
            "faction ability {ability}: {text}",
            ability=say(faction["ability"]),
            text=ability_text(faction, faction["ability"]),
        ),
        say("popularity {tier}", tier=tier(p["pop"])),
        say("workers on the board {n}/8", n=len(p["workers"])),
        say("upgrades {n}/6", n=len(p["up"])),
    )
    return f'<p class="sc-meta muted">{esc(" · ".join(parts_))}</p>{standing(p)}'


def _body(p: dict[str, Any], choices: Choices | None, more: str) -> str:
    return (
        mat_table(p, choices)
        + f'<div class="sc-line"><span class="sc-what">{say("Mechs")}</span>'
        + f"{mechs(p, choices)}</div>"
        + f'<div class="sc-line"><span class="sc-what">{say("Enlist")}</span>{bonuses(p, choices)}'
        + f"{more}</div>"
    )


def _style(p: dict[str, Any]) -> str:
    return f' style="--fc: {COLOURS[p["faction"]]}; --fi: {INK.get(p["faction"], "#fff")}"'


def mine_html(view: dict[str, Any], info: Info | None, choices: Choices) -> str:
    seat = view["seat"]
    p = view["players"][seat]
    name = esc(info["name"] if info else f"Player {seat + 1}")
    active = " sc-active" if view["turn"] == seat and not view["over"] else ""
    return (
        f'<section class="sc-player sc-mine card{active}" id="my-area"{_style(p)}'
        f' aria-label="{esc(say("Your mat: {faction}", faction=faction_name(p["faction"])))}"'
        f' data-seat="{seat}">'
        f'<header class="sc-head">{_faction(p)} <b class="sc-name">{name}</b>'
        f"{_badges(view, seat, info)}"
        f'<span class="sc-stats">{stats(p)}</span></header>'
        f'<div class="sc-line">{hand(p)}{objectives(p, choices)}</div>'
        + _body(
            p,
            choices,
            f'<details class="sc-more" data-keep="more"><summary>{say(MORE)}</summary>'
            f"{_more(p)}</details>",
        )
        + "</section>"
    )


def opponent_html(view: dict[str, Any], seat: int, info: Info | None) -> str:
    """Closed by default; board.js keeps it open across updates once opened."""
    p = view["players"][seat]
    name = esc(info["name"] if info else f"Player {seat + 1}")
    active = " sc-active" if view["turn"] == seat and not view["over"] else ""
    faction, summary, body = _opponent_parts(p)
    return (
        f'<details class="sc-player sc-opp card{active}" data-seat="{seat}"'
        f' data-keep="opponent-{seat}"{_style(p)}>'
        f'<summary class="sc-head">{faction} <b class="sc-name">{name}</b>'
        f"{_badges(view, seat, info)}"
        f'<span class="sc-stats">{summary}</span>'
        f'<span class="sc-lastturn" data-seat="{seat}"></span></summary>'
        f"{body}</details>"
    )


def _opponent_parts(p: dict[str, Any]) -> tuple[str, str, str]:
    """(faction, summary stats, mat and more) of an opponent's panel, from the process's cache."""
    data = orjson.dumps(p, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    key = (language(), hashlib.blake2b(data, digest_size=16).digest())
    parts = _OPPONENTS.get(key)
    if parts is None:
        parts = (
            _faction(p),
            f"{stats(p)}{hand(p)}{objectives(p, None)}",
            f"{_body(p, None, '')}{_more(p)}",
        )
        with _OPPONENTS_LOCK:
            _OPPONENTS[key] = parts
            if len(_OPPONENTS) > _OPPONENTS_SIZE:
                _OPPONENTS.popitem(last=False)
    return parts
