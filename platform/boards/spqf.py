"""SPQF board context: the view reshaped for templates/games/spqf/board.html.

Pure Python (no database). Each legal action that names a card is attached to that card, so
the template makes the card clickable where it lies (hand, trade rows, draft pack, storage);
choices that name no card (pass, resolve, decline, colours...) are drawn in the prompt.

It reads only the engine contract: the card catalogue, the colours and the reference card (level
costs, level VP, storage room) from the game's `reference()`, everything else from the view.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import get_game

STEP_TITLES = {
    "draft": "Draft: choose one Civilization card and pass the rest to the left",
    "choose": "Action phase: play an action card, or pass",
    "modify": "Add matching modifiers (hand or stored), then resolve",
    "follow": "Following: play a matching card to follow, or decline",
    "order": "Choose which action of the card resolves first",
    "unit": "Resolve the action",
    "recruit": "Recruit phase: take a card from the central row or another player's row",
    "over": "Game over",
}


@cache
def _reference() -> dict[str, Any]:
    """The engine's static data: every card instance's design, colours, levels, monuments."""
    return dict(get_game("spqf").reference())


@cache
def _category_labels() -> dict[str, str]:
    ref = _reference()
    return {c: c.capitalize() for c in ref["categories"]} | {ref["wild"]: "Oak leaf (wild)"}


def _card(card: int, found: dict[int, Any]) -> dict[str, Any]:
    ref = _reference()
    d = ref["cards"][card]
    colors = ref["colors"].values()
    cost = " + ".join(f"{n} {name}" for n, name in zip(d["cost"], colors, strict=True) if n)
    return {
        "id": card,
        "name": d["name"],
        "cat": d["cat"],
        "cat_label": _category_labels()[d["cat"]],
        "mods": range(d["mods"]),
        "vp": d["vp"],
        "cost": cost,
        "actions": [
            {"text": a["text"], "binary": a["binary"], "follow": a["follow"]} for a in d["actions"]
        ],
        "starting": d["starting"],
        "item": found.get(card),
    }


def _targets(legal: list[dict[str, Any]]) -> tuple[dict[int, Any], list[dict[str, Any]]]:
    """Card-naming choices by card id (the first one wins), and the other choices."""
    on_cards: dict[int, Any] = {}
    others = []
    for item in legal:
        a = item["action"]
        card = a.get("card", a.get("stored"))
        if isinstance(card, int):
            on_cards.setdefault(card, item)
        else:
            others.append(item)
    return on_cards, others


def _player(view: dict[str, Any], p: dict[str, Any], info: Any, found: dict[int, Any]) -> Any:
    seat = p["seat"]

    def cards(ids: list[int]) -> list[dict[str, Any]]:
        return [_card(c, found) for c in ids]

    monument = p["monument"]
    ref = _reference()
    level = ref["levels"][p["level"]]
    return {
        "seat": seat,
        "name": info["name"] if info else f"Player {seat + 1}",
        "is_bot": bool(info and info.get("is_bot")),
        "active": view["active"] == seat and view["step"] != "over",
        "first": view["first"] == seat,
        "you": view["you"] == seat,
        "hand": cards(p["hand"]) if p["hand"] is not None else None,
        "hand_count": p["hand_count"],
        "deck_count": p["deck_count"],
        "discard": cards(p["discard"]),
        "row": cards(p["row"]),
        "stored": cards(p["stored"]),
        "played": cards(p["played"]),
        "following": cards(p["following"]),
        "pack": cards(p["pack"]) if p["pack"] else [],
        "picks": cards(p["picks"]) if p["picks"] else [],
        "cubes": p["cubes"],
        "stored_cubes": p["stored_cubes"],
        "room": level["room"],
        "level": p["level"],
        "level_vp": level["vp"],
        "vp": p["vp"],
        "monument": ref["monuments"][monument] if monument is not None else None,
    }


def _prompt(view: dict[str, Any], names: dict[int, str]) -> str:
    step = view["step"]
    if step == "draft":
        return STEP_TITLES[step]
    who = {
        "follow": (view["play"] or {}).get("follower"),
        "unit": view["jobs"][0]["seat"] if view["jobs"] else None,
    }.get(step, view["active"])
    name = names.get(who, "") if who is not None else ""
    title = STEP_TITLES.get(step, step)
    return f"{name}: {title}" if name and step != "over" else title


def _you_first(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's own tableau (and hand) first, then the others in turn order."""
    you = view["you"]
    players: list[dict[str, Any]] = view["players"]
    return players if you is None else players[you:] + players[:you]


def _with_info(view: dict[str, Any], players: list[Any]) -> list[tuple[Any, Any]]:
    info = {p["seat"]: p for p in players}
    return [(p, info.get(p["seat"])) for p in _you_first(view)]


def _current(play: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """The action card being resolved, its modifiers, its colour and who follows it."""
    return {
        "card": _card(play["card"], {}),
        "source": play["source"],
        "mods": play["mods"],
        "modifiers": [_card(c, {}) for c in play["mod_cards"] + play["stored_mods"]],
        "color": _reference()["colors"].get(play["color"] or ""),
        "follows": [
            {"name": names[f[0]], "card": _card(f[1], {}), "times": f[3]} for f in play["follows"]
        ],
    }


# Choices that let a player do nothing now; a step offering none of them is compulsory.
_WAYS_OUT = frozenset({"pass", "decline", "stop"})


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    found, others = _targets(legal)
    every = [_player(view, p, info, found) for p, info in _with_info(view, players)]
    info = {p["seat"]: p for p in players}
    names = {i: (info[i]["name"] if i in info else f"Player {i + 1}") for i in range(view["seats"])}
    play = view["play"]
    return {
        # Every choice is drawn on the board: a card, or a button in the prompt.
        "board_actions": {item["json"] for item in legal},
        "sp": {
            "me": next((p for p in every if p["you"]), None),
            "others": [p for p in every if not p["you"]],
            "compulsory": bool(legal) and not any(i["action"]["type"] in _WAYS_OUT for i in legal),
            "players": every,
            "central": [_card(c, found) for c in view["central"]],
            "civ_count": view["civ_count"],
            "trashed": len(view["trashed"]),
            "supply": view["supply"],
            "prompt": _prompt(view, names),
            "choices": others,
            "play": _current(play, names) if play is not None else None,
            "plays_left": view["turn"]["plays"],
            "end": view["end"],
            "round": view["round"] + (0 if view["step"] == "over" else 1),
            "over": view["step"] == "over",
            "reference": _reference()["levels"],
            "firsts": [names.get(s, "—") if s >= 0 else "—" for s in view["firsts"]],
        },
    }
