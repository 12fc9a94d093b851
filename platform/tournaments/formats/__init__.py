"""Tournament formats: pure functions from entrants, settings and played rounds to the next round.

See base.py for the contract and docs/tournaments.md ("Formats") for the rules of each format.
"""

from tournaments.formats.base import (
    Bracket,
    BracketBox,
    BracketColumn,
    Entrant,
    Format,
    FormatError,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
    TableResult,
    seed_entrants,
)
from tournaments.formats.double_elimination import DoubleElimination
from tournaments.formats.round_robin import RoundRobin
from tournaments.formats.single_elimination import SingleElimination
from tournaments.formats.swiss import Swiss

FORMATS: dict[str, Format] = {
    fmt.name: fmt for fmt in (SingleElimination(), DoubleElimination(), RoundRobin(), Swiss())
}

__all__ = [
    "FORMATS",
    "Bracket",
    "BracketBox",
    "BracketColumn",
    "Entrant",
    "Format",
    "FormatError",
    "PlannedTable",
    "PlayedRound",
    "RoundPlan",
    "Settings",
    "StandingRow",
    "TableResult",
    "seed_entrants",
]
