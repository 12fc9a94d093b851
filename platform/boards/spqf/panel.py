"""SPQF's player panels: points, civilisation level, hand size (a count)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from boards.panels import Panel, stat


def panel_stats(view: dict[str, Any]) -> dict[int, Panel]:
    return {
        p["seat"]: {
            "stats": [
                stat("vp", _("Points"), p["vp"]),
                stat("level", _("Civilisation level"), p["level"]),
                stat("hand", _("Cards in hand"), p.get("hand_count", len(p.get("hand") or []))),
            ]
        }
        for p in view["players"]
    }
