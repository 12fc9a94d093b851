"""Round names are stored in English (the formats make them) and read in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.labels import round_label


@pytest.mark.parametrize(
    ("stored", "language", "shown"),
    [
        ("Round 3", "es", "Ronda 3"),
        ("Round 3", "vi", "Vòng 3"),
        ("Final", "es", "Final"),
        ("Final", "vi", "Chung kết"),
        (
            "Winners' round 2 · Losers' round 1",
            "es",
            "Ronda de ganadores 2 · Ronda de perdedores 1",
        ),
        ("Grand final reset", "vi", "Chung kết tổng (trận quyết định)"),
        ("Table 4", "es", "Mesa 4"),
        ("Round 3", "en", "Round 3"),
    ],
)
def test_a_stored_round_name_reads_in_the_active_language(stored, language, shown):
    with translation.override(language):
        assert round_label(stored) == shown


def test_an_unknown_name_is_shown_as_stored():
    with translation.override("es"):
        assert round_label("Semi-final (replayed)") == "Semi-final (replayed)"
