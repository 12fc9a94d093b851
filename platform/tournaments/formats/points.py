"""Standings by place points, shared by Swiss and round robin.

Each game gives (N - place)/(N - 1) points (ties share the positions they cover), a bye gives
BYE_POINTS. Tie-breaks in order: opponents' points (the mean final points of everyone met, one
entry per table shared), game score (the sum of the player's own game scores; a game ended by a
rule at a deadline has no game score, and counts as the mean of the player's games played to
the end, 0 if none), rating at the start. Ranks are shared only when points and every
tie-break are equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.formats.base import Entrant, PlayedRound, StandingRow
from tournaments.formats.common import place_points

BYE_POINTS = Fraction(1, 2)  # the mean result of any table: a bye neither rewards nor punishes


@dataclass
class Tally:
    points: Fraction = Fraction(0)
    game_score: float = 0.0
    played: int = 0
    byes: int = 0
    scored: int = 0  # games with a game score (played to the end, or set by the organiser)
    opponents: list[int] = field(default_factory=list)


def tally(entrants: Sequence[Entrant], played: Sequence[PlayedRound]) -> dict[int, Tally]:
    tallies = {e.id: Tally() for e in entrants}
    for rnd in played:
        for bye in rnd.plan.byes:
            tallies[bye].points += BYE_POINTS
            tallies[bye].byes += 1
        for result in rnd.results:
            for player, points, score in zip(
                result.players, place_points(result.places), result.scores, strict=True
            ):
                mine = tallies[player]
                mine.points += points
                if result.scored:
                    mine.game_score += score
                    mine.scored += 1
                mine.played += 1
                mine.opponents.extend(p for p in result.players if p != player)
    for mine in tallies.values():
        if mine.scored and mine.played > mine.scored:  # games ended by a rule: the mean
            mine.game_score *= mine.played / mine.scored
    return tallies


def points_standings(
    entrants: Sequence[Entrant], played: Sequence[PlayedRound]
) -> list[StandingRow]:
    tallies = tally(entrants, played)
    keys: dict[int, tuple[float, float, float, float]] = {}
    for e in entrants:
        mine = tallies[e.id]
        opp = (
            sum(tallies[o].points for o in mine.opponents) / len(mine.opponents)
            if mine.opponents
            else Fraction(0)
        )
        keys[e.id] = (
            round(float(mine.points), 9),
            round(float(opp), 9),
            round(mine.game_score, 9),
            e.rating,
        )
    order = sorted(entrants, key=lambda e: (tuple(-k for k in keys[e.id]), e.seed))
    rows: list[StandingRow] = []
    for index, e in enumerate(order):
        shared = index > 0 and keys[order[index - 1].id] == keys[e.id]
        rank = rows[-1].rank if shared else index + 1
        points, opp, game, rating = keys[e.id]
        rows.append(
            StandingRow(
                entrant=e.id,
                rank=rank,
                points=points,
                tiebreaks={"opponents_points": opp, "game_score": game, "rating": rating},
                played=tallies[e.id].played,
                byes=tallies[e.id].byes,
                note="" if e.active else "withdrawn",
            )
        )
    return rows
