"""resvg or cairosvg for the pictures of turn e-mails (issue 27, point 1): the same Scythe map
(a 5-seat position, the page's own SVG and map CSS) rasterised by both, median and slowest of
15, beside a fixed pure-Python loop ("ref") measured between them; each PNG is written to
--out to be looked at (fidelity: cairosvg has no `paint-order`, so the map's outlined labels
come out unreadable, and it applies the page's sizing rule of the map element).

    .venv/bin/python bench/svg_rasterisers.py [--out /tmp]

cairosvg is not a dependency of the site: `pip install cairosvg==2.9.1` (it needs libcairo2).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "true")  # a local measurement: no SECRET_KEY needed


def _map_svg() -> tuple[str, str]:
    """The page's map of a 5-seat position (terrain and pieces drawn as vectors), its CSS."""
    from boards.picture import svg_document
    from boards.scythe.choices import Choices
    from boards.scythe.hexmap import FRAME, pieces_svg, terrain_svg
    from boards.scythe.picture import map_css
    from games.core import Rng, get_game
    from play.selectors import legal_for

    game = get_game("scythe")
    state, rng = game.setup(5, 1, {}), Rng.from_seed(2)
    for _ in range(80):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bots["random"](state, seat, rng))
    seat = game.to_act(state)[0]
    view, legal = game.view(state, seat), legal_for(game, state, seat)
    factions = tuple(sorted(p["faction"] for p in view["players"]))
    body = f'<g class="sc-map">{terrain_svg(factions)}{pieces_svg(view, Choices(legal))}</g>'
    f = FRAME
    box = f"{f['x']} {f['y']} {f['w']} {f['h']}"
    return svg_document(float(f["w"]), float(f["h"]), body, "", view_box=box), map_css()


def _ref() -> float:
    start = time.perf_counter()
    sum(i * i for i in range(300_000))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp"))
    args = parser.parse_args()
    import django

    django.setup()
    import cairosvg

    from boards.picture import picture_png

    svg, css = _map_svg()
    styled = svg.replace("<style></style>", f"<style>{css}</style>")
    candidates = {
        "resvg": lambda: picture_png(styled),
        "cairosvg": lambda: cairosvg.svg2png(bytestring=styled.encode()),
    }
    for name, render in candidates.items():
        times, refs = [], []
        for _ in range(15):
            refs.append(_ref())
            start = time.perf_counter()
            png = render()
            times.append(time.perf_counter() - start)
        (args.out / f"map_{name}.png").write_bytes(png)
        print(
            f"{name}: median {statistics.median(times) * 1000:.0f} ms, slowest"
            f" {max(times) * 1000:.0f} ms, ref {statistics.median(refs) * 1000:.0f} ms,"
            f" {len(png) // 1024} KiB; load {Path('/proc/loadavg').read_text().split()[:3]}"
        )


if __name__ == "__main__":
    main()
