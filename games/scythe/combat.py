"""Scythe, Combat: after every move, in the order the attacker picks; both sides secretly choose a
dial value and combat cards, reveal, the attacker wins ties; stars, retreats and consolation."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from .board import occupancy
from .data import DIAL_MAX, HOMES, LAKES, SHORE, TUNNELS
from .economy import discard_card, draw_cards, gain_popularity, gain_power
from .movement import COMBAT_ABILITY, MOVE_ABILITY, has_mech_ability, mine_hex

State = dict[str, Any]
Action = dict[str, Any]


def fights(state: State, seat: int) -> list[str]:
    """Hexes where the seat's character or mechs share a hex with another's character or mechs."""
    occ = occupancy(state)
    out = []
    for h, here in occ.items():
        mine = here.get(seat)
        if (
            mine
            and (mine[0] or mine[1])
            and any(s != seat and (c[0] or c[1]) for s, c in here.items())
        ):
            out.append(h)
    return sorted(out)


def card_limit(state: State, seat: int, hex_id: str) -> int:
    """One card per character or mech in the fight; People's Army adds one with a worker there."""
    here = occupancy(state)[hex_id][seat]
    limit = here[0] + here[1]
    p = state["players"][seat]
    if p["faction"] == "rusviet" and has_mech_ability(p, COMBAT_ABILITY) and here[2]:
        limit += 1
    return limit


def start(state: State, hex_id: str) -> None:
    attacker = state["turn"]
    here = occupancy(state)[hex_id]
    defender = next(s for s, c in here.items() if s != attacker and (c[0] or c[1]))
    state["ctx"]["combat"] = {
        "hex": hex_id,
        "sides": [
            {
                "seat": s,
                "dial": None,
                "cards": [],
                "done": False,
                "limit": card_limit(state, s, hex_id),
            }
            for s in (attacker, defender)
        ],
        # Combat mech abilities, the attacker's first (Scythe, Combat: attacker's advantage).
        "before": [[attacker, defender], [defender, attacker]],
    }
    continue_before(state)


def continue_before(state: State) -> None:
    """Use the combat abilities in order; stop to ask a Nordic player about Artillery."""
    combat = state["ctx"]["combat"]
    while combat["before"]:
        seat, other = combat["before"][0]
        if artillery_possible(state, seat, other):
            state["phase"] = "artillery"
            return
        combat["before"] = combat["before"][1:]
        before_combat(state, seat, other, combat["hex"])
    state["phase"] = "combat"


def artillery_possible(state: State, seat: int, other: int) -> bool:
    p = state["players"][seat]
    return (
        p["faction"] == "nordic"
        and has_mech_ability(p, COMBAT_ABILITY)
        and p["power"] >= 1
        and state["players"][other]["power"] >= 1
    )


def artillery_legal(state: State, seat: int) -> list[Action]:
    return [{"type": "artillery", "fire": False}, {"type": "artillery", "fire": True}]


def fire_artillery(state: State, seat: int, fire: bool) -> None:
    """Artillery: the Nordic player may pay 1 power to make the opponent lose 2."""
    combat = state["ctx"]["combat"]
    _, other = combat["before"][0]
    combat["before"] = combat["before"][1:]
    if fire:
        gain_power(state["players"][seat], -1)
        gain_power(state["players"][other], -2)
    continue_before(state)


def before_combat(state: State, seat: int, other: int, hex_id: str) -> None:
    """Scout and Disarm (Artillery asks first: continue_before)."""
    p = state["players"][seat]
    q = state["players"][other]
    if not has_mech_ability(p, COMBAT_ABILITY):
        return
    faction = p["faction"]
    if faction == "crimea" and q["hand"]:
        rng = Rng(state["rng"])  # Scout: steal one card at random
        card = q["hand"][rng.below(len(q["hand"]))]
        state["rng"] = rng.state
        hand = list(q["hand"])
        hand.remove(card)
        q["hand"] = hand
        p["hand"] = sorted([*p["hand"], card])
    elif faction == "saxony" and (hex_id in TUNNELS or hex_id == mine_hex(p)):
        gain_power(q, -2)  # Disarm


def side_of(state: State, seat: int) -> dict[str, Any] | None:
    for side in state["ctx"]["combat"]["sides"]:
        if side["seat"] == seat:
            return side  # type: ignore[no-any-return]
    return None


def waiting(state: State) -> tuple[int, ...]:
    return tuple(s["seat"] for s in state["ctx"]["combat"]["sides"] if not s["done"])


