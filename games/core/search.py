"""The strong bot's search: the standard move checked against a few others on common re-deals.

The default (`horizon` > 0), measured to beat the standard bot (docs/bots.md, bench/README.md):
1. candidates: the standard bot's move, asked on a re-dealt state, and up to `width` other legal
   moves ranked by the heuristic value one decision after them (on a re-dealt state too);
2. rounds: each round re-deals what the bot cannot see (`Game.redetermine` from its own seat:
   a determinization is a function of the bot's view and the seed, so the search never reads
   another seat's secrets) and plays every surviving candidate from that same deal with the
   same playout seed (common random numbers: the candidates are compared on equal luck);
3. a playout: the `playout` policy (the standard bot unless the game names a cheaper one)
   until the turn has passed `horizon` times, then every seat's heuristic value becomes a win
   chance (its lead over the best other seat, squashed by `scale`), or the places if it ended;
4. successive halving: the budget is split into phases; after each, the worse half of the
   candidates (never the standard move) is dropped;
5. the choice: the standard move, unless another candidate beats it on the same deals by more
   than `confidence` standard errors of the paired difference.
On a tiny budget it is thus the standard bot; time makes it leave that move where it is
clearly worse.

`horizon=0` keeps the earlier information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012): each iteration
re-deals, walks down a tree over the actions legal in that deal by UCB1 with availability
counts, adds one node, plays `rollout` random decisions and backs every seat's reward up.
Children are keyed by (acting seat, action notation), so a node is an information set seen
from the bot.

The search stops after `budget` seconds, or after `iterations` rounds (tree: iterations),
whichever comes first; with `iterations` set and a generous budget it is deterministic for a
seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
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
    few descents.

    The candidate search (`horizon` > 0, see the module's docstring): `width` alternatives to
    the standard move, playouts by `playout` (default: `prior`) until the turn has changed hands
    `horizon` times (at most `max_playout` decisions), and `confidence`: how many standard
    errors another move must lead the standard one by. `horizon=0`: the tree search above.
    `turn_owner`: whose turn it is (default: the first seat to act), for games where other seats
    decide inside a turn (SPQF's follows), which must not count as the turn changing hands.
    `values`: every seat's `value` at once, where the game computes them cheaper together (the
    same numbers: the leaf evaluation is part of every playout's cost).
    `leap`: where the playout policy plans a run of decisions at once (Scythe's `quick_turn`: a
    whole turn), the state at the end of that run and its number of decisions, or None to ask
    `playout` for one decision."""

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
    horizon: int = 2
    width: int = 8
    confidence: float = 2.0
    playout: Policy | None = None
    max_playout: int = 400
    turn_owner: Callable[[State], int] | None = None
    values: Callable[[State], list[float]] | None = None
    leap: Callable[[State, int, Rng], tuple[State, int] | None] | None = None


@dataclass
class SearchStats:
    """What the searches did, summed: for the bench's overhead and playout-rate figures.
    `searches`: decisions searched (a decision with one legal action is not); `replayed`: the
    play-out decisions replayed from a candidate's plan (`_playout`); `setup_cpu_seconds`: the
    part of `cpu_seconds` before the rounds (the standard move and the candidates' ranking);
    the rest is the rounds: re-deals, play-outs and their bookkeeping."""

    searches: int = 0
    iterations: int = 0
    decisions: int = 0
    replayed: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    setup_cpu_seconds: float = 0.0


