"""The SPQF board's tooltips: each card's actions explained, and every symbol and counter of the
table, in our own words after the rule book (seeds/004: "Hay dos tipos de acciones",
"Siguiendo", "Almacenamiento", "Nivel de civilización"). The card set itself is this project's
(docs/spqf-cards.md)."""

from __future__ import annotations

from functools import cache
from typing import Any

from boards.language import N_, say
from games.core import get_game

# What each action kind does, {color}/{arrow}/{n} from the card.
KINDS = {
    "gather": N_("take 1 {color} cube from the supply per modifier"),
    "gather_either": N_(
        "take 1 cube per modifier, green or black: the active player picks one colour for everybody"
    ),
    "gather_stored": N_(
        "once: take from the supply a cube for each cube you have stored, colour for colour"
    ),
    "gather_per_card": N_("once: take a cube of your choice for each card you have stored"),
    "store_card": N_(
        "per modifier, put a card from your hand into storage: it stays for good and may "
        "modify once a turn"
    ),
    "store_cube": N_("per modifier, move one of your loose {color} cubes into storage"),
    "store_supply": N_("per modifier, store a cube of your choice straight from the supply"),
    "resolve_row": N_("once: play a card of {arrow} as another action card, after this one"),
    "extra": N_("once: you may play {n} more action card(s) this turn"),
    "convert": N_(
        "per modifier, swap one of your cubes for one of the other colour (you may stop)"
    ),
    "follow_twice": N_(
        "not an action: this card follows any per-modifier action as if it were two cards"
    ),
    "recruit_gather": N_(
        "per modifier, recruit a card from the central row or another player's trade row, "
        "and take 1 {color} cube"
    ),
    "trash_gather": N_(
        "per modifier, remove a card of your hand or discard pile from the game, and take 1 "
        "{color} cube"
    ),
    "trash_vp": N_(
        "per modifier, remove a card of your hand or discard pile from the game, and score 1 VP"
    ),
    "expand": N_("once: pay the cubes of your next civilization level and reach it"),
    "expand_discount": N_(
        "once: reach your next level paying one cube less, of a colour you choose"
    ),
    "expand_vp": N_("once: reach your next level; if you do, score 2 VP"),
    "score_cubes": N_("per modifier, you may discard a {color} cube (loose or stored) for 1 VP"),
    "score_stored_cubes": N_("once: 1 VP per cube in your storage"),
    "score_stored_cards": N_("once: 1 VP per stored card"),
    "score_level": N_("once: 1 VP per civilization level you have reached"),
    "score_mods": N_("1 VP per modifier"),
}
ARROWS = {
    "left": N_("the trade row of the next player"),
    "right": N_("the trade row of the previous player"),
    "center": N_("the central trade row"),
}
COLOURS = {"g": "green", "b": "black", "any": "green or black"}


@cache
def reference() -> dict[str, Any]:
    """The engine's static data: every card instance's design, colours, levels, monuments."""
    return dict(get_game("spqf").reference())


def action_tip(a: dict[str, Any]) -> str:
    args = {
        "color": say(COLOURS.get(a.get("color", ""), "")) if a.get("color") else "",
        "arrow": say(ARROWS.get(a.get("arrow", ""), "")) if a.get("arrow") else "",
        "n": a.get("n", 1),
    }
    template = KINDS[a["kind"]]
    text = say(template, **{k: v for k, v in args.items() if "{" + k in template})
    if a["kind"] == "follow_twice":
        return text
    follow = say("others may follow it") if a["follow"] else say("nobody may follow it")
    return f"{text} ({follow})"


def cost_words(cost: Any) -> str:
    """`2 green + 1 black` in the reader's language."""
    colours = (say("green"), say("black"))
    return " + ".join(f"{n} {c}" for n, c in zip(cost, colours, strict=True) if n)


