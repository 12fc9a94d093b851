"""Single elimination: the top k of each table go on, the others are out; the last table's 1st
place is the champion (docs/tournaments.md, "Single elimination")."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats import counts, knockout
from tournaments.formats.base import (
    Bracket,
    BracketBox,
    BracketColumn,
    Entrant,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
)
from tournaments.formats.common import seat_history, seat_order, seats_bounds
from tournaments.formats.knockout import FINAL, Knockout


class SingleElimination:
    name = "single_elimination"
    title = "Single elimination"

    def validate(self, settings: Settings, entrants: int) -> None:
        knockout.check(self, settings, entrants)

    def replay(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Knockout:
        state = knockout.start(entrants, played)
        for rnd in played:
            number = rnd.plan.number
            for p in rnd.plan.byes:
                state.byes[p] += 1
            for result in rnd.results:
                going = 1 if result.key == FINAL else settings.advance
                order = knockout.record_table(state, number, result, going)
                for place, player in enumerate(order):
                    if place >= going:
                        state.knock_out(player, number, place)
                if result.key == FINAL and order[0] in state.losses:
                    state.champion = order[0]
            knockout.drop_absent(state, rnd)
        knockout.drop_withdrawn(state, entrants, len(played))
        alive = state.alive()
        if state.champion is None and len(alive) == 1 and played:
            state.champion = alive[0]
        return state

    def plan_round(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> RoundPlan | None:
        state = self.replay(entrants, settings, played)
        alive = state.alive()
        if state.champion is not None or len(alive) < 2:
            return None
        step = (
            shape(settings).first_step(len(alive))
            if not played
            else shape(settings).step(len(alive))
        )
        if step is None:
            return None  # withdrawals left a number no table can take: see standings
        number = len(played) + 1
        if step.final:
            order = seat_order(alive, seat_history(played), state.seeds)
            return RoundPlan(number, "Final", (PlannedTable(order, FINAL),))
        byes = knockout.pick_byes(alive, len(alive) - step.seated, state)
        seated = [p for p in alive if p not in byes]
        tables = knockout.seat_tables(seated, step.tables, state, played, settings.apart)
        planned = knockout.planned(tables, f"R{number}", played, state)
        return RoundPlan(number, f"Round {number}", tuple(planned), tuple(byes))

    def standings(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> list[StandingRow]:
        state = self.replay(entrants, settings, played)
        if state.champion is None and self.plan_round(entrants, settings, played) is None:
            alive = state.alive()
            state.champion = alive[0] if alive else None  # a dead end: the best seed left wins
        return knockout.standings(state, entrants)

    def bracket(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Bracket | None:
        state = self.replay(entrants, settings, played)
        upcoming = self.plan_round(entrants, settings, played)
        plans = [rnd.plan for rnd in played] + ([upcoming] if upcoming else [])
        goes = knockout.destinations(plans)
        results = {r.key: r for rnd in played for r in rnd.results}
        moved = {key: (state.advanced[key], ()) for key in results}
        if state.champion is not None and FINAL in results:
            goes[(FINAL, state.champion)] = "champion"
        columns = [
            knockout.column(
                "main", plan.label, plan.number, plan, "", results, moved, goes, plan.byes
            )
            for plan in plans
        ]
        columns.extend(future(settings, state, upcoming, len(plans)))
        return Bracket(tuple(columns), state.champion, ("main",))


def shape(settings: Settings) -> counts.Search:
    low, size = seats_bounds(settings)
    return counts.search(size, low, settings.advance, 1, 1, True)


def future(
    settings: Settings, state: Knockout, upcoming: RoundPlan | None, done: int
) -> list[BracketColumn]:
    """Columns for the rounds after the next one, with empty seats."""
    if upcoming is None or any(t.key == FINAL for t in upcoming.tables):
        return []
    left = len(upcoming.byes) + len(upcoming.tables) * settings.advance
    columns = []
    for number, (step, players) in enumerate(counts.path(shape(settings), left, False), done + 1):
        sizes = [players] if step.final else _sizes(step.seated, step.tables)
        boxes = tuple(
            BracketBox(
                key=FINAL if step.final else f"R{number}-T{i + 1}",
                label="Final" if step.final else f"Table {i + 1}",
                players=(None,) * size,
                sources=(f"from round {number - 1}",) * size,
            )
            for i, size in enumerate(sizes)
        )
        label = "Final" if step.final else f"Round {number}"
        columns.append(BracketColumn("main", label, 0, boxes))
    return columns


def _sizes(seated: int, tables: int) -> list[int]:
    base, extra = divmod(seated, tables)
    return [base + 1] * extra + [base] * (tables - extra)
