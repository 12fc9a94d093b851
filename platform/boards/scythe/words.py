"""Scythe board: colours and the words used on the board, tooltips included: what each action,
structure, ability, bonus and symbol does, in the project's own words after the rule books in
/work/shared/seeds (000, 002, 003); no card text is copied."""

from __future__ import annotations

from typing import Any

from boards.language import N_, language, say

from .names import terrains
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
# A structure's letters on its map tile, from its name in each language (Mo/Mi/Mn/Ar in English).
STRUCT_SHORT = {"monument": N_("Mo"), "mill": N_("Mi"), "mine": N_("Mn"), "armory": N_("Ar")}
TOP_TITLES = {
    "move_gain": N_("Move / Gain"),
    "bolster": N_("Bolster"),
    "trade": N_("Trade"),
    "produce": N_("Produce"),
}
TOP_TEXT = {  # (one, several): the words on a top-row box
    "move": (N_("{n} unit"), N_("{n} units")),
    "gain": (N_("+{n} coin"), N_("+{n} coins")),
    "power": (N_("+{n} power"), N_("+{n} power")),
    "cards": (N_("+{n} card"), N_("+{n} cards")),
    "popularity": (N_("+{n} popularity"), N_("+{n} popularity")),
    "produce": (N_("{n} territory"), N_("{n} territories")),
}
TOP_LONG = {  # (one, several): the same box's tooltip
    "move": (
        N_("Move: {n} unit to a neighbouring territory"),
        N_("Move: {n} different units, each to a neighbouring territory"),
    ),
    "gain": (N_("Gain {n} coin"), N_("Gain {n} coins")),
    "power": (N_("Bolster: +{n} power"), N_("Bolster: +{n} power")),
    "cards": (N_("Bolster: draw {n} combat card"), N_("Bolster: draw {n} combat cards")),
    "popularity": (N_("Trade: +{n} popularity"), N_("Trade: +{n} popularity")),
    "produce": (N_("Produce on {n} territory"), N_("Produce on up to {n} territories")),
}
PHASES = {
    "section": N_("choosing a section of the player mat"),
    "top": N_("choosing the top-row action"),
    "move": N_("moving"),
    "load": N_("choosing the tokens the unit carries along"),
    "grant": N_("placing what the action gave"),
    "combat_pick": N_("choosing which combat to fight first"),
    "combat": N_("combat: both sides choose in secret"),
    "encounter": N_("resolving an encounter"),
    "benefit": N_("taking the encounter's benefits"),
    "factory": N_("choosing a Factory card"),
    "bottom": N_("choosing the bottom-row action"),
    "payment": N_("paying for the bottom-row action"),
    "end": N_("may reveal an objective before ending the turn"),
}
GRANT_TEXT = {
    "pick": N_("Place a resource on a territory"),
    "produce": N_("Produce: choose the territories"),
    "upgrade": N_("Upgrade: move a technology cube"),
    "deploy": N_("Deploy a mech"),
    "build": N_("Build a structure"),
    "enlist": N_("Enlist a recruit"),
}
GAIN_WORDS = {
    "coins": N_("{n} coins"),
    "popularity": N_("{n} popularity"),
    "power": N_("{n} power"),
    "combat_cards": N_("{n} combat card(s)"),
    "cards": N_("{n} combat card(s)"),
    "food": N_("{n} food"),
    "wood": N_("{n} wood"),
    "metal": N_("{n} metal"),
    "oil": N_("{n} oil"),
    "gain_worker": N_("{n} worker(s)"),
    "resources_of_choice": N_("{n} resources of your choice"),
    "produce_territories": N_("produce on {n} territories"),
    "deploy_mech": N_("deploy a mech"),
    "build_structure": N_("build a structure"),
    "deploy": N_("deploy a mech"),
    "build": N_("build a structure"),
    "upgrade": N_("upgrade"),
    "enlist": N_("enlist a recruit"),
}
TRIUMPHS = (  # Scythe, Placing stars
    ("upgrades", N_("all 6 upgrades")),
    ("mechs", N_("all 4 mechs")),
    ("structures", N_("all 4 structures")),
    ("recruits", N_("all 4 recruits")),
    ("workers", N_("all 8 workers")),
    ("objective", N_("an objective")),
    ("combat", N_("a combat won")),
    ("popularity", N_("18 popularity")),
    ("power", N_("16 power")),
)
TILE_TEXT = {
    "adjacent_tunnels": N_("tunnels next to your structures"),
    "adjacent_lakes": N_("lakes next to your structures"),
    "adjacent_encounters": N_("encounter spaces next to your structures"),
    "on_tunnels": N_("your structures on tunnels"),
    "in_a_row": N_("your structures in a straight row"),
    "on_farms_or_tundras": N_("your structures on farms or tundras"),
}


def gains(spec: dict[str, Any]) -> str:
    parts = []
    for what, amount in spec.items():
        if what == "choose_one":
            words = (_count(GAIN_WORDS[c], 1) if c in GAIN_WORDS else c for c in amount)
            parts.append(say(" or ").join(words))
        else:
            parts.append(_count(GAIN_WORDS.get(what, what + " {n}"), amount))
    return ", ".join(parts) or say("nothing")


