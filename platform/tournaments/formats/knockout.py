"""What single and double elimination share: replaying the played rounds into who is still in,
the standings, the bracket columns and the check that an event can reach its end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from django.utils.translation import gettext as _

from tournaments.formats import common
from tournaments.formats.arrange import improve
from tournaments.formats.base import (
    BracketBox,
    BracketColumn,
    Entrant,
    FormatError,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
    TableResult,
)

MAX_ENTRANTS = 2048
WITHDRAWN_PLACE = 99  # a withdrawn entrant ranks below everyone who went out in the same round
FINAL = "F"
GRAND_FINAL = "GF"
GRAND_FINAL_RESET = "GF2"


@dataclass
class Knockout:
    """The event after the played rounds."""

    seeds: dict[int, int]
    losses: dict[int, int]  # entrants still in -> losses so far (0: winners' side, 1: losers')
    out: dict[int, tuple[int, int]] = field(default_factory=dict)  # -> (round, place at table)
    wins: Counter[int] = field(default_factory=Counter)  # tables finished in the top k
    played: Counter[int] = field(default_factory=Counter)
    byes: Counter[int] = field(default_factory=Counter)
    champion: int | None = None
    reset: tuple[int, ...] = ()  # double elimination: the players of the grand final reset
    contenders: tuple[int, ...] = ()  # ...and those of them who can still take the title
    advanced: dict[str, tuple[int, ...]] = field(default_factory=dict)  # table key -> went on
    beaten: dict[str, tuple[int, ...]] = field(default_factory=dict)  # table key -> the others

    def alive(self, losses: int | None = None) -> list[int]:
        """Entrants still in (with exactly ``losses`` losses if given), by seed."""
        found = [p for p, n in self.losses.items() if losses is None or n == losses]
        return sorted(found, key=self.seeds.__getitem__)

    def knock_out(self, player: int, number: int, place: int) -> None:
        self.losses.pop(player, None)
        self.out[player] = (number, place)


def start(entrants: Sequence[Entrant], played: Sequence[PlayedRound]) -> Knockout:
    took_part = {p for rnd in played[:1] for t in rnd.plan.tables for p in t.players}
    took_part |= {p for rnd in played[:1] for p in rnd.plan.byes}
    roster = [e.id for e in entrants if (e.active and not played) or e.id in took_part]
    return Knockout(seeds=common.seeds_of(entrants), losses=dict.fromkeys(roster, 0))


def record_table(state: Knockout, number: int, result: TableResult, advance: int) -> list[int]:
    """Count the table; returns its players best first."""
    order = common.ranked_result(result, state.seeds)
    state.advanced[result.key] = tuple(order[:advance])
    state.beaten[result.key] = tuple(order[advance:])
    for place, player in enumerate(order):
        state.played[player] += 1
        if place < advance:
            state.wins[player] += 1
    return order


def drop_absent(state: Knockout, rnd: PlayedRound) -> None:
    """Whoever is still in but took no part in a round had withdrawn before it: out there."""
    present = {p for t in rnd.plan.tables for p in t.players} | set(rnd.plan.byes)
    for player in state.alive():
        if player not in present:
            state.knock_out(player, rnd.plan.number, WITHDRAWN_PLACE)


def drop_withdrawn(state: Knockout, entrants: Sequence[Entrant], number: int) -> None:
    """Entrants withdrawn since the last round are out now (a champion stays champion)."""
    for e in entrants:
        if not e.active and e.id in state.losses and e.id != state.champion:
            state.knock_out(e.id, number, WITHDRAWN_PLACE)


def seat_tables(
    players: Sequence[int],
    tables: int,
    state: Knockout,
    played: Sequence[PlayedRound],
    apart: frozenset[frozenset[int]] = frozenset(),
) -> list[list[int]]:
    """``players`` (best seed first) dealt in a snake into ``tables`` balanced tables, then
    swapped only where that keeps a blocked pair apart (``apart``) or avoids players meeting
    again."""
    base, extra = divmod(len(players), tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    dealt = common.snake(players, sizes)
    met = common.meetings(played)

    def cost(a: int, b: int) -> tuple[int, float]:
        return common.apart_cost(apart, a, b) + met.get(common.pair(a, b), 0), 0.0

    improve(dealt, cost)
    return dealt


def pick_byes(players: Sequence[int], count: int, state: Knockout) -> list[int]:
    """Byes go to the best seeds among those with the fewest byes so far."""
    ranked = sorted(players, key=lambda p: (state.byes[p], state.seeds[p]))
    return sorted(ranked[:count], key=state.seeds.__getitem__)


def planned(
    tables: Sequence[Sequence[int]],
    prefix: str,
    played: Sequence[PlayedRound],
    state: Knockout,
) -> list[PlannedTable]:
    history = common.seat_history(played)
    return [
        PlannedTable(common.seat_order(t, history, state.seeds), f"{prefix}-T{i + 1}")
        for i, t in enumerate(tables)
    ]


def standings(state: Knockout, entrants: Sequence[Entrant]) -> list[StandingRow]:
    """Champion first, then those still in (fewer losses first), then the others by how late
    they went out and their place at that table. Ranks are shared by equal keys."""

    def key(p: int) -> tuple[int, int, int]:
        if p == state.champion:
            return (0, 0, 0)
        if p in state.losses:
            return (1, state.losses[p], 0)
        if p not in state.out:
            return (3, 0, 0)  # never took part
        number, place = state.out[p]
        return (2, -number, place)

    listed = list(entrants)  # withdrawn before the start: last, as out
    order = sorted(listed, key=lambda e: (key(e.id), e.seed))
    rows: list[StandingRow] = []
    for index, e in enumerate(order):
        shared = index > 0 and key(order[index - 1].id) == key(e.id)
        number, place = state.out.get(e.id, (0, 0))
        note = ""
        if e.id == state.champion:
            note = "champion"
        elif not e.active:
            note = "withdrawn"
        elif e.id in state.out:
            note = f"out in round {number}"
        rows.append(
            StandingRow(
                entrant=e.id,
                rank=rows[-1].rank if shared else index + 1,
                points=float(state.wins[e.id]),
                tiebreaks={
                    "round_out": float(number),
                    "table_place": float(place + 1 if number else 0),
                },
                played=state.played[e.id],
                byes=state.byes[e.id],
                eliminated=e.id != state.champion and e.id not in state.losses,
                note=note,
            )
        )
    return rows


class Planner(Protocol):
    def plan_round(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> RoundPlan | None: ...

    def replay(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Knockout: ...


def check(planner: Planner, settings: Settings, count: int) -> None:
    common.check_settings(settings, count)
    low, size = common.seats_bounds(settings)
    if not 1 <= settings.advance < size:
        raise FormatError(
            _("Between 1 and %(value)s players of each table can advance.") % {"value": size - 1}
        )
    if size == 2 and settings.advance != 1:
        raise FormatError(_("At 2-player tables only the winner advances."))
    if count > MAX_ENTRANTS:
        raise FormatError(
            _("Elimination events take at most %(MAX_ENTRANTS)s players.")
            % {"MAX_ENTRANTS": MAX_ENTRANTS}
        )
    if not rehearse(planner, settings, count):
        raise FormatError(
            f"{count} players cannot be brought down to one winner at tables of {low}-{size} "
            f"with {settings.advance} advancing; change the table size or how many advance."
        )


def _rehearsed(planner: Planner, settings: Settings, count: int) -> bool:
    entrants = [Entrant(id=i, rating=1500.0, seed=i) for i in range(1, count + 1)]
    played: list[PlayedRound] = []
    for _n in range(4 * count + 8):
        plan = planner.plan_round(entrants, settings, played)
        if plan is None:
            return planner.replay(entrants, settings, played).champion is not None
        results = tuple(
            TableResult(
                t.key, t.players, tuple(range(1, len(t.players) + 1)), (0.0,) * len(t.players)
            )
            for t in plan.tables
        )
        played.append(PlayedRound(plan, results))
    return False


_REHEARSED: dict[tuple[str, Settings, int], bool] = {}


def rehearse(planner: Planner, settings: Settings, count: int) -> bool:
    """Play the event through with the seat order as the result: does it end with a champion?
    The shape of an elimination event depends only on the numbers, not on who wins."""
    key = (type(planner).__name__, settings, count)
    if key not in _REHEARSED:
        if len(_REHEARSED) > 4096:
            _REHEARSED.clear()
        _REHEARSED[key] = _rehearsed(planner, settings, count)
    return _REHEARSED[key]


def column(
    section: str,
    label: str,
    number: int,
    plan: RoundPlan,
    prefix: str,
    result: dict[str, TableResult],
    state_of: Mapping[str, tuple[tuple[int, ...], tuple[int, ...]]],
    goes: dict[tuple[str, int], str],
    byes: tuple[int, ...],
) -> BracketColumn:
    """One column of boxes: the tables of ``plan`` whose key starts with ``prefix``."""
    boxes = []
    for i, table in enumerate(t for t in plan.tables if t.key.startswith(prefix)):
        res = result.get(table.key)
        advancing, dropping = state_of.get(table.key, ((), ()))
        boxes.append(
            BracketBox(
                key=table.key,
                label=box_label(table.key, i),
                players=tuple(table.players),
                sources=("",) * len(table.players),
                places=res.places if res else (),
                advancing=advancing,
                advance_to=tuple(goes.get((table.key, p), "") for p in advancing),
                dropping=dropping,
                drop_to=tuple(goes.get((table.key, p), "") for p in dropping),
                state="played" if res else "ready",
            )
        )
    return BracketColumn(section, label, number, tuple(boxes), byes)


def box_label(key: str, index: int) -> str:
    return {FINAL: "Final", GRAND_FINAL: "Grand final", GRAND_FINAL_RESET: "Grand final reset"}.get(
        key, f"Table {index + 1}"
    )


def destinations(rounds: Sequence[RoundPlan]) -> dict[tuple[str, int], str]:
    """(table key, player) -> the key of the table that player sat at next ("bye" when the
    next round was a bye)."""
    goes: dict[tuple[str, int], str] = {}
    last: dict[int, str] = {}
    for plan in rounds:
        for table in plan.tables:
            for p in table.players:
                if p in last:
                    goes[(last[p], p)] = table.key
                last[p] = table.key
        for p in plan.byes:
            if p in last and (last[p], p) not in goes:
                goes[(last[p], p)] = "bye"
    return goes