def card_tip(d: dict[str, Any], category: str) -> str:
    """A card: its category and modifiers, what it costs and is worth, each action explained."""
    icons = d["mods"]
    name = say(d["name"])
    if icons == 1:
        text = say("{name}: {category}, 1 modifier icon", name=name, category=category)
    else:
        text = say("{name}: {category}, {n} modifier icons", name=name, category=category, n=icons)
    if d["starting"]:
        text += say(", a starting card (discarded at the end of your turn, never in a trade row)")
    cost = cost_words(d["cost"])
    if cost:
        text += say(". Costs {cost}, paid when it is played as the action card", cost=cost)
    if d["vp"]:
        text += say(". Worth {vp} VP at the end", vp=d["vp"])
    actions = "; ".join(f"{k}) {action_tip(a)}" for k, a in enumerate(d["actions"], start=1))
    return text + say(". Actions: {actions}.", actions=actions)


def level_tip(level: int, levels: list[dict[str, Any]]) -> str:
    now = levels[level]
    text = say(
        "Civilization level {level}: worth {vp} VP at the end; storage for {room} card(s) and "
        "{room} cube(s).",
        level=level,
        vp=now["vp"],
        room=now["room"],
    )
    if level + 1 < len(levels):
        g, b = levels[level + 1]["cost"]
        text += " " + say(
            "The next level costs {g} green + {b} black (an expand action pays it).", g=g, b=b
        )
    return text


def cubes_tip(g: int, b: int) -> str:
    return say(
        "Loose cubes: {g} green (crops), {b} black (materials). They pay for cards and levels; "
        "never more than 4 loose cubes of a colour.",
        g=g,
        b=b,
    )


def stored_cubes_tip(g: int, b: int, room: int) -> str:
    return say(
        "Stored cubes: {g} green, {b} black, room for {room}. Stored cubes do not count against "
        "the limit of loose cubes and can pay for levels.",
        g=g,
        b=b,
        room=room,
    )


def vp_tip(vp: int) -> str:
    return say(
        "{vp} VP tokens. The end begins when someone holds 25; the round is then played out. "
        "Cards, levels and the monument add their VP at the end.",
        vp=vp,
    )


def monument_tip(name: str, category: str) -> str:
    return say(
        "Your secret monument, {name}: at the end, 1 VP per {category} modifier icon on all "
        "your cards; whoever has the most monument points scores 3 VP more (nobody on a tie).",
        name=say(name),
        category=say(category),
    )


PILES = {
    "deck": N_("cards left in the draw deck (order unknown)"),
    "hand": N_("cards in hand"),
    "discard": N_("cards in the discard pile, shuffled into a new deck when the deck runs out"),
}
ZONES = {
    "stored": N_(
        "Stored cards stay under the tableau for good: each may add its modifiers once a turn, "
        "never follow."
    ),
    "row": N_(
        "Trade row: the cards kept from the last turn. Any other player may recruit them, its "
        "owner may not."
    ),
    "played": N_("In play this turn: the action cards, modifiers and the cards that followed."),
    "hand": N_("Your hand: play an action card from it, add modifiers, or follow another player."),
    "central": N_(
        "Central trade row: anyone may recruit from it; a recruited card is replaced from the "
        "Civilization deck."
    ),
    "supply": N_("The supply: gathered cubes come from here and spent cubes go back."),
}

# What a prompt button does, by action type.
BUTTONS = {
    "pass": N_("Play no more action cards this turn: go on to recruit a card."),
    "decline": N_("Do not follow this action: the next player may, then it resolves."),
    "go": N_(
        "Stop adding modifiers: the action card resolves, once per modifier for each "
        "per-modifier action."
    ),
    "stop": N_("Stop resolving this action here; what is left of it is lost."),
    "extra": N_("You may play more action cards this turn."),
    "take": N_("Take the cube from the supply."),
    "stash": N_("Move one of your loose cubes into storage."),
    "bank": N_("Store a cube straight from the supply."),
    "convert": N_("Swap one of your cubes for one of the other colour."),
    "expand": N_("Pay the cubes of your next civilization level and reach it."),
    "discount": N_("Reach your next level paying one cube less of this colour."),
    "score": N_("Score the VP this action gives."),
}
