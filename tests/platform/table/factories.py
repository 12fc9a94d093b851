"""A match at a fixed seed, seats in a fixed order: the same board every run, for the visual
check and the browser tests (match_create shuffles seats and draws a random seed)."""

from __future__ import annotations

from typing import Any

from games.core import get_game
from play.models import ActionRecord, Match, Seat


def seeded_match(
    game_name: str, seed: int, users: list[Any], bots: tuple[str, ...] = (), ranked: bool = False
) -> Match:
    game = get_game(game_name)
    players = [(u, "") for u in users] + [(None, b) for b in bots]
    state = game.setup(len(players), seed, {})
    to_act = game.to_act(state)
    match = Match.objects.create(
        game=game_name, seed=seed, options={}, ranked=ranked, mode="live", state=state
    )
    Seat.objects.bulk_create(
        Seat(match=match, index=i, user=user, bot=bot, to_act=i in to_act, to_act_since=0)
        for i, (user, bot) in enumerate(players)
    )
    return match


def played(match: Match, moves: int | None = None, bot: str = "greedy") -> Match:
    """Play `moves` decisions (None: to the end) through action_submit, each seat choosing as
    the engine's bot would: the log, snapshot and result are the site's own."""
    from games.core import Rng
    from play.services import action_submit

    game = get_game(match.game)
    rng = Rng.from_seed(match.seed)
    choose = game.bots.get(bot) or game.bots["random"]
    done = 0
    while moves is None or done < moves:
        match.refresh_from_db()
        if match.is_finished:
            break
        seat = game.to_act(match.state)[0]
        action = choose(match.state, seat, rng)
        action_submit(match_id=match.pk, action=action, version=match.version, seat_index=seat)
        done += 1
    match.refresh_from_db()
    return match


def played_to_end(match: Match, bot: str = "greedy") -> Match:
    """The whole game, fast: the engine plays every decision but the last offline and the log
    is written as action_submit writes it; the last decision goes through action_submit, so the
    result (places, scores, the finished match) is the site's own."""
    from games.core import Rng
    from play.services import action_submit

    game = get_game(match.game)
    rng = Rng.from_seed(match.seed)
    choose = game.bots.get(bot) or game.bots["random"]
    state, records = match.state, []
    while True:
        seat = game.to_act(state)[0]
        action = choose(state, seat, rng)
        after = game.apply(state, seat, action)
        if game.outcome(after) is not None:
            break
        records.append(
            ActionRecord(
                match=match,
                seq=len(records) + 1,
                seat=seat,
                action=action,
                public_action=game.public_action(state, seat, action),
                text=game.narrate(state, seat, action, after)[:300],
                to_act_before=list(game.to_act(state)),
            )
        )
        state = after
    ActionRecord.objects.bulk_create(records)
    Match.objects.filter(pk=match.pk).update(state=state, version=len(records))
    acting = set(game.to_act(state))
    for seat_row in match.seats.all():
        Seat.objects.filter(pk=seat_row.pk).update(to_act=seat_row.index in acting)
    action_submit(match_id=match.pk, action=action, version=len(records), seat_index=seat)
    match.refresh_from_db()
    return match
