"""Every page carries a Content-Security-Policy: scripts from this site (no eval, no plugins, no
framing, forms only to this site); inline event handlers only the known ones, by hash; inline
<script>s strict (nonce) once their templates carry the nonce."""

import base64
import hashlib
import re

import pytest

from lobbies.services import lobby_create

HANDLER = re.compile(r'\son[a-z]+="([^"]*)"')
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
PAGES = [
    "/",
    "/tables/",
    "/tables/new/",
    "/accounts/password/change/",
    "/api/docs/",
    "/admin/login/",
]


def _directive(response, name: str) -> list[str]:
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    return policy[name].split()


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.fixture
def pages(client, alice, started_match):
    """The site's pages with inline scripts or handlers, as their host sees them."""
    client.force_login(alice)
    table = lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})
    paths = [*PAGES, f"/tables/{table.pk}/", f"/matches/{started_match.pk}/"]
    return [client.get(path) for path in paths]


def test_every_page_has_the_policy(pages):
    for page in pages:
        assert page.status_code == 200
        assert _directive(page, "default-src") == ["'self'"]
        assert "'unsafe-eval'" not in _directive(page, "script-src")
        assert _directive(page, "object-src") == ["'none'"]
        assert _directive(page, "frame-ancestors") == ["'none'"]
        assert _directive(page, "form-action") == ["'self'"]
        # 'self', and the page's nonce once the page used it: never 'unsafe-inline'
        styles = _directive(page, "style-src")
        assert styles[0] == "'self'" and all(s.startswith("'nonce-") for s in styles[1:])


def test_each_inline_event_handler_of_the_pages_is_allowed_by_its_hash(pages):
    handlers = {h for page in pages for h in HANDLER.findall(page.content.decode())}
    assert handlers, "the table and match pages hold inline handlers"
    for page in pages:
        allowed = _directive(page, "script-src-attr")
        for handler in HANDLER.findall(page.content.decode()):
            assert _sha256(handler) in allowed, handler


def test_every_inline_script_carries_the_nonce_of_its_page(pages):
    for page in pages:
        nonces = [w for w in _directive(page, "script-src") if w.startswith("'nonce-")]
        for attributes in SCRIPT_TAG.findall(page.content.decode()):
            # A JSON data block (json_script) is not run, so the policy does not apply to it.
            if "src=" not in attributes and "application/json" not in attributes:
                nonce = re.search(r'nonce="([^"]+)"', attributes)
                assert nonce and f"'nonce-{nonce.group(1)}'" in nonces, page.request["PATH_INFO"]
