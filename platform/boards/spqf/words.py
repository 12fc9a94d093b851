"""The SPQF board's tooltips: each card's actions explained, and every symbol and counter of the
table, in our own words after the rule book (seeds/004: "Hay dos tipos de acciones",
"Siguiendo", "Almacenamiento", "Nivel de civilización"). The card set itself is this project's
(docs/spqf-cards.md)."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import get_game

# What each action kind does, {color}/{arrow}/{n} from the card.
KINDS = {
    "gather": "take 1 {color} cube from the supply per modifier",
    "gather_either": (
        "take 1 cube per modifier, green or black: the active player picks one colour for everybody"
    ),
    "gather_stored": "once: take from the supply a cube for each cube you have stored, colour "
    "for colour",
    "gather_per_card": "once: take a cube of your choice for each card you have stored",
    "store_card": (
        "per modifier, put a card from your hand into storage: it stays for good and may "
        "modify once a turn"
    ),
    "store_cube": "per modifier, move one of your loose {color} cubes into storage",
    "store_supply": "per modifier, store a cube of your choice straight from the supply",
    "resolve_row": "once: play a card of {arrow} as another action card, after this one",
    "extra": "once: you may play {n} more action card(s) this turn",
    "convert": "per modifier, swap one of your cubes for one of the other colour (you may stop)",
    "follow_twice": (
        "not an action: this card follows any per-modifier action as if it were two cards"
    ),
    "recruit_gather": (
        "per modifier, recruit a card from the central row or another player's trade row, "
        "and take 1 {color} cube"
    ),
    "trash_gather": (
        "per modifier, remove a card of your hand or discard pile from the game, and take 1 "
        "{color} cube"
    ),
    "trash_vp": (
        "per modifier, remove a card of your hand or discard pile from the game, and score 1 VP"
    ),
    "expand": "once: pay the cubes of your next civilization level and reach it",
    "expand_discount": "once: reach your next level paying one cube less, of a colour you choose",
    "expand_vp": "once: reach your next level; if you do, score 2 VP",
    "score_cubes": "per modifier, you may discard a {color} cube (loose or stored) for 1 VP",
    "score_stored_cubes": "once: 1 VP per cube in your storage",
    "score_stored_cards": "once: 1 VP per stored card",
    "score_level": "once: 1 VP per civilization level you have reached",
    "score_mods": "1 VP per modifier",
}
ARROWS = {
    "left": "the trade row of the next player",
    "right": "the trade row of the previous player",
    "center": "the central trade row",
}
COLOURS = {"g": "green", "b": "black", "any": "green or black"}
CUBE_LIMIT = "never more than 4 loose cubes of a colour"


@cache
def reference() -> dict[str, Any]:
    """The engine's static data: every card instance's design, colours, levels, monuments."""
    return dict(get_game("spqf").reference())


def action_tip(a: dict[str, Any]) -> str:
    text = KINDS[a["kind"]].format(
        color=COLOURS.get(a.get("color", ""), ""),
        arrow=ARROWS.get(a.get("arrow", ""), ""),
        n=a.get("n", 1),
    )
    if a["kind"] == "follow_twice":
        return text
    follow = "others may follow it" if a["follow"] else "nobody may follow it"
    return f"{text} ({follow})"


def card_tip(d: dict[str, Any], category: str) -> str:
    """A card: its category and modifiers, what it costs and is worth, each action explained."""
    icons = d["mods"]
    text = f"{d['name']}: {category}, {icons} modifier icon{'s' if icons != 1 else ''}"
    if d["starting"]:
        text += ", a starting card (discarded at the end of your turn, never in a trade row)"
    cost = " + ".join(f"{n} {c}" for n, c in zip(d["cost"], ("green", "black"), strict=True) if n)
    if cost:
        text += f". Costs {cost}, paid when it is played as the action card"
    if d["vp"]:
        text += f". Worth {d['vp']} VP at the end"
    actions = "; ".join(f"{k}) {action_tip(a)}" for k, a in enumerate(d["actions"], start=1))
    return f"{text}. Actions: {actions}."


def level_tip(level: int, levels: list[dict[str, Any]]) -> str:
    now = levels[level]
    text = (
        f"Civilization level {level}: worth {now['vp']} VP at the end; storage for "
        f"{now['room']} card(s) and {now['room']} cube(s)."
    )
    if level + 1 < len(levels):
        g, b = levels[level + 1]["cost"]
        text += f" The next level costs {g} green + {b} black (an expand action pays it)."
    return text


def cubes_tip(g: int, b: int) -> str:
    return (
        f"Loose cubes: {g} green (crops), {b} black (materials). They pay for cards and levels; "
        f"{CUBE_LIMIT}."
    )


def stored_cubes_tip(g: int, b: int, room: int) -> str:
    return (
        f"Stored cubes: {g} green, {b} black, room for {room}. Stored cubes do not count against "
        "the limit of loose cubes and can pay for levels."
    )


def vp_tip(vp: int) -> str:
    return (
        f"{vp} VP tokens. The end begins when someone holds 25; the round is then played out. "
        "Cards, levels and the monument add their VP at the end."
    )


def monument_tip(name: str, category: str) -> str:
    return (
        f"Your secret monument, {name}: at the end, 1 VP per {category} modifier icon on all "
        "your cards; whoever has the most monument points scores 3 VP more (nobody on a tie)."
    )


PILES = {
    "deck": "cards left in the draw deck (order unknown)",
    "hand": "cards in hand",
    "discard": "cards in the discard pile, shuffled into a new deck when the deck runs out",
}
ZONES = {
    "stored": (
        "Stored cards stay under the tableau for good: each may add its modifiers once a turn, "
        "never follow."
    ),
    "row": (
        "Trade row: the cards kept from the last turn. Any other player may recruit them, its "
        "owner may not."
    ),
    "played": "In play this turn: the action cards, modifiers and the cards that followed.",
    "hand": "Your hand: play an action card from it, add modifiers, or follow another player.",
    "central": (
        "Central trade row: anyone may recruit from it; a recruited card is replaced from the "
        "Civilization deck."
    ),
    "supply": "The supply: gathered cubes come from here and spent cubes go back.",
}

# What a prompt button does, by action type.
BUTTONS = {
    "pass": "Play no more action cards this turn: go on to recruit a card.",
    "decline": "Do not follow this action: the next player may, then it resolves.",
    "go": "Stop adding modifiers: the action card resolves, once per modifier for each "
    "per-modifier action.",
    "stop": "Stop resolving this action here; what is left of it is lost.",
    "extra": "You may play more action cards this turn.",
    "take": "Take the cube from the supply.",
    "stash": "Move one of your loose cubes into storage.",
    "bank": "Store a cube straight from the supply.",
    "convert": "Swap one of your cubes for one of the other colour.",
    "expand": "Pay the cubes of your next civilization level and reach it.",
    "discount": "Reach your next level paying one cube less of this colour.",
    "score": "Score the VP this action gives.",
}
