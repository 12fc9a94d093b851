"""Swiss: a fixed number of rounds; each round players of similar points share tables, with as
few repeat meetings as possible (docs/tournaments.md, "Swiss")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

import networkx as nx
import rustworkx as rx
from django.utils.translation import gettext as _

from tournaments.formats import colours, common
from tournaments.formats.arrange import arrange, improve
from tournaments.formats.base import (
    Bracket,
    Entrant,
    FormatError,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
)
from tournaments.formats.points import points_standings, tally

# 2-player rounds over MATCHING_COMPLETE players: edges first to this many ranks away, the
# window doubled (up to every pair) while the matching keeps a block, a clash or a rematch
MATCHING_WINDOW = 24
MATCHING_COMPLETE = 200  # complete graph: 0.2 s at 200 players (rustworkx)


class Swiss:
    name = "swiss"
    title = "Swiss"

    def validate(self, settings: Settings, entrants: int) -> None:
        common.check_settings(settings, entrants)
        if settings.rounds < 1:
            raise FormatError(_("A Swiss event needs at least one round."))

    def plan_round(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> RoundPlan | None:
        if len(played) >= settings.rounds:
            return None
        number = len(played) + 1
        active = {e.id for e in entrants if e.active}
        ranking = [row.entrant for row in self.standings(entrants, settings, played)]
        ranking = [p for p in ranking if p in active]
        if played:
            order = ranking
        else:  # round 1: by seed
            seeds = common.seeds_of(entrants)
            order = sorted(active, key=seeds.__getitem__)
        low, size = common.seats_bounds(settings)
        sizes, bye_count = common.table_sizes(len(order), size, low)
        byes = pick_byes(order, bye_count, played)
        seated = [p for p in order if p not in byes]
        tables = pair_round(seated, sizes, entrants, played, settings.apart)
        rank = {p: i for i, p in enumerate(order)}
        seat = seating(played, rank, entrants, size)
        planned = tuple(PlannedTable(seat(t), f"R{number}-T{i + 1}") for i, t in enumerate(tables))
        return RoundPlan(
            number, f"Round {number}", planned, tuple(sorted(byes, key=rank.__getitem__))
        )

    def standings(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> list[StandingRow]:
        return points_standings(entrants, played)

    def bracket(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Bracket | None:
        return None


def seating(
    played: Sequence[PlayedRound], rank: dict[int, int], entrants: Sequence[Entrant], size: int
) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Seat order: at 2-player tables by the Dutch colour rules once a round is played (round 1
    keeps the better seed first), at larger tables by the common rotation."""
    if size == 2 and played:
        seats = colours.seat_sequences(played)
        seeds = common.seeds_of(entrants)
        return lambda t: colours.orient(t[0], t[1], seats, rank, seeds)
    history = common.seat_history(played)
    return lambda t: common.even_seats(t, history, rank, size)


def pick_byes(order: Sequence[int], count: int, played: Sequence[PlayedRound]) -> set[int]:
    """The lowest ranked players among those with the fewest byes so far."""
    had: Counter[int] = Counter(b for rnd in played for b in rnd.plan.byes)
    by_need = sorted(range(len(order)), key=lambda i: (had[order[i]], -i))
    return {order[i] for i in by_need[:count]}


def pair_round(
    seated: Sequence[int],
    sizes: Sequence[int],
    entrants: Sequence[Entrant],
    played: Sequence[PlayedRound],
    apart: frozenset[frozenset[int]] = frozenset(),
) -> list[list[int]]:
    """Tables for players already ranked best first; a pair in ``apart`` (a block) shares a
    table only when no arrangement avoids it."""
    if not played:
        tables = common.snake(seated, sizes)
        if apart:  # round 1: the seeds' snake, swapped only to keep blocked pairs apart
            improve(tables, lambda a, b: (common.apart_cost(apart, a, b), 0.0))
        return tables
    met = common.meetings(played)
    points = {p: t.points for p, t in tally(entrants, played).items()}
    if all(s == 2 for s in sizes):
        return match_pairs(seated, points, met, apart, colours.seat_sequences(played))
    score = {p: float(v) for p, v in points.items()}
    met_by = common.met_by_player(met)
    nobody: dict[int, int] = {}

    def cost(a: int, b: int) -> tuple[int, float]:
        gap = score[a] - score[b]
        return common.apart_cost(apart, a, b) + met_by.get(a, nobody).get(b, 0), gap * gap

    return arrange(seated, sizes, cost)


