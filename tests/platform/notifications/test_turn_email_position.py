"""A turn e-mail shows the position (issue 27, points 1 and 2): the picture inline with a text
alternative, the seat's private part and every player's standing in its language, the deadline
in its time zone, and its choices grouped by kind, at most 30 lines, numbers as the engine
lists them."""

import re

import pytest
from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.prompts import MAX_LISTED, choice_groups
from notifications.replies import choices_of
from tests.platform.conftest import make_user

CHOICE = re.compile(r"^\s+(\d+)\. (.+)  \[(.+)\]$", re.MULTILINE)


def test_many_choices_are_grouped_by_kind_within_the_limit_and_keep_their_numbers():
    legal = [
        {"action": {"type": kind, "n": i}, "label": f"{kind} {i}", "text": f"{kind} n={i}"}
        for kind, count in (("use", 5), ("build", 40), ("discard", 8), ("end_turn", 1))
        for i in range(count)
    ]
    choices = choices_of(legal)
    groups = choice_groups(choices)
    listed = [c for g in groups for c in g["items"]]
    assert len(listed) == MAX_LISTED and [g["kind"] for g in groups] == [
        "use", "build", "discard", "end_turn"
    ]  # fmt: skip
    assert all(c is choices[c.number - 1] for c in listed)  # the engine's numbers, unchanged
    assert sum(g["more"] for g in groups) == len(choices) - MAX_LISTED
    assert groups[3]["items"] and groups[0]["more"] == 0  # a lone choice is never cut
    build = groups[1]
    assert build["more"] and build["example"] == "build n=39"


@pytest.mark.parametrize(
    ("game", "language"), [("scythe", "es"), ("spqf", "vi"), ("dicecity", "en")]
)
def test_a_turn_email_shows_the_position_in_the_players_language(
    db, game, language, settings, django_capture_on_commit_callbacks
):
    settings.INBOUND_EMAIL_DOMAIN = "reply.test.example"
    players = [make_user(n) for n in ("ana", "ben", "cy")]
    for user in players:
        user.language, user.time_zone = language, "Asia/Ho_Chi_Minh"
        user.save()
    table = lobby_create(host=players[0], game=game, seats=3, mode="turn")
    lobby_join(table_id=table.pk, user=players[1])
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=players[2])
    [turn] = mail.outbox
    text, html = turn.body, turn.alternatives[0][0]
    assert len(CHOICE.findall(text)) <= MAX_LISTED
    for user in players:  # every player's standing, in text and HTML
        assert user.display_name in text and user.display_name in html
    assert "+07" in text or "ICT" in text  # the deadline in the player's time zone
    assert 'src="cid:board"' in html and 'alt="' in html
    english = ["Your combat cards", "Players", "Your hand", "Several decisions", "Your move is due"]
    if language != "en":
        assert not [w for w in english if w in text], text
    else:
        assert "Several decisions in one reply" in text and "Players" in text
