"""What each kind of action does (the handlers actions.py names), and the flow between the
phases of a turn (Scythe, How to play): after a move come combats, an encounter and the
Factory; then the bottom action; then the next player. Every function mutates a state `apply`
has already forked."""

from __future__ import annotations

from typing import Any

from . import bottom, combat, encounters, factory, move_phase, objectives, phases, top
from .board import add_resource, occupancy, unit_hex
from .data import BOTTOM_ACTIONS, STAR_LIMIT
from .stars import place_star

State = dict[str, Any]
Action = dict[str, Any]


def choose_section(state: State, seat: int, action: Action) -> None:
    state["ctx"] = {"section": action["n"]}
    state["phase"] = "top"


def skip_top(state: State, seat: int, action: Action) -> None:
    enter_bottom(state)


def gain_coins(state: State, seat: int, action: Action) -> None:
    top.apply_gain(state, seat)
    enter_bottom(state)


def bolster(state: State, seat: int, action: Action) -> None:
    top.apply_bolster(state, seat, action["gain"])
    enter_bottom(state)


def trade(state: State, seat: int, action: Action) -> None:
    if top.apply_trade(state, seat, action["gain"]):
        start_queue(state, ["pick", "pick"], None, "bottom")
    else:
        enter_bottom(state)


def produce(state: State, seat: int, action: Action) -> None:
    p = state["players"][seat]
    cost = top.produce_cost(p)
    p["power"] -= cost.get("power", 0)
    p["pop"] -= cost.get("popularity", 0)
    p["coins"] -= cost.get("coins", 0)
    state["ctx"]["produce"] = {"limit": top.box(p, "produce"), "mill": True, "chosen": []}
    start_queue(state, ["produce"], None, "bottom")


def use_factory_top(state: State, seat: int, action: Action) -> None:
    queue = factory.apply_top(state, seat, action)
    if "produce" in queue:
        state["ctx"]["produce"] = {"limit": 2, "mill": False, "chosen": []}
    start_queue(state, queue, None, "bottom")


def start_move(state: State, seat: int, action: Action) -> None:
    p = state["players"][seat]
    begin_move(state, units=top.box(p, "move"), reach=1, after="bottom")


def start_factory_move(state: State, seat: int, action: Action) -> None:
    # Factory card, bottom row: move one unit up to twice (Speed: three times).
    begin_move(state, units=1, reach=2, after="end")


def begin_move(state: State, units: int, reach: int, after: str) -> None:
    move_phase.begin(state, units, reach, after)


def take_step(state: State, seat: int, action: Action) -> None:
    start = unit_hex(state["players"][seat], action["unit"])
    over = move_phase.step(state, seat, action)
    if action["carry"] == "some":
        state["ctx"]["load"] = {"from": start, "to": action["to"], "over": over}
        state["phase"] = "load"
    elif over:
        finish_move(state, seat)


def load_token(state: State, seat: int, action: Action) -> None:
    if move_phase.load(state, action["res"]):
        end_load(state, seat)


def end_load(state: State, seat: int) -> None:
    """The tokens chosen, back to the move (or on to what follows it)."""
    info = state["ctx"].pop("load")
    state["phase"] = "move"
    if info["over"]:
        finish_move(state, seat)


def stop_moving(state: State, seat: int, action: Action) -> None:
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


def pick_fight(state: State, seat: int, action: Action) -> None:
    state["ctx"]["fights"].remove(action["hex"])
    combat.start(state, action["hex"])


def choose_in_combat(state: State, seat: int, action: Action) -> None:
    combat.choose(state, seat, action)
    if combat.waiting(state):
        return
    result = combat.resolve(state)
    winner = state["players"][result["winner"]]
    limit = 2 if winner["faction"] != "saxony" else STAR_LIMIT
    if winner["stars"].get("combat", 0) < limit:
        place_star(state, result["winner"], "combat")
    if "retreat" in state["ctx"]:
        if not state["over"]:
            state["phase"] = "retreat"
            return
        # The game just ended: no time to choose a lake, the loser's units go home.
        combat.retreat_to(state, state["ctx"]["retreat"]["seat"], "home")
    post_move(state)


