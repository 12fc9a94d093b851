"""The game state: setup, copying, defense, scoring, end conditions, views.

State (plain JSON):
  seats, options, rng, deck (hidden order), display, piles {slug: left}, bandits [left x3],
  ships [left x3], players [...], turn {...}, pending (a follow-up choice or None),
  final_round (why the game is ending, or None), over (the reason once finished, or None).
A player: city [30 slugs], off [30 bools: deactivation tokens], dice [5 columns, -1 = used],
  res [wood, stone, iron], passes, tokens (VP tokens), bandits [VP of cards taken],
  ships [VP of cards taken], turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Rng

from . import cards as C

State = dict[str, Any]


def new_turn(seat: int) -> dict[str, Any]:
    """Army strength starts at zero every turn (Dice City, "Paso de fin de turno")."""
    return {
        "seat": seat,
        "step": "dice",
        "army": 0,
        "bandit_army": 0,
        "boost_army": 0,
        "boost_resource": 0,
        "bandit_cut": 0,
        "refreshed": False,
        "passed": False,
    }


def roll_dice(rng: Rng) -> list[int]:
    """Each die goes to the column of its value in its own row (Dice City, "Asignar dados")."""
    return [rng.below(6) for _ in C.ROWS]


def setup(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    if not 2 <= seats <= 4:
        raise ValueError("Dice City takes 2 to 4 players")
    rng = Rng.from_seed(seed)
    # Dice City, "Preparar": the location deck is shuffled, eight are shown face up.
    deck = [slug for slug, copies in C.DECK.items() for _ in range(copies)]
    rng.shuffle(deck)
    display = deck[: C.DISPLAY_SIZE]
    del deck[: C.DISPLAY_SIZE]
    players = [
        {
            "city": list(C.BOARD),
            "off": [False] * C.SLOTS,
            "dice": roll_dice(rng),
            "res": [0, 0, 0],
            "passes": 0,
            "tokens": 0,
            "bandits": [],
            "ships": [],
            "turns": 0,
        }
        for _ in range(seats)
    ]
    return {
        "seats": seats,
        "options": dict(options),
        "rng": rng.state,
        "deck": deck,
        "display": display,
        "piles": dict(C.PILES),
        # Bandit piles: players + 2 cards each (Dice City, "Configurar bandidos").
        "bandits": [seats + 2] * len(C.BANDITS),
        "ships": [C.ship_count(i, seats) for i in range(len(C.SHIPS))],
        "players": players,
        # The first player is seat 0: the lobby's seat order stands for "who rolled last".
        "turn": new_turn(0),
        "pending": None,
        "final_round": None,
        "over": None,
    }


def copy_player(p: dict[str, Any]) -> dict[str, Any]:
    q = dict(p)
    q["city"] = p["city"][:]
    q["off"] = p["off"][:]
    q["dice"] = p["dice"][:]
    q["res"] = p["res"][:]
    q["bandits"] = p["bandits"][:]
    q["ships"] = p["ships"][:]
    return q


def copy_state(s: State) -> State:
    """A copy deep enough that apply may change anything in it (faster than deepcopy)."""
    t = dict(s)
    t["deck"] = s["deck"][:]
    t["display"] = s["display"][:]
    t["piles"] = dict(s["piles"])
    t["bandits"] = s["bandits"][:]
    t["ships"] = s["ships"][:]
    t["players"] = [copy_player(p) for p in s["players"]]
    t["turn"] = dict(s["turn"])
    if s["pending"] is not None:
        t["pending"] = dict(s["pending"])
    return t


def defense(p: Mapping[str, Any], slot: int) -> int | None:
    """A location's defense, or None if it has no shield (a printed space: never attackable).

    Great Wall (ongoing): +2 to the OTHER locations with a shield in its row. Open question
    decided: printed spaces gain nothing (they have no shield to raise; the book: "No puedes
    atacar una ubicación que no tenga un valor de defensa"), and a deactivated Great Wall gives
    nothing (an ongoing ability works while the location is active).
    """
    base = C.CARDS[p["city"][slot]]["defense"]
    if base is None:
        return None
    start = slot - slot % C.COLS
    for other in range(start, start + C.COLS):
        card = p["city"][other]
        if other != slot and card in C.GREAT_WALL_BONUS and not p["off"][other]:
            base += C.GREAT_WALL_BONUS[card]
    return int(base)


def location_vp(p: Mapping[str, Any], slot: int) -> int:
    """Printed VP; the Cathedral's X is 1 per cultural location in its row, itself and printed
    Small Houses included, deactivated or not: the book's scoring example (a red row of Grand
    Statue, Manor, Great Wall, Manor, Small House and Cathedral) makes the Cathedral worth 6."""
    card = C.CARDS[p["city"][slot]]
    if card["vp"] != "X":
        return int(card["vp"])
    kind = card["effect"][0]["type"]  # op vp_per_type_in_row
    start = slot - slot % C.COLS
    return sum(1 for other in p["city"][start : start + C.COLS] if C.CARDS[other]["type"] == kind)


def built_count(p: Mapping[str, Any]) -> int:
    return sum(1 for card in p["city"] if card not in C.PRINTED)


def score(p: Mapping[str, Any]) -> dict[str, int]:
    """Dice City, "Puntuación": VP tokens, bandit and ship cards, and every location in the city,
    active or deactivated; covered cards left the city and do not count."""
    locations = sum(location_vp(p, slot) for slot in range(C.SLOTS))
    bandits = sum(p["bandits"])
    ships = sum(p["ships"])
    total = locations + p["tokens"] + bandits + ships
    return {
        "locations": locations,
        "vp tokens": p["tokens"],
        "bandits": bandits,
        "trade ships": ships,
        "location cards": built_count(p),
        "total": total,
    }


def full_clean_rows(p: Mapping[str, Any]) -> int:
    """Rows filled with built locations (no printed space left) and no deactivation token."""
    count = 0
    for start in range(0, C.SLOTS, C.COLS):
        cells = range(start, start + C.COLS)
        if all(p["city"][i] not in C.PRINTED and not p["off"][i] for i in cells):
            count += 1
    return count


def end_condition(s: State) -> str | None:
    """Dice City, "Fin del juego": the first three conditions; the two-rows one is in moves."""
    if not any(s["bandits"]):
        return "all bandits were defeated"
    if sum(1 for left in s["ships"] if left == 0) >= 2:
        return "two trade-ship piles ran out"
    if not s["deck"]:
        return "the location deck ran out"
    return None


def view(s: State, seat: int | None) -> dict[str, Any]:
    """Everything is public except the deck order and the RNG state (Dice City: the deck is
    face down); the deck shows only its size."""
    players = []
    for p in s["players"]:
        q = {k: v for k, v in p.items()}
        q["score"] = score(p)
        q["defense"] = [defense(p, slot) for slot in range(C.SLOTS)]
        players.append(q)
    return {
        "seats": s["seats"],
        "seat": seat,
        "options": s["options"],
        "deck_count": len(s["deck"]),
        "display": s["display"],
        "piles": s["piles"],
        "bandits": s["bandits"],
        "ships": s["ships"],
        "players": players,
        "turn": s["turn"],
        "pending": s["pending"],
        "final_round": s["final_round"],
        "over": s["over"],
    }


def redetermine(s: State, seat: int, rng: Rng) -> State:
    """Re-deal what nobody sees: the deck order, and a fresh RNG state."""
    t = dict(s)
    deck = s["deck"][:]
    rng.shuffle(deck)
    t["deck"] = deck
    t["rng"] = rng.next_u64()
    return t
