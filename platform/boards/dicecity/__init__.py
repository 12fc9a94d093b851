"""Dice City board context: the view reshaped for templates/games/dicecity/board.html.

Pure Python (no database). Each legal action of the viewer is attached to the thing it acts on
(places.py), so the template makes that thing clickable in place and
static/games/dicecity/board.js can drag dice and compose several decisions into one (build
then place, refresh then discard four, the Well's dice). The site still lists every action as
a button too, collapsed (`board_actions`: those drawn here). Every thing drawn carries a
tooltip (words.py).

It reads only the engine contract: the card catalogue from the game's `reference()`, and what
depends on the state (a location's defense and VP, the scores) from the view.
"""

from __future__ import annotations

from typing import Any

from boards.language import N_, say

from . import places
from . import words as W
from .city import card, city, trays
from .places import Item

STEP_TITLES = {
    "dice": N_("Dice step"),
    "attack": N_("Attack step"),
    "build": N_("Build and trade step"),
}
STEP_HINTS = {
    "dice": N_(
        "Use each die on the location under it, or move, reactivate, refresh or pass with it."
    ),
    "attack": N_("Spend your army strength on bandits or on your opponents' locations and stocks."),
    "build": N_("Build a location from the display or a pile, or load a trade ship."),
}
PENDING_TITLES = {
    "place": N_("Choose the space for the new location"),
    "discard": N_("Choose the display cards to discard"),
    "exchange": N_("Choose what to trade"),
    "move_die": N_("Choose a die and its new column"),
    "reroll": N_("Choose the dice to re-roll: click them, then Re-roll"),
    "copy": N_("Choose the location whose ability to use"),
    "statue": N_("Grand Statue: pay extra stone and iron for VP"),
    "end_choice": N_("Two full rows: end the game or play on?"),
}


def _said(words: str | None) -> str | None:
    return say(words) if words else None


ATTACKS = ("attack_bandits", "attack_location", "raid")


def _player(seat: int, p: dict[str, Any], info: Any, ctx: dict[str, Any]) -> Item:
    view, found = ctx["view"], ctx["found"]
    name = info["name"] if info else f"Player {seat + 1}"
    active = view["turn"]["seat"] == seat and not view["over"]
    army, bandit_army = (view["turn"]["army"], view["turn"]["bandit_army"]) if active else (0, 0)
    stock = [
        {
            "name": res,
            "word": say(res),
            "count": p["res"][i],
            "item": found.get(("stock", seat, res)),
            "tip": W.stock_tip(res, p["res"][i]),
        }
        for i, res in enumerate(W.catalogue()["resources"])
    ]
    owner = say("your city") if seat == ctx["seat"] else say("{name}'s city", name=name)
    rows = city(p, seat, owner, ctx)
    return {
        "seat": seat,
        "name": name,
        "is_bot": bool(info and info.get("is_bot")),
        "active": active,
        "targeted": any(key[1] == seat for key in found if key[0] in ("cell", "stock")),
        "rows": rows,
        "trays": trays(rows) if seat == ctx["seat"] else [],
        "columns": [{"n": n, "tip": W.column_tip(n)} for n in range(1, 7)],
        "stock": stock,
        "passes": p["passes"],
        "passes_tip": W.passes_tip(p["passes"]),
        "pass_after": places.after(ctx["steps"].get(("pass", seat))),
        "tokens": p["tokens"],
        "score": p["score"],
        "vp_tip": W.vp_tip(p["score"]),
        "bandits": p["bandits"],
        "ships": p["ships"],
        "turns": p["turns"],
        "army": army,
        "army_item": found.get(("army", seat)),
        "army_tip": W.army_tip(army, bandit_army),
        "bandit_army": bandit_army,
    }


