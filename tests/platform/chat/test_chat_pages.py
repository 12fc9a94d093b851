"""The chat panel on the match and table pages, its forms without JavaScript, a line's page,
and the replay's chat. Every line is escaped."""

from __future__ import annotations

import re

import pytest

from chat.models import ChatLine, ChatPreference, Mute, Report
from chat.services import chat_post
from lobbies.services import lobby_create, lobby_join
from play.models import Match
from play.services import action_submit, seat_forfeit
from play.undo import action_undo

SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_the_match_page_shows_the_chat_escaped(client, started_match, alice, bob, carol):
    chat_post(user=bob, match_id=started_match.pk, text=SCRIPT)
    chat_post(user=carol, match_id=started_match.pk, text="go alice")
    client.force_login(alice)
    page = client.get(f"/matches/{started_match.pk}/").content.decode()
    assert 'id="chat"' in page and 'data-mode="socket"' in page
    assert SCRIPT not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "go alice" in page and "Message to the players" in page
    assert "Hide the spectators' chat" in page


def test_a_spectator_writes_to_the_spectators(client, started_match, carol):
    client.force_login(carol)
    page = client.get(f"/matches/{started_match.pk}/").content.decode()
    assert "Message to the spectators" in page and 'id="chat-toggle"' not in page


def test_a_visitor_is_asked_to_log_in_and_reads_nothing(client, started_match, bob):
    chat_post(user=bob, match_id=started_match.pk, text="for the players")
    page = client.get(f"/matches/{started_match.pk}/").content.decode()
    assert "to read and write in the chat" in page and "for the players" not in page


def test_the_table_page_polls_the_tables_chat(client, alice, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=3)
    chat_post(user=alice, table_id=table.pk, text="two more players please")
    client.force_login(carol)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'data-mode="poll"' in page and f'data-feed="/api/tables/{table.pk}/chat/"' in page
    assert "two more players please" in page and "Message to the spectators" in page


def test_the_forms_work_without_javascript(client, started_match, alice, bob):
    client.force_login(alice)
    back = f"/matches/{started_match.pk}/"
    response = client.post(f"/chat/matches/{started_match.pk}/say/", {"text": "gl", "next": back})
    assert response.status_code == 302 and response["Location"] == back
    assert ChatLine.objects.get().text == "gl"
    client.post(f"/chat/people/{bob.pk}/mute/", {"muted": "1", "next": back})
    assert Mute.objects.filter(user=alice, person=bob).exists()
    client.post(f"/chat/people/{bob.pk}/mute/", {"muted": "0", "next": back})
    assert not Mute.objects.exists()
    client.post("/chat/spectators/", {"show": "0", "next": back})
    assert ChatPreference.objects.get(user=alice).show_spectators is False


def test_a_refused_line_comes_back_as_a_message(client, started_match, alice):
    client.force_login(alice)
    page = client.post(
        f"/chat/matches/{started_match.pk}/say/", {"text": "   "}, follow=True
    ).content.decode()
    assert "Write something first." in page and not ChatLine.objects.exists()


def test_it_never_sends_anyone_to_another_site(client, started_match, alice):
    client.force_login(alice)
    for target in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        response = client.post(
            f"/chat/matches/{started_match.pk}/say/", {"text": "hi", "next": target}
        )
        assert response["Location"] == f"/matches/{started_match.pk}/", target
        ChatLine.objects.all().delete()


def test_a_lines_page_offers_to_mute_and_report(client, started_match, alice, bob, carol):
    line = chat_post(user=bob, match_id=started_match.pk, text="noob")
    client.force_login(carol)
    page = client.get(f"/chat/lines/{line.pk}/").content.decode()
    assert "Mute bob" in page and "Report this line" in page
    client.post(f"/chat/lines/{line.pk}/report/", {"reason": "abuse", "note": "rude"})
    report = Report.objects.get()
    assert (report.reporter, report.reason, report.note) == (carol, "abuse", "rude")


