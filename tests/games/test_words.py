"""The translation hook (games.core.words): phrases render English unchanged, translate into
Spanish and Vietnamese through the committed catalogues, and survive a JSON round trip."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.core import Phrase, get_game, joined, phrase, term, translate
from games.core.words import catalogue
from scripts import game_messages
from scripts.game_messages import phrase_messages
from tests.games.english_lines import english_lines

GOLDEN = Path(__file__).parent / "data" / "english.txt"


def test_it_renders_the_english_the_engines_wrote_before_phrases() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert list(english_lines()) == expected


def test_it_is_a_str_equal_to_its_english_text() -> None:
    said = phrase("used {place}: {gains}", place=term("Quarry", "dicecity"), gains=["+2 stone"])
    assert isinstance(said, str)
    assert said == "used Quarry: +2 stone"
    assert translate(said, "en") == "used Quarry: +2 stone"


def test_it_translates_the_phrase_and_its_arguments() -> None:
    said = phrase("used {place}", place=term("Quarry", "dicecity"))
    assert translate(said, "es") == "usó Cantera"
    assert translate(said, "vi") == "đã dùng Mỏ Đá"


def test_it_uses_the_rule_books_words_for_game_terms() -> None:
    assert translate(phrase("Bolster: {gain}", gain=term("power")), "es") == "Reforzar: poder"
    assert translate(term("Enlist"), "es") == "Reclutar"
    assert translate(term("Deploy"), "vi") == "Triển khai"
    assert translate(term("Regular Army", "dicecity"), "es") == "Ejército Regular"


def test_it_keeps_a_seat_reference_for_the_site_to_name() -> None:
    said = phrase("raided {player}'s stock", player="player 2")
    assert translate(said, "es") == "saqueó las reservas de player 2"


def test_it_translates_each_part_of_a_joined_phrase() -> None:
    said = joined([term("ended the turn"), phrase(" ({gains})", gains=[term("wood")])])
    assert said == "ended the turn (wood)"
    assert translate(said, "es") == "terminó el turno (madera)"


def test_it_survives_a_json_round_trip() -> None:
    cost = joined([phrase("{n} {resource}", n=2, resource=term("stone"))], ", ")
    said = phrase("bought {card} for {cost}", card=term("Mine", "dicecity"), cost=cost)
    back = Phrase.from_json(json.loads(json.dumps(said.to_json())))
    assert back == said
    assert translate(back, "es") == translate(said, "es") == "compró Mina por 2 piedra"


def test_it_falls_back_to_english_for_an_unknown_msgid_or_language() -> None:
    assert translate(phrase("no such {thing}", thing=term("wood")), "es") == "no such madera"
    assert translate(term("wood"), "xx") == "wood"
    assert translate("plain text from an older log", "es") == "plain text from an older log"


def test_it_falls_back_to_the_msgid_when_a_translation_breaks_its_fields(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spanish = catalogue("es")
    assert spanish is not None
    monkeypatch.setattr(spanish, "gettext", lambda msgid: "usó {lugar}")
    assert translate(phrase("used {place}", place="X"), "es") == "used X"


@pytest.mark.parametrize("name", ["scythe", "dicecity", "spqf"])
def test_every_button_and_log_line_is_translated(name: str) -> None:
    """A seed the catalogue script did not play: every msgid is in both catalogues."""
    game = get_game(name)
    state, pick = game.setup(game.min_seats, 11, {}), random.Random(11)
    for _ in range(200):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = pick.choice(legal)
        after = game.apply(state, seat, action)
        for text in [game.label(state, seat, a) for a in legal] + [
            game.narrate(state, seat, action, after)
        ]:
            assert isinstance(text, Phrase), text
            for language in ("es", "vi"):
                assert _missing(text, language) == [], (text, language)
        state = after


def _missing(text: Phrase, language: str) -> list[str]:
    """The msgids in `text` (and its arguments) the compiled catalogue of `language` lacks."""
    found = catalogue(language)
    assert found is not None
    known = found._catalog  # type: ignore[attr-defined]  # the .mo's entries, "ctx\x04msgid"
    return [
        msgid
        for context, msgid in phrase_messages(text)
        if (f"{context}\x04{msgid}" if context else msgid) not in known
    ]


def test_the_catalogues_are_complete_and_up_to_date() -> None:
    """scripts/game_messages.py --check: every game msgid (literals, data, playouts) has a
    Spanish and a Vietnamese translation, and the committed .po/.mo are current."""
    assert game_messages.main(["--check"]) == 0


@pytest.mark.parametrize(
    "damaged", [{"a": {}}, {"m": 3}, [], {"m": "x", "a": [1]}, {"m": "x", "c": 2}]
)
def test_it_refuses_a_damaged_stored_phrase(damaged: object) -> None:
    with pytest.raises(ValueError, match="phrase"):
        Phrase.from_json(damaged)  # type: ignore[arg-type]
