"""Scythe's names on the board (factions, player mats, structures, mech and faction abilities,
objectives) in the reader's language: the rule books' own words where they give one (Spanish
000, Vietnamese 003: "Velocidad" / "Tốc độ"; the Spanish book keeps "Riverwalk" and "Wayfare"),
the games' catalogue otherwise (docs/i18n.md, "No English left"). The engine keeps the English
names as keys; `N_` marks each for scripts/game_messages.py."""

from __future__ import annotations

from boards.language import N_, say

FACTIONS = {
    "albion": N_("Albion"),
    "crimea": N_("Crimea"),
    "nordic": N_("Nordic"),
    "polania": N_("Polania"),
    "rusviet": N_("Rusviet"),
    "saxony": N_("Saxony"),
    "togawa": N_("Togawa"),
}
ABILITIES = (
    N_("Riverwalk"),
    N_("Speed"),
    N_("Wayfare"),
    N_("Scout"),
    N_("Seaworthy"),
    N_("Artillery"),
    N_("Submerge"),
    N_("Camaraderie"),
    N_("Township"),
    N_("People's Army"),
    N_("Underpass"),
    N_("Disarm"),
    N_("Burrow"),
    N_("Sword"),
    N_("Shield"),
    N_("Rally"),
    N_("Toka"),
    N_("Suiton"),
    N_("Ronin"),
    N_("Shinobi"),
    N_("Coercion"),
    N_("Swim"),
    N_("Meander"),
    N_("Relentless"),
    N_("Dominate"),
    N_("Exalt"),
    N_("Maifuku"),
)
MATS = (
    N_("Industrial"),
    N_("Engineering"),
    N_("Patriotic"),
    N_("Mechanical"),
    N_("Agricultural"),
    N_("Militant"),
    N_("Innovative"),
)
STRUCTURES = {
    "monument": N_("Monument"),
    "mill": N_("Mill"),
    "mine": N_("Mine"),
    "armory": N_("Armory"),
}
TERRAINS = {  # where a Riverwalk leads
    "farm": N_("farms"),
    "forest": N_("forests"),
    "mountain": N_("mountains"),
    "tundra": N_("tundras"),
    "village": N_("villages"),
}
OBJECTIVES = (
    N_("Higher Ground Advantage"),
    N_("Underworld Advantage"),
    N_("Harvest Advantage"),
    N_("Northern Advantage"),
    N_("King of the Hill"),
    N_("Send One Back as a Warning"),
    N_("Machine Over Muscle"),
    N_("Roll Up Your Sleeves with the Common Man"),
    N_("Stockpile for the Winter"),
    N_("Woodland Advantage"),
    N_("Population Advantage"),
    N_("Get Rich or Cry Trying"),
    N_("Foundations of the Empire"),
    N_("Hedge Your Bets"),
    N_("Balanced Workforce"),
    N_("A Wolf Among the Sheep"),
    N_("Divide and Conquer"),
    N_("Become a Beloved Pacifist"),
    N_("Shore Up the Shore"),
    N_("Create a Permanent Foothold"),
    N_("Monopolize the Market"),
    N_("Technological Breakthrough"),
    N_("Achieve Tactical Mastery"),
)


def faction_name(key: str) -> str:
    """ "crimea" -> "Crimea", "saxony" -> "Sajonia" (es)."""
    return say(FACTIONS.get(key, key.capitalize()))


def structure_name(kind: str) -> str:
    return say(STRUCTURES.get(kind, kind.capitalize()))


def terrains(kinds: list[str]) -> str:
    """Where a Riverwalk leads, "farms and tundras", in the reader's language."""
    words = [say(TERRAINS.get(k, k)) for k in kinds]
    return say("{a} and {b}", a=words[0], b=words[1]) if len(words) == 2 else ", ".join(words)
