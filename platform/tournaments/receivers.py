"""tournaments listens to play: a finished match that is a tournament table records its result
on the table, in the transaction that records the match's result, and asks (through the
outbox, after commit) whether the round is complete."""

from __future__ import annotations

from typing import Any

from outbox.services import job_record
from tournaments import progress, services
from tournaments.models import TournamentTable


def table_result_record(sender: Any, match: Any, seats: Any = None, **kwargs: Any) -> None:
    table = TournamentTable.objects.filter(match_id=match.pk).first()
    if table is None or table.is_finished:
        return  # not a tournament game, or an organiser already set the result by hand
    progress.table_result_from_match(table, seats if seats is not None else match.seats.all())
    table.save(update_fields=["places", "scores", "finished_at"])
    job_record(
        "tournaments.advance",
        {"tournament": table.tournament_id},
        key=f"tournaments.advance:match:{match.pk}",
    )


def table_results_record(sender: Any, finished: Any, **kwargs: Any) -> None:
    """Several matches finished in one transaction (the deadline sweep's chunk): the tables
    among them looked up in one query."""
    ids = [match.pk for match, _seats in finished]
    tables = set(
        TournamentTable.objects.filter(match_id__in=ids).values_list("match_id", flat=True)
    )
    for match, seats in finished:
        if match.pk in tables:
            table_result_record(sender, match=match, seats=seats)


def banned_disqualify(sender: Any, user: Any, sanction: Any, **kwargs: Any) -> None:
    """A banned account leaves its tournaments, in the ban's transaction (chat.signals)."""
    services.tournaments_banned_leave(
        user=user, actor=sanction.created_by, reason="account banned by the moderators"
    )
