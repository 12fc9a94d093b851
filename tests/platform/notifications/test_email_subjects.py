"""E-mail subjects are plain text: a display name is shown as written, never HTML-escaped, and
no line break in it reaches the header."""

from pathlib import Path
from types import SimpleNamespace

from django.conf import settings
from django.core import mail
from django.template.loader import get_template

from lobbies.services import lobby_create, lobby_join
from notifications.services import subject_render
from outbox.services import job_record
from play.services import seat_forfeit
from tests.platform.conftest import make_user

HOSTILE = '<script>&"\r\nBcc: x@y.io'  # a display name holds 24 characters at most
SHOWN = '<script>&" Bcc: x@y.io'
# The subjects that carry a name someone else chose (a display name, a tournament's name).
NAMED = {
    "invitation",
    "move_timed_out",
    "seat_replaced",
    "tournament_advanced",
    "tournament_checkin",
    "tournament_eliminated",
    "tournament_registered",
    "tournament_results",
    "tournament_table",
}


def _every_subject():
    folder = Path(settings.BASE_DIR) / "templates" / "emails"
    return sorted(p.parent.name for p in folder.glob("*/subject.txt"))


def test_it_renders_every_subject_as_one_line_without_html_escaping():
    context = {
        "inviter": HOSTILE,
        "missed_name": HOSTILE,
        "left_name": HOSTILE,
        "tournament": SimpleNamespace(name=HOSTILE),
        "round_label": "Round 1",
        "game_title": "Goofspiel",
        "match": SimpleNamespace(pk=7),
        "is_you": False,
        "left": "1 hour",
        "games": [1, 2],
        "day": "Monday",
        "place": 1,
        "record": SimpleNamespace(reason=""),
    }
    names = _every_subject()
    assert set(names) >= NAMED
    for name in names:
        subject = subject_render(name, context)
        assert "\n" not in subject and "\r" not in subject, name
        assert "&lt;" not in subject and "&amp;" not in subject and "&quot;" not in subject, name
        assert (SHOWN in subject) == (name in NAMED), (name, subject)


def test_a_hostile_display_name_reaches_the_subject_as_written(
    alice, bob, django_capture_on_commit_callbacks
):
    carol = make_user("carol")
    carol.display_name = HOSTILE
    carol.save()
    table = lobby_create(host=alice, game="goofspiel", seats=3, mode="turn", options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=carol)
    mail.outbox.clear()
    seat = table.match.seats.get(user=carol)
    with django_capture_on_commit_callbacks(execute=True):
        seat_forfeit(match_id=table.match.pk, seat_index=seat.index, reason="out of time")
    [told] = [m for m in mail.outbox if m.to == [alice.email]]
    assert told.subject.startswith(SHOWN + " left Goofspiel")
    assert told.message()["Bcc"] is None  # no header smuggled in by the name


def test_a_hostile_inviter_name_reaches_the_invitation_subject_as_written(
    alice, django_capture_on_commit_callbacks
):
    alice.display_name = HOSTILE
    alice.save()
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    payload = {"table": table.pk, "email": "friend@example.org", "inviter": alice.pk}
    with django_capture_on_commit_callbacks(execute=True):
        job_record("notifications.table_invitation", payload)
    [invite] = mail.outbox
    assert invite.subject == f"{SHOWN} invites you to play Goofspiel"
    assert invite.message()["Bcc"] is None


def test_every_plain_text_body_shows_names_as_written():
    """The text/plain part is plain text too: a name in it is shown as written, not
    HTML-escaped (`{% autoescape off %}` in every body.txt)."""
    name = '<b>&"Ann'
    context = {
        "user": SimpleNamespace(display_name=name),
        "tournament": SimpleNamespace(name=name),
        "opponents": [name],
        "round_label": "Round 1",
        "game_title": "Goofspiel",
        "match": SimpleNamespace(pk=7),
    }
    folder = Path(settings.BASE_DIR) / "templates" / "emails"
    bodies = sorted(folder.glob("*/body.txt"))
    assert len(bodies) > 10
    for path in bodies:
        text = get_template(f"emails/{path.parent.name}/body.txt").render(context)
        assert "&lt;" not in text and "&amp;" not in text and "&quot;" not in text, path
        if "display_name" in path.read_text():
            assert name in text, path
