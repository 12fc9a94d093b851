"""What each decision does to the working copy `apply` made (the handlers of actions.py), and
the end of a turn and of the game.

Every handler is `(t, seat, action)` on an already copied state and an action already known to
be legal; `settle` runs after each one.
"""

from __future__ import annotations

from typing import Any

from games.core import Rng

from . import cards as C
from .effects import defense, on_build, reroll, resolve
from .moves import attack_actions, bandit_defense
from .scoring import location_vp
from .state import State, new_turn, roll_dice

Action = dict[str, Any]
R = C.ROW_INDEX
RES = C.RES_INDEX


def settle(t: State, seat: int) -> None:
    """Dice City, "Cuando termines de usar los cinco dados, este paso termina": with every die
    used and fewer than two pass tokens to spend, nothing is left to do in the dice step."""
    turn = t["turn"]
    if (
        turn["step"] == "dice"
        and t["pending"] is None
        and turn["seat"] == seat
        and max(t["players"][seat]["dice"]) < 0
        and t["players"][seat]["passes"] < 2
    ):
        end_dice(t, seat, {"type": "end_dice"})


def _slot(action: Action) -> int:
    return int(R[action["row"]] * C.COLS + action["col"] - 1)


def _take_die(t: State, seat: int, action: Action) -> int:
    """After using each die it is set aside (Dice City: "retírelo de la ubicación")."""
    r = R[action["die"]]
    t["players"][seat]["dice"][r] = -1
    return r


def use(t: State, seat: int, action: Action) -> None:
    p = t["players"][seat]
    r = R[action["die"]]
    slot = r * C.COLS + p["dice"][r]
    p["dice"][r] = -1
    resolve(t, seat, slot, r)


def move(t: State, seat: int, action: Action) -> None:
    # "Mueve otro dado a un espacio adyacente en la propia fila de ese dado."
    _take_die(t, seat, action)
    t["players"][seat]["dice"][R[action["other"]]] = action["col"] - 1


def refresh(t: State, seat: int, action: Action) -> None:
    # "Descarta cuatro de las cartas ... y revela cuatro nuevas" (once per turn).
    _take_die(t, seat, action)
    t["turn"]["refreshed"] = True
    t["pending"] = {"kind": "discard", "left": 4}


def discard(t: State, seat: int, action: Action) -> None:
    t["display"].remove(action["card"])
    pending = t["pending"]
    pending["left"] -= 1
    if pending["left"] == 0:
        t["pending"] = None
        drawn = t["deck"][:4]
        del t["deck"][:4]
        t["display"].extend(drawn)


def reactivate(t: State, seat: int, action: Action) -> None:
    _take_die(t, seat, action)
    t["players"][seat]["off"][_slot(action)] = False


def pass_die(t: State, seat: int, action: Action) -> None:
    _take_die(t, seat, action)
    t["turn"]["passed"] = True
    t["players"][seat]["passes"] += 1


def spend_passes(t: State, seat: int, action: Action) -> None:
    p = t["players"][seat]
    p["passes"] -= 2
    if action["gain"] == "army":
        t["turn"]["army"] += 1
    else:
        p["res"][RES[action["gain"]]] += 1


def force_reroll(t: State, seat: int, action: Action) -> None:
    # Every other player re-rolls that die, clockwise starting at the player's left.
    t["players"][seat]["passes"] -= 2
    n = t["seats"]
    for k in range(1, n):
        reroll(t, (seat + k) % n, [R[action["die"]]])


def _advance_attacks(t: State, seat: int) -> None:
    """The attack step ends by itself when no attack is possible any more."""
    if not attack_actions(t, seat):
        t["turn"]["step"] = "build"


def end_dice(t: State, seat: int, action: Action) -> None:
    t["turn"]["step"] = "attack"
    _advance_attacks(t, seat)


def attack_bandits(t: State, seat: int, action: Action) -> None:
    # Army strength is spent by each attack; Watch Tower strength goes first on bandits.
    pile = action["pile"] - 1
    turn = t["turn"]
    need = bandit_defense(t, pile)
    from_tower = min(turn["bandit_army"], need)
    turn["bandit_army"] -= from_tower
    turn["army"] -= need - from_tower
    t["bandits"][pile] -= 1
    t["players"][seat]["bandits"].append(C.BANDITS[pile]["vp"])
    _advance_attacks(t, seat)


def attack_location(t: State, seat: int, action: Action) -> None:
    # A deactivation token on it, and its VP from the supply as tokens.
    q = t["players"][action["seat"]]
    slot = _slot(action)
    t["turn"]["army"] -= defense(q, slot) or 0
    q["off"][slot] = True
    t["players"][seat]["tokens"] += location_vp(q, slot)
    _advance_attacks(t, seat)


def raid(t: State, seat: int, action: Action) -> None:
    # Attack stock: 2 army strength per resource taken.
    i = RES[action["resource"]]
    t["turn"]["army"] -= 2
    t["players"][action["seat"]]["res"][i] -= 1
    t["players"][seat]["res"][i] += 1
    _advance_attacks(t, seat)


