"""A game's words in the reader's language: the log keeps each line's phrase
(ActionRecord.phrase), so the same line reads in English, Spanish or Vietnamese for each
viewer; the buttons and the end screen's words follow the language asked for, or the active
one (the account setting, then the browser)."""

import json
import random

import pytest
from django.utils import translation

from games.core import Phrase
from games.core.registry import get_game
from lobbies.services import lobby_add_bot, lobby_create
from play.bots import bots_play
from play.models import ActionRecord, Match
from play.results import end_screen, header
from play.selectors import legal_for, log_entries, match_payload, players_of, seat_names
from play.services import action_submit


@pytest.fixture
def dicecity(alice):
    """A Dice City match of alice and a bot, at alice's turn (the bot moves first if its seat
    does)."""
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_add_bot(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    bots_play(match_id=match.pk, limit=100)
    match.refresh_from_db()
    assert match.seats.get(user=alice).index in match.engine.to_act(match.state)
    return match


def _play_until_alice_moved(match, alice):
    """Alice takes her first listed choice (the bots play theirs): a real engine move."""
    seat = match.seats.get(user=alice).index
    legal = legal_for(match.engine, match.state, seat)
    action_submit(match_id=match.pk, user=alice, action=legal[0]["action"], version=match.version)
    return ActionRecord.objects.filter(match=match, seat=seat).latest("seq")


def test_it_keeps_the_phrase_of_each_log_line(dicecity, alice):
    record = _play_until_alice_moved(dicecity, alice)
    assert record.phrase is not None
    assert str(Phrase.from_json(record.phrase)) == record.text


def test_it_shows_one_log_line_in_each_viewers_language(dicecity, alice):
    record = _play_until_alice_moved(dicecity, alice)
    names = seat_names(list(dicecity.seats.all()))
    english, spanish, vietnamese = (
        log_entries([record], names, record.seat, language)[0]["text"]
        for language in ("en", "es", "vi")
    )
    assert english == f"{names[record.seat]} {record.text}"
    assert spanish != english and vietnamese not in (english, spanish)
    assert spanish.startswith(names[record.seat])


def test_it_reads_an_old_line_without_a_phrase_as_it_was_stored(dicecity, alice):
    record = _play_until_alice_moved(dicecity, alice)
    ActionRecord.objects.filter(pk=record.pk).update(phrase=None)
    record.refresh_from_db()
    names = seat_names(list(dicecity.seats.all()))
    assert log_entries([record], names, record.seat, "es")[0]["text"].endswith(record.text)


def test_it_labels_the_choices_in_the_language_asked_for(dicecity, alice):
    seat = dicecity.seats.get(user=alice).index
    english = [c["label"] for c in legal_for(dicecity.engine, dicecity.state, seat)]
    spanish = [c["label"] for c in legal_for(dicecity.engine, dicecity.state, seat, None, "es")]
    assert len(english) == len(spanish) and english != spanish
    assert any(label.startswith("Usar ") for label in spanish)


def test_it_follows_the_active_language_when_none_is_asked_for(dicecity, alice):
    seats = list(dicecity.seats.all())
    seat = dicecity.seats.get(user=alice).index
    with translation.override("es"):
        payload = match_payload(dicecity, seats, seat)
    assert payload["language"] == "es"
    assert any(choice["label"].startswith("Usar ") for choice in payload["legal"])
    assert match_payload(dicecity, seats, seat, language="vi")["language"] == "vi"


def test_it_falls_back_to_english_for_a_language_without_a_catalogue(dicecity, alice):
    seats = list(dicecity.seats.all())
    seat = dicecity.seats.get(user=alice).index
    english = match_payload(dicecity, seats, seat, language="en")["legal"]
    assert match_payload(dicecity, seats, seat, language="xx")["legal"] == english


def test_it_translates_the_end_screens_game_words(dicecity, alice):
    dicecity.outcome = {
        "places": [1, 2],
        "scores": [12.0, 9.0],
        "reason": "all bandits were defeated",
        "details": [{"vp tokens": 3, "total": 12}, {"vp tokens": 1, "total": 9}],
    }
    dicecity.save(update_fields=["outcome"])
    players = players_of(list(dicecity.seats.all()))
    result = end_screen(dicecity, players, 0, "es")
    assert result["reason"] == "todos los bandidos fueron derrotados"
    assert [row["label"] for row in result["breakdown"]] == ["Fichas de PV"]
    assert header("structure_bonus", "vi") == "Thưởng công trình"
    assert end_screen(dicecity, players, 0, "en")["reason"] == "all bandits were defeated"


def test_it_draws_the_board_in_the_readers_language(dicecity, alice):
    seats = list(dicecity.seats.all())
    seat = dicecity.seats.get(user=alice).index
    spanish = match_payload(dicecity, seats, seat, html=True, language="es")["html"]
    english = match_payload(dicecity, seats, seat, html=True, language="en")["html"]
    assert "Tu ciudad" in spanish and "Your city" not in spanish
    assert "Qué significan los símbolos" in spanish
    assert "Your city" in english and "Tu ciudad" not in english
    vietnamese = match_payload(dicecity, seats, seat, html=True, language="vi")["html"]
    assert "Thành phố của bạn" in vietnamese


@pytest.mark.parametrize(
    "damaged", [{"a": {"x": 1}}, {"m": 3}, ["not", "a", "phrase"], {"m": "used {x}", "a": 5}]
)
def test_it_shows_the_stored_english_when_a_phrase_is_damaged(dicecity, alice, damaged):
    record = _play_until_alice_moved(dicecity, alice)
    ActionRecord.objects.filter(pk=record.pk).update(phrase=damaged)
    record.refresh_from_db()
    names = seat_names(list(dicecity.seats.all()))
    assert log_entries([record], names, record.seat, "es")[0]["text"].endswith(record.text)


@pytest.mark.parametrize("game", ["dicecity", "spqf", "scythe"])
def test_each_choice_carries_its_notation_and_json_as_the_engine_writes_them(game):
    """legal_for keeps notations by action (a notation depends on the action alone): each one is
    still the engine's format_action of that very action, asked twice or not."""
    engine = get_game(game)
    state = engine.setup(engine.min_seats, 5, {})
    rng = random.Random(5)
    for _ in range(40):
        if engine.outcome(state) is not None:
            break
        seat = engine.to_act(state)[0]
        for _ in range(2):
            choices = legal_for(engine, state, seat, {0: "Ann"})
            assert [c["text"] for c in choices] == [
                engine.format_action(c["action"]) for c in choices
            ]
            assert [json.loads(c["json"]) for c in choices] == [c["action"] for c in choices]
            assert all("player 1" not in c["label"].lower() for c in choices)  # names put in
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
