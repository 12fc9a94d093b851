"""Celery tasks of the ladders: they call a service; running one twice is harmless."""

from celery import shared_task

from ladders import matchmaking


@shared_task(name="ladders.tasks.matchmaking_pair")
def matchmaking_pair() -> int:
    return len(matchmaking.matchmaking_pair())
