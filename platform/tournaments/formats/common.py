"""Pieces every format shares: place points, table sizes, meetings so far, seat order, and the
table arranger (greedy by rank, then swaps between tables) used by Swiss, round robin and the
elimination brackets."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.formats.base import Entrant, FormatError, PlayedRound, Settings, TableResult

Pair = tuple[int, int]


# A pair kept apart (Settings.apart) costs this many repeat meetings: avoiding it comes before
# avoiding a rematch, yet it is only a cost, so a pairing that cannot avoid it still happens.
APART_WEIGHT = 1000


def apart_cost(apart: frozenset[frozenset[int]], a: int, b: int) -> int:
    return APART_WEIGHT if apart and frozenset((a, b)) in apart else 0


def pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def place_points(places: Sequence[int]) -> list[Fraction]:
    """(N - place)/(N - 1) for each player of a table; tied players share the points of the
    positions they cover (two tied firsts at 4 players get (1 + 2/3)/2 each)."""
    n = len(places)
    if n < 2:
        return [Fraction(0)] * n
    points = []
    for mine in places:
        better = sum(1 for p in places if p < mine)
        tied = sum(1 for p in places if p == mine)
        position = Fraction(2 * better + tied + 1, 2)  # the mean of positions better+1..better+tied
        points.append((n - position) / (n - 1))
    return points


def seats_bounds(settings: Settings) -> tuple[int, int]:
    """The smallest and largest table allowed: the game's minimum (never below 2) and the
    organiser's table size."""
    return max(2, settings.min_seats), settings.table_size


def check_settings(settings: Settings, entrants: int) -> None:
    low, size = seats_bounds(settings)
    if not settings.min_seats <= size <= settings.max_seats:
        raise FormatError(
            _("Tables of %(size)s are outside this game's %(min_seats)s-%(max_seats)s.")
            % {"size": size, "min_seats": settings.min_seats, "max_seats": settings.max_seats}
        )
    if size < 2:
        raise FormatError(_("A tournament table needs at least 2 seats."))
    if entrants < low:
        raise FormatError(
            _("At least %(low)s players are needed, %(entrants)s registered.")
            % {"low": low, "entrants": entrants}
        )


def table_sizes(players: int, size: int, low: int) -> tuple[list[int], int]:
    """Balanced table sizes (largest first) and the number of byes.

    Everyone is seated when some number of tables t has t*low <= players <= t*size (13 at
    4-player tables: 4+3+3+3); otherwise the fewest byes that make it possible.
    """
    for byes in range(players + 1):
        seated = players - byes
        if seated == 0:
            return [], byes
        tables = math.ceil(seated / size)
        if seated >= tables * low:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra), byes
    return [], players  # unreachable: seated == 0 returns first


