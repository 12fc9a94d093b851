"""The words shared by log lines and buttons (names of cards, colours, what a move gave), and
the log's redaction of secret draft picks. Never a secret: only public counts are compared."""

from __future__ import annotations

from typing import Any

from games.core.words import Phrase, joined, phrase, term

from .cards import (
    CARDS,
    CATEGORIES,
    COLOR_NAME,
    END_VP,
    KIND_TEXT,
    MAX_LEVEL,
    MONUMENTS,
    WILD,
    action_text,
)

State = dict[str, Any]
Action = dict[str, Any]


def card_name(card: Any) -> Phrase:
    return term(str(CARDS[card]["name"])) if isinstance(card, int) else term("a card")


def color_name(action: Action) -> Phrase:
    return term(COLOR_NAME.get(action.get("color", ""), ""))


def followed(s: State, action: Action) -> Phrase:
    """The text of the action of the card in play that `action` (follow, first) names."""
    return action_text(CARDS[s["play"]["card"]]["actions"][action["action"]])


def gains(before: State, after: State, seat: int) -> list[Phrase]:
    """What the move gave `seat`: cubes, VP, a level, storage ("+2 green, +1 VP"), as the
    parts a phrase's list argument joins with commas."""
    p, q = before["players"][seat], after["players"][seat]
    parts = []
    for i, name in enumerate(("green", "black")):
        change = q["cubes"][i] + q["scubes"][i] - p["cubes"][i] - p["scubes"][i]
        if change:
            parts.append(phrase("{n:+d} {color}", n=change, color=term(name)))
    if q["vp"] != p["vp"]:
        parts.append(phrase("{n:+d} VP", n=q["vp"] - p["vp"]))
    if q["level"] != p["level"]:
        parts.append(phrase("level {n}", n=q["level"]))
    stored = q["scubes"][0] + q["scubes"][1] - p["scubes"][0] - p["scubes"][1]
    if stored > 0:
        parts.append(
            phrase("{n} cubes stored", n=stored) if stored > 1 else phrase("1 cube stored")
        )
    cards = len(q["stored"]) - len(p["stored"])
    if cards > 0:
        parts.append(phrase("{n} cards stored", n=cards) if cards > 1 else phrase("1 card stored"))
    return parts


def told(words: Phrase, before: State, after: State, seat: int) -> Phrase:
    """The move's words, then what the resolution gave everyone; no gains, the words alone."""
    parts = everyone_gains(before, after, seat)
    if not parts:
        return words
    return joined([words, *parts])


def everyone_gains(before: State, after: State, seat: int) -> list[Phrase]:
    """What the resolution a move triggered gave the mover, the active player and followers,
    since automatic units have no log line of their own: " (+2 green); player 1: +1 green". The
    others are named "player N" (1-based), the words the site replaces with display names."""
    text = []
    mine = gains(before, after, seat)
    if mine:
        text.append(phrase(" ({gains})", gains=mine))
    active = before["active"]
    theirs = gains(before, after, active) if active != seat else []
    if theirs:
        text.append(phrase("; {player}: {gains}", player=f"player {active + 1}", gains=theirs))
    for other in range(before["n"]):
        found = gains(before, after, other) if other not in (seat, active) else []
        if found:
            text.append(phrase("; {player}: {gains}", player=f"player {other + 1}", gains=found))
    return text


def public_action(s: State, seat: int, action: Action) -> Action:
    """A draft pick stays secret until the end; every other choice is played face up."""
    if action.get("type") == "pick":
        return {"type": "pick"}
    return action


def messages() -> list[str]:
    """The game words built from data rather than written in a phrase() call (for the
    catalogues: scripts/game_messages.py): card and monument names, colours, card texts."""
    found = [str(c["name"]) for c in CARDS] + [str(m["name"]) for m in MONUMENTS]
    found += [*COLOR_NAME.values(), *KIND_TEXT.values(), *CATEGORIES, WILD, "a card"]
    found += ["left", "center", "right", "the round limit"]
    found += [f"a player holds {END_VP} or more VP tokens",
              f"a player reached civilization level {MAX_LEVEL}",
              "the last Civilization card reached the central row"]  # fmt: skip
    return found
