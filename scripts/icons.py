"""Draw the app icons' PNG sizes from static/icons/icon.svg (run once after changing the SVG;
the PNGs are committed, so serving the site needs no build step): `.venv/bin/python
scripts/icons.py`."""

from pathlib import Path

import resvg_py

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = (48, 72, 96, 144, 180, 192, 512)

svg = (ICONS / "icon.svg").read_text()
for size in SIZES:
    png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size)
    (ICONS / f"icon-{size}.png").write_bytes(bytes(png))
    print(f"icon-{size}.png")
