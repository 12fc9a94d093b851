"""Information-set Monte Carlo tree search: the strong bot of every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012). Each iteration
1. re-deals what the bot cannot see (`Game.redetermine` from its own seat), so the search never
   reads another seat's secrets: a determinization is a function of the bot's view and the seed;
2. walks down the tree over the actions legal in that determinization, choosing by UCB1 with
   availability counts (an action is only compared with the determinizations it was legal in);
3. adds one new node, plays a short rollout with a cheap policy (random by default), and scores
   the position with the game's heuristic (`value(state, seat)` for every seat) or, at the end of
   the game, with the places;
4. backs the reward of each seat up to the nodes where that seat chose.

Children are keyed by (acting seat, action notation), so a node is an information set seen from
the bot. Simultaneous choices (combat dials) are searched in `to_act` order, as self-play plays
them. The search stops after `budget` seconds or `iterations` iterations, whichever comes first;
with `iterations` set and a generous budget it is deterministic for a seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .game import Game, Outcome, State
from .notation import Action, format_action
from .rng import Rng

Value = Callable[[State, int], float]
Policy = Callable[[State, int, Rng], Action]


@dataclass
class Node:
    """One decision of one seat in the tree. `total` sums the rewards of `actor`, who chose
    the action leading here; `avail` counts the iterations in which that action was legal."""

    actor: int = -1
    action: Action | None = None
    visits: int = 0
    avail: int = 0
    total: float = 0.0
    children: dict[tuple[int, Any], Node] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchConfig:
    """How one level searches. `scale` turns a difference of heuristic values into a win chance
    (a lead of `scale` is worth about 73%); `rollout` is the number of random decisions played
    after the new node before the heuristic judges the position.

    `prior` is the game's standard bot: asked once per search on a re-dealt state (so it too
    sees nothing hidden), its move starts with `prior_visits` visits at an even reward, and the
    search plays another move only when that one's mean reward beats the prior's by `margin`.
    On a tiny budget the strong bot is thus the standard one; time makes it better.

    `reuse`: iterations that share one re-dealt state (states are never mutated, so sharing is
    safe); re-dealing costs as much as several decisions, and a deal is a good sample for a
    few descents."""

    value: Value
    budget: float = 1.0
    iterations: int | None = None
    rollout: int = 0
    scale: float = 10.0
    exploration: float = 0.7
    policy: Policy | None = None
    prior: Policy | None = None
    prior_visits: int = 8
    margin: float = 0.08
    reuse: int = 4
    seats: Callable[[State], int] = lambda state: len(state["players"])


@dataclass
class SearchStats:
    """What the last search did: for the bench's overhead and playout-rate figures."""

    iterations: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def search(
    game: Game, state: State, seat: int, rng: Rng, config: SearchConfig, stats: SearchStats | None
) -> Action:
    """The action `seat` should take in `state`, found by ISMCTS within the config's budget."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    root = Node(actor=seat)
    started, cpu = time.perf_counter(), time.process_time()
    preferred = _seed_prior(game, root, state, seat, rng, config)
    deadline = started + config.budget
    limit = config.iterations if config.iterations is not None else 1 << 62
    done = steps = 0
    world = state
    while done < limit and (done == 0 or time.perf_counter() < deadline):
        if done % config.reuse == 0:
            world = game.redetermine(state, seat, rng)
        steps += _iterate(game, root, world, seat, rng, config)
        done += 1
    if stats is not None:
        stats.iterations += done
        stats.decisions += steps
        stats.seconds += time.perf_counter() - started
        stats.cpu_seconds += time.process_time() - cpu
    return _choice(root, seat, legal, preferred, config)


def _seed_prior(
    game: Game, root: Node, state: State, seat: int, rng: Rng, config: SearchConfig
) -> Any:
    if config.prior is None:
        return None
    seen = game.redetermine(state, seat, rng)
    action = config.prior(seen, seat, rng)
    key = _key(action)
    visits = config.prior_visits
    root.children[(seat, key)] = Node(seat, action, visits, visits, 0.5 * visits)
    return key


def _choice(
    root: Node, seat: int, legal: list[Action], preferred: Any, config: SearchConfig
) -> Action:
    """The most visited move; the prior's unless another's mean beats the prior's own mean
    (its head start left out) by `margin`."""
    best, best_key = legal[0], (-1, -math.inf)
    fallback, prior_mean = None, -math.inf
    for action in legal:
        key = _key(action)
        child = root.children.get((seat, key))
        if child is None:
            continue
        mean = child.total / max(1, child.visits)
        if key == preferred:
            fallback = action
            real = child.visits - config.prior_visits
            if real > 0:
                prior_mean = (child.total - 0.5 * config.prior_visits) / real
        if (child.visits, mean) > best_key:
            best, best_key = action, (child.visits, mean)
    if fallback is None or best is fallback:
        return best
    if prior_mean == -math.inf or best_key[1] < prior_mean + config.margin:
        return fallback
    return best


def _iterate(
    game: Game, root: Node, state: State, seat: int, rng: Rng, config: SearchConfig
) -> int:
    """One iteration on one determinization; returns the number of decisions applied."""
    path = [root]
    node = root
    steps = 0
    expanded = False
    while game.outcome(state) is None and not expanded:
        actor = game.to_act(state)[0]
        legal = game.legal_actions(state, actor)
        keyed = [((actor, _key(a)), a) for a in legal]
        untried = [ka for ka in keyed if ka[0] not in node.children]
        for key, _ in keyed:
            child = node.children.get(key)
            if child is not None:
                child.avail += 1
        if untried:
            key, action = untried[rng.below(len(untried))]
            child = Node(actor=actor, action=action, avail=1)
            node.children[key] = child
            expanded = True
        else:
            key, action = _select(node, keyed, config.exploration)
            child = node.children[key]
        state = game.apply(state, actor, action)
        steps += 1
        path.append(child)
        node = child
    state, played = _rollout(game, state, rng, config)
    rewards = _rewards(game, state, config)
    for visited in path:
        visited.visits += 1
        if visited.actor >= 0:
            visited.total += rewards[visited.actor]
    return steps + played


def _key(action: Action) -> Any:
    """A hashable name for an action, cheaper than its notation: its items (the engines build
    each kind of action with its fields in one order), or the notation when a field is a list."""
    items = tuple(action.items())
    try:
        hash(items)
    except TypeError:
        return format_action(action)
    return items


def _select(node: Node, keyed: list[tuple[tuple[int, Any], Action]], c: float) -> Any:
    best, best_score = keyed[0], -math.inf
    for key, action in keyed:
        child = node.children[key]
        score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = (key, action), score
    return best


def _rollout(game: Game, state: State, rng: Rng, config: SearchConfig) -> tuple[State, int]:
    played = 0
    for _ in range(config.rollout):
        if game.outcome(state) is not None:
            break
        actor = game.to_act(state)[0]
        if config.policy is not None:
            action = config.policy(state, actor, rng)
        else:
            action = rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, actor, action)
        played += 1
    return state, played


def _rewards(game: Game, state: State, config: SearchConfig) -> list[float]:
    """Each seat's reward in [0, 1]: its place at the end, else its heuristic lead over the best
    of the others squashed into a win chance."""
    result = game.outcome(state)
    if result is not None:
        return place_rewards(result)
    values = [config.value(state, s) for s in range(config.seats(state))]
    return lead_rewards(values, config.scale)


def place_rewards(result: Outcome) -> list[float]:
    """1 for first place, 0 for last, evenly spaced between (ties share)."""
    seats = len(result.places)
    return [(seats - place) / max(1, seats - 1) for place in result.places]


def lead_rewards(values: list[float], scale: float) -> list[float]:
    out = []
    for s, v in enumerate(values):
        best_other = max(x for o, x in enumerate(values) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(v - best_other) / scale)))
    return out
