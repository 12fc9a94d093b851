"""Dice City's player panels: VP, the resources in stock, and the army strength of the player
whose turn it is (it is spent within the turn)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from boards.language import say
from boards.panels import Panel, stat

from .words import catalogue


def panel_stats(view: dict[str, Any]) -> dict[int, Panel]:
    resources = catalogue()["resources"]
    turn = view["turn"]
    out: dict[int, Panel] = {}
    for seat, p in enumerate(view["players"]):
        stats = [stat("vp", _("VP"), p["score"]["total"])]
        stats += [stat(r, say(r), p["res"][i]) for i, r in enumerate(resources)]
        stats.append(stat("army", _("Army"), turn["army"] if turn["seat"] == seat else 0))
        out[seat] = {"stats": stats}
    return out
