"""The Dice City board's tooltips: what each thing on the table is and does, in our own words
after the rule book (seeds/001, "Como se Juega"), never the printed card text. Cards carry
their paraphrased effect (`text` in the engine's data); the rest is said here."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import get_game

TYPES = {
    "resource": "resource location: produces wood, stone or iron",
    "military": "military location: gives army strength or helps attacks",
    "economic": "economic location: trades and multiplies resources",
    "cultural": "cultural location: gives or is worth victory points",
    "civic": "civic location: moves, re-rolls or borrows other abilities",
}
RESOURCES = {
    "wood": "Wood",
    "stone": "Stone",
    "iron": "Iron",
}
KEEP = "at the end of your turn you keep at most 1 of each resource"
STEP_BUTTONS = {
    "end_dice": "Dice you have not used are lost; then the attack step, with your army strength.",
    "end_attacks": "Army strength you have not spent is lost; then build and trade.",
    "end_turn": f"The turn ends: {KEEP}, and your dice are rolled for your next turn.",
    "end_game": "Two of your rows are full: the game ends once everyone has had as many turns.",
    "play_on": "Two of your rows are full, but the game goes on.",
    "exchange": "Pay these resources from your stock and gain the others.",
    "statue": "Pay this stone and iron more for the Grand Statue: 1 VP each.",
}


@cache
def catalogue() -> dict[str, Any]:
    """The engine's static data (rows = die colours, resources, cards, bandits, trade ships)."""
    return dict(get_game("dicecity").reference())


def shield(defense: int | None) -> str:
    if defense is None:
        return "No shield: it cannot be attacked."
    return f"Shield {defense}: an opponent needs {defense} army strength to deactivate it."


def card_tip(card: dict[str, Any]) -> str:
    """A location card of the display or a pile: what it does, costs, defends and is worth."""
    return (
        f"{card['name']}, {TYPES[card['type']]}. Effect: {card['text']}. "
        f"Costs {card['cost']}. {shield(card['defense'])} Worth {card['vp']} VP."
    )


def cell_tip(cell: dict[str, Any], where: str, owner: str) -> str:
    """A space of a city: the location on it, its state and what it is worth now."""
    text = f"{cell['name']} ({owner}, {where}): {TYPES[cell['type']]}. Effect: {cell['text']}. "
    text += shield(cell["shield"])
    text += f" Worth {cell['vp']} VP now."
    if cell["printed"]:
        text += " A printed space: a new location may be built over it."
    if cell["off"]:
        text += " Deactivated: it does nothing until a die reactivates it (its VP still count)."
    return text


def die_tip(colour: str, col: int, under: str, pickable: bool) -> str:
    text = f"{colour.capitalize()} die showing {col}: it sits on {under}."
    if pickable:
        text += (
            " Drag it, or click it and then a highlighted target: the location under it, a die"
            " to move one step, a location to reactivate; or Pass or Refresh on the die."
        )
    return text


def row_tip(colour: str) -> str:
    return f"The {colour} row: the {colour} die lands here, in the column of the number it shows."


def column_tip(col: int) -> str:
    return f"Column {col}: a die showing {col} lands here."


def stock_tip(resource: str, count: int) -> str:
    return f"{RESOURCES[resource]}: {count} in stock. Pays for locations and trade ships; {KEEP}."


def passes_tip(count: int) -> str:
    return (
        f"{count} pass token{'s' if count != 1 else ''}. Passing with a die gives one (once a "
        "turn). Spend 2 for a resource, +1 army strength, or to make every other player re-roll "
        "the die of one colour."
    )


def army_tip(army: int, bandit_army: int) -> str:
    text = (
        f"Army strength this turn: {army}. Spend it in the attack step: a bandit card's shield, "
        "an opponent's location's shield, or 2 to take a resource from an opponent's stock."
    )
    if bandit_army:
        text += f" Plus {bandit_army} against bandits only."
    return text + " It is lost at the end of the turn."


def vp_tip(score: dict[str, int]) -> str:
    return (
        f"{score['total']} VP now: {score['locations']} from locations, {score['vp tokens']} "
        f"from VP tokens, {score['bandits']} from bandits, {score['trade ships']} from trade ships."
    )


def bandit_tip(defense: int, vp: int, left: int) -> str:
    return (
        f"Bandits, shield {defense}: in the attack step, spend {defense} army strength to "
        f"defeat one and keep its card, worth {vp} VP ({left} left). The game ends when all "
        "bandits are defeated."
    )


def ship_tip(cost: str, vp: int, left: int) -> str:
    return (
        f"Trade ship: in the build step, export {cost} (wood/stone/iron) for {vp} VP ({left} "
        "left). The game ends when two trade-ship piles run out."
    )


def deck_tip(count: int) -> str:
    return (
        f"{count} location card{'s' if count != 1 else ''} left face down, in an order nobody "
        "knows. A bought display card is replaced from here; the game ends when it runs out."
    )
