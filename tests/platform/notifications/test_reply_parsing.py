"""Reading a reply e-mail: which lines are the player's moves, and which choice each names."""

import pytest

from games.core.notation import parse_action
from notifications.replies import (
    MAX_LINES,
    LineRefused,
    choice_for,
    choices_of,
    command_lines,
    html_to_text,
    reply_lines,
)

LEGAL = [
    {
        "action": {"type": "use", "die": "white"},
        "label": "Use Mountain (white die)",
        "text": "use die=white",
    },
    {
        "action": {"type": "discard", "card": "well"},
        "label": "Discard Well",
        "text": "discard card=well",
    },
    {
        "action": {"type": "discard", "card": "church"},
        "label": "Discard Church",
        "text": "discard card=church",
    },
    {"action": {"type": "end_turn"}, "label": "End the turn", "text": "end_turn"},
]
CHOICES = choices_of(LEGAL)


def pick(line):
    return choice_for(line, CHOICES, parse_action)


def test_it_reads_the_lines_above_a_quoted_reply():
    text = "2\r\nend_turn\r\n\r\nOn Mon, 23 Nov 2026, Tabletop <noreply@x> wrote:\r\n> 1. Use\r\n"
    assert command_lines(text) == ["2", "end_turn"]


def test_it_stops_at_a_wrote_line_wrapped_by_the_mail_client():
    text = "3\nOn Mon, 23 Nov 2026 at 11:00, Tabletop <noreply@x>\nwrote:\n> 1\n"
    assert command_lines(text) == ["3"]


def test_it_reads_a_reply_written_below_the_quote():
    text = "On Mon, 23 Nov 2026, Tabletop <x@y> wrote:\n> 1. Use\n> 2. End\n\n2\nend_turn\n-- \nA"
    assert command_lines(text) == ["2", "end_turn"]
    assert command_lines("On Mon, Tabletop <x@y>\nwrote:\n> 1. Use\n3\n") == ["3"]


def test_it_skips_quoted_lines_and_blank_lines_and_stops_at_the_signature():
    text = "> your turn\n\n  use die=white  \n\n-- \nAlice\n07700 900000\n"
    assert command_lines(text) == ["use die=white"]


def test_it_stops_at_an_outlook_quote():
    text = "1\n\n-----Original Message-----\nFrom: Tabletop\n2\n"
    assert command_lines(text) == ["1"]
    assert command_lines("1\n________________________________\nFrom: Tabletop\n2") == ["1"]


def test_it_reads_html_only_mail_without_the_quoted_blockquote():
    html = (
        "<div dir='ltr'>2<br>end_turn</div><br><div class='gmail_quote'>"
        "<div>On Mon wrote:</div><blockquote>1. Use Mountain</blockquote></div>"
    )
    assert reply_lines(None, html) == ["2", "end_turn"]
    assert "Use Mountain" not in html_to_text(
        "<p>1</p><blockquote><p>Use Mountain</p></blockquote>"
    )


def test_it_prefers_the_plain_text_part_and_falls_back_to_html_when_it_is_empty():
    assert reply_lines("4", "<p>1</p>") == ["4"]
    assert reply_lines("  \n", "<p>1</p>") == ["1"]
    assert reply_lines(None, None) == []


def test_a_number_picks_from_the_numbered_list():
    assert pick("1") == {"type": "use", "die": "white"}
    assert pick("#4") == {"type": "end_turn"}


def test_a_number_outside_the_list_is_refused_with_the_range():
    with pytest.raises(LineRefused, match="pick 1 to 4") as refused:
        pick("9")
    assert refused.value.code == "unparseable"


def test_the_notation_or_a_label_names_a_choice_ignoring_case():
    assert pick("discard card=well") == {"type": "discard", "card": "well"}
    assert pick("Discard Church") == {"type": "discard", "card": "church"}
    assert pick("END_TURN") == {"type": "end_turn"}
    assert pick("use") == {"type": "use", "die": "white"}  # the only "use ..." listed


def test_a_line_that_could_name_several_choices_is_ambiguous():
    with pytest.raises(LineRefused, match="could mean any of") as refused:
        pick("discard")
    assert refused.value.code == "ambiguous"
    assert "discard card=well" in refused.value.reason


def test_unlisted_notation_goes_to_the_engine_and_prose_is_unparseable():
    assert pick("build card=quarry") == {"type": "build", "card": "quarry"}
    with pytest.raises(LineRefused, match="neither a number nor a move"):
        pick("thanks for the game")
    with pytest.raises(LineRefused, match="Cannot read"):
        pick("use die=")


def test_it_keeps_one_line_more_than_allowed_so_the_service_can_refuse_long_replies():
    assert len(command_lines("\n".join(["1"] * 100))) == MAX_LINES + 1
