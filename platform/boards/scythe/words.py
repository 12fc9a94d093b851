"""Scythe board: colours and the words used on the board (paraphrased, no card text)."""

from __future__ import annotations

from typing import Any

from .reference import REF

COLOURS = {
    "nordic": "#3b6fb6",
    "rusviet": "#b8322a",
    "crimea": "#e3b82a",
    "saxony": "#2b2b2b",
    "polania": "#f2f2f2",
    "albion": "#3f8f4f",
    "togawa": "#7a4e9a",
}
INK = {"crimea": "#222", "polania": "#222"}  # text on light faction colours
RES_NAMES = tuple(REF["resources"])
RES_SHORT = {"food": "F", "wood": "W", "metal": "M", "oil": "O"}
STRUCT_SHORT = {"monument": "Mo", "mill": "Mi", "mine": "Mn", "armory": "Ar"}
TOP_TITLES = {
    "move_gain": "Move / Gain",
    "bolster": "Bolster",
    "trade": "Trade",
    "produce": "Produce",
}
TOP_TEXT = {  # (one, several)
    "move": ("move {} unit", "move {} units"),
    "gain": ("gain {} coin", "gain {} coins"),
    "power": ("+{} power", "+{} power"),
    "cards": ("+{} combat card", "+{} combat cards"),
    "popularity": ("+{} popularity", "+{} popularity"),
    "produce": ("produce on {} territory", "produce on {} territories"),
}
PHASES = {
    "section": "choosing a section of the player mat",
    "top": "choosing the top-row action",
    "move": "moving",
    "load": "choosing the tokens the unit carries along",
    "grant": "placing what the action gave",
    "combat_pick": "choosing which combat to fight first",
    "combat": "combat: both sides choose in secret",
    "encounter": "resolving an encounter",
    "benefit": "taking the encounter's benefits",
    "factory": "choosing a Factory card",
    "bottom": "choosing the bottom-row action",
    "payment": "paying for the bottom-row action",
    "end": "may reveal an objective before ending the turn",
}
GRANT_TEXT = {
    "pick": "Place a resource on a territory",
    "produce": "Produce: choose the territories",
    "upgrade": "Upgrade: move a technology cube",
    "deploy": "Deploy a mech",
    "build": "Build a structure",
    "enlist": "Enlist a recruit",
}
GAIN_WORDS = {
    "coins": "{} coins",
    "popularity": "{} popularity",
    "power": "{} power",
    "combat_cards": "{} combat card(s)",
    "cards": "{} combat card(s)",
    "food": "{} food",
    "wood": "{} wood",
    "metal": "{} metal",
    "oil": "{} oil",
    "gain_worker": "{} worker(s)",
    "resources_of_choice": "{} resources of your choice",
    "produce_territories": "produce on {} territories",
    "deploy_mech": "deploy a mech",
    "build_structure": "build a structure",
    "deploy": "deploy a mech",
    "build": "build a structure",
    "upgrade": "upgrade",
    "enlist": "enlist a recruit",
}
TRIUMPHS = (  # Scythe, Placing stars
    ("upgrades", "all 6 upgrades"),
    ("mechs", "all 4 mechs"),
    ("structures", "all 4 structures"),
    ("recruits", "all 4 recruits"),
    ("workers", "all 8 workers"),
    ("objective", "an objective"),
    ("combat", "a combat won"),
    ("popularity", "18 popularity"),
    ("power", "16 power"),
)
TILE_TEXT = {
    "adjacent_tunnels": "tunnels next to your structures",
    "adjacent_lakes": "lakes next to your structures",
    "adjacent_encounters": "encounter spaces next to your structures",
    "on_tunnels": "your structures on tunnels",
    "in_a_row": "your structures in a straight row",
    "on_farms_or_tundras": "your structures on farms or tundras",
}


def gains(spec: dict[str, Any]) -> str:
    parts = []
    for what, amount in spec.items():
        if what == "choose_one":
            parts.append(" or ".join(GAIN_WORDS.get(c, c).format(1) for c in amount))
        else:
            parts.append(_count(GAIN_WORDS.get(what, what + " {}"), amount))
    return ", ".join(parts) or "nothing"