def test_a_private_matchs_lines_are_hidden_from_outsiders(client, alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    table.refresh_from_db()
    line = chat_post(user=bob, match_id=table.match.pk, text="secret")
    client.force_login(carol)
    assert client.get(f"/chat/lines/{line.pk}/").status_code == 404
    client.post(f"/chat/lines/{line.pk}/report/", {"reason": "spam"})
    assert not Report.objects.exists()


@pytest.fixture
def replayed(started_match, alice, bob):
    """alice speaks at step 0, bob at step 1; the match then ends (bob resigns) at step 2."""
    chat_post(user=alice, match_id=started_match.pk, text="at the start")
    action_submit(match_id=started_match.pk, user=alice, action="bid card=1", version=0)
    chat_post(user=bob, match_id=started_match.pk, text=SCRIPT)
    seat_forfeit(
        match_id=started_match.pk,
        seat_index=1 - started_match.seats.get(user=alice).index,
        reason="resigned",
    )
    return started_match


def _replay_lines(page: str) -> list[tuple[str, bool]]:
    """(data-step, hidden) of each line of the replay's chat."""
    found = re.findall(r'<li class="chat-line[^"]*" data-step="(\d+)"( hidden)?>', page)
    return [(step, bool(hidden)) for step, hidden in found]


def test_the_replay_shows_each_line_from_the_step_it_was_said_at(client, replayed, carol):
    client.force_login(carol)
    at_start = client.get(f"/matches/{replayed.pk}/replay/?step=0").content.decode()
    assert _replay_lines(at_start) == [("0", False), ("1", True)]
    at_end = client.get(f"/matches/{replayed.pk}/replay/?step=2").content.decode()
    assert _replay_lines(at_end) == [("0", False), ("1", False)]
    assert SCRIPT not in at_end and "&lt;script&gt;" in at_end


def test_an_invited_visitor_chats_at_a_private_table_without_javascript(client, alice, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=3, private=True)
    client.force_login(carol)
    url = f"/tables/{table.pk}/?invite={table.invite_token}"
    page = client.get(url).content.decode()
    assert f'name="next" value="{url}"' in page
    answer = client.post(
        f"/chat/tables/{table.pk}/say/",
        {"text": "may I join?", "invite": table.invite_token, "next": url},
        follow=True,
    )
    assert answer.redirect_chain[-1][0] == url and "may I join?" in answer.content.decode()


def test_the_replays_steps_skip_undone_decisions_and_the_chat_follows(client, alice, bob):
    """A line keeps the match version it was said at; a decision taken back is no step of
    the replay, so the lines said around it move to the replay's own steps."""
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    match.seed = 1  # seat 0's yellow die is on a Small House: +1 VP, nothing revealed
    match.state = match.engine.setup(2, 1, match.options)
    match.save(update_fields=["seed", "state"])
    first = match.seats.get(index=0).user
    action_submit(match_id=match.pk, user=first, action={"type": "use", "die": "yellow"}, version=0)
    action_undo(match_id=match.pk, user=first, version=1)  # versions 1 and 2: no replay steps
    chat_post(user=first, match_id=match.pk, text="took it back")  # at version 2: step 0
    action_submit(match_id=match.pk, user=first, action={"type": "use", "die": "yellow"}, version=2)
    chat_post(user=first, match_id=match.pk, text="played it again")  # version 3: step 1
    seat_forfeit(match_id=match.pk, seat_index=1, reason="resigned")  # version 4: step 2
    client.force_login(first)
    page = client.get(f"/matches/{match.pk}/replay/?step=1").content.decode()
    assert _replay_lines(page) == [("0", False), ("1", False)]
    assert 'class="chat-line now" data-step="1"' in page
    assert _replay_lines(client.get(f"/matches/{match.pk}/replay/?step=0").content.decode()) == [
        ("0", False),
        ("1", True),
    ]
