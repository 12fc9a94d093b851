"""The Dice City board's tooltips: what each thing on the table is and does, in our own words
after the rule book (seeds/001, "Como se Juega"), never the printed card text. Cards carry
their paraphrased effect (`text` in the engine's data); the rest is said here."""

from __future__ import annotations

from functools import cache
from typing import Any

from boards.language import N_, say
from games.core import get_game

# Every sentence here is a msgid of the games' catalogues (boards/language.py): said in the
# reader's language where it is used.
TYPES = {
    "resource": N_("resource location: produces wood, stone or iron"),
    "military": N_("military location: gives army strength or helps attacks"),
    "economic": N_("economic location: trades and multiplies resources"),
    "cultural": N_("cultural location: gives or is worth victory points"),
    "civic": N_("civic location: moves, re-rolls or borrows other abilities"),
}
RESOURCES = {
    "wood": N_("Wood"),
    "stone": N_("Stone"),
    "iron": N_("Iron"),
}
STEP_BUTTONS = {
    "end_dice": N_(
        "Dice you have not used are lost; then the attack step, with your army strength."
    ),
    "end_attacks": N_("Army strength you have not spent is lost; then build and trade."),
    "end_turn": N_(
        "The turn ends: at the end of your turn you keep at most 1 of each resource, and your "
        "dice are rolled for your next turn."
    ),
    "end_game": N_("Two of your rows are full: the game ends once everyone has had as many turns."),
    "play_on": N_("Two of your rows are full, but the game goes on."),
    "exchange": N_("Pay these resources from your stock and gain the others."),
    "statue": N_("Pay this stone and iron more for the Grand Statue: 1 VP each."),
}


def card_name(name: str) -> str:
    """A location card's name as the engines' catalogue has it (context "dicecity")."""
    return say(name, context="dicecity")


@cache
def catalogue() -> dict[str, Any]:
    """The engine's static data (rows = die colours, resources, cards, bandits, trade ships)."""
    return dict(get_game("dicecity").reference())


def shield(defense: int | None) -> str:
    if defense is None:
        return say("No shield: it cannot be attacked.")
    return say(
        "Shield {defense}: an opponent needs {defense} army strength to deactivate it.",
        defense=defense,
    )


def _about(card: dict[str, Any]) -> dict[str, str]:
    """A card's name, kind and effect in the reader's language."""
    return {
        "name": card_name(card["name"]),
        "kind": say(TYPES[card["type"]]),
        "effect": say(card["text"]),
    }


def card_tip(card: dict[str, Any]) -> str:
    """A location card of the display or a pile: what it does, costs, defends and is worth."""
    text = say("{name}, {kind}. Effect: {effect}. Costs {cost}.", cost=card["cost"], **_about(card))
    return f"{text} {shield(card['defense'])} " + say("Worth {vp} VP.", vp=card["vp"])


def cell_tip(cell: dict[str, Any], where: str, owner: str) -> str:
    """A space of a city: the location on it, its state and what it is worth now."""
    text = say("{name} ({owner}, {where}): {kind}. Effect: {effect}.",
               owner=owner, where=where, **_about(cell))  # fmt: skip
    text += " " + shield(cell["shield"])
    text += " " + say("Worth {vp} VP now.", vp=cell["vp"])
    if cell["printed"]:
        text += " " + say("A printed space: a new location may be built over it.")
    if cell["off"]:
        text += " " + say(
            "Deactivated: it does nothing until a die reactivates it (its VP still count)."
        )
    return text


def colour(name: str) -> str:
    """A die's (and its row's) colour in the reader's language."""
    return say(name)


def die_tip(colour_: str, col: int, under: str, pickable: bool) -> str:
    text = say("{Colour} die showing {col}: it sits on {under}.",
               Colour=say(colour_.capitalize()), col=col, under=under)  # fmt: skip
    if pickable:
        text += " " + say(
            "Drag it, or click it and then a highlighted target: the location under it, a die"
            " to move one step, a location to reactivate; or Pass or Refresh on the die."
        )
    return text


def row_tip(colour_: str) -> str:
    return say(
        "The {colour} row: the {colour} die lands here, in the column of the number it shows.",
        colour=colour(colour_),
    )


def column_tip(col: int) -> str:
    return say("Column {col}: a die showing {col} lands here.", col=col)


def stock_tip(resource: str, count: int) -> str:
    return say(
        "{resource}: {count} in stock. Pays for locations and trade ships; at the end of your "
        "turn you keep at most 1 of each resource.",
        resource=say(RESOURCES[resource]),
        count=count,
    )


def passes_tip(count: int) -> str:
    tokens = say("1 pass token.") if count == 1 else say("{n} pass tokens.", n=count)
    return f"{tokens} " + say(
        "Passing with a die gives one (once a turn). Spend 2 for a resource, +1 army strength, "
        "or to make every other player re-roll the die of one colour."
    )


def army_tip(army: int, bandit_army: int) -> str:
    text = say(
        "Army strength this turn: {army}. Spend it in the attack step: a bandit card's shield, "
        "an opponent's location's shield, or 2 to take a resource from an opponent's stock.",
        army=army,
    )
    if bandit_army:
        text += " " + say("Plus {n} against bandits only.", n=bandit_army)
    return text + " " + say("It is lost at the end of the turn.")


def vp_tip(score: dict[str, int]) -> str:
    return say(
        "{total} VP now: {locations} from locations, {tokens} from VP tokens, {bandits} from "
        "bandits, {ships} from trade ships.",
        total=score["total"],
        locations=score["locations"],
        tokens=score["vp tokens"],
        bandits=score["bandits"],
        ships=score["trade ships"],
    )


def bandit_tip(defense: int, vp: int, left: int) -> str:
    return say(
        "Bandits, shield {defense}: in the attack step, spend {defense} army strength to "
        "defeat one and keep its card, worth {vp} VP ({left} left). The game ends when all "
        "bandits are defeated.",
        defense=defense,
        vp=vp,
        left=left,
    )


def ship_tip(cost: str, vp: int, left: int) -> str:
    return say(
        "Trade ship: in the build step, export {cost} (wood/stone/iron) for {vp} VP ({left} "
        "left). The game ends when two trade-ship piles run out.",
        cost=cost,
        vp=vp,
        left=left,
    )


def deck_tip(count: int) -> str:
    cards = say("1 location card") if count == 1 else say("{n} location cards", n=count)
    return say(
        "{cards} left face down, in an order nobody knows. A bought display card is replaced "
        "from here; the game ends when it runs out.",
        cards=cards,
    )
