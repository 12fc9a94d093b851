"""Celery tasks of play: they take ids and call a service; running one twice is harmless."""

from celery import shared_task

from play import bots, services


@shared_task(name="play.tasks.bots_play")
def bots_play(match_id: int, version: int = 0) -> int:
    return bots.bots_play(match_id=match_id)


@shared_task(name="play.tasks.clocks_enforce")
def clocks_enforce() -> int:
    return services.clocks_enforce()
