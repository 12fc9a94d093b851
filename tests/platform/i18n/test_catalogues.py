"""Every message the site shows has its Spanish and Vietnamese, and the compiled catalogues the
site reads (.mo, committed) say what their .po files say.

`makemessages` runs into a copy of locale/ (the repository is left alone), as
scripts/messages.sh runs it: a string wrapped for translation but never translated fails here.
"""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

import polib
import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("es", "vi")
IGNORE = [".venv", "var", "games", "tests", "bench", "deploy", "docs", "node_modules"]
needs_gettext = pytest.mark.skipif(
    shutil.which("xgettext") is None or shutil.which("msgmerge") is None,
    reason="GNU gettext is not installed (apt-get install gettext)",
)


def _untranslated(path: Path) -> list[str]:
    catalogue = polib.pofile(str(path))
    missing = []
    for entry in catalogue:
        if entry.obsolete:
            continue
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if "fuzzy" in entry.flags or not all(f.strip() for f in forms):
            where = f"[{entry.msgctxt}] " if entry.msgctxt else ""
            missing.append(f"{path.parent.parent.name}: {where}{entry.msgid!r}")
    return missing


@needs_gettext
def test_it_has_every_message_in_spanish_and_vietnamese(tmp_path, settings, monkeypatch):
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(ROOT)
    for domain in ("django", "djangojs"):
        call_command(
            "makemessages",
            locale=list(LANGUAGES),
            domain=domain,
            ignore_patterns=IGNORE,
            no_location=True,
            no_obsolete=True,
            verbosity=0,
        )
    missing = []
    for language in LANGUAGES:
        for domain in ("django", "djangojs"):
            path = tmp_path / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
            assert path.exists(), path
            missing += _untranslated(path)
    assert missing == [], "untranslated (run `make messages`, translate, commit):\n" + "\n".join(
        missing
    )


def _catalogues() -> list[Path]:
    return sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po")) + sorted(
        (ROOT / "locale_allauth").glob("*/LC_MESSAGES/*.po")
    )


def test_it_finds_the_catalogues():
    found = {(p.parent.parent.name, p.stem) for p in _catalogues()}
    assert {("es", "django"), ("vi", "django"), ("es", "djangojs"), ("vi", "djangojs")} <= found
    # django-allauth has no Vietnamese of its own: the project's is beside ours.
    assert (ROOT / "locale_allauth/vi/LC_MESSAGES/django.po").exists()


@pytest.mark.parametrize("po_path", _catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_compiled_catalogue_says_what_its_po_says(po_path):
    """The .mo files are committed (a fresh clone needs no gettext tools): never stale."""
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} is missing: run `make messages`"
    with mo_path.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in polib.pofile(str(po_path)):
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        context = entry.msgctxt
        if entry.msgid_plural:
            got = [
                compiled.npgettext(context, entry.msgid, entry.msgid_plural, n)
                if context
                else compiled.ngettext(entry.msgid, entry.msgid_plural, n)
                for n in (1, 2)
            ]
            want = [entry.msgstr_plural[0], entry.msgstr_plural.get(1, entry.msgstr_plural[0])]
        else:
            got = [
                compiled.pgettext(context, entry.msgid)
                if context
                else compiled.gettext(entry.msgid)
            ]
            want = [entry.msgstr]
        assert got == want, f"{mo_path} is stale for {entry.msgid!r}: run `make messages`"
