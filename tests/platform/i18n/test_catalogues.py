"""Every message the site shows has its Spanish and Vietnamese, and the compiled catalogues the
site reads (.mo, committed) say what their .po files say.

`makemessages` runs into a copy of locale/ beside the sources (the repository is left alone), as
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
def _tree_with_a_copy_of_locale(tmp_path: Path) -> Path:
    """The sources as symbolic links beside a copy of locale/: makemessages writes each source's
    messages into the locale/ of the tree the source is found under, so run from ROOT it would
    rewrite the repository's catalogues and leave the copy as it was (nothing new checked)."""
    tree = tmp_path / "tree"
    tree.mkdir()
    for entry in ROOT.iterdir():
        if entry.name != "locale" and entry.name not in IGNORE and not entry.name.startswith("."):
            (tree / entry.name).symlink_to(entry)
    shutil.copytree(ROOT / "locale", tree / "locale")
    return tree


def test_it_has_every_message_in_spanish_and_vietnamese(tmp_path, settings, monkeypatch):
    tree = _tree_with_a_copy_of_locale(tmp_path)
    settings.LOCALE_PATHS = [tree / "locale"]
    monkeypatch.chdir(tree)
    before = {p: p.read_bytes() for p in (ROOT / "locale").glob("*/LC_MESSAGES/*.po")}
    for domain, extensions in (("django", ["html", "txt", "py", "svg"]), ("djangojs", ["js"])):
        call_command(  # as scripts/messages.sh does
            "makemessages",
            locale=list(LANGUAGES),
            domain=domain,
            extensions=extensions,
            ignore_patterns=IGNORE,
            symlinks=True,
            no_location=True,
            no_obsolete=True,
            verbosity=0,
        )
    assert {p: p.read_bytes() for p in before} == before, "the repository's catalogues changed"
    missing = []
    for language in LANGUAGES:
        for domain in ("django", "djangojs"):
            path = tree / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
            assert b"POT-Creation-Date" in path.read_bytes(), f"{path}: makemessages wrote here"
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