def retreat(state: State, seat: int, action: Action) -> None:
    combat.retreat_to(state, seat, action["to"], action.get("workers", 0))
    post_move(state)


def fire_artillery(state: State, seat: int, action: Action) -> None:
    combat.fire_artillery(state, seat, action["fire"])


def choose_encounter(state: State, seat: int, action: Action) -> None:
    queue = encounters.choose(state, seat, action["option"])
    enc = state["ctx"]["enc"]
    if enc["gains"]:
        enc["then"] = queue
        state["phase"] = "benefit"
    else:
        start_queue(state, queue, enc["hex"], "encounter")


def take_benefit(state: State, seat: int, action: Action) -> None:
    encounters.take_benefit(state, seat, action["what"], action["amount"])
    enc = state["ctx"]["enc"]
    if not enc["gains"]:
        start_queue(state, enc.pop("then"), enc["hex"], "encounter")


def take_factory_card(state: State, seat: int, action: Action) -> None:
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


def done(state: State, seat: int, action: Action) -> None:
    phase = state["phase"]
    ctx = state["ctx"]
    if phase == "encounter":
        encounters.finish(state)
        post_move(state)
        return
    if phase == "load":
        end_load(state, seat)
        return
    head = ctx["queue"][0]
    if head == "produce":
        _finish_produce(state, seat)
    elif head == "pick":
        ctx["queue"] = [q for q in ctx["queue"] if q != "pick"]
    else:
        ctx["queue"] = ctx["queue"][1:]
    run_queue(state)


def place_token(state: State, seat: int, action: Action) -> None:
    add_resource(state, action["hex"], action["res"])
    state["ctx"]["queue"] = state["ctx"]["queue"][1:]
    run_queue(state)


def produce_on(state: State, seat: int, action: Action) -> None:
    produce = state["ctx"]["produce"]
    produce["chosen"].append(action["hex"])
    if "count" in action:  # fewer than the hex yields (000: each worker *may* produce)
        produce.setdefault("counts", {})[action["hex"]] = action["count"]
    if len(top.produce_legal(state, seat, produce)) == 1:  # only `done` is left
        _finish_produce(state, seat)
        run_queue(state)


def _finish_produce(state: State, seat: int) -> None:
    produce = state["ctx"].pop("produce")
    top.finish_produce(state, seat, produce)
    state["ctx"]["queue"] = state["ctx"]["queue"][1:]


def bottom_effect(state: State, seat: int, action: Action) -> None:
    if state["phase"] == "bottom":
        _after_payment(state, bottom.start_payment(state, seat, action))
        return
    bottom.apply_effect(state, seat, action)
    state["ctx"]["queue"] = state["ctx"]["queue"][1:]
    run_queue(state)


def decline_coins(state: State, seat: int, action: Action) -> None:
    """000, Coins: "a player may choose not to take the coins" of the bottom-row action."""
    state["ctx"]["no_coins"] = True


def pay_only(state: State, seat: int, action: Action) -> None:
    _after_payment(state, bottom.start_payment(state, seat, action))


def pay_from(state: State, seat: int, action: Action) -> None:
    _after_payment(state, bottom.pay_from(state, seat, action["hex"]))


def coerce(state: State, seat: int, action: Action) -> None:
    _after_payment(state, bottom.coerce(state, seat))


def _after_payment(state: State, paid: bool) -> None:
    """The bottom action is done once its cost is paid; until then the player chooses."""
    if paid:
        finish_turn(state)
    else:
        state["phase"] = "payment"


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
    if len(phases.bottom_legal(state, seat)) == 1 and not objectives.reveal_legal(state, seat):
        end_turn(state)


def end_turn_now(state: State, seat: int, action: Action) -> None:
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


def reveal_objective(state: State, seat: int, action: Action) -> None:
    objectives.reveal(state, seat, action["card"])
    if state["phase"] == "end":
        end_turn(state)