_SINGULAR = (
    ("coins", "coin"),
    ("card(s)", "card"),
    ("worker(s)", "worker"),
    ("resources", "resource"),
    ("territories", "territory"),
    ("star(s)", "star"),
)


def _count(words: str, amount: int) -> str:
    """`words` said with {n} = amount in the reader's language; in English "coins" and
    "card(s)" then read "1 coin", "2 cards" (the translations write their own forms)."""
    text = say(words, n=amount)
    if language() != "en":
        return text
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
    "control_tunnel_territories": N_("control {n} tunnel territories"),
    "control_factory": N_("control the Factory"),
    "power_is_highest_ties_ok": N_("have the most power (ties count)"),
    "forced_opponent_worker_retreat": N_("drive an opponent's worker home this turn"),
    "single_territory_resources_min": N_("{n} resources on one territory"),
    "single_territory_each_resource_type_min": N_("every kind of resource among them"),
    "own_pieces_on_single_territory_min": N_("{n} of your pieces on one territory"),
    "each_resource_type_min": N_("a token of every resource"),
    "workers_equal_recruits": N_("as many workers as recruits"),
    "control_territories_adjacent_to_factory_min": N_(
        "control {n} territories next to the Factory"
    ),
    "control_territories_around_same_lake_min": N_("control {n} territories around one lake"),
    "control_tokens_of_one_resource_type_min": N_("control {n} tokens of one resource"),
    "combat_cards_in_hand_min": N_("{n} combat cards in hand"),
    "combat_stars_min": N_("{n} combat star(s)"),
}


# The things an objective counts (the engine's requirement keys, "workers_min"...), one and many.
_REQ_THINGS = (
    N_("coin"),
    N_("coins"),
    N_("mech"),
    N_("mechs"),
    N_("popularity"),
    N_("power"),
    N_("recruit"),
    N_("recruits"),
    N_("resource"),
    N_("resources"),
    N_("structure"),
    N_("structures"),
    N_("upgrade"),
    N_("upgrades"),
    N_("worker"),
    N_("workers"),
    N_("farm"),
    N_("forest"),
    N_("mountain"),
    N_("tundra"),
    N_("village"),
)


def _requirement(key: str, value: Any) -> str:
    if key == "control_terrain":
        return ", ".join(
            say("control {n} {terrain} territories", n=n, terrain=say(terrain))
            for terrain, n in value.items()
        )
    if key == "has_factory_card":
        return say("have a Factory card") if value else say("have no Factory card")
    if key == "single_territory":
        parts = [_requirement(k, v) for k, v in value.items()]
        return say("on one territory: {parts}", parts=", ".join(parts))
    if key in ("character", "pieces"):
        return say("your character") if key == "character" else ""
    if key in _REQ_WORDS:
        return _count(_REQ_WORDS[key], value)
    thing, _, bound = key.rpartition("_")
    thing = thing.replace("_", " ")
    if value == 1 and thing.endswith("s"):
        thing = thing[:-1]
    thing = say(thing)
    if bound == "min":
        return say("at least {n} {thing}", n=value, thing=thing)
    if bound == "max":
        if value == 0:
            return say("no {thing}", thing=thing)
        return say("at most {n} {thing}", n=value, thing=thing)
    if bound == "exactly":
        return say("exactly {n} {thing}", n=value, thing=thing)
    return f"{key.replace('_', ' ')} {value}"


def objective_text(req: dict[str, Any]) -> str:
    return "; ".join(t for t in (_requirement(k, v) for k, v in req.items()) if t)


# Faction and mech abilities of the base game, paraphrased (Scythe, Factions; Mech abilities).
ABILITY_TEXT = {
    "Coercion": N_("once a turn, spend a combat card as one resource token"),
    "Swim": N_("workers may cross rivers"),
    "Meander": N_("may take two different options of an encounter card"),
    "Relentless": N_("may choose the same mat section as last turn"),
    "Dominate": N_("no limit on stars from objectives and combat victories"),
    "Seaworthy": N_("character and mechs may move onto and off lakes"),
    "Artillery": N_("before a combat, pay 1 power: the opponent loses 2 power"),
    "Wayfare": N_("character and mechs may move to your home base or an unused one"),
    "Scout": N_("before a combat, take a random combat card from the opponent"),
    "Submerge": N_("character and mechs may move onto lakes, and from lake to lake"),
    "Camaraderie": N_("no popularity lost for workers driven away in a combat you win"),
    "Township": N_("character and mechs may move between villages you control and the Factory"),
    "People's Army": N_("one more combat card in a combat with one of your workers"),
    "Underpass": N_("character and mechs may move between mountains you control and tunnels"),
    "Disarm": N_("before a combat on a tunnel or your Mine, the opponent loses 2 power"),
    "Speed": N_("character and mechs may move one territory further"),
}


