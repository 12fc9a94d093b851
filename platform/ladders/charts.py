"""The rating-history chart, laid out on the server: templates/ladders/chart.svg draws it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

WIDTH = 480
HEIGHT = 160
PAD_LEFT = 44
PAD = 10


def rating_chart(points: Sequence[float], title: str = "Rating") -> dict[str, Any]:
    """Coordinates of a line through `points` (oldest first), with a scale of round numbers."""
    if not points:
        return {"empty": True, "width": WIDTH, "height": HEIGHT, "title": title}
    low = math.floor(min(points) / 50) * 50
    high = max(math.ceil(max(points) / 50) * 50, low + 50)
    plot_w, plot_h = WIDTH - PAD_LEFT - PAD, HEIGHT - 2 * PAD
    step = plot_w / max(1, len(points) - 1)

    def y(value: float) -> float:
        return round(PAD + plot_h * (high - value) / (high - low), 1)

    coords = [(round(PAD_LEFT + i * step, 1), y(v)) for i, v in enumerate(points)]
    ticks = [{"value": v, "y": y(v)} for v in range(low, high + 1, _tick(high - low))]
    return {
        "empty": False,
        "width": WIDTH,
        "height": HEIGHT,
        "left": PAD_LEFT,
        "right": WIDTH - PAD,
        "title": title,
        "polyline": " ".join(f"{x},{yy}" for x, yy in coords),
        "last": {"x": coords[-1][0], "y": coords[-1][1], "value": round(points[-1])},
        "ticks": ticks,
        "count": len(points) - 1,
    }


def _tick(span: int) -> int:
    for size in (50, 100, 200, 500):
        if span / size <= 5:
            return size
    return 1000
