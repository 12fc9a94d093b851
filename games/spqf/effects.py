"""The effects interpreter: every action kind of the rule book as a small function over data.

SPQF, "Hay dos tipos de acciones": a per-action kind resolves once per modifier; a binary kind
resolves once whatever the modifiers. A resolving action is a *job*; a job runs in *units*
(one per modifier for per-action kinds). For each unit, the kind's function lists the choices
possible now; no choice ends the job (the card is used "as fully as possible", Nota del
diseñador), one choice resolves by itself, several are a decision for the job's seat.

The same functions answer "would this action change the game?" (`useful`, "No puedes jugar una
carta que no cambie el estado del juego"): it would, when its first unit has a choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .cards import CARDS, COLORS, PER_ACTION, can_follow_any, matches
from .tableau import (
    CI,
    OTHER,
    can_expand,
    can_gather,
    can_pay,
    card_room,
    cube_room,
    gather,
    level_cost,
    pay,
    recruit_card,
    recruitable,
    row_cards,
    row_of,
    trash_card,
)

State = dict[str, Any]
Player = dict[str, Any]
Act = dict[str, Any]
Choice = dict[str, Any]


class Ctx(NamedTuple):
    """hand: cards left in hand besides the one being played; color: the bound colour of a
    'gather either'; depth: trade-row look-ahead; probe: asked by `useful`, not resolving."""

    hand: int
    color: str | None
    depth: int
    probe: bool


Kind = Callable[[State, int, Player, Act, Ctx], list[Choice]]


def _take(colors: Any) -> list[Choice]:
    return [{"type": "take", "color": c} for c in colors]


def _gather(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return _take([a["color"]]) if can_gather(s, p, a["color"]) else []


def _gather_either(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    # The colour is chosen before resolving (and binds followers); a probe accepts either.
    colors = [ctx.color] if ctx.color else (COLORS if ctx.probe else ())
    return _take([c for c in colors if can_gather(s, p, c)])[:1]


def _gather_stored(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    ok = any(p["scubes"][CI[c]] and can_gather(s, p, c) for c in COLORS)
    return _take(["stored"]) if ok else []


def _gather_per_card(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return _take([c for c in COLORS if can_gather(s, p, c)]) if p["stored"] else []


def _store_card(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    if ctx.hand <= 0 or not card_room(p):
        return []
    return [{"type": "store", "card": c} for c in p["hand"]]


def _store_cube(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    if not cube_room(p):
        return []
    wanted = COLORS if a["color"] == "any" else (a["color"],)
    return [{"type": "stash", "color": c} for c in wanted if p["cubes"][CI[c]] > 0]


def _store_supply(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    if not cube_room(p):
        return []
    return [{"type": "bank", "color": c} for c in COLORS if s["supply"][CI[c]] > 0]


def _resolve_row(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    """'Resuelve una carta de fila comercial según la flecha': an unused, playable card of the
    row the arrow shows (one level of look-ahead: a row card pointing at a row is enough)."""
    used = s["turn"]["row_used"]
    cards = [c for c in row_cards(s, row_of(s, seat, a["arrow"])) if c not in used]
    if ctx.depth == 0:
        cards = [c for c in cards if playable(s, seat, p, c, ctx.hand, 1)]
    return [{"type": "row", "card": c} for c in cards]


def _extra(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return [{"type": "extra"}] if ctx.hand > 0 or not ctx.probe else []


def _convert(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    # Converting a cube and back changes nothing, so 'as fully as possible' cannot force
    # conversions: the player may stop (docs/spqf.md).
    found: list[Choice] = [
        {"type": "convert", "color": OTHER[c]}
        for c in COLORS
        if p["cubes"][CI[c]] > 0 and can_gather(s, p, OTHER[c])
    ]
    return found + [{"type": "stop"}] if found else []


def _recruit(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return [{"type": "recruit", "card": c} for c in recruitable(s, seat)]


def _trash(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    """'Retire las cartas de su mano o descarte la pila del juego.'"""
    if ctx.hand <= 0 and not p["discard"]:
        return []
    return [{"type": "trash", "card": c} for c in p["hand"] + p["discard"]]


def _expand(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return [{"type": "expand"}] if can_expand(p) else []


def _expand_discount(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return [{"type": "discount", "color": c} for c in COLORS if can_expand(p, c)]


def _score_cubes(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    # "Puedes descartar los cubos indicados": each cube is optional.
    i = CI[a["color"]]
    if p["cubes"][i] + p["scubes"][i] == 0:
        return []
    return [{"type": "score", "color": a["color"]}, {"type": "stop"}]


def _score_if(test: Callable[[Player], Any]) -> Kind:
    def kind(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
        return [{"type": "score", "color": "vp"}] if test(p) else []

    return kind


def _nothing(s: State, seat: int, p: Player, a: Act, ctx: Ctx) -> list[Choice]:
    return []  # follow_twice: how a card follows, never an action of its own


KINDS: dict[str, Kind] = {
    "gather": _gather,
    "gather_either": _gather_either,
    "gather_stored": _gather_stored,
    "gather_per_card": _gather_per_card,
    "store_card": _store_card,
    "store_cube": _store_cube,
    "store_supply": _store_supply,
    "resolve_row": _resolve_row,
    "extra": _extra,
    "convert": _convert,
    "follow_twice": _nothing,
    "recruit_gather": _recruit,
    "trash_gather": _trash,
    "trash_vp": _trash,
    "expand": _expand,
    "expand_discount": _expand_discount,
    "expand_vp": _expand,
    "score_cubes": _score_cubes,
    "score_stored_cubes": _score_if(lambda p: p["scubes"][0] + p["scubes"][1]),
    "score_stored_cards": _score_if(lambda p: p["stored"]),
    "score_level": _score_if(lambda p: p["level"]),
    "score_mods": _score_if(lambda p: True),
}


def useful(
    s: State, seat: int, p: Player, a: Act, hand_left: int, color: str | None = None, depth: int = 0
) -> bool:
    """Would this action change the game for `seat` now?"""
    return bool(KINDS[a["kind"]](s, seat, p, a, Ctx(hand_left, color, depth, True)))


def playable(s: State, seat: int, p: Player, card: int, hand_left: int, depth: int = 0) -> bool:
    """The cost can be paid first, and then at least one action changes the game."""
    design = CARDS[card]
    g, b = design["cost"]
    if g or b:
        if not can_pay(p, g, b):
            return False
        p = {**p, "cubes": list(p["cubes"]), "scubes": list(p["scubes"])}
        pay({"supply": [0, 0]}, p, g, b)
    # `useful` for each action, with one probe context for all (listing a hand asks this of
    # every card at every decision of the choose step); a loop, not any(): no generator
    ctx = Ctx(hand_left, None, depth, True)
    for a in design["actions"]:  # noqa: SIM110
        if KINDS[a["kind"]](s, seat, p, a, ctx):
            return True
    return False


_FOLLOW: dict[tuple[int, int, int], int] = {}


def follow_times(card: int, leader: int, action: Act) -> int:
    """SPQF, Siguiendo: how often a follower's card resolves a followed action (0: it cannot).

    A matching card resolves a per-action action once per modifier on it and a binary action
    once; a 'follow any per-action twice' card follows any per-action action twice.
    """
    key = (card, leader, id(action))
    times = _FOLLOW.get(key)
    if times is None:
        times = 0
        per_action = PER_ACTION[action["kind"]]
        if action["follow"] and matches(CARDS[card]["cat"], CARDS[leader]["cat"]):
            times = CARDS[card]["mods"] if per_action else 1
        if action["follow"] and per_action and can_follow_any(card):
            times = max(times, 2)
        _FOLLOW[key] = times
    return times


# --- resolving units ----------------------------------------------------------------------------


def units(s: State, job: dict[str, Any]) -> int:
    """How many units a job runs: modifiers for per-action kinds, once for binary ones, except
    'gather cubes of your choice equal to your stored cards' which asks one colour per card."""
    a = CARDS[job["card"]]["actions"][job["action"]]
    if PER_ACTION[a["kind"]]:
        return int(job["times"])
    if a["kind"] == "gather_per_card":
        return len(s["players"][job["seat"]]["stored"])
    return 1


def choices(s: State, job: dict[str, Any]) -> list[Choice]:
    seat = job["seat"]
    p = s["players"][seat]
    a = CARDS[job["card"]]["actions"][job["action"]]
    return KINDS[a["kind"]](s, seat, p, a, Ctx(len(p["hand"]), job["color"], 0, False))


def resolve(s: State, job: dict[str, Any], choice: Choice) -> bool:
    """Do one unit. Returns False when the choice ends the job (the optional 'stop')."""
    if choice["type"] == "stop":
        return False
    seat = job["seat"]
    a = CARDS[job["card"]]["actions"][job["action"]]
    DO[choice["type"]](s, seat, s["players"][seat], a, choice)
    return True


Do = Callable[[State, int, Player, Act, Choice], None]


def _do_take(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    if choice["color"] != "stored":
        gather(s, p, choice["color"])
        return
    for c in COLORS:
        for _ in range(p["scubes"][CI[c]]):
            gather(s, p, c)


def _do_store(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    """'Coloque una tarjeta de su mano debajo de su cuadro': stored cards never leave."""
    p["hand"].remove(choice["card"])
    p["stored"].append(choice["card"])


def _do_stash(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    i = CI[choice["color"]]
    p["cubes"][i] -= 1
    p["scubes"][i] += 1


def _do_bank(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    i = CI[choice["color"]]
    s["supply"][i] -= 1
    p["scubes"][i] += 1


def _do_row(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    # Played as the next action card, once this one is fully resolved (flow.end_play).
    s["turn"]["row_used"].append(choice["card"])
    s["turn"]["queued"].append(choice["card"])


def _do_extra(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    s["turn"]["plays"] += a["n"]


def _do_convert(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    to = CI[choice["color"]]
    p["cubes"][1 - to] -= 1
    s["supply"][1 - to] += 1
    s["supply"][to] -= 1
    p["cubes"][to] += 1


def _do_recruit(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    recruit_card(s, seat, choice["card"])
    gather(s, p, a["color"])


def _do_trash(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    trash_card(s, seat, choice["card"])
    if a["kind"] == "trash_vp":
        p["vp"] += 1
    else:
        gather(s, p, a["color"])


def _do_expand(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    """SPQF, Nivel de civilización: levels in order; the first to reach each gains 1 VP.
    Several seats expanding on one card resolve in turn order from the active player, so the
    first to resolve is the first to reach it."""
    cost = level_cost(p, choice.get("color"))
    assert cost is not None
    pay(s, p, *cost)
    p["level"] += 1
    if s["firsts"][p["level"] - 1] < 0:
        s["firsts"][p["level"] - 1] = seat
        p["vp"] += 1
    if a["kind"] == "expand_vp":
        p["vp"] += 2


SCORES: dict[str, Callable[[Player], int]] = {
    "score_stored_cubes": lambda p: int(p["scubes"][0] + p["scubes"][1]),
    "score_stored_cards": lambda p: len(p["stored"]),
    "score_level": lambda p: int(p["level"]),
    "score_mods": lambda p: 1,
    "score_cubes": lambda p: 1,
}


def _do_score(s: State, seat: int, p: Player, a: Act, choice: Choice) -> None:
    color = choice["color"]
    if a["kind"] == "score_cubes":
        pay(s, p, 1 if color == "g" else 0, 1 if color == "b" else 0)
    p["vp"] += SCORES[a["kind"]](p)


DO: dict[str, Do] = {
    "take": _do_take,
    "store": _do_store,
    "stash": _do_stash,
    "bank": _do_bank,
    "row": _do_row,
    "extra": _do_extra,
    "convert": _do_convert,
    "recruit": _do_recruit,
    "trash": _do_trash,
    "expand": _do_expand,
    "discount": _do_expand,
    "score": _do_score,
}