def snake(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Deal players (best first) into tables back and forth: 1 2 3 3 2 1 1 2 3..., skipping
    tables that are full."""
    tables: list[list[int]] = [[] for _n in sizes]
    order = list(range(len(sizes)))
    lane: list[int] = []
    for player in players:
        while not lane:
            lane = [i for i in order if len(tables[i]) < sizes[i]]
            order.reverse()
        tables[lane.pop(0)].append(player)
    return tables


def meetings(played: Sequence[PlayedRound]) -> Counter[Pair]:
    """How many times each pair of entrants has sat at the same table."""
    met: Counter[Pair] = Counter()
    for rnd in played:
        for table in rnd.plan.tables:
            for a, b in itertools.combinations(table.players, 2):
                met[pair(a, b)] += 1
    return met


def met_by_player(met: Counter[Pair]) -> dict[int, dict[int, int]]:
    """The meetings as player -> other -> times, for fast lookups."""
    found: dict[int, dict[int, int]] = {}
    for (a, b), times in met.items():
        found.setdefault(a, {})[b] = times
        found.setdefault(b, {})[a] = times
    return found


def seat_history(played: Sequence[PlayedRound]) -> dict[int, Counter[int]]:
    """For each entrant, how many times they sat in each seat (0 = first)."""
    history: dict[int, Counter[int]] = {}
    for rnd in played:
        for table in rnd.plan.tables:
            for seat, player in enumerate(table.players):
                history.setdefault(player, Counter())[seat] += 1
    return history


def seat_order(
    table: Sequence[int], history: dict[int, Counter[int]], rank: dict[int, int]
) -> tuple[int, ...]:
    """The seat order of a table. The first seat goes to whoever sat first least often (the
    better ranked on a tie), so nobody sits first again while a tablemate never has; the other
    seats go round so that the most anyone has sat in their new seat, then the total, is
    smallest. Deterministic: among equal orders the better ranked sit earlier."""
    players = sorted(table, key=lambda p: rank[p])
    counts = {p: history.get(p, Counter()) for p in players}
    first = min(players, key=lambda p: counts[p][0])
    others = [p for p in players if p != first]

    def cost(order: tuple[int, ...]) -> tuple[int, int]:
        seen = [counts[p][seat] for seat, p in enumerate(order, 1)]
        return max(seen, default=0), sum(seen)

    return (first, *min(itertools.permutations(others), key=cost))


def even_seats(
    table: Sequence[int], history: dict[int, Counter[int]], rank: dict[int, int], width: int
) -> tuple[int, ...]:
    """The seat order of a table at 3-5 seats (Swiss and round robin), so that each player's
    seats across rounds stay as even as the rounds allow: every order of the table (at most
    5! = 120) is tried, and the one kept gives, after this round, the smallest widest spread
    (a player's most used seat minus their least used, over this table's seats),
    then the smallest sum of spreads, then seats each player has used least, then the first
    seat to whoever sat first least often, then the better ranked earlier."""
    players = sorted(table, key=lambda p: rank[p])
    seats = min(width, len(players))  # a smaller table: the spread over the seats it has
    counts = [[history.get(p, Counter())[s] for s in range(seats)] for p in players]
    spreads = []  # player index -> seat -> spread after sitting there
    for row in counts:
        top, low = max(row), min(row)
        after = []
        for s in range(len(players)):
            new_top = max(top, row[s] + 1)
            new_low = low if row[s] != low or row.count(low) > 1 else low + 1
            after.append(new_top - new_low)
        spreads.append(after)

    # The criteria as one integer per order (each weight above the most the ones after it can
    # reach); permutations come in lexicographic order, so the first with the least key is
    # also the one with the better ranked earlier. An order's key is the largest spread times
    # ``top`` plus the sum of its seats' weights (faster than comparing tuples per order).
    rounds = 1 + max((sum(row) for row in counts), default=0)
    used_unit = rounds + 1  # above any first-seat count
    spread_unit = used_unit * (len(players) * rounds + 1)  # above any sum of seats used
    top = spread_unit * (len(players) * (rounds + 1) + 1)  # above any sum of spreads
    weight = [
        [(spreads[i][s] * spread_unit + counts[i][s] * used_unit) for s in range(len(players))]
        for i in range(len(players))
    ]
    for i, row in enumerate(weight):
        row[0] += counts[i][0]
    best, best_key = tuple(range(len(players))), -1
    for order in itertools.permutations(range(len(players))):
        widest = 0
        key = 0
        for s, i in enumerate(order):
            key += weight[i][s]
            if spreads[i][s] > widest:
                widest = spreads[i][s]
        key += widest * top
        if best_key < 0 or key < best_key:
            best, best_key = order, key
    return tuple(players[i] for i in best)


def ranked_result(result: TableResult, seeds: dict[int, int]) -> list[int]:
    """The players of a finished table best first: place, then game score, then seed."""
    order = sorted(
        range(len(result.players)),
        key=lambda i: (result.places[i], -result.scores[i], seeds.get(result.players[i], 0)),
    )
    return [result.players[i] for i in order]


def results_by_key(played: Sequence[PlayedRound]) -> dict[str, TableResult]:
    return {res.key: res for rnd in played for res in rnd.results}


def seeds_of(entrants: Sequence[Entrant]) -> dict[int, int]:
    return {e.id: e.seed for e in entrants}


PairCost = Callable[[int, int], tuple[int, float]]
