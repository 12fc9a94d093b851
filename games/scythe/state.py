"""The state of a Scythe game: setup (Scythe quick reference, Setup), the copy `apply` works on,
what each seat may see, and `redetermine`, which re-deals exactly what a seat cannot see.

Secrets (Scythe, Combat: card counts are public, the cards and an undisclosed dial are not;
objectives stay secret until revealed; deck orders and the Factory cards one has not looked at
are hidden)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.game import Option, rng_used
from ..core.rng import Rng
from ..core.state import clone
from .board import controlled, occupancy, resources_controlled
from .data import (
    BANNED_PAIRS,
    BASE_FACTIONS,
    COMBAT_DECK,
    ENCOUNTER_HEXES,
    ENCOUNTERS,
    FACTIONS,
    FACTORY_CARDS,
    HOMES,
    LAND,
    MATS,
    OBJECTIVES,
    RESOURCES,
    SEATING,
    STRUCTURE_TILES,
)
from .scoring import score_seat

State = dict[str, Any]


# --- setup ------------------------------------------------------------------------------------


def deal_factions(seats: int, rng: Rng) -> tuple[list[str], list[int]]:
    """Random faction and mat per seat, re-dealing the mats while a banned pair shows up."""
    factions = list(BASE_FACTIONS)
    rng.shuffle(factions)
    factions = factions[:seats]
    while True:
        mats = list(range(len(MATS)))
        rng.shuffle(mats)
        mats = mats[:seats]
        if not any(
            (f, MATS[m]["name"]) in BANNED_PAIRS for f, m in zip(factions, mats, strict=True)
        ):
            return factions, mats


def turn_order(factions: list[str], mats: list[int]) -> list[int]:
    """Seats clockwise in faction order, starting with the lowest player-mat number."""
    clockwise = sorted(range(len(factions)), key=lambda s: SEATING.index(factions[s]))
    first = min(range(len(factions)), key=lambda s: MATS[mats[s]]["number"])
    start = clockwise.index(first)
    return clockwise[start:] + clockwise[:start]


def new_player(faction: str, mat: int, deck: list[int], objectives: list[int]) -> dict[str, Any]:
    info = FACTIONS[faction]
    home = HOMES[faction]
    return {
        "faction": faction,
        "mat": mat,
        "power": info["power"],
        "pop": MATS[mat]["popularity"],
        "coins": MATS[mat]["coins"],
        "hand": sorted(deck.pop() for _ in range(info["cards"])),
        "objs": sorted(objectives.pop() for _ in range(2)),
        "char": home,
        "mechs": [None, None, None, None],
        "workers": sorted(LAND[home]),  # one worker on each land hex next to the home base
        "up": [],
        "cubes": [0, 0, 0, 0],
        "built": {},
        "recruits": {},
        "stars": {},
        "last": None,
        "fcard": None,
        "seen": [],
        "obj_stars": 0,
    }


# The rules version a match plays under, hidden from hosts. 1: the reading before 2026-11-25,
# where the Enlist that uncovers the Enlist section's ongoing bonus collects it at once; 2: the
# book's (000 How to play: costs and benefits are read before the action is taken). A missing
# option means the current rules, the book: every match stored before the option existed was
# stamped `rules: 1` by a data migration (play 0009), so its log still replays as it was played.
RULES = 2
OPTIONS = (
    Option(
        name="rules",
        label="Rules version",
        kind="choice",
        default=RULES,
        choices=((1, "1"), (2, "2")),
        help="Set by the site: the rules reading a match was started under.",
        hidden=True,
    ),
)


def rules_version(options: Mapping[str, Any]) -> int:
    """The rules version of a match's options; none given means the current rules (RULES)."""
    version = options.get("rules", RULES)
    if version not in (1, 2):
        raise ValueError(f"Scythe rules version {version!r}: 1 or 2")
    return int(version)


