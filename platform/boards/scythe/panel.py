"""Scythe's player panels: faction, power, popularity, coins, stars, combat cards (a count)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from boards.panels import Panel, stat

from .names import faction_name
from .words import COLOURS


def panel_stats(view: dict[str, Any]) -> dict[int, Panel]:
    return {seat: _panel(p) for seat, p in enumerate(view["players"])}


def _panel(p: dict[str, Any]) -> Panel:
    cards = p["cards"] if "cards" in p else len(p.get("hand") or [])
    return {
        "colour": COLOURS[p["faction"]],
        "faction": faction_name(p["faction"]),
        "stats": [
            stat("power", _("Power"), p["power"]),
            stat("popularity", _("Popularity"), p["pop"]),
            stat("coins", _("Coins"), p["coins"]),
            stat("stars", _("Stars"), sum(p["stars"].values())),
            stat("cards", _("Combat cards"), cards),
        ],
    }
