"""axe-core in Chromium: `audit(page)` runs the vendored axe.min.js (tests/platform/a11y/README.md
says where it comes from) on the page as it stands and returns its serious and critical
violations, each as one readable line. The script goes in through Playwright's init script (the
DevTools protocol), so the site's Content-Security-Policy stays on while it runs."""

from __future__ import annotations

from pathlib import Path

from tests.platform.live.conftest import asgi_server  # noqa: F401 - the live server
from tests.platform.table.conftest import launch  # noqa: F401 - the browser fixture

AXE = Path(__file__).with_name("axe.min.js")
BLOCKING = ("serious", "critical")
# WCAG 2.0/2.1 A and AA plus axe's best practices (landmarks, one main, a heading per page).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

RUN = """async (tags) => {
  const result = await window.axe.run(document, {runOnly: {type: "tag", values: tags}});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " :: " + n.failureSummary),
  }));
}"""


def with_axe(page) -> None:
    """Make axe available to every document the page loads from now on (then reload)."""
    page.add_init_script(path=str(AXE))
    page.reload()


def audit(page) -> list[str]:
    violations = page.evaluate(RUN, TAGS)
    return [
        f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
        for v in violations
        if v["impact"] in BLOCKING
    ]
