"""A turn e-mail shows its seat what that seat may know and nothing else, the picture included:
everything the e-mail draws from the game (the picture's SVG and PNG, the position in words,
the choices) is the same for any re-deal of what the seat cannot see (`redetermine`: other
hands, decks, objectives, undisclosed dials), and the picture attached to a real turn e-mail
is the one drawn from that seat's view."""

import pytest
from django.core import mail

from boards.picture import picture_png, picture_svg, position_words
from games.core import Rng, get_game
from lobbies.services import lobby_create, lobby_join
from play.selectors import legal_for
from tests.platform.conftest import make_user

PLAYERS = [{"seat": i, "name": f"P{i}", "is_bot": False} for i in range(5)]


def states(game_name, seats, every, limit=240):
    game = get_game(game_name)
    state, rng = game.setup(seats, 11, {}), Rng.from_seed(11)
    for step in range(limit):
        if game.outcome(state) is not None:
            break
        if step % every == every - 1:
            yield state
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bots["random"](state, seat, rng))


def drawn(game_name, state, seat, language, png=False):
    game = get_game(game_name)
    game.legal_actions.forget()
    view = game.view(state, seat)
    legal = legal_for(game, state, seat, language=language)
    players = PLAYERS[: len(view["players"])]
    svg = picture_svg(game_name, view, seat, legal, players, language)
    words = position_words(game_name, view, seat, legal, players, language)
    labels = [(i["label"], i["text"]) for i in legal]
    return svg, words, labels, picture_png(svg) if png else None


@pytest.mark.parametrize(
    ("game_name", "seats", "every"), [("scythe", 3, 45), ("spqf", 3, 40), ("dicecity", 3, 50)]
)
def test_what_a_turn_email_draws_is_the_same_for_any_redeal_of_what_the_seat_cannot_see(
    game_name, seats, every
):
    game = get_game(game_name)
    for n, state in enumerate(states(game_name, seats, every)):
        for seat in range(seats):
            png = n == 0  # the rasterised picture too, once per seat (it is deterministic)
            mine = drawn(game_name, state, seat, "vi", png)
            other = game.redetermine(state, seat, Rng.from_seed(100 + n))
            assert drawn(game_name, other, seat, "vi", png) == mine, (n, seat)


def test_the_redeal_changes_what_the_other_seats_hold():
    """The check above can fail: a re-deal changes another seat's hand."""
    game = get_game("spqf")
    state = next(states("spqf", 3, 40))
    other = game.redetermine(state, 0, Rng.from_seed(1))
    assert other["players"][1]["hand"] != state["players"][1]["hand"]
    assert drawn("spqf", other, 1, "en") != drawn("spqf", state, 1, "en")


def test_the_picture_of_a_turn_email_is_drawn_from_its_seats_view(
    db, settings, django_capture_on_commit_callbacks
):
    settings.INBOUND_EMAIL_DOMAIN = "reply.test.example"
    players = [make_user(n) for n in ("ana", "ben", "cy")]
    table = lobby_create(host=players[0], game="spqf", seats=3, mode="turn")
    lobby_join(table_id=table.pk, user=players[1])
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=players[2])
    match = table.match
    [turn] = mail.outbox
    seat = match.seats.get(user__email=turn.to[0])
    [image] = [a for a in turn.attachments if a.get_content_type() == "image/png"]
    assert image["Content-ID"] == "<board>" and 'src="cid:board"' in turn.alternatives[0][0]
    sent = image.get_payload(decode=True)
    names = [{"seat": s.index, "name": s.user.display_name, "is_bot": False} for s in
             match.seats.select_related("user").order_by("index")]  # fmt: skip
    game = match.engine
    for index in range(3):
        view = game.view(match.state, index)
        legal = legal_for(game, match.state, index, language="en")
        png = picture_png(picture_svg("spqf", view, index, legal, names, "en"))
        assert (png == sent) == (index == seat.index), index
    message = turn.message()
    assert message.get_content_type() == "multipart/related"
    assert message["Auto-Submitted"] == "auto-generated"
