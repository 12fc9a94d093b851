"""How many tables and byes each elimination round has: a shortest-path search over the number of
players still in (docs/tournaments.md, "Elimination: the shape of the rounds").

From m players a round seats p of them at t tables (each of lo..size players, lo being the
game's minimum and at least advance + 1) and gives the other m - p a bye; the top k of each table
go on, so m' = m - p + t*k players are left. The search finds, for every m, the fewest rounds to
the end and, among those, the fewest byes. The first round prefers its byes to later ones (the
classic bracket: 5 players at 2-player tables give 3 byes in round 1, then 4, 2, 1).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

INF = 10**9


@dataclass(frozen=True)
class Step:
    tables: int
    seated: int  # players at the tables; the others of the round have byes
    final: bool = False  # a last table whose top goal_high go on (single elimination: the winner)


@dataclass
class Search:
    """Cheapest (rounds, byes) to go from m players to the end, for m = 0..len-1."""

    size: int
    lo: int
    low: int
    advance: int
    goal_low: int  # the end: goal_low <= m <= goal_high players left...
    goal_high: int
    final: bool  # ...or, when True, a last table of low..size players whose top goal_high go on
    rounds: list[int]
    byes: list[int]
    steps: list[Step | None]
    # sparse table for range minima of (rounds, byes + m, m) over m: sparse[j][i] covers
    # i .. i + 2**j - 1
    sparse: list[list[tuple[int, int, int]]]

    def extend(self, upto: int) -> None:
        for m in range(len(self.rounds), upto + 1):
            self._solve(m)

    def _solve(self, m: int) -> None:
        best: tuple[int, int] = (INF, INF)
        step: Step | None = None
        if self.goal_low <= m <= self.goal_high:
            best = (0, 0)
        elif self.final and self.low <= m <= self.size and m > self.goal_high:
            best, step = (1, 0), Step(1, m, final=True)
        else:
            for tables in range(1, m // self.lo + 1):
                # byes now = m - seated = after - tables * advance
                first = m - min(m, tables * self.size) + tables * self.advance
                last = min(m - 1, m - tables * self.lo + tables * self.advance)
                if first > last:
                    continue
                rounds, byes_after, after = self._least(first, last)
                cost = (rounds + 1, byes_after - tables * self.advance)
                if rounds < INF and cost < best:
                    best = cost
                    step = Step(tables, m - after + tables * self.advance)
        self.rounds.append(best[0])
        self.byes.append(best[1])
        self.steps.append(step)
        self._index(m)

    def _index(self, m: int) -> None:
        key = (self.rounds[m], self.byes[m] + m if self.rounds[m] < INF else INF, m)
        if not self.sparse:
            self.sparse.append([])
        self.sparse[0].append(key)
        level = 1
        while (1 << level) <= m + 1:
            if len(self.sparse) <= level:
                self.sparse.append([])
            row, below, half = self.sparse[level], self.sparse[level - 1], 1 << (level - 1)
            start = len(row)
            row.append(min(below[start], below[start + half]))
            level += 1

    def _least(self, first: int, last: int) -> tuple[int, int, int]:
        level = (last - first + 1).bit_length() - 1
        row = self.sparse[level]
        return min(row[first], row[last - (1 << level) + 1])

    def moves(self, m: int) -> list[tuple[int, int, int]]:
        """(tables, seated, players left) for every legal round from m players, fewest byes
        first for each number of tables."""
        found = []
        for tables in range(1, m // self.lo + 1):
            for seated in range(min(m, tables * self.size), tables * self.lo - 1, -1):
                after = m - seated + tables * self.advance
                if after < m and self.rounds[after] < INF:
                    found.append((tables, seated, after))
        return found

    def first_step(self, m: int) -> Step | None:
        """The first round: fewest rounds, then fewest later byes, then fewest byes now."""
        self.extend(m)
        only = self.steps[m]
        if only is None or only.final:
            return only
        best = (INF, INF, INF)
        step = None
        for tables, seated, after in self.moves(m):
            cost = (self.rounds[after] + 1, self.byes[after], m - seated)
            if cost < best:
                best, step = cost, Step(tables, seated)
        return step

    def step(self, m: int) -> Step | None:
        self.extend(m)
        return self.steps[m]

    def total_rounds(self, m: int) -> int:
        self.extend(m)
        return self.rounds[m]


@functools.lru_cache(maxsize=64)
def search(size: int, low: int, advance: int, goal_low: int, goal_high: int, final: bool) -> Search:
    lo = max(low, advance + 1)
    found = Search(size, lo, low, advance, goal_low, goal_high, final, [], [], [], [])
    found.extend(1)
    return found


def path(found: Search, m: int, first: bool) -> list[tuple[Step, int]]:
    """The rounds still to come from m players: (step, players at its start)."""
    rounds: list[tuple[Step, int]] = []
    step = found.first_step(m) if first else found.step(m)
    while step is not None:
        rounds.append((step, m))
        m = found.goal_high if step.final else m - step.seated + step.tables * found.advance
        step = found.step(m)
    return rounds
