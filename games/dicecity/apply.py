"""apply(state, seat, action): validate, copy, change (never mutates its input)."""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, InvalidAction, Rng

from . import cards as C
from .effects import on_build, reroll, resolve
from .moves import attack_actions, bandit_defense, legal_actions, rows_condition
from .reasons import refusal
from .state import (
    State,
    copy_state,
    defense,
    end_condition,
    location_vp,
    new_turn,
    roll_dice,
)

Action = dict[str, Any]
R = C.ROW_INDEX
RES = C.RES_INDEX

_INT = "int"
_STR = "str"
_LIST = "list"
FIELDS: dict[str, dict[str, str]] = {
    "use": {"die": _STR},
    "move": {"die": _STR, "other": _STR, "col": _INT},
    "refresh": {"die": _STR},
    "discard": {"card": _STR},
    "reactivate": {"die": _STR, "row": _STR, "col": _INT},
    "pass": {"die": _STR},
    "spend_passes": {"gain": _STR},
    "force_reroll": {"die": _STR},
    "end_dice": {},
    "attack_bandits": {"pile": _INT},
    "attack_location": {"seat": _INT, "row": _STR, "col": _INT},
    "raid": {"seat": _INT, "resource": _STR},
    "end_attacks": {},
    "build": {"card": _STR},
    "place": {"row": _STR, "col": _INT},
    "trade": {"ship": _INT},
    "end_turn": {},
    "end_game": {},
    "play_on": {},
    "exchange": {"pay": _STR, "amount": _INT, "gain": _STR},
    "move_die": {"die": _STR, "col": _INT},
    "reroll": {"dice": _LIST},
    "copy": {"row": _STR, "col": _INT},
    "statue": {"stone": _INT, "iron": _INT},
}