def search(
    game: Game, state: State, seat: int, rng: Rng, config: SearchConfig, stats: SearchStats | None
) -> Action:
    """The action `seat` should take in `state`, searched within the config's budget."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if config.horizon > 0 and config.prior is not None:
        return _candidates_search(game, state, seat, legal, rng, config, stats)
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
        stats.searches += 1
        stats.iterations += done
        stats.decisions += steps
        stats.seconds += time.perf_counter() - started
        stats.cpu_seconds += time.process_time() - cpu
    return _choice(root, seat, legal, preferred, config)


@dataclass
class _Candidate:
    action: Action
    key: Any
    rewards: list[float] = field(default_factory=list)  # per round; NaN: not legal in that deal
    plan: list[tuple[int, Action]] = field(default_factory=list)  # the bot's own play-out moves

    def mean(self) -> float:
        seen = [r for r in self.rewards if r == r]
        return sum(seen) / len(seen) if seen else -math.inf


def _candidates_search(
    game: Game,
    state: State,
    seat: int,
    legal: list[Action],
    rng: Rng,
    config: SearchConfig,
    stats: SearchStats | None,
) -> Action:
    started, cpu = time.perf_counter(), time.process_time()
    assert config.prior is not None
    seen = game.redetermine(state, seat, rng)
    standard = config.prior(seen, seat, rng)
    keys = {_key(a): a for a in legal}
    first = _key(standard)
    if first not in keys:  # cannot happen for a bot that reads only its seat's view
        first = _key(legal[0])
    candidates = [_Candidate(keys[first], first)]
    for action in _ranked(game, seen, seat, legal, first, config):
        candidates.append(_Candidate(action, _key(action)))
    setup_cpu = time.process_time() - cpu
    done = decisions = 0
    if len(candidates) > 1:
        alive = candidates
        phases = max(1, math.ceil(math.log2(len(candidates))))
        cap = 1 << 62 if config.iterations is None else max(2, config.iterations // phases)
        for phase in range(phases):
            phase_end = started + config.budget * (phase + 1) / phases
            phase_rounds = 0
            # at least two rounds in all (a paired difference needs two), then the clock
            while phase_rounds < cap and (done < 2 or time.perf_counter() < phase_end):
                decisions += _round(game, state, seat, alive, rng, config, stats)
                phase_rounds += 1
                done += 1
            if phase < phases - 1 and len(alive) > 2:
                rest = sorted(alive[1:], key=lambda c: -c.mean())
                alive = [alive[0], *rest[: max(1, (len(rest) + 1) // 2)]]
        choice = _confident_choice(alive, config.confidence)
    else:
        choice = candidates[0]
    if stats is not None:
        stats.searches += 1
        stats.iterations += done
        stats.decisions += decisions
        stats.seconds += time.perf_counter() - started
        stats.cpu_seconds += time.process_time() - cpu
        stats.setup_cpu_seconds += setup_cpu
    return choice.action


def _ranked(
    game: Game, seen: State, seat: int, legal: list[Action], skip: Any, config: SearchConfig
) -> list[Action]:
    """Up to `width` legal moves other than the standard one, best first by the heuristic value
    one decision after them (on the re-dealt state: nothing hidden is read)."""
    if config.width <= 0:
        return []
    scored = []
    for index, action in enumerate(legal):
        if _key(action) == skip:
            continue
        after = game.apply(seen, seat, action)
        scored.append((-_reward(game, after, seat, config), index, action))
    scored.sort(key=lambda item: (item[0], item[1]))
    return [action for _, _, action in scored[: config.width]]


def _round(
    game: Game,
    state: State,
    seat: int,
    alive: list[_Candidate],
    rng: Rng,
    config: SearchConfig,
    stats: SearchStats | None = None,
) -> int:
    """One re-deal, every candidate played from it with the same playout seed."""
    world = game.redetermine(state, seat, rng)
    playout_seed = rng.next_u64()
    legal = {_key(a) for a in game.legal_actions(world, seat)}
    policy = config.playout if config.playout is not None else config.prior
    assert policy is not None
    trusted = game.apply_trusted or game.apply  # legal in this deal: checked just above
    decisions = 0
    for candidate in alive:
        if candidate.key not in legal:
            candidate.rewards.append(math.nan)
            continue
        after = trusted(world, seat, candidate.action)
        after, played, replayed = _playout(
            game, after, seat, Rng(playout_seed), policy, config, candidate.plan
        )
        candidate.rewards.append(_reward(game, after, seat, config))
        decisions += 1 + played
        if stats is not None:
            stats.replayed += replayed
    return decisions


def _playout(
    game: Game,
    state: State,
    seat: int,
    rng: Rng,
    policy: Policy,
    config: SearchConfig,
    plan: list[tuple[int, Action]] | None = None,
) -> tuple[State, int, int]:
    """Play on with `policy` until the turn has changed hands `horizon` times; returns the end,
    the decisions played and how many of them were replayed from `plan`.

    `plan`: the searching seat's own decisions in this candidate's first play-out. Until a
    decision of the play-out reveals something (`Game.reveals`: a card drawn, an encounter
    turned over, a fight resolved, a die rolled) the seat has seen nothing a re-deal changes,
    so its policy would choose as it did then (but for the tie-breaks' noise): a later round
    replays those decisions (each through the checked `apply`) and the policy thinks again from
    the first reveal, or from a planned decision no longer legal. Other seats' decisions are
    always thought (they may read their re-dealt cards). Not with `leap`, whose runs the plan
    does not list."""
    handovers = played = replayed = 0
    owner = config.turn_owner
    last = seat if owner is None else owner(state)
    trusted = game.apply_trusted or game.apply  # the policy chooses among the legal actions
    record = plan is not None and not plan and config.leap is None
    follow = plan is not None and config.leap is None
    step = 0  # the index in `plan` of the searching seat's next decision
    while played < config.max_playout and game.outcome(state) is None:
        actor = game.to_act(state)[0]
        turn = actor if owner is None else owner(state)
        if turn != last:
            handovers += 1
            if handovers >= config.horizon:
                break
            last = turn
        if config.leap is not None:
            leapt = config.leap(state, actor, rng)
            if leapt is not None:
                state, run = leapt
                played += run
                continue
        before = state
        if actor == seat and follow and plan is not None and step < len(plan):
            replay = _replayed(game, state, actor, plan[step])
            if replay is not None:
                state, step, played, replayed = replay, step + 1, played + 1, replayed + 1
                follow = not game.reveals(before, actor, plan[step - 1][1], state)
                continue
            follow = False
        action = policy(state, actor, rng)
        if actor == seat:
            if record and plan is not None:
                plan.append((actor, action))
            step += 1
        state = trusted(state, actor, action)
        played += 1
        if follow:
            follow = not game.reveals(before, actor, action, state)
    return state, played, replayed


def _replayed(game: Game, state: State, actor: int, planned: tuple[int, Action]) -> State | None:
    """The planned decision applied, or None when it is not the actor's or not legal now."""
    if planned[0] != actor:
        return None
    try:
        return game.apply(state, actor, planned[1])
    except IllegalAction:
        return None


def _reward(game: Game, state: State, seat: int, config: SearchConfig) -> float:
    result = game.outcome(state)
    if result is not None:
        return place_rewards(result)[seat]
    values = _values(state, config)
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return 1.0 / (1.0 + math.exp(-(values[seat] - best_other) / config.scale))


def _confident_choice(alive: list[_Candidate], confidence: float) -> _Candidate:
    """The standard move (first) unless another beats it on the rounds both were played in by
    more than `confidence` standard errors of the paired difference."""
    standard = alive[0]
    best, best_lead = standard, 0.0
    for other in alive[1:]:
        diffs = [
            o - s
            for o, s in zip(other.rewards, standard.rewards, strict=False)
            if o == o and s == s
        ]
        if len(diffs) < 2:
            continue
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        error = math.sqrt(var / len(diffs))
        if mean > confidence * error and mean > best_lead:
            best, best_lead = other, mean
    return best


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
    return lead_rewards(_values(state, config), config.scale)


def _values(state: State, config: SearchConfig) -> list[float]:
    if config.values is not None:
        return config.values(state)
    return [config.value(state, s) for s in range(config.seats(state))]


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
