"""Staff moderate in the admin: reports listed (open first) with the line, its author and where
it was said; actions remove lines, chat-mute or ban authors; sanctions are added with a reason
and lifted. Every action goes through chat/moderation.py."""

from __future__ import annotations

import pytest

from accounts.models import User
from chat.models import ChatLine, Report, Sanction
from chat.services import chat_post, chat_report
from play.models import Match


@pytest.fixture
def staff_client(client, dave):
    client.force_login(dave)
    return client


@pytest.fixture
def reported(started_match, alice, bob, carol):
    line = chat_post(user=bob, match_id=started_match.pk, text="you cheat, idiot")
    chat_report(user=alice, line_id=line.pk, reason="abuse")
    chat_report(user=carol, line_id=line.pk, reason="abuse")
    return line


def _superuser_staff(dave):
    """The admin's pages need the model permissions: dave gets them all."""
    User.objects.filter(pk=dave.pk).update(is_superuser=True)


@pytest.mark.parametrize(
    "url", ["/admin/chat/report/", "/admin/chat/chatline/", "/admin/chat/sanction/"]
)
def test_staff_see_the_moderation_lists(staff_client, dave, reported, url):
    _superuser_staff(dave)
    page = staff_client.get(url)
    assert page.status_code == 200
    if "report" in url:
        html = page.content.decode()
        assert "you cheat, idiot" in html and "bob" in html and "match #" in html


def test_an_action_bans_the_author_of_the_reported_lines(staff_client, dave, reported, bob):
    _superuser_staff(dave)
    reports = list(Report.objects.values_list("pk", flat=True))
    staff_client.post(
        "/admin/chat/report/",
        {"action": "ban_authors", "_selected_action": reports},
    )
    bob.refresh_from_db()
    assert not bob.is_active
    ban = Sanction.objects.get(user=bob)
    assert ban.kind == "ban" and ban.created_by == dave and "Reported line" in ban.reason
    assert set(Report.objects.values_list("status", flat=True)) == {"acted"}
    assert Match.objects.get(pk=reported.match_id).is_finished  # bob's seat went to a bot


def test_an_action_mutes_the_author_for_a_day_once(staff_client, dave, reported, bob):
    _superuser_staff(dave)
    reports = list(Report.objects.values_list("pk", flat=True))
    staff_client.post("/admin/chat/report/", {"action": "mute_day", "_selected_action": reports})
    mute = Sanction.objects.get(user=bob)  # two reports of one author: one mute
    assert mute.kind == "mute" and (mute.until - mute.created_at).total_seconds() == 24 * 3600
    bob.refresh_from_db()
    assert bob.is_active


def test_actions_remove_lines_and_dismiss_reports(staff_client, dave, reported):
    _superuser_staff(dave)
    first = Report.objects.first()
    staff_client.post("/admin/chat/report/", {"action": "dismiss", "_selected_action": [first.pk]})
    assert Report.objects.get(pk=first.pk).status == "dismissed"
    staff_client.post(
        "/admin/chat/chatline/", {"action": "remove", "_selected_action": [reported.pk]}
    )
    assert ChatLine.objects.get(pk=reported.pk).removed_at is not None
    assert Report.objects.exclude(pk=first.pk).get().outcome == "line removed"


def test_staff_add_a_ban_with_its_reason_and_lift_it(staff_client, dave, alice):
    _superuser_staff(dave)
    response = staff_client.post(
        "/admin/chat/sanction/add/",
        {"user": alice.pk, "kind": "ban", "reason": "hate speech", "minutes": ""},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    ban = Sanction.objects.get(user=alice)
    alice.refresh_from_db()
    assert not alice.is_active and ban.reason == "hate speech"
    again = staff_client.post(
        "/admin/chat/sanction/add/", {"user": alice.pk, "kind": "ban", "reason": "twice"}
    )
    assert "banned already" in again.content.decode() and Sanction.objects.count() == 1
    staff_client.post("/admin/chat/sanction/", {"action": "lift", "_selected_action": [ban.pk]})
    alice.refresh_from_db()
    assert alice.is_active and Sanction.objects.get().lifted_by == dave


def test_a_chat_mute_needs_its_length(staff_client, dave, alice):
    _superuser_staff(dave)
    page = staff_client.post(
        "/admin/chat/sanction/add/", {"user": alice.pk, "kind": "mute", "reason": "rude"}
    )
    assert "How long is the chat mute?" in page.content.decode()
    staff_client.post(
        "/admin/chat/sanction/add/",
        {"user": alice.pk, "kind": "mute", "reason": "rude", "minutes": "30"},
    )
    mute = Sanction.objects.get()
    assert mute.kind == "mute" and (mute.until - mute.created_at).total_seconds() == 1800
