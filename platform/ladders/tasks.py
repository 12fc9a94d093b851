"""Celery tasks of the ladders: they call a service; running one twice is harmless."""

from celery import shared_task

from ladders import matchmaking, turn_queue


@shared_task(name="ladders.tasks.matchmaking_pair")
def matchmaking_pair() -> int:
    """Both queues: live, and by e-mail."""
    return len(matchmaking.matchmaking_pair()) + len(turn_queue.turn_queue_pair())
