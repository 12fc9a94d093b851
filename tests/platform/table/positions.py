"""Matches at a given moment of a game (the build step of Dice City, SPQF's recruit phase...):
from a fixed seed, the engine's bot plays until the moment comes, and the log is written as
action_submit writes it; the browser tests and the visual check open the board there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Rng, get_game
from play.models import ActionRecord, Match, Seat

from .factories import seeded_match

State = dict[str, Any]
Moment = Callable[[State, list[dict[str, Any]]], bool]


def _legal(game: Any, state: State) -> list[dict[str, Any]]:
    seats = game.to_act(state)
    return list(game.legal_actions(state, seats[0])) if seats else []


def _types(legal: list[dict[str, Any]]) -> set[str]:
    return {a["type"] for a in legal}


# Dice City
def dicecity_build(state: State, legal: list[dict[str, Any]]) -> bool:
    return not state["pending"] and sum(a["type"] == "build" for a in legal) >= 3


def dicecity_attack(state: State, legal: list[dict[str, Any]]) -> bool:
    return "attack_location" in _types(legal) and "attack_bandits" in _types(legal)


def dicecity_place(state: State, legal: list[dict[str, Any]]) -> bool:
    return bool(state["pending"]) and state["pending"]["kind"] == "place"


# SPQF
def spqf_follow(state: State, legal: list[dict[str, Any]]) -> bool:
    return state["step"] == "follow"


def spqf_recruit(state: State, legal: list[dict[str, Any]]) -> bool:
    return state["step"] == "recruit" and any(p["row"] for p in state["players"])


def spqf_unit(state: State, legal: list[dict[str, Any]]) -> bool:
    return state["step"] == "unit"


def spqf_modify(state: State, legal: list[dict[str, Any]]) -> bool:
    return state["step"] == "modify" and "modify" in _types(legal)


MOMENTS: dict[str, dict[str, Moment]] = {
    "dicecity": {"build": dicecity_build, "attack": dicecity_attack, "place": dicecity_place},
    "spqf": {
        "follow": spqf_follow,
        "recruit": spqf_recruit,
        "unit": spqf_unit,
        "modify": spqf_modify,
    },
}


def match_at(
    game_name: str, seed: int, users: list[Any], moment: Moment, bot: str = "greedy"
) -> Match:
    """A match of `users` from `seed`, played by the bot until `moment(state, legal)` holds."""
    game = get_game(game_name)
    match = seeded_match(game_name, seed, users)
    rng = Rng.from_seed(seed)
    choose = game.bots.get(bot) or game.bots["random"]
    state, records = match.state, []
    while not moment(state, _legal(game, state)):
        assert game.outcome(state) is None, f"{game_name} seed {seed}: the moment never came"
        seat = game.to_act(state)[0]
        action = choose(state, seat, rng)
        after = game.apply(state, seat, action)
        records.append(_record(game, match, len(records) + 1, state, seat, action, after))
        state = after
    ActionRecord.objects.bulk_create(records)
    Match.objects.filter(pk=match.pk).update(state=state, version=len(records))
    acting = set(game.to_act(state))
    for seat_row in match.seats.all():
        Seat.objects.filter(pk=seat_row.pk).update(to_act=seat_row.index in acting)
    match.refresh_from_db()
    return match


def _record(game: Any, match: Match, seq: int, state: State, seat: int, action: Any, after: State):
    return ActionRecord(
        match=match,
        seq=seq,
        seat=seat,
        action=action,
        public_action=game.public_action(state, seat, action),
        text=game.narrate(state, seat, action, after)[:300],
        to_act_before=list(game.to_act(state)),
    )


def seat_to_act(match: Match) -> int:
    return int(get_game(match.game).to_act(match.state)[0])


def match_with_state(game_name: str, users: list[Any], state: State, bots: tuple[str, ...] = ()):
    """A match of `users` (then `bots`) whose state is `state`, built for a scenario: the log
    is empty and the seats to act are the engine's."""
    game = get_game(game_name)
    match = seeded_match(game_name, 1, users, bots)
    Match.objects.filter(pk=match.pk).update(state=state)
    acting = set(game.to_act(state))
    for seat_row in match.seats.all():
        Seat.objects.filter(pk=seat_row.pk).update(to_act=seat_row.index in acting)
    match.refresh_from_db()
    return match


def touch_page(open_page: Callable[..., Any], cookie: str, path: str) -> Any:
    """A phone (390x844) with a touch screen, logged in with `cookie`, at `path`: taps and long
    presses are touch events there (the launch fixture's pages have a mouse)."""
    from .conftest import PHONE, TIMEOUT_MS

    first = open_page(cookie, "/", PHONE)
    browser, base = first.context.browser, first.url.rstrip("/")
    jar = first.context.cookies()
    first.context.close()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies(jar)
    page = context.new_page()
    page.goto(base + path)
    return page
