"""Scythe, How to play: the turn as a sequence of small decisions.

Phases: section -> top (with its sub-steps: move, place, produce) -> combats -> encounter ->
factory -> bottom -> next player. `ctx` holds the turn's scratch data and is emptied between
turns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import IllegalAction, InvalidAction
from . import bottom, combat, encounters, factory, move_phase, objectives, top
from .board import occupancy
from .data import BOTTOM_ACTIONS, MATS, STAR_LIMIT
from .stars import check_stars, place_star
from .state import fork

State = dict[str, Any]
Action = dict[str, Any]

KNOWN = {
    "section",
    "move",
    "gain",
    "bolster",
    "trade",
    "produce",
    "factory_top",
    "factory_move",
    "skip",
    "place",
    "produce_at",
    "done",
    "step",
    "end_move",
    "fight",
    "dial",
    "card",
    "commit",
    "encounter",
    "factory_card",
    "upgrade",
    "deploy",
    "build",
    "enlist",
    "pay",
    "end_turn",
    "reveal",
    "artillery",
    "retreat",
}
# Scythe, Objectives: reveal before or after the top action or after the bottom action.
REVEAL_PHASES = ("section", "bottom", "end")


def to_act(state: State) -> tuple[int, ...]:
    if state["over"]:
        return ()
    if state["phase"] == "combat":
        return combat.waiting(state)
    if state["phase"] == "artillery":
        return (state["ctx"]["combat"]["before"][0][0],)
    if state["phase"] == "retreat":
        return (state["ctx"]["retreat"]["seat"],)
    return (state["turn"],)


# The last answer of legal_actions, keyed on the state object itself: a bot asks for the list and
# then apply validates against it, so the second call is free. States are never mutated once
# built (apply works on a fork), which is what makes an identity key sound.
_memo: list[Any] = [None]


def legal_actions(state: State, seat: int) -> list[Action]:
    return list(_legal_memo(state, seat))


def _legal_memo(state: State, seat: int) -> list[Action]:
    """The shared list (callers inside the engine only read it)."""
    memo = _memo[0]
    if memo is not None and memo[0] is state and memo[1] == seat:
        return memo[2]  # type: ignore[no-any-return]
    out = _legal(state, seat)
    _memo[0] = (state, seat, out)
    return out


def _legal(state: State, seat: int) -> list[Action]:
    if state["over"] or seat not in to_act(state):
        return []
    phase = state["phase"]
    out = _PHASE_LEGAL[phase](state, seat)
    if phase in REVEAL_PHASES:
        out += objectives.reveal_legal(state, seat)
    return out


def _section_legal(state: State, seat: int) -> list[Action]:
    """Scythe, How to play: a section other than last turn's; Rusviet's Relentless may repeat
    it, the Factory card included (the Vietnamese book, Faction abilities)."""
    p = state["players"][seat]
    sections = list(range(4)) + ([factory.FACTORY_SECTION] if p["fcard"] is not None else [])
    if p["faction"] != "rusviet":
        sections = [s for s in sections if s != p["last"]]
    return [{"type": "section", "n": s} for s in sections]


def _top_legal(state: State, seat: int) -> list[Action]:
    section = state["ctx"]["section"]
    if section == factory.FACTORY_SECTION:
        out = factory.top_legal(state, seat)
    else:
        out = top.top_legal(state, seat, section)
    return [*out, {"type": "skip"}]


def _grant_legal(state: State, seat: int) -> list[Action]:
    ctx = state["ctx"]
    head = ctx["queue"][0]
    if head == "pick":
        return top.place_legal(state, seat, ctx.get("fixed"))
    if head == "produce":
        return top.produce_legal(state, seat, ctx["produce"]["chosen"])
    effects = bottom.effect_legal(state, seat, head, ctx.get("fixed"), occupancy(state))
    return [*effects, {"type": "done"}]


def _bottom_legal(state: State, seat: int) -> list[Action]:
    section = state["ctx"]["section"]
    p = state["players"][seat]
    if section == factory.FACTORY_SECTION:
        out: list[Action] = [{"type": "factory_move"}]
    else:
        out = bottom.bottom_legal(state, seat, MATS[p["mat"]]["sections"][section]["bottom"])
    return [*out, {"type": "end_turn"}]


_PHASE_LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "section": _section_legal,
    "top": _top_legal,
    "move": move_phase.legal,
    "grant": _grant_legal,
    "combat_pick": lambda s, seat: [{"type": "fight", "hex": h} for h in s["ctx"]["fights"]],
    "combat": combat.legal,
    "artillery": combat.artillery_legal,
    "retreat": combat.retreat_legal,
    "encounter": encounters.legal,
    "factory": lambda s, seat: factory.pick_legal(s),
    "bottom": _bottom_legal,
    "end": lambda s, seat: [{"type": "end_turn"}],
}


def check_shape(action: Any) -> None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidAction("an action is an object with a string 'type'")
    if action["type"] not in KNOWN:
        raise InvalidAction(f"Scythe has no action called {action['type']!r}")
    for key, value in action.items():
        if type(value) not in _FIELD_TYPES:
            raise InvalidAction(f"field {key!r} has a value of the wrong type")


_FIELD_TYPES = (str, int, bool, list, type(None))


def apply(state: State, seat: int, action: Action) -> State:
    check_shape(action)
    if state["over"]:
        raise IllegalAction("The game is over.")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to act.")
    if not _allowed(state, seat, action):
        raise IllegalAction(refusal(state, action))
    return apply_trusted(state, seat, action)


def apply_trusted(state: State, seat: int, action: Action) -> State:
    """apply without validation, for an action taken from legal_actions (bots' lookahead)."""
    state = fork(state)
    _APPLY[action["type"]](state, seat, action)
    if not state["over"] and action["type"] in _MAY_EARN_STARS:
        check_stars(state, seat)  # the acting player first, even if its turn just ended
    return state


def _allowed(state: State, seat: int, action: Action) -> bool:
    """The action is among the legal ones; a move step is checked directly (cheaper than
    listing every step of every unit)."""
    if action["type"] == "step" and state["phase"] == "move":
        return move_phase.allowed(state, seat, action)
    return action in _legal_memo(state, seat)


def refusal(state: State, action: Action) -> str:
    phase = state["phase"]
    reasons = {
        "section": "Choose a section of your player mat other than last turn's.",
        "top": "That top-row action is not available (check its cost).",
        "move": "That unit cannot move there now.",
        "combat": "Choose a dial value up to your power (at most 7), then up to one card per unit.",
        "bottom": "You cannot pay for or place that bottom-row action.",
    }
    return reasons.get(phase, f"{action['type']} is not possible now.")


# --- applying ---------------------------------------------------------------------------------


def _section(state: State, seat: int, action: Action) -> None:
    state["ctx"] = {"section": action["n"]}
    state["phase"] = "top"


def _skip(state: State, seat: int, action: Action) -> None:
    enter_bottom(state)


def _gain(state: State, seat: int, action: Action) -> None:
    top.apply_gain(state, seat)
    enter_bottom(state)


def _bolster(state: State, seat: int, action: Action) -> None:
    top.apply_bolster(state, seat, action["gain"])
    enter_bottom(state)


def _trade(state: State, seat: int, action: Action) -> None:
    if top.apply_trade(state, seat, action["gain"]):
        start_queue(state, ["pick", "pick"], None, "bottom")
    else:
        enter_bottom(state)


def _produce(state: State, seat: int, action: Action) -> None:
    p = state["players"][seat]
    cost = top.produce_cost(p)
    p["power"] -= cost.get("power", 0)
    p["pop"] -= cost.get("popularity", 0)
    p["coins"] -= cost.get("coins", 0)
    state["ctx"]["produce"] = {"limit": top.box(p, "produce"), "mill": True, "chosen": []}
    start_queue(state, ["produce"], None, "bottom")


def _factory_top(state: State, seat: int, action: Action) -> None:
    queue = factory.apply_top(state, seat, action)
    if "produce" in queue:
        state["ctx"]["produce"] = {"limit": 2, "mill": False, "chosen": []}
    start_queue(state, queue, None, "bottom")


def _move(state: State, seat: int, action: Action) -> None:
    p = state["players"][seat]
    begin_move(state, units=top.box(p, "move"), reach=1, after="bottom")


def _factory_move(state: State, seat: int, action: Action) -> None:
    # Factory card, bottom row: move one unit up to twice (Speed: three times).
    begin_move(state, units=1, reach=2, after="end")


def begin_move(state: State, units: int, reach: int, after: str) -> None:
    move_phase.begin(state, units, reach, after)


def _step(state: State, seat: int, action: Action) -> None:
    if move_phase.step(state, seat, action):
        finish_move(state, seat)


def _end_move(state: State, seat: int, action: Action) -> None:
    finish_move(state, seat)


def finish_move(state: State, seat: int) -> None:
    ctx = state["ctx"]
    ctx["fights"] = combat.fights(state, seat)
    ctx["char_moved"] = "char" in ctx["moved"]
    del ctx["move"], ctx["steps"]
    post_move(state)


def post_move(state: State) -> None:
    """After a move: combats, then an encounter, then the Factory (Scythe, Combat; Encounters;
    The Factory), then the bottom action or the end of the turn."""
    if state["over"]:
        return
    ctx = state["ctx"]
    seat = state["turn"]
    live = combat.fights(state, seat)
    ctx["fights"] = [h for h in ctx["fights"] if h in live]
    p = state["players"][seat]
    if len(ctx["fights"]) > 1:
        state["phase"] = "combat_pick"
    elif ctx["fights"]:
        hex_id = ctx["fights"].pop()
        combat.start(state, hex_id)
    elif ctx.get("char_moved") and p["char"] in state["tokens"]:
        encounters.draw(state)
    elif factory.visit_due(state, seat):
        factory.begin_visit(state, seat)
    elif ctx["after"] == "bottom":
        enter_bottom(state)
    else:
        finish_turn(state)


def _fight(state: State, seat: int, action: Action) -> None:
    state["ctx"]["fights"].remove(action["hex"])
    combat.start(state, action["hex"])


def _combat_choice(state: State, seat: int, action: Action) -> None:
    combat.choose(state, seat, action)
    if combat.waiting(state):
        return
    result = combat.resolve(state)
    winner = state["players"][result["winner"]]
    limit = 2 if winner["faction"] != "saxony" else STAR_LIMIT
    if winner["stars"].get("combat", 0) < limit:
        place_star(state, result["winner"], "combat")
    if "retreat" in state["ctx"] and not state["over"]:
        state["phase"] = "retreat"
        return
    state["ctx"].pop("retreat", None)
    post_move(state)


def _retreat(state: State, seat: int, action: Action) -> None:
    combat.retreat_to(state, seat, action["to"])
    post_move(state)


def _artillery(state: State, seat: int, action: Action) -> None:
    combat.fire_artillery(state, seat, action["fire"])


def _encounter(state: State, seat: int, action: Action) -> None:
    queue = encounters.choose(state, seat, action["option"])
    start_queue(state, queue, state["ctx"]["enc"]["hex"], "encounter")


def _factory_card(state: State, seat: int, action: Action) -> None:
    factory.take(state, seat, action["card"])
    post_move(state)


def start_queue(state: State, queue: list[str], fixed: str | None, resume: str) -> None:
    state["ctx"].update({"queue": queue, "fixed": fixed, "resume": resume})
    run_queue(state)


def run_queue(state: State) -> None:
    ctx = state["ctx"]
    seat = state["turn"]
    while ctx["queue"]:
        head = ctx["queue"][0]
        if head in BOTTOM_ACTIONS and not bottom.effect_legal(
            state, seat, head, ctx.get("fixed"), occupancy(state)
        ):
            ctx["queue"] = ctx["queue"][1:]
            continue
        state["phase"] = "grant"
        return
    resume(state)


def resume(state: State) -> None:
    ctx = state["ctx"]
    target = ctx.pop("resume")
    ctx.pop("queue", None)
    if target == "bottom":
        enter_bottom(state)
    elif target == "encounter":
        if encounters.more_allowed(state, state["turn"]) and encounters.legal(state, state["turn"]):
            state["phase"] = "encounter"
        else:
            encounters.finish(state)
            post_move(state)


def _done(state: State, seat: int, action: Action) -> None:
    phase = state["phase"]
    ctx = state["ctx"]
    if phase == "encounter":
        encounters.finish(state)
        post_move(state)
        return
    head = ctx["queue"][0]
    if head == "produce":
        _finish_produce(state, seat)
    elif head == "pick":
        ctx["queue"] = [q for q in ctx["queue"] if q != "pick"]
    else:
        ctx["queue"] = ctx["queue"][1:]
    run_queue(state)


def _place(state: State, seat: int, action: Action) -> None:
    from .board import add_resource

    add_resource(state, action["hex"], action["res"])
    state["ctx"]["queue"] = state["ctx"]["queue"][1:]
    run_queue(state)


def _produce_at(state: State, seat: int, action: Action) -> None:
    produce = state["ctx"]["produce"]
    produce["chosen"].append(action["hex"])
    if len(produce["chosen"]) >= produce["limit"]:
        _finish_produce(state, seat)
        run_queue(state)


def _finish_produce(state: State, seat: int) -> None:
    produce = state["ctx"].pop("produce")
    top.finish_produce(state, seat, produce["chosen"], produce["mill"])
    state["ctx"]["queue"] = state["ctx"]["queue"][1:]


def _grant_effect(state: State, seat: int, action: Action) -> None:
    if state["phase"] == "bottom":
        bottom.apply_bottom(state, seat, action)
        finish_turn(state)
        return
    bottom.apply_effect(state, seat, action)
    state["ctx"]["queue"] = state["ctx"]["queue"][1:]
    run_queue(state)


def _pay(state: State, seat: int, action: Action) -> None:
    bottom.apply_bottom(state, seat, action)
    finish_turn(state)


def finish_turn(state: State) -> None:
    """After the last action of a turn, a completed objective may still be revealed."""
    if not state["over"] and objectives.reveal_legal(state, state["turn"]):
        state["phase"] = "end"
    else:
        end_turn(state)


def enter_bottom(state: State) -> None:
    """On to the bottom action; when it can be neither taken nor followed by a reveal, the turn
    simply ends (a choice of one is not asked)."""
    state["phase"] = "bottom"
    seat = state["turn"]
    if len(_bottom_legal(state, seat)) == 1 and not objectives.reveal_legal(state, seat):
        end_turn(state)


def _end_turn(state: State, seat: int, action: Action) -> None:
    end_turn(state)


def end_turn(state: State) -> None:
    if state["over"]:
        return
    seat = state["turn"]
    p = state["players"][seat]
    p["last"] = state["ctx"]["section"]
    order = state["order"]
    state["turn"] = order[(order.index(seat) + 1) % len(order)]
    state["turns"] += 1
    state["phase"] = "section"
    state["ctx"] = {}
    if state["turns"] >= ROUND_LIMIT * len(order):
        state["over"] = {"reason": "turn limit", "seat": None}


# Not in the book: a safety net so that bots that never reach six stars still finish; real
# games end well before (a typical game is about 20 rounds).
ROUND_LIMIT = 500


def _reveal(state: State, seat: int, action: Action) -> None:
    objectives.reveal(state, seat, action["card"])
    if state["phase"] == "end":
        end_turn(state)


# Actions that can raise upgrades, mechs, structures, recruits, workers, popularity or power
# (combat and objective stars are placed where they are won).
_MAY_EARN_STARS = frozenset(
    {
        "bolster",
        "trade",
        "done",
        "produce_at",
        "upgrade",
        "deploy",
        "build",
        "enlist",
        "pay",
        "encounter",
        "factory_top",
        "place",
    }
)

_APPLY = {
    "section": _section,
    "skip": _skip,
    "gain": _gain,
    "bolster": _bolster,
    "trade": _trade,
    "produce": _produce,
    "factory_top": _factory_top,
    "move": _move,
    "factory_move": _factory_move,
    "step": _step,
    "end_move": _end_move,
    "fight": _fight,
    "dial": _combat_choice,
    "card": _combat_choice,
    "commit": _combat_choice,
    "encounter": _encounter,
    "factory_card": _factory_card,
    "done": _done,
    "place": _place,
    "produce_at": _produce_at,
    "upgrade": _grant_effect,
    "deploy": _grant_effect,
    "build": _grant_effect,
    "enlist": _grant_effect,
    "pay": _pay,
    "end_turn": _end_turn,
    "reveal": _reveal,
    "artillery": _artillery,
    "retreat": _retreat,
}