_SINGULAR = (
    ("coins", "coin"),
    ("card(s)", "card"),
    ("worker(s)", "worker"),
    ("resources", "resource"),
    ("territories", "territory"),
    ("star(s)", "star"),
)


def _count(words: str, amount: int) -> str:
    text = words.format(amount)
    for many, one in _SINGULAR:
        text = text.replace(many, one if amount == 1 else many.replace("(s)", "s"))
    return text


def factory_card(number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    card = REF["factory_cards"][str(number)]
    return {"number": number, "cost": gains(card["cost"]), "gain": gains(card["gain"])}


# Objective requirements paraphrased from the engine's data (what the engine checks).
_REQ_WORDS = {
    "control_tunnel_territories": "control {} tunnel territories",
    "control_factory": "control the Factory",
    "power_is_highest_ties_ok": "have the most power (ties count)",
    "forced_opponent_worker_retreat": "drive an opponent's worker home this turn",
    "single_territory_resources_min": "{} resources on one territory",
    "single_territory_each_resource_type_min": "every kind of resource among them",
    "own_pieces_on_single_territory_min": "{} of your pieces on one territory",
    "each_resource_type_min": "a token of every resource",
    "workers_equal_recruits": "as many workers as recruits",
    "control_territories_adjacent_to_factory_min": "control {} territories next to the Factory",
    "control_territories_around_same_lake_min": "control {} territories around one lake",
    "control_tokens_of_one_resource_type_min": "control {} tokens of one resource",
    "combat_cards_in_hand_min": "{} combat cards in hand",
    "combat_stars_min": "{} combat star(s)",
}


def _requirement(key: str, value: Any) -> str:
    if key == "control_terrain":
        return ", ".join(f"control {n} {terrain} territories" for terrain, n in value.items())
    if key == "has_factory_card":
        return "have a Factory card" if value else "have no Factory card"
    if key == "single_territory":
        parts = [_requirement(k, v) for k, v in value.items()]
        return "on one territory: " + ", ".join(parts)
    if key in ("character", "pieces"):
        return "your character" if key == "character" else ""
    if key in _REQ_WORDS:
        return _count(_REQ_WORDS[key], value)
    thing, _, bound = key.rpartition("_")
    thing = thing.replace("_", " ")
    if value == 1 and thing.endswith("s"):
        thing = thing[:-1]
    if bound == "min":
        return f"at least {value} {thing}"
    if bound == "max":
        return f"no {thing}" if value == 0 else f"at most {value} {thing}"
    if bound == "exactly":
        return f"exactly {value} {thing}"
    return f"{key.replace('_', ' ')} {value}"


def objective_text(req: dict[str, Any]) -> str:
    return "; ".join(t for t in (_requirement(k, v) for k, v in req.items()) if t)


# Faction and mech abilities of the base game, paraphrased (Scythe, Factions; Mech abilities).
ABILITY_TEXT = {
    "Coercion": "once a turn, spend a combat card as one resource token",
    "Swim": "workers may cross rivers",
    "Meander": "may take two different options of an encounter card",
    "Relentless": "may choose the same mat section as last turn",
    "Dominate": "no limit on stars from objectives and combat victories",
    "Seaworthy": "character and mechs may move onto and off lakes",
    "Artillery": "before a combat, pay 1 power: the opponent loses 2 power",
    "Wayfare": "character and mechs may move to your home base or an unused one",
    "Scout": "before a combat, take a random combat card from the opponent",
    "Submerge": "character and mechs may move onto lakes, and from lake to lake",
    "Camaraderie": "no popularity lost for workers driven away in a combat you win",
    "Township": "character and mechs may move between villages you control and the Factory",
    "People's Army": "one more combat card in a combat with one of your workers",
    "Underpass": "character and mechs may move between mountains you control and tunnels",
    "Disarm": "before a combat on a tunnel or your Mine, the opponent loses 2 power",
    "Speed": "character and mechs may move one territory further",
}


def ability_text(faction: dict[str, Any], name: str) -> str:
    if name == "Riverwalk":
        lands = " and ".join(f"{t}s" for t in faction["riverwalk"])
        return f"character and mechs may cross rivers into {lands}"
    return ABILITY_TEXT.get(name, "")
