"""Goofspiel: a tiny real game with simultaneous secret bids, used to test the platform.

Each player holds cards 1..K. A prize card is turned up from a shuffled prize deck; every player
bids one card from hand at the same time and in secret; the highest bid no one else matched wins
the prize. After K prizes the most prize points wins. It exercises what a platform must get
right: several seats to act at once, a hidden deck order and undisclosed bids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, IllegalAction, InvalidAction, Option, Outcome, Rng
from games.core.game import places_from_scores

State = dict[str, Any]


def setup(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    cards = int(options.get("cards", 5))
    rng = Rng.from_seed(seed)
    prizes = list(range(1, cards + 1))
    rng.shuffle(prizes)
    return {
        "hands": [list(range(1, cards + 1)) for _ in range(seats)],
        "bids": [None] * seats,
        "prize": prizes.pop(),
        "deck": prizes,
        "won": [0] * seats,
        "history": [],
        "rng": rng.state,
    }


def to_act(state: State) -> tuple[int, ...]:
    if state["prize"] is None:
        return ()
    return tuple(i for i, bid in enumerate(state["bids"]) if bid is None)


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    return [{"type": "bid", "card": c} for c in state["hands"][seat]]


def apply(state: State, seat: int, action: dict[str, Any]) -> State:
    if not isinstance(action, dict) or action.get("type") != "bid":
        raise InvalidAction("the only action is: bid card=N")
    card = action.get("card")
    if not isinstance(card, int) or isinstance(card, bool) or set(action) != {"type", "card"}:
        raise InvalidAction("bid needs an integer card")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to bid.")
    if card not in state["hands"][seat]:
        raise IllegalAction(f"You no longer hold the {card}.")
    new = {**state, "hands": [list(h) for h in state["hands"]], "bids": list(state["bids"])}
    new["hands"][seat].remove(card)
    new["bids"][seat] = card
    if all(b is not None for b in new["bids"]):
        _award(new)
    return new


def _award(state: State) -> None:
    bids = state["bids"]
    unique = [b for b in bids if bids.count(b) == 1]
    winner = bids.index(max(unique)) if unique else None
    if winner is not None:
        state["won"] = [
            w + (state["prize"] if i == winner else 0) for i, w in enumerate(state["won"])
        ]
    state["history"] = [
        *state["history"],
        {"prize": state["prize"], "bids": bids, "winner": winner},
    ]
    state["bids"] = [None] * len(bids)
    deck = list(state["deck"])
    state["prize"] = deck.pop() if deck else None
    state["deck"] = deck


def outcome(state: State) -> Outcome | None:
    if state["prize"] is not None:
        return None
    scores = tuple(state["won"])
    details = tuple({"prizes": w} for w in scores)
    return Outcome(places_from_scores(scores), scores, "all prizes taken", details)


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "hands": state["hands"],
        "bids": [b if i == seat else (b is not None) for i, b in enumerate(state["bids"])],
        "prize": state["prize"],
        "prizes_left": len(state["deck"]),
        "won": state["won"],
        "history": state["history"],
    }


def redetermine(state: State, seat: int, rng: Rng) -> State:
    new = {**state, "deck": list(state["deck"]), "hands": [list(h) for h in state["hands"]]}
    rng.shuffle(new["deck"])
    bids = list(state["bids"])
    for other, bid in enumerate(bids):
        if other != seat and bid is not None:
            pool = [*new["hands"][other], bid]
            choice = rng.choice(pool)
            pool.remove(choice)
            new["hands"][other], bids[other] = sorted(pool), choice
    new["bids"] = bids
    new["rng"] = rng.next_u64()
    return new


def reveals(before: State, seat: int, action: dict[str, Any], after: State) -> bool:
    """The last bid of a prize shows every bid and turns up the next prize; a bid before it
    shows nothing."""
    return len(after["history"]) != len(before["history"])


def public_action(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "bid"}


GAME = Game(
    name="goofspiel",
    title="Goofspiel",
    min_seats=2,
    max_seats=4,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    redetermine=redetermine,
    bots={},
    options=(Option("cards", "Cards per hand", "choice", 5, ((3, "3"), (5, "5"), (8, "8"))),),
    public_action=public_action,
    reveals=reveals,
    narrate=lambda state, seat, action, after: "placed a secret bid",
    label=lambda state, seat, action: f"Bid {action['card']}",
    summary="Bid secretly for prizes.",
)
