"""Run as a site process (`python tests/platform/faults/killer.py <match id>`): the seat to act
plays out its turn, and the process SIGKILLs itself right after the commit that hands the turn
on, before its own after-commit work (the on_commit callback registered first runs first)."""

import os
import signal
import sys

import django


def main(match_id: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.db import transaction

    from play.models import Match
    from play.services import action_submit

    match = Match.objects.get(pk=match_id)
    game = match.engine
    seat = game.to_act(match.state)[0]
    user = match.seats.get(index=seat).user

    def die_if_turn_passed() -> None:
        if game.to_act(Match.objects.get(pk=match_id).state)[0] != seat:
            os.kill(os.getpid(), signal.SIGKILL)

    for _ in range(300):
        match = Match.objects.get(pk=match_id)
        action = game.legal_actions(match.state, seat)[-1]
        with transaction.atomic():
            transaction.on_commit(die_if_turn_passed)
            action_submit(match_id=match_id, user=user, action=action, version=match.version)
    sys.exit("the turn never passed")


if __name__ == "__main__":
    main(int(sys.argv[1]))
