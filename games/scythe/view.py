"""What each seat may see (Scythe, Combat: card counts are public, the cards and an undisclosed
dial are not; objectives stay secret until revealed; deck orders and the Factory cards one has
not looked at are hidden) and `redetermine`, which re-deals exactly that hidden part."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from .state import clone, fork

State = dict[str, Any]

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
    players = []
    for s, p in enumerate(state["players"]):
        entry = {k: p[k] for k in _PUBLIC_PLAYER}
        for k in ("mechs", "workers", "up", "cubes"):
            entry[k] = list(p[k])
        for k in ("built", "recruits", "stars"):
            entry[k] = dict(p[k])
        entry["cards"] = len(p["hand"])
        entry["objectives"] = len(p["objs"])
        entry["revealed"] = list(p.get("revealed", []))
        if s == seat:
            entry["hand"] = list(p["hand"])
            entry["objs"] = list(p["objs"])
            entry["seen"] = list(p["seen"])
        players.append(entry)
    ctx = clone(state["ctx"])
    combat = ctx.get("combat")
    if combat:
        for side in combat["sides"]:
            if side["seat"] != seat:
                del side["dial"], side["cards"]
    out = {
        "players": players,
        "order": list(state["order"]),
        "turn": state["turn"],
        "phase": state["phase"],
        "ctx": ctx,
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


def redetermine(state: State, seat: int, rng: Rng) -> State:
    """Re-deal what `seat` cannot see: others' hands and objectives, deck orders, unseen Factory
    cards, the opponent's undisclosed combat choice, and the RNG itself."""
    state = fork(state)  # every part changed below is replaced, never edited in place
    state["enc"] = list(state["enc"])
    others = [s for s in range(len(state["players"])) if s != seat]
    _redeal(state, rng, others, "hand", "deck")
    _redeal(state, rng, others, "objs", "objdeck")
    rng.shuffle(state["enc"])
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
    rng.shuffle(pool)
    for s in others:
        size = len(state["players"][s][key])
        state["players"][s][key] = sorted(pool[:size])
        pool = pool[size:]
    state[deck] = pool + kept


def _redeal_factory(state: State, seat: int, rng: Rng) -> None:
    seen = set(state["players"][seat]["seen"])
    unseen_pile = [c for c in state["fpile"] if c not in seen]
    unseen_box = [c for c in state["fbox"] if c not in seen]
    pool = unseen_pile + unseen_box
    rng.shuffle(pool)
    state["fpile"] = sorted([c for c in state["fpile"] if c in seen] + pool[: len(unseen_pile)])
    state["fbox"] = sorted([c for c in state["fbox"] if c in seen] + pool[len(unseen_pile) :])


def _rechoose(state: State, side: dict[str, Any], rng: Rng) -> None:
    p = state["players"][side["seat"]]
    side["dial"] = rng.below(min(7, p["power"]) + 1)
    hand = list(p["hand"])
    rng.shuffle(hand)
    count = rng.below(min(side["limit"], len(hand)) + 1)
    side["cards"] = sorted(hand[:count])
