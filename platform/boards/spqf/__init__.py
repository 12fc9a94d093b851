"""SPQF board context: the view reshaped for templates/games/spqf/board.html.

Pure Python (no database). Each legal action is attached to where it is made (places.py): a
card where it lies, a colour on the cubes, expanding on the level, the rest as buttons of the
prompt; static/games/spqf/board.js drags cards and composes an action card with its modifiers
before anything is sent. Choices that lie outside your own area (the central row, other
players' trade rows) are repeated as small cards in the prompt, so the choices of the moment
are in the first screen. Every card, counter and symbol carries a tooltip (words.py).

It reads only the engine contract: the card catalogue, the colours and the reference card (level
costs, level VP, storage room) from the game's `reference()`, everything else from the view.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boards.language import N_, language, say
from games.core.words import translate_json

from . import places
from . import words as W
from .places import Item

STEP_TITLES = {
    "draft": N_("Draft: choose one Civilization card and pass the rest to the left"),
    "choose": N_("Action phase: play an action card, or pass"),
    "modify": N_("Add matching modifiers (hand or stored), then resolve"),
    "follow": N_("Following: play a matching card to follow, or decline"),
    "order": N_("Choose which action of the card resolves first"),
    "unit": N_("Resolve the action"),
    "recruit": N_("Recruit phase: take a card from the central row or another player's row"),
    "over": N_("Game over"),
}
# Choices that let a player do nothing now; a step offering none of them is compulsory. Resolving
# without adding modifiers is one too (but not choosing the colour a card asks for).
WAYS_OUT = frozenset({"pass", "decline", "stop"})


def _way_out(action: dict[str, Any]) -> bool:
    return action["type"] in WAYS_OUT or action == {"type": "go"}


def _category(cat: str) -> str:
    ref = W.reference()
    if cat == ref["wild"]:
        return say("Oak leaf (wild: it matches every category)")
    return say(cat.capitalize())


def _card(card: int, ctx: dict[str, Any]) -> Item:
    """A card as drawn: its design (_design), and the choice made on it now, if any."""
    out = _design(card, language())
    item = ctx["found"].get(("card", card))
    pick = f"card:{card}" if f"card:{card}" in ctx["picks"] else ""
    tip = out["tip"]
    if item:
        tip = say("Now: {label}.", label=item["label"]) + f" {tip}"
    elif pick:
        tip = say("Now: click it, then the action it follows.") + f" {tip}"
    return dict(out, item=item, pick=pick, tip=tip)


@cache
def _design(card: int, lang: str) -> Item:
    """What never changes about a card instance (a board draws dozens on every update), in the
    reader's language (one per language)."""
    d = W.reference()["cards"][card]
    return {
        "id": card,
        "name": say(d["name"]),
        "cat": d["cat"],
        "mods": range(d["mods"]),
        "mod_count": d["mods"],
        "vp": d["vp"],
        "cost": W.cost_words(d["cost"]),
        "actions": [
            {
                "text": translate_json(a["phrase"], lang) if "phrase" in a else a["text"],
                "binary": a["binary"],
                "follow": a["follow"],
                "tip": W.action_tip(a),
            }
            for a in d["actions"]
        ],
        "starting": d["starting"],
        "per": any(not a["binary"] for a in d["actions"]),
        "color": any(a["kind"] == "gather_either" for a in d["actions"]),
        "tip": W.card_tip(d, _category(d["cat"])),
    }


def _cards(ids: list[int] | None, ctx: dict[str, Any]) -> list[Item]:
    return [_card(c, ctx) for c in ids or []]


def _player(view: dict[str, Any], p: dict[str, Any], info: Any, ctx: dict[str, Any]) -> Item:
    seat = p["seat"]
    ref = W.reference()
    levels = ref["levels"]
    mine = view["you"] == seat
    monument = ref["monuments"][p["monument"]] if p["monument"] is not None else None
    return {
        "seat": seat,
        "name": info["name"] if info else f"Player {seat + 1}",
        "is_bot": bool(info and info.get("is_bot")),
        "active": view["active"] == seat and view["step"] != "over",
        "first": view["first"] == seat,
        "you": mine,
        "hand": _cards(p["hand"], ctx) if p["hand"] is not None else None,
        "hand_count": p["hand_count"],
        "deck_count": p["deck_count"],
        "discard": _cards(p["discard"], ctx),
        "discard_open": mine and any(("card", c) in ctx["found"] for c in p["discard"]),
        "row": _cards(p["row"], ctx),
        "stored": _cards(p["stored"], ctx),
        "played": _cards(p["played"] + p["following"], ctx),
        "pack": _cards(p["pack"], ctx),
        "picks": _cards(p["picks"], ctx),
        "cubes": p["cubes"],
        "cubes_tip": W.cubes_tip(p["cubes"]["g"], p["cubes"]["b"]),
        "cube_items": {c: ctx["found"].get(("cubes", c)) for c in "gb"} if mine else {},
        "stored_cubes": p["stored_cubes"],
        "stored_tip": W.stored_cubes_tip(**p["stored_cubes"], room=levels[p["level"]]["room"]),
        "room": levels[p["level"]]["room"],
        "level": p["level"],
        "level_tip": W.level_tip(p["level"], levels),
        "level_item": ctx["found"].get(("level",)) if mine else None,
        "vp": p["vp"],
        "vp_tip": W.vp_tip(p["vp"]),
        "monument": monument,
        "monument_tip": W.monument_tip(monument["name"], monument["cat"]) if monument else "",
        "targeted": any(("card", c) in ctx["found"] for c in p["row"]),
    }