def match_pairs(
    seated: Sequence[int],
    points: dict[int, Fraction],
    met: Counter[common.Pair],
    apart: frozenset[frozenset[int]] = frozenset(),
    seats: dict[int, list[int]] | None = None,
) -> list[list[int]]:
    """2-player tables by maximum-weight matching (Edmonds' blossom), lexicographically:
    blocked pairs, then pairs whose absolute seat preferences clash (Dutch B.3), then fewest
    repeat meetings, then the smallest squared point gaps, then fewest unmet seat preferences
    and unmet strong ones (Dutch C.12, C.13), then the nearest ranks (1 v 2, 3 v 4 in a score
    group)."""
    n = len(seated)
    wants = [colours.preference((seats or {}).get(p, [])) for p in seated]
    window = n if n <= MATCHING_COMPLETE else MATCHING_WINDOW
    while True:
        matching, kept = _matching(seated, points, met, apart, wants, window)
        if not kept or window >= n:
            break
        window *= 2  # a block, clash or rematch the window kept: look further
    pairs = sorted(tuple(sorted(edge)) for edge in matching)
    if 2 * len(pairs) != n:
        raise FormatError(_("No pairing seats everyone."))  # cannot happen: ranks i, i+1 are linked
    return [[seated[i], seated[j]] for i, j in pairs]


def _matching(
    seated: Sequence[int],
    points: dict[int, Fraction],
    met: Counter[common.Pair],
    apart: frozenset[frozenset[int]],
    wants: Sequence[colours.Preference],
    window: int,
) -> tuple[set[tuple[int, int]], int]:
    """The best matching with each player linked to the ``window`` next in rank, and what
    its pairs cost in the first criteria (blocks, absolute seat clashes, rematches): when 0,
    no wider window can do better on them."""
    n = len(seated)
    links: list[tuple[int, int]] = []
    rows: list[tuple[int, ...]] = []
    for i in range(n):
        for j in range(i + 1, min(n, i + window + 1)):
            a, b = seated[i], seated[j]
            gap = int((points[a] - points[b]) * 24)  # points are multiples of 1/24
            blocked = common.apart_cost(apart, a, b)
            clash, unmet, strong = colours.pair_cost(wants[i], wants[j])
            links.append((i, j))
            rows.append(
                (blocked, clash, met.get(common.pair(a, b), 0), gap * gap, unmet, strong, j - i)
            )
    costs = lexicographic(rows, n // 2)
    top = max(costs, default=0) + 1
    weighted = [(i, j, top - c) for (i, j), c in zip(links, costs, strict=True)]
    matching = max_weight_matching(n, weighted)
    first = {link: row[:3] for link, row in zip(links, rows, strict=True)}
    kept = sum(sum(first[min(i, j), max(i, j)]) for i, j in matching)
    return matching, kept


# rustworkx keeps weights (and its duals, twice a weight) in 128-bit integers: heavier graphs
# go to networkx, whose Python integers have no limit
RUSTWORKX_MAX_WEIGHT = 2**120


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """A maximum-weight matching among those of maximum cardinality of nodes 0..n-1, by
    Edmonds' blossom algorithm: rustworkx's (a port of networkx's to Rust, exact in integers,
    about 150 times faster at 500 players), or networkx's when a weight is too large for it.
    Either is optimal: the matchings may differ only between equal total weights."""
    if max((w for _i, _j, w in edges), default=0) < RUSTWORKX_MAX_WEIGHT:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(n))
        graph.add_edges_from(edges)
        found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        return {(int(i), int(j)) for i, j in found}
    full = nx.Graph()
    full.add_nodes_from(range(n))
    full.add_weighted_edges_from(edges)
    return set(nx.max_weight_matching(full, maxcardinality=True))


def lexicographic(rows: Sequence[tuple[int, ...]], edges: int) -> list[int]:
    """One integer cost per row of non-negative criteria, most important first, such that for
    any two sets of ``edges`` rows the sums compare as the criteria do lexicographically: one
    unit of a criterion outweighs the largest total the ones after it can reach."""
    if not rows:
        return []
    costs = [0] * len(rows)
    unit = 1
    for k in reversed(range(len(rows[0]))):
        for r, row in enumerate(rows):
            costs[r] += row[k] * unit
        unit = edges * max(costs) + 1
    return costs
