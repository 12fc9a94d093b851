"""The table's pictures in the docs (docs/images/table-*.png, shown by docs/accessibility.md and
each game's page): each game's table a few decisions in, seen by the seat to play, at both sizes,
in the language each picture names, with nothing masked. Run with DOCS_PICTURES=1 to redraw
them after a change to the table (they are palette PNGs, small enough to commit); the run also
checks what a reader of those pages is told: the page is no wider than the screen, and every
seat's panel shows its clock."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie, wait_js
from .test_table_looks import READY, _position

pytestmark = [
    pytest.mark.browser,
    pytest.mark.services,
    needs_chromium,
    pytest.mark.skipif(os.environ.get("DOCS_PICTURES") != "1", reason="DOCS_PICTURES=1 redraws"),
]
DOCS = Path(__file__).resolve().parents[3] / "docs" / "images"
# name: (game, size, language)
PICTURES = {
    "table-scythe-laptop": ("scythe", "laptop", "en"),
    "table-scythe-phone": ("scythe", "phone", "en"),
    "table-dicecity-laptop": ("dicecity", "laptop", "en"),
    "table-dicecity-phone-vi": ("dicecity", "phone", "vi"),
    "table-spqf-laptop-es": ("spqf", "laptop", "es"),
    "table-spqf-phone": ("spqf", "phone", "en"),
}


def _small(png: bytes) -> bytes:
    """The screenshot as a 256-colour PNG (a third of the size, alike to the eye)."""
    from PIL import Image

    out = io.BytesIO()
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


@pytest.mark.parametrize("game", ["dicecity", "scythe", "spqf"])
def test_the_docs_pictures_of_the_table(launch, game):
    match, viewer = _position(game)
    cookie = session_cookie(viewer)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch() as open_page:
        for name, (each, size, lang) in PICTURES.items():
            if each != game:
                continue
            viewport = LAPTOP if size == "laptop" else PHONE
            page = open_page(cookie, "/", viewport)
            base = page.url.rstrip("/")
            host = base.split("//")[1].split(":")[0]
            page.context.add_cookies(
                [{"name": "django_language", "value": lang, "domain": host, "path": "/"}]
            )
            page.add_init_script("localStorage.setItem('table-motion', 'off')")
            page.goto(f"{base}/matches/{match.pk}/")
            wait_js(page, READY)
            page.wait_for_timeout(600)  # the clocks' first tick
            clocks = page.locator("#players .panel-clock").all_inner_texts()
            assert len(clocks) == 2 and all(":" in c for c in clocks), clocks
            assert page_width(page) <= viewport["width"]
            shot = page.screenshot(animations="disabled", caret="hide")
            (SHOTS / f"{name}.png").write_bytes(shot)
            (DOCS / f"{name}.png").write_bytes(_small(shot))
            page.context.close()