def check_shape(action: Any) -> None:
    """InvalidAction for a malformed payload (unknown type, missing, extra or mistyped fields)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidAction("an action is an object with a string 'type'")
    fields = FIELDS.get(action["type"])
    if fields is None:
        raise InvalidAction(f"Dice City has no action {action['type']!r}")
    if set(action) - {"type"} != set(fields):
        raise InvalidAction(f"{action['type']} takes the fields: {', '.join(fields) or 'none'}")
    for key, kind in fields.items():
        value = action[key]
        ok = (
            (kind == _INT and isinstance(value, int) and not isinstance(value, bool))
            or (kind == _STR and isinstance(value, str))
            or (
                kind == _LIST and isinstance(value, list) and all(isinstance(v, str) for v in value)
            )
        )
        if not ok:
            raise InvalidAction(
                f"{action['type']}: {key} must be a{'n' if kind == _INT else ''} "
                f"{'integer' if kind == _INT else 'text' if kind == _STR else 'list'}"
            )


def apply(s: State, seat: int, action: Action) -> State:
    check_shape(action)
    if action not in legal_actions(s, seat):
        raise IllegalAction(refusal(s, seat, action))
    return apply_unchecked(s, seat, action)


def apply_unchecked(s: State, seat: int, action: Action) -> State:
    """The change itself, for an action already known to be legal (bots search with this)."""
    t = copy_state(s)
    HANDLERS[action["type"]](t, seat, action)
    turn = t["turn"]
    # "Cuando termines de usar los cinco dados, este paso termina": with every die used and
    # fewer than two pass tokens to spend, nothing is left to do in the dice step.
    if (
        turn["step"] == "dice"
        and t["pending"] is None
        and turn["seat"] == seat
        and max(t["players"][seat]["dice"]) < 0
        and t["players"][seat]["passes"] < 2
    ):
        _end_dice(t, seat, action)
    return t


def _slot(action: Action) -> int:
    return int(R[action["row"]] * C.COLS + action["col"] - 1)


def _take_die(t: State, seat: int, action: Action) -> int:
    """After using each die it is set aside (Dice City: "retírelo de la ubicación")."""
    r = R[action["die"]]
    t["players"][seat]["dice"][r] = -1
    return r


def _use(t: State, seat: int, action: Action) -> None:
    p = t["players"][seat]
    r = R[action["die"]]
    slot = r * C.COLS + p["dice"][r]
    p["dice"][r] = -1
    resolve(t, seat, slot, r)


def _move(t: State, seat: int, action: Action) -> None:
    # "Mueve otro dado a un espacio adyacente en la propia fila de ese dado."
    _take_die(t, seat, action)
    t["players"][seat]["dice"][R[action["other"]]] = action["col"] - 1


def _refresh(t: State, seat: int, action: Action) -> None:
    # "Descarta cuatro de las cartas ... y revela cuatro nuevas" (once per turn).
    _take_die(t, seat, action)
    t["turn"]["refreshed"] = True
    t["pending"] = {"kind": "discard", "left": 4}


def _discard(t: State, seat: int, action: Action) -> None:
    t["display"].remove(action["card"])
    pending = t["pending"]
    pending["left"] -= 1
    if pending["left"] == 0:
        t["pending"] = None
        drawn = t["deck"][:4]
        del t["deck"][:4]
        t["display"].extend(drawn)


def _reactivate(t: State, seat: int, action: Action) -> None:
    _take_die(t, seat, action)
    t["players"][seat]["off"][_slot(action)] = False


def _pass(t: State, seat: int, action: Action) -> None:
    _take_die(t, seat, action)
    t["turn"]["passed"] = True
    t["players"][seat]["passes"] += 1


def _spend_passes(t: State, seat: int, action: Action) -> None:
    p = t["players"][seat]
    p["passes"] -= 2
    if action["gain"] == "army":
        t["turn"]["army"] += 1
    else:
        p["res"][RES[action["gain"]]] += 1


def _force_reroll(t: State, seat: int, action: Action) -> None:
    # Every other player re-rolls that die, clockwise starting at the player's left.
    t["players"][seat]["passes"] -= 2
    n = t["seats"]
    for k in range(1, n):
        reroll(t, (seat + k) % n, [R[action["die"]]])


def _advance_attacks(t: State, seat: int) -> None:
    """The attack step ends by itself when no attack is possible any more."""
    if not attack_actions(t, seat):
        t["turn"]["step"] = "build"


def _end_dice(t: State, seat: int, action: Action) -> None:
    t["turn"]["step"] = "attack"
    _advance_attacks(t, seat)


def _attack_bandits(t: State, seat: int, action: Action) -> None:
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


def _attack_location(t: State, seat: int, action: Action) -> None:
    # A deactivation token on it, and its VP from the supply as tokens.
    q = t["players"][action["seat"]]
    slot = _slot(action)
    t["turn"]["army"] -= defense(q, slot) or 0
    q["off"][slot] = True
    t["players"][seat]["tokens"] += location_vp(q, slot)
    _advance_attacks(t, seat)


def _raid(t: State, seat: int, action: Action) -> None:
    # Attack stock: 2 army strength per resource taken.
    i = RES[action["resource"]]
    t["turn"]["army"] -= 2
    t["players"][action["seat"]]["res"][i] -= 1
    t["players"][seat]["res"][i] += 1
    _advance_attacks(t, seat)


def _end_attacks(t: State, seat: int, action: Action) -> None:
    t["turn"]["step"] = "build"


def _pay(t: State, seat: int, price: list[int]) -> None:
    res = t["players"][seat]["res"]
    for i in range(3):
        res[i] -= price[i]


def _build(t: State, seat: int, action: Action) -> None:
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


def _place(t: State, seat: int, action: Action) -> None:
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


def _statue(t: State, seat: int, action: Action) -> None:
    p = t["players"][seat]
    p["res"][1] -= action["stone"]
    p["res"][2] -= action["iron"]
    p["tokens"] += (action["stone"] + action["iron"]) * t["pending"]["vp_each"]
    t["pending"] = None


def _trade(t: State, seat: int, action: Action) -> None:
    pile = action["ship"] - 1
    _pay(t, seat, C.SHIPS[pile]["cost"])
    t["ships"][pile] -= 1
    t["players"][seat]["ships"].append(C.SHIPS[pile]["vp"])


def _exchange(t: State, seat: int, action: Action) -> None:
    res = t["players"][seat]["res"]
    res[RES[action["pay"]]] -= action["amount"]
    res[RES[action["gain"]]] += action["amount"] * t["pending"]["gain_each"]
    t["pending"] = None


def _move_die(t: State, seat: int, action: Action) -> None:
    t["players"][seat]["dice"][R[action["die"]]] = action["col"] - 1
    t["pending"] = None


def _reroll(t: State, seat: int, action: Action) -> None:
    t["pending"] = None
    reroll(t, seat, [R[d] for d in action["dice"]])


def _copy(t: State, seat: int, action: Action) -> None:
    die = t["pending"]["die"]
    t["pending"] = None
    resolve(t, seat, _slot(action), die)


def _end_turn(t: State, seat: int, action: Action) -> None:
    # Table option: the player who fills two rows chooses whether the game ends.
    if t["options"].get("full_rows_choice") and not t["final_round"] and rows_condition(t, seat):
        t["pending"] = {"kind": "end_choice"}
        return
    finish_turn(t, seat)


def _end_game(t: State, seat: int, action: Action) -> None:
    t["pending"] = None
    t["final_round"] = "a city filled two rows"
    finish_turn(t, seat)


def _play_on(t: State, seat: int, action: Action) -> None:
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


HANDLERS = {
    "use": _use,
    "move": _move,
    "refresh": _refresh,
    "discard": _discard,
    "reactivate": _reactivate,
    "pass": _pass,
    "spend_passes": _spend_passes,
    "force_reroll": _force_reroll,
    "end_dice": _end_dice,
    "attack_bandits": _attack_bandits,
    "attack_location": _attack_location,
    "raid": _raid,
    "end_attacks": _end_attacks,
    "build": _build,
    "place": _place,
    "trade": _trade,
    "end_turn": _end_turn,
    "end_game": _end_game,
    "play_on": _play_on,
    "exchange": _exchange,
    "move_die": _move_die,
    "reroll": _reroll,
    "copy": _copy,
    "statue": _statue,
}
