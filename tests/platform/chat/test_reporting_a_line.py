"""Anyone who reads a line may report it, once; staff see reports in the admin."""

from __future__ import annotations

import pytest

from chat.errors import ChatError
from chat.models import Report
from chat.services import chat_post, chat_report
from lobbies.services import lobby_create, lobby_join


def test_it_reports_a_line_once_with_its_reason(started_match, alice, bob, carol):
    line = chat_post(user=bob, match_id=started_match.pk, text="you are an idiot")
    report = chat_report(user=carol, line_id=line.pk, reason="abuse", note=" rude ")
    again = chat_report(user=carol, line_id=line.pk, reason="spam")
    assert again.pk == report.pk and Report.objects.count() == 1
    assert (report.reason, report.note, report.status) == ("abuse", "rude", "open")
    chat_report(user=alice, line_id=line.pk)
    assert Report.objects.filter(line=line).count() == 2


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"reason": "boring"}, "malformed"),
        ({"note": "x" * 301}, "malformed"),
        ({"note": ["x"]}, "malformed"),
    ],
)
def test_it_refuses_a_bad_reason_or_note(started_match, alice, bob, kwargs, code):
    line = chat_post(user=bob, match_id=started_match.pk, text="hm")
    with pytest.raises(ChatError) as refusal:
        chat_report(user=alice, line_id=line.pk, **kwargs)
    assert refusal.value.code == code and not Report.objects.exists()


def test_it_refuses_ones_own_line_an_unknown_line_and_a_line_one_cannot_read(alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    table.refresh_from_db()
    line = chat_post(user=bob, match_id=table.match.pk, text="secret plans")
    for user, line_id, code in (
        (bob, line.pk, "own_line"),
        (alice, 999_999, "not_found"),
        (alice, "1", "malformed"),
        (carol, line.pk, "not_found"),
    ):
        with pytest.raises(ChatError) as refusal:
            chat_report(user=user, line_id=line_id)
        assert refusal.value.code == code
    assert not Report.objects.exists()
