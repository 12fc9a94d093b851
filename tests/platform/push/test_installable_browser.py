"""Chromium's own installability check on the site served over http://127.0.0.1 (issue 29,
point 1): DevTools' Page.getInstallabilityErrors (the checks behind Chromium's install prompt:
a manifest with a name, a start URL in scope, a display mode, icons of 144 px and more that
load, a service worker controlling the start URL) returns none, and Page.getAppManifest reads
the manifest without errors. In a persistent profile: Playwright's usual contexts are
off-the-record, where Chromium answers "in-incognito" and checks nothing else."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the live server
from tests.platform.table.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    needs_chromium,
    session_cookie,
)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

READY = "navigator.serviceWorker.ready.then((r) => !!r.active)"


def test_chromium_finds_the_site_installable(asgi_server, tmp_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    cookie = session_cookie(make_user("alice"))
    host = asgi_server.url.split("//")[1].split(":")[0]
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        try:
            context.set_default_timeout(TIMEOUT_MS)
            context.add_cookies(
                [{"name": "sessionid", "value": cookie, "domain": host, "path": "/"}]
            )
            page = context.new_page()
            page.goto(asgi_server.url + "/my-games/")
            assert page.evaluate(READY) is True
            page.reload()  # controlled by the worker now
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            installability = cdp.send("Page.getInstallabilityErrors")
            icons = {}
            for icon in manifest["manifest"]["icons"]:
                answer = page.request.get(icon["url"])
                assert answer.ok, icon
                if icon["type"] == "image/png":
                    icons[icon["url"]] = (icon["sizes"], Image.open(io.BytesIO(answer.body())).size)
        finally:
            context.close()
    assert manifest["url"] == asgi_server.url + "/manifest.webmanifest"
    assert manifest["errors"] == []
    assert installability["installabilityErrors"] == []
    parsed = manifest["manifest"]
    assert parsed["name"] and parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == asgi_server.url + "/my-games/?source=app"  # "My games"
    assert parsed["id"] == asgi_server.url + "/my-games/"
    assert parsed["themeColor"] == "rgba(45,106,79,1)"
    # Every PNG is drawn at the size it is declared at (Chromium skips one that is not).
    assert icons and all(said == f"{w}x{h}" for said, (w, h) in icons.values()), icons
    assert any(said == "512x512" for said, _ in icons.values())