def setup(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    if not 2 <= seats <= 5:
        raise ValueError("Scythe seats 2 to 5 players (the solo Automa is not implemented)")
    rng = Rng.from_seed(seed)
    factions, mats = deal_factions(seats, rng)
    deck = list(COMBAT_DECK)
    rng.shuffle(deck)
    objectives = sorted(OBJECTIVES)
    rng.shuffle(objectives)
    players = [new_player(f, m, deck, objectives) for f, m in zip(factions, mats, strict=True)]
    encounters = sorted(ENCOUNTERS)
    rng.shuffle(encounters)
    factory = sorted(FACTORY_CARDS)
    rng.shuffle(factory)
    tiles = sorted(STRUCTURE_TILES)
    order = turn_order(factions, mats)
    state: State = {
        "players": players,
        "order": order,
        "turn": order[0],
        "phase": "section",
        "ctx": {},
        "tokens": list(ENCOUNTER_HEXES),
        "res": {},
        "structs": {},
        "deck": deck,
        "discard": [],
        "enc": encounters,
        "objdeck": objectives,
        "fpile": sorted(factory[: seats + 1]),
        "fbox": sorted(factory[seats + 1 :]),
        "tile": tiles[rng.below(len(tiles))],
        "turns": 0,
        "over": None,
        "last_combat": None,
        "rng": rng.state,
    }
    if rules_version(options) == 1:
        state["rules"] = 1  # absent: the current rules (RULES); the key keeps states small
    return state


# --- the copy apply works on ------------------------------------------------------------------


def fork(state: State) -> State:
    """The copy `apply` works on: every container an action may change in place is new; the
    rest (card piles, player lists) is shared and must be replaced, never mutated, by the rules
    code (e.g. `p["hand"] = sorted(...)`, never `p["hand"].append`). A full clone would be
    several times slower on every move."""
    new = dict(state)
    new["players"] = [dict(p) for p in state["players"]]
    new["res"] = dict(state["res"])
    new["ctx"] = clone(state["ctx"])
    return new


# --- what each seat sees ----------------------------------------------------------------------

_PUBLIC_PLAYER = (
    "faction",
    "mat",
    "power",
    "pop",
    "coins",
    "char",
    "mechs",
    "workers",
    "up",
    "cubes",
    "built",
    "recruits",
    "stars",
    "last",
    "fcard",
    "obj_stars",
)


def view(state: State, seat: int | None) -> dict[str, Any]:
    occ = occupancy(state)
    players = [_player_view(state, s, p, s == seat, occ) for s, p in enumerate(state["players"])]
    out = {
        "players": players,
        "order": list(state["order"]),
        "turn": state["turn"],
        "phase": state["phase"],
        "ctx": _ctx_view(state, seat),
        "tokens": list(state["tokens"]),
        "res": {h: list(c) for h, c in state["res"].items()},
        "structs": {h: list(c) for h, c in state["structs"].items()},
        "deck": len(state["deck"]),
        "discard": list(state["discard"]),
        "encounters": len(state["enc"]),
        "objective_deck": len(state["objdeck"]),
        "factory_cards": len(state["fpile"]),
        "tile": state["tile"],
        "turns": state["turns"],
        "over": clone(state["over"]),
        "last_combat": clone(state.get("last_combat")),
        "seat": seat,
    }
    if state["phase"] == "factory" and seat == state["turn"]:
        out["factory_offer"] = list(state["fpile"])
    return out


def _ctx_view(state: State, seat: int | None) -> dict[str, Any]:
    """The turn's scratch data; a combat side's dial and cards only for that side's seat."""
    ctx: dict[str, Any] = clone(state["ctx"])
    combat = ctx.get("combat")
    if combat:
        for side in combat["sides"]:
            if side["seat"] != seat:
                del side["dial"], side["cards"]
    return ctx


def _player_view(state: State, seat: int, p: dict[str, Any], own: bool, occ: Any) -> dict[str, Any]:
    """One player as a seat sees it; `own` adds the hand, the objectives and the Factory cards
    looked at. Control and the score so far are public: everyone sees the board."""
    entry = {k: clone(p[k]) for k in _PUBLIC_PLAYER}
    entry["cards"] = len(p["hand"])
    entry["objectives"] = len(p["objs"])
    entry["revealed"] = list(p.get("revealed", []))
    if own:
        entry["hand"] = list(p["hand"])
        entry["objs"] = list(p["objs"])
        entry["seen"] = list(p["seen"])
    entry["controlled"] = controlled(state, seat, occ)
    totals = resources_controlled(state, seat, occ)
    entry["controlled_resources"] = dict(zip(RESOURCES, totals, strict=True))
    entry["score"] = score_seat(state, seat)  # if the game ended now (Scythe, End of game)
    return entry


def redetermine(state: State, seat: int, rng: Rng) -> State:
    """Re-deal what `seat` cannot see: others' hands and objectives, deck orders, unseen Factory
    cards, the opponent's undisclosed combat choice, and the RNG itself."""
    state = fork(state)  # every part changed below is replaced, never edited in place
    # Every pool is sorted before it is shuffled, so the result depends only on what `seat` sees
    # and on `rng`: the strong bot, which searches re-dealt states, cannot tell the real deal.
    state["enc"] = sorted(state["enc"])
    others = [s for s in range(len(state["players"])) if s != seat]
    _redeal(state, rng, others, "hand", "deck")
    _redeal(state, rng, others, "objs", "objdeck")
    rng.reshuffle(state["enc"])
    _redeal_factory(state, seat, rng)
    combat = state["ctx"].get("combat")
    if combat:
        for side in combat["sides"]:
            if side["seat"] != seat and side["dial"] is not None:
                _rechoose(state, side, rng)
    state["rng"] = rng.next_u64()
    return state


def _redeal(state: State, rng: Rng, others: list[int], key: str, deck: str) -> None:
    """Shuffle the deck with the others' hidden cards and deal them back, same sizes. Revealed
    objectives (public, at the bottom of their deck) stay out of the shuffle."""
    public = (
        {c for p in state["players"] for c in p.get("revealed", ())} if key == "objs" else set()
    )
    kept = [c for c in state[deck] if c in public]
    pool = [c for c in state[deck] if c not in public]
    for s in others:
        pool += state["players"][s][key]
    pool.sort()
    rng.reshuffle(pool)
    for s in others:
        size = len(state["players"][s][key])
        state["players"][s][key] = sorted(pool[:size])
        pool = pool[size:]
    state[deck] = pool + kept


def _redeal_factory(state: State, seat: int, rng: Rng) -> None:
    seen = set(state["players"][seat]["seen"])
    unseen_pile = [c for c in state["fpile"] if c not in seen]
    unseen_box = [c for c in state["fbox"] if c not in seen]
    pool = sorted(unseen_pile + unseen_box)
    rng.reshuffle(pool)
    state["fpile"] = sorted([c for c in state["fpile"] if c in seen] + pool[: len(unseen_pile)])
    state["fbox"] = sorted([c for c in state["fbox"] if c in seen] + pool[len(unseen_pile) :])


def _rechoose(state: State, side: dict[str, Any], rng: Rng) -> None:
    p = state["players"][side["seat"]]
    side["dial"] = rng.below(min(7, p["power"]) + 1)
    hand = list(p["hand"])
    rng.reshuffle(hand)
    count = rng.below(min(side["limit"], len(hand)) + 1)
    side["cards"] = sorted(hand[:count])


def reveals(before: State, seat: int, action: dict[str, Any], after: State) -> bool:
    """What a decision can show the deciding seat that was hidden from it: a combat card drawn
    (the combat deck), an encounter card turned over, the Factory cards looked at for the first
    time, the opponent's dial and cards when a combat is resolved, anything random (Scout's
    stolen card, a reshuffle). Such a decision cannot be taken back; the others can."""
    return bool(
        rng_used(before, after)
        or before["deck"] != after["deck"]
        or before["enc"] != after["enc"]
        or before["players"][seat]["seen"] != after["players"][seat]["seen"]
        or before.get("last_combat") != after.get("last_combat")
    )