def ability_text(faction: dict[str, Any], name: str) -> str:
    if name == "Riverwalk":
        lands = terrains(faction["riverwalk"])
        return say("character and mechs may cross rivers into {lands}", lands=lands)
    return say(ABILITY_TEXT[name]) if name in ABILITY_TEXT else ""


# --- tooltips: what things do --------------------------------------------------------------------

# Scythe, Top-row actions (002, Curso de juego): the numbers are on the mat's boxes.
TOP_HELP = {
    "move_gain": (
        N_(
            "Move: each of up to the units shown (different ones) goes to a neighbouring "
            "territory; a mech may carry workers and any unit may carry resource tokens. Or "
            "Gain: take the coins shown."
        )
    ),
    "bolster": N_("Bolster: pay 1 coin, then gain the power shown or the combat cards shown."),
    "trade": (
        N_(
            "Trade: pay 1 coin, then put 2 resource tokens of your choice on a territory you "
            "control with a worker, or gain the popularity shown."
        )
    ),
    "produce": (
        N_(
            "Produce: the workers on each territory chosen (up to the number shown, ones you "
            "control) make one token of what the terrain gives; a village makes workers. With more "
            "workers on the board it first costs power, then popularity, then coins."
        )
    ),
}
# Scythe, Bottom-row actions: paid with the resource shown, from territories you control.
BOTTOM_HELP = {
    "upgrade": (
        N_(
            "Upgrade: move a technology cube from a top-row box (that action grows stronger) to a "
            "cost slot of a bottom-row action (that action grows cheaper)."
        )
    ),
    "deploy": (
        N_(
            "Deploy: put a mech from your faction mat on a territory you control with a worker; "
            "its ability is yours from then on."
        )
    ),
    "build": (
        N_(
            "Build: put a structure on a territory you control with a worker (one per territory, "
            "never on a lake); its bonus is yours from then on."
        )
    ),
    "enlist": (
        N_(
            "Enlist: take a recruit and its one-time bonus; from then on its ongoing bonus comes "
            "to you whenever you or a neighbour at the table takes that bottom-row action."
        )
    ),
}
# Scythe, Structures (002, Terminología).
STRUCTURE_HELP = {
    "monument": N_("Monument: +1 popularity each time you Bolster."),
    "mill": N_("Mill: when you Produce, its territory makes one token more, as a worker would."),
    "mine": N_("Mine: a tunnel only you may use, even where an opponent has taken control."),
    "armory": N_("Armory: +1 power each time you Trade."),
}
ENLIST_HELP = N_("One-time bonus, taken when you enlist a recruit: {bonus}.")
RECRUIT_HELP = N_("Ongoing recruit bonus: {gain}, each time you or a neighbour takes {bottom}.")
# The symbols printed on the board and the mats.
SYMBOL_HELP = {
    "star": N_(
        "Stars on the triumph track: the sixth star any player places ends the game at once."
    ),
    "power": (
        N_(
            "Power: what you may dial in a combat comes out of it (at most 7 a combat); the track "
            "ends at 16."
        )
    ),
    "popularity": (
        N_(
            "Popularity: sets what each star, territory and pair of resources is worth at the end "
            "(tiers 0-6, 7-12, 13-18)."
        )
    ),
    "coins": N_("Coins: the score; the most coins at the end wins."),
    "cards": (
        N_(
            "Combat cards (worth 2 to 5): in a combat, add up to one for each of your characters "
            "and mechs taking part."
        )
    ),
    "objectives": (
        N_(
            "Objectives: secret goals; complete one in your turn to place a star (the other card "
            "is then discarded)."
        )
    ),
    "encounter": (
        N_(
            "Encounter token: a character ending its move here draws an encounter card and takes "
            "one of its options."
        )
    ),
    "tunnel": N_("Tunnel: all tunnel territories count as neighbours of each other."),
    "river": N_("River: units cross it only with an ability (Riverwalk, Swim)."),
    "lake": N_("Lake: no production; only abilities (Seaworthy, Submerge) let units onto it."),
    "home": N_("Home base: not a territory; units that lose a combat go back to theirs."),
    "factory": (
        N_(
            "The Factory: counts as 3 territories at the end; the first time your character ends a "
            "move here, keep one Factory card as a fifth section of your mat."
        )
    ),
    "character": N_("Character: fights, triggers encounters and may take a Factory card."),
    "mech": N_("Mech: fights and may carry any number of your workers as it moves."),
    "worker": N_("Worker: produces where it stands; retreats home if an enemy fighter arrives."),
    "structure": N_("Structure: gives control of its territory while no enemy unit stands there."),
}
TERRAIN_HELP = {
    "farm": N_("Farm: workers here produce food."),
    "forest": N_("Forest: workers here produce wood."),
    "mountain": N_("Mountain: workers here produce metal."),
    "tundra": N_("Tundra: workers here produce oil."),
    "village": N_("Village: workers here produce new workers."),
    "lake": SYMBOL_HELP["lake"],
    "factory": SYMBOL_HELP["factory"],
    "home_base": SYMBOL_HELP["home"],
}