def _market(view: dict[str, Any], ctx: dict[str, Any]) -> dict[str, Any]:
    """The display, the piles, the bandits and the trade ships, each with its legal action."""
    catalogue = W.catalogue()
    found = ctx["found"]
    refresh = places.after(ctx["steps"].get(("refresh", view["turn"]["seat"])))
    return {
        "display": [
            dict(
                card(slug),
                item=found.get(("card", slug)),
                flip=f"dc-{slug}-{view['display'][:i].count(slug)}",
            )
            for i, slug in enumerate(view["display"])
        ],
        "piles": [
            dict(card(slug), left=left, item=found.get(("card", slug)), flip=f"dcp-{slug}")
            for slug, left in view["piles"].items()
        ],
        "bandits": [
            dict(b, left=left, item=found.get(("bandits", i)), tip=W.bandit_tip(**b, left=left))
            for i, (b, left) in enumerate(zip(catalogue["bandits"], view["bandits"], strict=True))
        ],
        "ships": [
            _ship(ship, left, found.get(("ship", i)))
            for i, (ship, left) in enumerate(
                zip(catalogue["trade_ships"], view["ships"], strict=True)
            )
        ],
        "refresh_after": refresh,
        "deck_count": view["deck_count"],
        "deck_tip": W.deck_tip(view["deck_count"]),
    }


def _ship(ship: dict[str, Any], left: int, item: Item | None) -> Item:
    cost = "/".join(map(str, ship["cost"]))
    return {"vp": ship["vp"], "cost": cost, "left": left, "item": item,
            "tip": W.ship_tip(cost, ship["vp"], left)}  # fmt: skip


def _status(view: dict[str, Any], legal: list[Item], ctx: dict[str, Any]) -> dict[str, Any]:
    turn, pending, over = view["turn"], view["pending"], view["over"]
    spend = [i for i in legal if i["action"]["type"] in ("spend_passes", "force_reroll")]
    return {
        # Once over, the site's result table says so: no step, no stale "Final round".
        "over": over,
        "step": None if over else _said(STEP_TITLES.get(turn["step"])),
        "step_hint": None if over or pending else _said(STEP_HINTS.get(turn["step"])),
        "step_kind": turn["step"],
        "pending": _said(PENDING_TITLES.get(pending["kind"])) if pending and not over else None,
        "pending_kind": pending["kind"] if pending and not over else "",
        # The location being placed, named beside the question (it glides there from the
        # display card or pile, and on into the space chosen: match.js).
        "placing": card(pending["card"]) if pending and pending.get("card") and not over else None,
        "buttons": places.buttons(legal, W.STEP_BUTTONS),
        "attacks": [i for i in legal if i["action"]["type"] in ATTACKS],
        "spend": spend,
        "reroll": ctx["reroll"],
        "turn": turn,
        "final_round": None if over else view["final_round"],
        "bandit_cut": turn["bandit_cut"],
        "boosts": {"army": turn["boost_army"], "resource": turn["boost_resource"]},
    }


def as_finished(view: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
    """The view of a match the site ended (forfeits) while the engine would play on: over,
    so no seat is drawn as the one to play (boards/context.py)."""
    return {**view, "over": view["over"] or {"reason": outcome.get("reason")}}


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    steps = places.two_step(legal, view)
    reroll = places.reroll_dice(legal)
    found = places.targets(legal, view)
    ctx: dict[str, Any] = {
        "view": view,
        "seat": seat,
        "found": found,
        "steps": steps,
        "picks": {pick for mapping in steps.values() for pick in mapping},
        "reroll": reroll,
        "reroll_dice": set(reroll["fixed"] + reroll["free"]) if reroll else set(),
    }
    names = {p["seat"]: p for p in players}
    every = [_player(i, p, names.get(i), ctx) for i, p in enumerate(view["players"])]
    # The viewer's own city first; a spectator sees every city open.
    return {
        "board_actions": places.placed(found, steps, legal),
        "dc": {
            "me": every[seat] if seat is not None else None,
            "others": [p for p in every if seat is None or p["seat"] != seat],
            "players": every,
            **_market(view, ctx),
            **_status(view, legal, ctx),
        },
    }