def end_attacks(t: State, seat: int, action: Action) -> None:
    t["turn"]["step"] = "build"


def _pay(t: State, seat: int, price: list[int]) -> None:
    res = t["players"][seat]["res"]
    for i in range(3):
        res[i] -= price[i]


def build(t: State, seat: int, action: Action) -> None:
    # Pay, take it from the display (a replacement is drawn at once) or from its pile.
    card = action["card"]
    _pay(t, seat, C.CARDS[card]["cost"])
    if card in t["piles"]:
        t["piles"][card] -= 1
    else:
        t["display"].remove(card)
        if t["deck"]:
            t["display"].append(t["deck"].pop(0))
    t["pending"] = {"kind": "place", "card": card, "free": False}


def place(t: State, seat: int, action: Action) -> None:
    """The new card covers what was there, which leaves the city (its token with it)."""
    p = t["players"][seat]
    pending = t["pending"]
    card = pending["card"]
    slot = _slot(action)
    p["city"][slot] = card
    p["off"][slot] = False
    t["pending"] = None
    if pending["free"]:
        t["piles"][card] -= 1
    elif C.CARDS[card]["trigger"] == "on_build":
        on_build(t, seat, card)


def statue(t: State, seat: int, action: Action) -> None:
    p = t["players"][seat]
    p["res"][1] -= action["stone"]
    p["res"][2] -= action["iron"]
    p["tokens"] += (action["stone"] + action["iron"]) * t["pending"]["vp_each"]
    t["pending"] = None


def trade(t: State, seat: int, action: Action) -> None:
    pile = action["ship"] - 1
    _pay(t, seat, C.SHIPS[pile]["cost"])
    t["ships"][pile] -= 1
    t["players"][seat]["ships"].append(C.SHIPS[pile]["vp"])


def exchange(t: State, seat: int, action: Action) -> None:
    res = t["players"][seat]["res"]
    res[RES[action["pay"]]] -= action["amount"]
    res[RES[action["gain"]]] += action["amount"] * t["pending"]["gain_each"]
    t["pending"] = None


def move_die(t: State, seat: int, action: Action) -> None:
    t["players"][seat]["dice"][R[action["die"]]] = action["col"] - 1
    t["pending"] = None


def reroll_dice(t: State, seat: int, action: Action) -> None:
    t["pending"] = None
    reroll(t, seat, [R[d] for d in action["dice"]])


def copy_location(t: State, seat: int, action: Action) -> None:
    die = t["pending"]["die"]
    t["pending"] = None
    resolve(t, seat, _slot(action), die)


def end_turn(t: State, seat: int, action: Action) -> None:
    # Table option: the player who fills two rows chooses whether the game ends.
    if t["options"].get("full_rows_choice") and not t["final_round"] and rows_condition(t, seat):
        t["pending"] = {"kind": "end_choice"}
        return
    finish_turn(t, seat)


def end_game(t: State, seat: int, action: Action) -> None:
    t["pending"] = None
    t["final_round"] = "a city filled two rows"
    finish_turn(t, seat)


def play_on(t: State, seat: int, action: Action) -> None:
    t["pending"] = None
    finish_turn(t, seat)


def finish_turn(t: State, seat: int) -> None:
    """Dice City, "Paso de fin de turno", then "Fin del juego"."""
    p = t["players"][seat]
    # Keep at most one of each resource; pass tokens are kept; army back to zero (new_turn).
    p["res"] = [min(1, n) for n in p["res"]]
    p["turns"] += 1
    rng = Rng(t["rng"])
    p["dice"] = roll_dice(rng)
    t["rng"] = rng.state
    if t["final_round"] is None:
        t["final_round"] = end_condition(t)
    if (
        t["final_round"] is None
        and not t["options"].get("full_rows_choice")
        and any(rows_condition(t, other) for other in range(t["seats"]))
    ):
        t["final_round"] = "a city filled two rows"
    # Play on until everyone has had the same number of turns: seat 0 started.
    if t["final_round"] is not None and seat == t["seats"] - 1:
        t["over"] = t["final_round"]
        t["turn"] = dict(t["turn"], step="over")
    else:
        t["turn"] = new_turn((seat + 1) % t["seats"])


def full_clean_rows(p: dict[str, Any]) -> int:
    """Rows filled with built locations (no printed space left) and no deactivation token."""
    count = 0
    for start in range(0, C.SLOTS, C.COLS):
        cells = range(start, start + C.COLS)
        if all(p["city"][i] not in C.PRINTED and not p["off"][i] for i in cells):
            count += 1
    return count


def rows_condition(s: State, seat: int) -> bool:
    """Dice City, "Fin del juego": two or more rows full of built locations, none deactivated."""
    return full_clean_rows(s["players"][seat]) >= 2


def end_condition(s: State) -> str | None:
    """Dice City, "Fin del juego": the first three conditions (the fourth: rows_condition)."""
    if not any(s["bandits"]):
        return "all bandits were defeated"
    if sum(1 for left in s["ships"] if left == 0) >= 2:
        return "two trade-ship piles ran out"
    if not s["deck"]:
        return "the location deck ran out"
    return None