def _current(view: dict[str, Any], names: dict[int, str], ctx: dict[str, Any]) -> Item | None:
    """The action card being resolved: its lines (follow or order them), modifiers, follows."""
    play = view["play"]
    if play is None:
        return None
    card = _card(play["card"], ctx)
    card["actions"] = [  # new lines: the design's are shared (cached)
        dict(
            line,
            item=ctx["found"].get(("line", k)),
            after=places.after(ctx["lines"].get(("line", k))),
        )
        for k, line in enumerate(card["actions"])
    ]
    return {
        "card": card,
        "source": play["source"],
        "mods": play["mods"],
        "modifiers": _cards(play["mod_cards"] + play["stored_mods"], ctx),
        "color": W.reference()["colors"].get(play["color"] or ""),
        "follows": [
            {"name": names[f[0]], "card": _card(f[1], ctx), "times": f[3]} for f in play["follows"]
        ],
    }


def _prompt(view: dict[str, Any], names: dict[int, str]) -> str:
    step = view["step"]
    if step == "draft":
        return say(STEP_TITLES[step])
    who = {
        "follow": (view["play"] or {}).get("follower"),
        "unit": view["jobs"][0]["seat"] if view["jobs"] else None,
    }.get(step, view["active"])
    name = names.get(who, "") if who is not None else ""
    title = say(STEP_TITLES.get(step, step))
    return f"{name}: {title}" if name and step != "over" else title


def _you_first(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's own tableau (and hand) first, then the others in turn order."""
    you = view["you"]
    players: list[dict[str, Any]] = view["players"]
    return players if you is None else players[you:] + players[:you]


def _strip(view: dict[str, Any], legal: list[Item], ctx: dict[str, Any]) -> list[Item]:
    """Card choices outside the viewer's own area (central row, other players' trade rows),
    repeated as small cards in the prompt."""
    you = view["you"]
    if you is None:
        return []
    p = view["players"][you]
    mine = set(p["hand"] or []) | set(p["stored"]) | set(p["discard"]) | set(p["pack"] or [])
    cards = [
        i["action"]["card"]
        for i in legal
        if isinstance(i["action"].get("card"), int) and i["action"]["type"] != "follow"
    ]
    return _cards([c for c in dict.fromkeys(cards) if c not in mine], ctx)


def _context(legal: list[Item]) -> dict[str, Any]:
    found = places.targets(legal)
    direct, lines = places.follows(legal)
    found.update(direct)
    return {"found": found, "lines": lines, "picks": places.picks(lines)}


def as_finished(view: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
    """The view of a match the site ended (forfeits) while the engine would play on: over,
    so no seat is drawn as the one to play (boards/context.py)."""
    return {**view, "step": "over"}


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    ctx = _context(legal)
    info = {p["seat"]: p for p in players}
    every = [_player(view, p, info.get(p["seat"]), ctx) for p in _you_first(view)]
    names = {i: (info[i]["name"] if i in info else f"Player {i + 1}") for i in range(view["seats"])}
    supply = view["supply"]
    return {
        # Every choice is drawn on the board: a card, a cube, the level, or a prompt button.
        "board_actions": {item["json"] for item in legal},
        "sp": {
            "me": next((p for p in every if p["you"]), None),
            "others": [p for p in every if not p["you"]],
            "compulsory": bool(legal) and not any(_way_out(i["action"]) for i in legal),
            "players": every,
            "central": _cards(view["central"], ctx),
            "civ_count": view["civ_count"],
            "trashed": len(view["trashed"]),
            "supply": supply,
            "supply_items": {c: ctx["found"].get(("supply", c)) for c in "gb"},
            "prompt": _prompt(view, names),
            "choices": places.buttons(legal, W.BUTTONS),
            "strip": _strip(view, legal, ctx),
            # The action card slot of the prompt: a card from the hand is composed there.
            "slot": any(i["action"]["type"] == "play" for i in legal),
            "play": _current(view, names, ctx),
            "stored_used": view["turn"]["stored_used"],
            "plays_left": view["turn"]["plays"],
            "end": view["end"],
            "round": view["round"] + (0 if view["step"] == "over" else 1),
            "over": view["step"] == "over",
            "step": view["step"],
            "reference": W.reference()["levels"],
            "firsts": [names.get(s, "—") if s >= 0 else "—" for s in view["firsts"]],
            "zones": {zone: say(words) for zone, words in W.ZONES.items()},
        },
    }
