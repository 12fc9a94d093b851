"""A structure's letters on its map tile come from its name in the reader's language (English
Mo/Mi/Mn/Ar; the Spanish and Vietnamese names' own initials)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from .scythe_render import find, render

LETTERS = re.compile(r'<g class="sc-structure">.*?<text [^>]*>([^<]+)</text></g>', re.S)
EXPECTED = {
    "en": {"Mo", "Mi", "Mn", "Ar"},
    "es": {"Mo", "Ml", "Mi", "Ar"},
    "vi": {"Đt", "Cx", "Mỏ", "Kv"},
}


@pytest.fixture(scope="module")
def built():
    """A 3-player game where at least two kinds of structure stand on the map."""
    return find(3, lambda s: len({kind for p in s["players"] for kind in p["built"]}) >= 2)


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_letters_on_a_structure_follow_the_reader(built, language):
    with translation.override(language):
        letters = set(LETTERS.findall(render(built, None)))
    assert len(letters) >= 2
    assert letters <= EXPECTED[language], letters - EXPECTED[language]
