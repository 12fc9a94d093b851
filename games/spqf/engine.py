"""to_act, legal_actions and apply: the decisions of each step, validated strictly."""

from __future__ import annotations

from typing import Any

from games.core.errors import IllegalAction, InvalidAction

from . import effects, flow, state, tableau
from .cards import CARDS

State = dict[str, Any]
Action = dict[str, Any]

# type -> {field: python type}; optional fields are listed in OPTIONAL.
FIELDS: dict[str, dict[str, type]] = {
    "pick": {"card": int},
    "play": {"card": int},
    "pass": {},
    "modify": {"card": int, "stored": int},
    "go": {"color": str},
    "follow": {"card": int, "action": int},
    "decline": {},
    "first": {"action": int},
    "recruit": {"card": int},
    "take": {"color": str},
    "store": {"card": int},
    "stash": {"color": str},
    "bank": {"color": str},
    "row": {"card": int},
    "extra": {},
    "convert": {"color": str},
    "trash": {"card": int},
    "expand": {},
    "discount": {"color": str},
    "score": {"color": str},
    "stop": {},
}
NO_FIELDS = frozenset(t for t, f in FIELDS.items() if not f)
UNIT_TYPES = {
    "take",
    "store",
    "stash",
    "bank",
    "row",
    "extra",
    "convert",
    "recruit",
    "trash",
    "expand",
    "discount",
    "score",
    "stop",
}


def to_act(s: State) -> tuple[int, ...]:
    step = s["step"]
    if step == "over":
        return ()
    if step == "draft":
        return tuple(i for i, done in enumerate(s["picked"]) if not done)
    if step == "follow":
        return (s["play"]["follower"],)
    if step == "unit":
        return (s["jobs"][0]["seat"],)
    return (s["active"],)


# The last state asked about, by identity: a bot lists the choices and `apply` validates against
# the same list right after. States are values (never mutated once made), so the identity of
# the object is enough. One tuple, read and replaced whole, so threads never mix two entries;
# callers get a copy of the list so they cannot spoil it.
_last: list[tuple[Any, int, list[Action]]] = [(None, -1, [])]


def legal_actions(s: State, seat: int) -> list[Action]:
    known, known_seat, found = _last[0]
    if known is s and known_seat == seat:
        return list(found)
    found = _legal(s, seat)
    _last[0] = (s, seat, found)
    return list(found)


def _legal(s: State, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    step = s["step"]
    if step == "draft":
        return [{"type": "pick", "card": c} for c in s["packs"][seat]]
    if step == "choose":
        return [{"type": "play", "card": c} for c in flow.playable_hand(s)] + [{"type": "pass"}]
    if step == "modify":
        return flow.modify_options(s)
    if step == "follow":
        return flow.follow_options(s, seat) + [{"type": "decline"}]
    if step == "order":
        return [{"type": "first", "action": j["action"]} for j in s["jobs"] if j["seat"] == seat]
    if step == "unit":
        return effects.choices(s, s["jobs"][0])
    if step == "recruit":
        return [{"type": "recruit", "card": c} for c in tableau.recruitable(s, seat)]
    return []


def check_shape(action: Any) -> None:
    if type(action) is dict and len(action) == 1 and action.get("type") in NO_FIELDS:
        return
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidAction("an action is an object with a string 'type'")
    fields = FIELDS.get(action["type"])
    if fields is None:
        raise InvalidAction(f"SPQF has no action called {action['type']!r}")
    given = set(action) - {"type"}
    if action["type"] == "modify":
        if len(given) != 1:
            raise InvalidAction("'modify' takes a 'card' from the hand or a 'stored' card")
    elif action["type"] != "go" and given != set(fields):
        missing = ", ".join(sorted(set(fields) - given)) or "none"
        raise InvalidAction(f"{action['type']!r} needs the fields: {missing}")
    for key, value in action.items():
        if key == "type":
            continue
        want = fields.get(key)
        if want is None:
            raise InvalidAction(f"{action['type']!r} takes no field {key!r}")
        if not isinstance(value, want) or isinstance(value, bool):
            raise InvalidAction(f"{key!r} must be a {want.__name__}")


def apply(s: State, seat: int, action: Action) -> State:
    check_shape(action)
    if seat not in to_act(s):
        raise IllegalAction("It is not your decision now.")
    if action not in legal_actions(s, seat):
        raise IllegalAction(why_not(s, seat, action))
    out = state.copy(s)
    _do(out, seat, action)
    return out


def _do(s: State, seat: int, action: Action) -> None:
    t = action["type"]
    step = s["step"]
    if t == "pick":
        state.draft_pick(s, seat, action["card"])
    elif t == "play":
        flow.play_card(s, action["card"], "hand")
        flow.settle(s)
    elif t == "pass":
        s["step"] = "recruit"
        flow.settle(s)
    elif t == "modify":
        flow.add_modifier(s, action)
        flow.settle(s)
    elif t == "go":
        flow.finish_modifying(s, action.get("color"))
    elif t == "follow":
        flow.add_follow(s, seat, action["card"], action["action"])
    elif t == "decline":
        flow.next_follower(s)
    elif t == "first":
        flow.order_first(s, action["action"])
    elif step == "recruit":
        flow.recruit_phase(s, action["card"])
    else:
        flow.do_unit(s, action)


def why_not(s: State, seat: int, action: Action) -> str:
    """A sentence for a refused, well-formed action."""
    t = action["type"]
    step = s["step"]
    card = action.get("card")
    name = CARDS[card]["name"] if isinstance(card, int) and 0 <= card < len(CARDS) else "that card"
    if t == "play" and step == "choose":
        return (
            f"{name} cannot be played now: it is not in your hand, its cube cost cannot be "
            "paid, or none of its actions would change the game."
        )
    if t == "modify" and step == "modify":
        return (
            f"{name} cannot modify this action: it must share the action card's category "
            "(or be an oak leaf), a stored card helps once per turn, and binary-only cards "
            "take no modifiers."
        )
    if t == "follow" and step == "follow":
        return (
            f"{name} cannot follow that action: play a matching card from your hand, once "
            "per action, on an action that may be followed and that would change the game."
        )
    if t == "recruit":
        return "Recruit from the central row or another player's trade row, never your own."
    if t in UNIT_TYPES and step == "unit":
        return "That choice is not possible for this action now."
    return f"'{t}' is not a choice at this point of the turn ({step})."


def timeout_action(s: State, seat: int) -> Action | None:
    """A follower whose clock runs out declines to follow (the live-game follow time limit),
    and one resolving a followed action takes the first choice (or stops). The active player's
    own decisions have no default: running out of time forfeits, as the site does."""
    if seat not in to_act(s):
        return None
    if s["step"] == "follow":
        return {"type": "decline"}
    if s["step"] == "unit" and seat != s["active"]:
        options = legal_actions(s, seat)
        stop = [a for a in options if a["type"] == "stop"]
        return (stop or options)[0]
    return None