def legal(state: State, seat: int) -> list[Action]:
    side = side_of(state, seat)
    if side is None or side["done"]:
        return []
    p = state["players"][seat]
    if side["dial"] is None:
        return [{"type": "dial", "power": v} for v in range(min(DIAL_MAX, p["power"]) + 1)]
    out: list[Action] = []
    if len(side["cards"]) < side["limit"]:
        left = list(p["hand"])
        for c in side["cards"]:
            left.remove(c)
        out = [{"type": "card", "value": v} for v in sorted(set(left))]
    out.append({"type": "commit"})
    return out


def choose(state: State, seat: int, action: Action) -> None:
    side = side_of(state, seat)
    assert side is not None
    if action["type"] == "dial":
        side["dial"] = action["power"]
        if side["limit"] == 0 or not state["players"][seat]["hand"]:
            side["done"] = True
    elif action["type"] == "card":
        side["cards"] = sorted([*side["cards"], action["value"]])
    else:
        side["done"] = True


def resolve(state: State) -> dict[str, Any]:
    """Reveal: the higher total wins, the attacker wins ties; both pay their dials."""
    combat = state["ctx"]["combat"]
    att, dfn = combat["sides"]
    totals = [s["dial"] + sum(s["cards"]) for s in (att, dfn)]
    winner, loser = (att, dfn) if totals[0] >= totals[1] else (dfn, att)
    for side in (att, dfn):
        p = state["players"][side["seat"]]
        gain_power(p, -side["dial"])
        for card in side["cards"]:
            discard_card(state, side["seat"], card)
    hex_id = combat["hex"]
    lakes = seaworthy_lakes(state, loser["seat"], hex_id)
    if lakes:
        # Seaworthy: the character and mechs may retreat onto an adjacent lake instead, the
        # mechs carrying the workers or sending them home (asked next: phase "retreat").
        state["ctx"]["retreat"] = {"seat": loser["seat"], "hex": hex_id, "lakes": lakes}
        retreated = sum(1 for h in state["players"][loser["seat"]]["workers"] if h == hex_id)
    else:
        retreated = retreat(state, loser["seat"], hex_id)
    if loser["dial"] + sum(loser["cards"]) > 0:
        draw_cards(state, loser["seat"], 1)  # the loser's consolation card
    if winner is att:
        w = state["players"][att["seat"]]
        camaraderie = w["faction"] == "polania" and has_mech_ability(w, COMBAT_ABILITY)
        if not camaraderie:
            gain_popularity(w, -retreated)
    result = {
        "hex": hex_id,
        "winner": winner["seat"],
        "loser": loser["seat"],
        "totals": totals,
        "dials": [att["dial"], dfn["dial"]],
        "cards": [att["cards"], dfn["cards"]],
    }
    state["last_combat"] = result
    del state["ctx"]["combat"]
    return result


def seaworthy_lakes(state: State, seat: int, hex_id: str) -> list[str]:
    """Lakes next to the fight a Nordic loser with Seaworthy may retreat onto (no enemy there)."""
    p = state["players"][seat]
    if p["faction"] != "nordic" or not has_mech_ability(p, MOVE_ABILITY) or hex_id in LAKES:
        return []
    occ = occupancy(state)
    return sorted(
        lake for lake in SHORE[hex_id] & LAKES if all(other == seat for other in occ.get(lake, {}))
    )


def retreat_legal(state: State, seat: int) -> list[Action]:
    """Home, or a lake (workers home); with a mech among the losers, also a lake with the
    workers on board (000, Seaworthy: a mech carries workers onto a lake "while retreating")."""
    info = state["ctx"]["retreat"]
    p = state["players"][seat]
    riders = sum(1 for h in p["workers"] if h == info["hex"]) if info["hex"] in p["mechs"] else 0
    out: list[Action] = [{"type": "retreat", "to": "home"}]
    for lake in info["lakes"]:
        if riders:
            out.append({"type": "retreat", "to": lake, "workers": riders})
        out.append({"type": "retreat", "to": lake})
    return out


def retreat_to(state: State, seat: int, to: str, workers: int = 0) -> None:
    info = state["ctx"].pop("retreat")
    p = state["players"][seat]
    home = HOMES[p["faction"]]
    dest = home if to == "home" else to
    if p["char"] == info["hex"]:
        p["char"] = dest
    p["mechs"] = [dest if h == info["hex"] else h for h in p["mechs"]]
    ws = dest if workers else home
    p["workers"] = [ws if h == info["hex"] else h for h in p["workers"]]


def retreat(state: State, seat: int, hex_id: str, fighters: bool = True) -> int:
    """The loser takes every unit on the hex home; resources stay. Returns workers retreated."""
    p = state["players"][seat]
    home = HOMES[p["faction"]]
    if fighters:
        if p["char"] == hex_id:
            p["char"] = home
        p["mechs"] = [home if h == hex_id else h for h in p["mechs"]]
    workers = sum(1 for h in p["workers"] if h == hex_id)
    p["workers"] = [home if h == hex_id else h for h in p["workers"]]
    return workers
