"""The words the log lines and button texts of actions.py share. Everything here is public."""

from __future__ import annotations

from typing import Any

from games.core.words import Phrase, joined, phrase, term

from . import cards as C

State = dict[str, Any]


def card(slug: str) -> Phrase:
    """A location card's name ("Lumber Mill"), a game term of Dice City."""
    return term(C.name(slug), "dicecity")


def die(colour: str) -> Phrase:
    """A die or row colour ("red")."""
    return term(colour)


def at(s: State, seat: int, row: str, col: int) -> Phrase:
    """The name of what stands on that space of the seat's city."""
    return card(s["players"][seat]["city"][C.ROW_INDEX[row] * 6 + col - 1])


def under_die(s: State, seat: int, die: str) -> Phrase:
    """The name of the location under the seat's die of that colour."""
    r = C.ROW_INDEX[die]
    return card(s["players"][seat]["city"][r * 6 + s["players"][seat]["dice"][r]])


def amounts(values: list[int]) -> Phrase:
    """'2 wood, 2 stone' for [2, 2, 0]."""
    parts = [phrase("{n} {resource}", n=n, resource=term(C.RESOURCES[i]))
             for i, n in enumerate(values) if n]  # fmt: skip
    return joined(parts, ", ") if parts else term("nothing")


def _army(s: State) -> int:
    return int(s["turn"]["army"] + s["turn"]["bandit_army"])


def gains(before: State, after: State, seat: int) -> list[Phrase]:
    """'+2 stone, +1 army': what the seat's stock, army, VP tokens and pass tokens changed by
    (the parts; a phrase's list argument joins them with commas)."""
    p, q = before["players"][seat], after["players"][seat]
    parts = [phrase("{n:+d} {resource}", n=q["res"][i] - p["res"][i], resource=term(C.RESOURCES[i]))
             for i in range(3) if q["res"][i] != p["res"][i]]  # fmt: skip
    if after["turn"]["seat"] == seat and _army(after) != _army(before):
        parts.append(phrase("{n:+d} army", n=_army(after) - _army(before)))
    if q["tokens"] != p["tokens"]:
        parts.append(phrase("{n:+d} VP", n=q["tokens"] - p["tokens"]))
    if q["passes"] != p["passes"]:
        parts.append(phrase("{n:+d} pass token", n=q["passes"] - p["passes"]))
    moved = [C.ROWS[r] for r in range(5) if p["dice"][r] != q["dice"][r] and q["dice"][r] >= 0]
    if moved:
        dice = [phrase("{die} {col}", die=die(d), col=q["dice"][C.ROW_INDEX[d]] + 1) for d in moved]
        parts.append(phrase("dice now {dice}", dice=dice))
    return parts


def messages() -> list[str | tuple[str, str]]:
    """The game words built from data rather than written in a phrase() call (for the
    catalogues: scripts/game_messages.py): card names, resources, dice, why a game ended."""
    found: list[str | tuple[str, str]] = [(c["name"], "dicecity") for c in C.CARDS.values()]
    found += [*C.RESOURCES, *C.ROWS, *(r.capitalize() for r in C.ROWS), "army", "nothing"]
    found += [str(c["text"]) for c in C.CARDS.values()]  # the boards' tooltips say them
    return [*found, "a city filled two rows", "all bandits were defeated",
            "two trade-ship piles ran out", "the location deck ran out"]  # fmt: skip
