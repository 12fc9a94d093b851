"""The game state: setup, copying, views, redetermine.

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
from functools import lru_cache
from typing import Any

from games.core import Option, Rng, clone, rng_used

from . import cards as C
from .effects import defense
from .scoring import location_vp, score

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


OPTIONS = (
    Option(
        name="full_rows_choice",
        label="Two full rows: the player who fills them chooses whether the game ends",
        kind="bool",
        default=False,
        help="Rule book, end of the game: optional rule for the two-full-rows condition.",
    ),
)


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
    """A copy deep enough that a handler may change anything in it.

    Every list here holds only scalars, so one slice copies it fully; `clone` (the one recursive
    copy) takes the follow-up choice, whose shape varies. Cloning the whole state instead costs
    ten times as much (35 against 3.5 microseconds), three times a whole `apply`. The options
    are shared: nothing changes them after setup.
    """
    t = dict(s)
    t["deck"] = s["deck"][:]
    t["display"] = s["display"][:]
    t["piles"] = dict(s["piles"])
    t["bandits"] = s["bandits"][:]
    t["ships"] = s["ships"][:]
    t["players"] = [copy_player(p) for p in s["players"]]
    t["turn"] = dict(s["turn"])
    t["pending"] = clone(s["pending"])
    return t


def view(s: State, seat: int | None) -> dict[str, Any]:
    """Everything is public except the deck order and the RNG state (Dice City: the deck is
    face down); the deck shows only its size."""
    players = []
    for p in s["players"]:
        q = dict(p)
        vps, defenses = _city_marks(tuple(p["city"]), tuple(p["off"]))
        q["score"] = score(p, vps)
        q["defense"] = list(defenses)
        q["location_vp"] = list(vps)
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


@lru_cache(maxsize=4096)
def _city_marks(
    city: tuple[str, ...], off: tuple[bool, ...]
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """Each location's VP and defense, which depend on the city and what is deactivated alone:
    a city changes a location at a time, and a view is drawn for every version (a live table
    draws its four cities on every move), so the same city is asked again and again."""
    p = {"city": city, "off": off}
    slots = range(C.SLOTS)
    return tuple(location_vp(p, slot) for slot in slots), tuple(defense(p, slot) for slot in slots)


def redetermine(s: State, seat: int, rng: Rng) -> State:
    """Re-deal what nobody sees: the deck order, and a fresh RNG state."""
    t = dict(s)
    deck = sorted(s["deck"])  # sorted first: the result depends only on the view and `rng`
    rng.shuffle(deck)
    t["deck"] = deck
    t["rng"] = rng.next_u64()
    return t


def reveals(before: State, seat: int, action: dict[str, Any], after: State) -> bool:
    """Dice City hides only the deck order and the dice to come: a decision reveals when it
    rolls (a re-roll, the Well, the end of a turn) or turns up cards from the deck (a display
    refreshed, a display card built and replaced). Anything else may be taken back."""
    return bool(rng_used(before, after) or len(before["deck"]) != len(after["deck"]))
