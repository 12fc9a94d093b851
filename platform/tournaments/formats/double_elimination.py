"""Double elimination: a player is out after two losses; a loss is finishing below the top k of a
table (docs/tournaments.md, "Double elimination").

The winners' bracket runs down to k players (its last table's top k); everyone below the top k of
a winners' table drops to the losers' bracket, where the top k of each table stay and the others
are out. The grand final seats the winners' bracket's last k with the losers' bracket's
survivors: if a winners'-bracket player finishes 1st they are champion; if a losers'-bracket
player does, the winners'-bracket players have now lost once too and the grand final reset
decides (its 1st place is champion). So a champion from the losers' bracket won twice. When the
winner and the unbeaten are too few for a legal table, the whole grand final table replays, but
only they contend: the best placed of them is champion.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats import common, counts, knockout
from tournaments.formats.base import (
    Bracket,
    BracketColumn,
    Entrant,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
    TableResult,
)
from tournaments.formats.knockout import GRAND_FINAL, GRAND_FINAL_RESET, Knockout

LOSERS_FINAL = "LF"


class DoubleElimination:
    name = "double_elimination"
    title = "Double elimination"

    def validate(self, settings: Settings, entrants: int) -> None:
        knockout.check(self, settings, entrants)

    def replay(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Knockout:
        state = knockout.start(entrants, played)
        for rnd in played:
            for p in rnd.plan.byes:
                state.byes[p] += 1
            for result in rnd.results:
                self._record(state, settings, rnd.plan.number, result)
            knockout.drop_absent(state, rnd)
        knockout.drop_withdrawn(state, entrants, len(played))
        state.reset = tuple(p for p in state.reset if p in state.losses)  # not the withdrawn
        state.contenders = tuple(p for p in state.contenders if p in state.losses)
        alive = state.alive()
        if state.champion is None and len(alive) == 1 and played:
            state.champion = alive[0]
        return state

    def _record(
        self, state: Knockout, settings: Settings, number: int, result: TableResult
    ) -> None:
        if result.key in (GRAND_FINAL, GRAND_FINAL_RESET):
            self._record_final(state, settings, number, result)
            return
        going = settings.advance
        if result.key == LOSERS_FINAL:  # its top players fill the grand final's seats
            going = max(1, settings.table_size - len(state.alive(0)))
        order = knockout.record_table(state, number, result, going)
        for place, player in enumerate(order[going:], going):
            if player not in state.losses:
                continue
            state.losses[player] += 1
            if state.losses[player] >= 2:
                state.knock_out(player, number, place)

    def _record_final(
        self, state: Knockout, settings: Settings, number: int, result: TableResult
    ) -> None:
        order = knockout.record_table(state, number, result, 1)
        if result.key == GRAND_FINAL_RESET:
            eligible = state.contenders or tuple(order)
            state.champion = next(p for p in order if p in eligible)
            for place, player in enumerate(p for p in order if p != state.champion):
                state.knock_out(player, number, place + 1)
            return
        winner = order[0]
        if state.losses.get(winner) == 0:
            state.champion = winner
            for place, player in enumerate(order[1:], 1):
                state.knock_out(player, number, place)
            return
        # a losers'-bracket player won: the unbeaten lose once, the other losers' finalists are
        # out; when winner + unbeaten are too few for a table, the whole table plays the reset
        # but only they can take the title
        low, _created = common.seats_bounds(settings)
        contenders = [winner, *(p for p in order if state.losses.get(p) == 0)]
        reset = contenders if len(contenders) >= low else list(order)
        for place, player in enumerate(order[1:], 1):
            if player not in reset:
                state.knock_out(player, number, place)
        for player in reset:
            state.losses[player] = 1
        state.reset, state.contenders = tuple(reset), tuple(contenders)

    def plan_round(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> RoundPlan | None:
        state = self.replay(entrants, settings, played)
        if state.champion is not None or len(state.alive()) < 2:
            return None
        number = len(played) + 1
        history = common.seat_history(played)
        if state.reset:
            low, _created = common.seats_bounds(settings)
            if len(state.reset) < low:
                return None  # withdrawals left too few for the reset: see standings
            order = common.seat_order(state.reset, history, state.seeds)
            return RoundPlan(number, "Grand final reset", (PlannedTable(order, GRAND_FINAL_RESET),))
        winners, losers = state.alive(0), state.alive(1)
        k = settings.advance
        if len(winners) <= k:
            return self._late_round(state, settings, played, winners, losers)
        low, size = common.seats_bounds(settings)
        wb = counts.search(size, low, k, 1, k, False)
        step = wb.first_step(len(winners)) if not played else wb.step(len(winners))
        if step is None:
            return None
        byes = knockout.pick_byes(winners, len(winners) - step.seated, state)
        seated = [p for p in winners if p not in byes]
        w_round = 1 + sum(any(t.key.startswith("W") for t in r.plan.tables) for r in played)
        tables = knockout.planned(
            knockout.seat_tables(seated, step.tables, state, played, settings.apart),
            f"W{w_round}",
            played,
            state,
        )
        label = f"Winners' round {w_round}"
        lb_tables, lb_byes, lb_label = self._losers_round(state, settings, played, losers, None)
        if lb_label:
            label = f"{label} · {lb_label}"
        return RoundPlan(number, label, (*tables, *lb_tables), tuple(byes + lb_byes))

    def _late_round(
        self,
        state: Knockout,
        settings: Settings,
        played: Sequence[PlayedRound],
        winners: list[int],
        losers: list[int],
    ) -> RoundPlan | None:
        """The winners' bracket is done: the losers' bracket plays down to the grand final."""
        number = len(played) + 1
        low, size = common.seats_bounds(settings)
        goal = (max(1, low - len(winners)), size - len(winners))
        if goal[0] <= len(losers) <= goal[1] and len(winners) + len(losers) >= 2:
            order = common.seat_order([*winners, *losers], common.seat_history(played), state.seeds)
            return RoundPlan(number, "Grand final", (PlannedTable(order, GRAND_FINAL),))
        tables, byes, label = self._losers_round(state, settings, played, losers, goal)
        if not tables:
            return None  # a dead end (withdrawals): see standings
        return RoundPlan(number, label, tuple(tables), tuple(winners + byes))

    def _losers_round(
        self,
        state: Knockout,
        settings: Settings,
        played: Sequence[PlayedRound],
        losers: list[int],
        goal: tuple[int, int] | None,
    ) -> tuple[list[PlannedTable], list[int], str]:
        """The losers' bracket's tables this round. While the winners' bracket still plays
        (``goal`` None) as many as can be seated play; afterwards the shortest way down to
        ``goal`` players."""
        low, size = common.seats_bounds(settings)
        k = settings.advance
        lo = max(low, k + 1)
        if goal is None:
            sizes, bye_count = common.table_sizes(len(losers), size, lo)
            tables_count = len(sizes)
        else:
            step = counts.search(size, low, k, goal[0], goal[1], True).step(len(losers))
            if step is None:
                return [], list(losers), ""
            if step.final:
                order = common.seat_order(losers, common.seat_history(played), state.seeds)
                return [PlannedTable(order, LOSERS_FINAL)], [], "Losers' final"
            tables_count, bye_count = step.tables, len(losers) - step.seated
        if tables_count == 0:
            return [], list(losers), ""
        byes = knockout.pick_byes(losers, bye_count, state)
        seated = [p for p in losers if p not in byes]
        l_round = 1 + sum(any(t.key.startswith("L") for t in r.plan.tables) for r in played)
        dealt = knockout.seat_tables(seated, tables_count, state, played, settings.apart)
        return (
            knockout.planned(dealt, f"L{l_round}", played, state),
            byes,
            f"Losers' round {l_round}",
        )

    def standings(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> list[StandingRow]:
        state = self.replay(entrants, settings, played)
        if state.champion is None and self.plan_round(entrants, settings, played) is None:
            alive = state.alive(0) + state.alive(1)
            state.champion = alive[0] if alive else None  # a dead end: the best placed left wins
        return knockout.standings(state, entrants)

    def bracket(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Bracket | None:
        state = self.replay(entrants, settings, played)
        upcoming = self.plan_round(entrants, settings, played)
        plans = [rnd.plan for rnd in played] + ([upcoming] if upcoming else [])
        goes = knockout.destinations(plans)
        results = {r.key: r for rnd in played for r in rnd.results}
        moved = {
            key: (state.advanced[key], state.beaten[key] if key.startswith("W") else ())
            for key in results
        }
        for key in (GRAND_FINAL, GRAND_FINAL_RESET):
            if state.champion is not None and state.advanced.get(key) == (state.champion,):
                goes[(key, state.champion)] = "champion"
        columns: list[BracketColumn] = []
        for section, prefix, name in (("winners", "W", "Winners'"), ("losers", "L", "Losers'")):
            for plan in plans:
                keys = [t.key for t in plan.tables if t.key.startswith(prefix)]
                if keys:
                    label = f"{name} round {keys[0][1:].split('-')[0]}"
                    if keys[0] == LOSERS_FINAL:
                        label = "Losers' final"
                    columns.append(
                        knockout.column(
                            section, label, plan.number, plan, prefix, results, moved, goes, ()
                        )
                    )
        for plan in plans:
            if any(t.key.startswith("GF") for t in plan.tables):
                columns.append(
                    knockout.column(
                        "final", plan.label, plan.number, plan, "GF", results, moved, goes, ()
                    )
                )
        return Bracket(tuple(columns), state.champion, ("winners", "losers", "final"))
