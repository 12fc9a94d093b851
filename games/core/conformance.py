"""The conformance suite every registered game must pass (ARCHITECTURE.md).

`check_game` plays seeded random games to the end and checks, along the way: JSON round trips,
inputs never mutated, determinism from the seed and the log, `legal_actions` non-empty for every
seat in `to_act` until the outcome, out-of-turn and malformed actions refused, the notation
round trip, and that no view leaks: a seat's view is unchanged when everything hidden from that
seat is re-dealt (`redetermine`), and the spectator's view when anything hidden is re-dealt.
And that `reveals` is honest: a decision said to reveal nothing leaves the deciding seat's view
after it the same when what that seat could not see before is re-dealt (the site lets such a
decision be taken back, so it must not have shown anything hidden).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import GameError, IllegalAction, InvalidAction
from .game import Game, State
from .rng import Rng


class ConformanceError(AssertionError):
    pass


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed={seed} step={step}: {message}")


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def check_views(game: Game, state: State, seats: int, rng: Rng, where: str) -> None:
    """No view leaks: re-dealing what a seat cannot see leaves that seat's view unchanged."""
    spectator = _dump(game.view(state, None))
    for seat in range(seats):
        own = _dump(game.view(state, seat))
        other = game.redetermine(state, seat, rng)
        if _dump(game.view(other, seat)) != own:
            raise ConformanceError(f"{where}: seat {seat}'s view depends on hidden information")
        if _dump(game.view(other, None)) != spectator:
            raise ConformanceError(f"{where}: the spectator view depends on hidden information")
        if game.public_view and own != _dump({**game.view(state, None), "seat": seat}):
            raise ConformanceError(f"{where}: public_view, but seat {seat} sees more or less")


def check_reveals(
    game: Game, before: State, seat: int, action: dict[str, Any], after: State, rng: Rng, where: str
) -> None:
    """A decision that reveals nothing (so may be undone) tells the seat nothing hidden."""
    if game.reveals(before, seat, action, after):
        return
    other = game.redetermine(before, seat, rng)
    try:
        seen = game.view(game.apply(other, seat, action), seat)
    except GameError as exc:
        raise ConformanceError(
            f"{where}: {game.format_action(action)!r} is said to reveal nothing, but whether it "
            f"is allowed depends on hidden information ({exc.reason})"
        ) from exc
    if _dump(seen) != _dump(game.view(after, seat)):
        raise ConformanceError(
            f"{where}: {game.format_action(action)!r} revealed something hidden to seat {seat}, "
            "but `reveals` says it did not (it could be taken back after seeing it)"
        )


def check_refusals(game: Game, state: State, seats: int, where: str) -> None:
    """Malformed actions are InvalidAction; any action from a seat not to act is refused."""
    acting = game.to_act(state)
    for bad in ({}, {"type": 7}, {"type": "no-such-action"}):
        try:
            game.apply(state, acting[0], bad)
        except InvalidAction:
            continue
        except GameError as exc:
            raise ConformanceError(f"{where}: {bad} gave {type(exc).__name__}") from exc
        raise ConformanceError(f"{where}: malformed action {bad} was accepted")
    for seat in range(seats):
        if seat in acting:
            continue
        for action in game.legal_actions(state, acting[0])[:3]:
            try:
                game.apply(state, seat, action)
            except IllegalAction:
                continue
            raise ConformanceError(f"{where}: seat {seat} acted out of turn")


def play_checked(
    game: Game,
    seats: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    view_every: int = 7,
    max_decisions: int = 100_000,
) -> State:
    """One seeded random game with every check; returns the final state."""
    rng = Rng.from_seed(seed)
    opts = game.clean_options(options)
    state = game.setup(seats, seed, opts)
    if _dump(state) != _dump(game.setup(seats, seed, opts)):
        raise _fail(game, seed, 0, "setup is not deterministic")
    log: list[tuple[int, dict[str, Any]]] = []
    checked: set[str] = set()
    for step in range(max_decisions):
        where = f"{game.name} seats={seats} seed={seed} step={step}"
        if json.loads(_dump(state)) != state:
            raise _fail(game, seed, step, "state does not survive a JSON round trip")
        if step % view_every == 0:
            check_views(game, state, seats, rng, where)
        if game.outcome(state) is not None:
            break
        acting = game.to_act(state)
        if not acting:
            raise _fail(game, seed, step, "no seat to act and no outcome")
        for seat in acting:
            if not game.legal_actions(state, seat):
                raise _fail(game, seed, step, f"seat {seat} must act but has no legal action")
        if step % view_every == 3:
            check_refusals(game, state, seats, where)
        seat = acting[rng.below(len(acting))]
        actions = game.legal_actions(state, seat)
        action = actions[rng.below(len(actions))]
        text = game.format_action(action)
        if game.parse_action(text) != action:
            raise _fail(game, seed, step, f"notation does not round-trip: {text!r}")
        before = _dump(state)
        if game.apply_trusted is not None and step % view_every == 5:
            trusted = _dump(game.apply_trusted(json.loads(before), seat, action))
            if trusted != _dump(game.apply(json.loads(before), seat, action)):
                raise _fail(game, seed, step, f"apply_trusted differs from apply on {text!r}")
        previous, state = state, game.apply(state, seat, json.loads(_dump(action)))
        if _dump(state) == before:
            raise _fail(game, seed, step, f"{text!r} changed nothing")
        # Every kind of decision the first time it comes, then one decision in three (the check
        # replays the decision, doubling the cost); its own random numbers, so the playout's
        # choices stay what they were without it.
        if action["type"] not in checked or step % 3 == 1:
            checked.add(action["type"])
            check_reveals(game, previous, seat, action, state, Rng.from_seed(seed + step), where)
        log.append((seat, action))
    else:
        raise _fail(game, seed, max_decisions, "the game did not end")
    replay(game, seats, seed, opts, log, expect=state)
    return state


def replay(
    game: Game,
    seats: int,
    seed: int,
    options: Mapping[str, Any],
    log: list[tuple[int, dict[str, Any]]],
    expect: State,
) -> None:
    """setup(seed) plus the log rebuilds exactly the same game."""
    state = game.setup(seats, seed, options)
    for seat, action in log:
        state = game.apply(state, seat, action)
    if _dump(state) != _dump(expect):
        raise ConformanceError(f"{game.name} seed={seed}: replaying the log gives another state")


def check_game(game: Game, seeds: range = range(3), view_every: int = 7) -> int:
    """Run the suite over every seat count; returns how many games were played."""
    played = 0
    if game.min_seats < 1 or game.max_seats < game.min_seats:
        raise ConformanceError(f"{game.name}: bad seat limits")
    for seats in game.seat_range():
        for seed in seeds:
            play_checked(game, seats, seed, view_every=view_every)
            played += 1
    return played
