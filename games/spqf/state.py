"""Setup, the copy `apply` works on, the per-seat view and redetermination (what each seat may
know).

Secret: hands, every deck order, the Civilization deck, unrevealed monuments, draft picks and
packs, the RNG. Public: trade rows, the central row, stored cards, discard piles, cubes, VP,
levels, cards in play and the trashed cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.game import Option, rng_used
from games.core.rng import Rng
from games.core.state import clone

from .cards import CENTRAL_SIZE, CIV_IDS, MONUMENTS, SUPPLY, starting_ids
from .draft import begin_play

State = dict[str, Any]
OPTIONS = (
    Option(
        name="draft",
        label="Draft the starting Civilization cards",
        kind="bool",
        default=False,
        help="Advanced setup: pick your 5 Civilization cards one at a time, passing left.",
    ),
    # A house rule, off by default (docs/spqf.md, End): the book ends the game only on 25 VP
    # tokens, level 5 or the last Civilization card; a table may agree beforehand to stop a
    # game that stalls. The round then ends like the book's end ("finalice la ronda actual").
    Option(
        name="round_limit",
        label="End after a number of rounds",
        kind="choice",
        default=0,
        choices=(
            (0, "No (the book's end only)"),
            (20, "20 rounds"),
            (30, "30 rounds"),
            (40, "40 rounds"),
        ),
        help="A house rule: the game also ends when that round is over. The book has none.",
    ),
)


def setup(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    """SPQF, Preparar: steps 1-7, or the advanced draft of the five Civilization cards."""
    if not 2 <= seats <= 4:
        raise ValueError("SPQF takes 2 to 4 players")
    rng = Rng.from_seed(seed)
    first = rng.below(seats)
    monuments = list(range(len(MONUMENTS)))
    rng.shuffle(monuments)
    civ = list(CIV_IDS)
    rng.shuffle(civ)
    packs = [[civ.pop() for _ in range(5)] for _ in range(seats)]
    players = [_new_player(seat, monuments[seat]) for seat in range(seats)]
    s = _new_table(players, first, civ, rng.state)
    s["round_limit"] = int(options.get("round_limit") or 0)
    if options.get("draft"):
        s["packs"] = packs
        s["picked"] = [False] * seats
        return s
    for seat, pack in enumerate(packs):
        players[seat]["deck"] += pack
    begin_play(s)
    return s


def _new_player(seat: int, monument: int) -> dict[str, Any]:
    return {
        "hand": [],
        "deck": starting_ids(seat),
        "discard": [],
        "row": [],
        "stored": [],
        "played": [],
        "following": [],
        "picks": [],
        "cubes": [0, 0],
        "scubes": [0, 0],
        "level": 0,
        "vp": 0,
        "monument": monument,
    }


def _new_table(players: list[dict[str, Any]], first: int, civ: list[int], rng: int) -> State:
    """The table before the draft; the central row is dealt from the Civilization deck."""
    central = [civ.pop() for _ in range(CENTRAL_SIZE)]
    return {
        "n": len(players),
        "rng": rng,
        "first": first,
        "active": first,
        "round": 0,
        "players": players,
        "central": central,
        "civ": civ,
        "trashed": [],
        "supply": list(SUPPLY),
        "firsts": [-1] * 5,
        "end": None,
        "turn": {"plays": 1, "row_used": [], "stored_used": [], "queued": []},
        "play": None,
        "jobs": [],
        "packs": [],
        "picked": [],
        "step": "draft",
    }


def copy(s: State) -> State:
    """The private copy `apply` works on, deep enough that any step may change anything.

    Every list here but the follows holds only numbers, so one slice copies it fully, and each
    job is a flat dict; `clone` (the one recursive copy) takes the follows, which nest. Cloning
    the whole state instead costs four times as much (23 against 5 microseconds), more than a
    whole `apply`."""
    out = dict(s)
    out["players"] = [_copy_player(p) for p in s["players"]]
    out["central"] = s["central"][:]
    out["civ"] = s["civ"][:]
    out["trashed"] = s["trashed"][:]
    out["supply"] = s["supply"][:]
    out["firsts"] = s["firsts"][:]
    out["packs"] = [pack[:] for pack in s["packs"]]
    out["picked"] = s["picked"][:]
    turn = s["turn"]
    out["turn"] = {
        "plays": turn["plays"],
        "row_used": turn["row_used"][:],
        "stored_used": turn["stored_used"][:],
        "queued": turn["queued"][:],
    }
    if s["play"] is not None:
        out["play"] = _copy_play(s["play"])
    out["jobs"] = [dict(job) for job in s["jobs"]]
    return out


def _copy_play(play: dict[str, Any]) -> dict[str, Any]:
    return {
        **play,
        "mod_cards": play["mod_cards"][:],
        "stored_mods": play["stored_mods"][:],
        "follows": clone(play["follows"]),
    }


def _copy_player(p: dict[str, Any]) -> dict[str, Any]:
    q = dict(p)
    q["hand"] = p["hand"][:]
    q["deck"] = p["deck"][:]
    q["discard"] = p["discard"][:]
    q["row"] = p["row"][:]
    q["stored"] = p["stored"][:]
    q["played"] = p["played"][:]
    q["following"] = p["following"][:]
    q["picks"] = p["picks"][:]
    q["cubes"] = p["cubes"][:]
    q["scubes"] = p["scubes"][:]
    return q


def view(s: State, seat: int | None) -> dict[str, Any]:
    over = s["step"] == "over"
    return {
        "seats": s["n"],
        "you": seat,
        "first": s["first"],
        "active": s["active"],
        "round": s["round"],
        "step": s["step"],
        "players": [_seen_player(s, i, seat == i, over) for i in range(s["n"])],
        "central": s["central"][:],
        "civ_count": len(s["civ"]),
        "trashed": s["trashed"][:],
        "supply": {"g": s["supply"][0], "b": s["supply"][1]},
        "firsts": s["firsts"][:],
        "end": s["end"],
        "round_limit": s.get("round_limit", 0),
        "turn": {k: (v[:] if isinstance(v, list) else v) for k, v in s["turn"].items()},
        "play": None if s["play"] is None else _seen_play(s["play"]),
        "jobs": [dict(j) for j in s["jobs"]],
    }


def _seen_player(s: State, i: int, mine: bool, over: bool) -> dict[str, Any]:
    """Seat i's tableau as a viewer sees it: its hand, picks and pack only when `mine`, its
    monument once the game is over, the rest of what is secret as counts."""
    p = s["players"][i]
    return {
        "seat": i,
        "hand": p["hand"][:] if mine else None,
        "hand_count": len(p["hand"]),
        "deck_count": len(p["deck"]),
        "discard": p["discard"][:],
        "row": p["row"][:],
        "stored": p["stored"][:],
        "played": p["played"][:],
        "following": p["following"][:],
        "cubes": {"g": p["cubes"][0], "b": p["cubes"][1]},
        "stored_cubes": {"g": p["scubes"][0], "b": p["scubes"][1]},
        "level": p["level"],
        "vp": p["vp"],
        "monument": p["monument"] if (mine or over) else None,
        "picks": p["picks"][:] if mine else None,
        "picks_count": len(p["picks"]),
        "pack": s["packs"][i][:] if (mine and s["packs"]) else None,
        "pack_count": len(s["packs"][i]) if s["packs"] else 0,
        "picked": bool(s["picked"][i]) if s["picked"] else False,
    }


def _seen_play(play: dict[str, Any]) -> dict[str, Any]:
    """The action card in play is public, with its modifiers and follows."""
    return {
        "card": play["card"],
        "source": play["source"],
        "mods": play["mods"],
        "mod_cards": play["mod_cards"][:],
        "stored_mods": play["stored_mods"][:],
        "color": play["color"],
        "follows": [f[:] for f in play["follows"]],
        "follower": play["follower"],
    }


def redetermine(s: State, seat: int, rng: Rng) -> State:
    """Re-deal all that `seat` cannot see: other seats' hands and decks (each keeps its own
    cards), every deck order, the Civilization deck order, other monuments, the draft packs and
    picks of others, and a fresh RNG."""
    out = copy(s)
    for i, p in enumerate(out["players"]):
        # Pools are sorted before they are shuffled, so the result depends only on what `seat`
        # sees and on `rng` (the strong bot searches re-dealt states and cannot tell the deal).
        if i == seat:
            p["deck"] = sorted(p["deck"])
            rng.shuffle(p["deck"])
            continue
        pool = sorted(p["hand"] + p["deck"])
        rng.shuffle(pool)
        p["hand"], p["deck"] = pool[: len(p["hand"])], pool[len(p["hand"]) :]
    out["civ"] = sorted(out["civ"])
    rng.shuffle(out["civ"])
    if out["packs"]:
        _redeal_draft(out, seat, rng)
    if out["step"] != "over":
        others = [i for i in range(out["n"]) if i != seat]
        mine = out["players"][seat]["monument"]
        pool = [m for m in range(len(MONUMENTS)) if m != mine]
        rng.shuffle(pool)
        for i, m in zip(others, pool, strict=False):
            out["players"][i]["monument"] = m
    out["rng"] = rng.next_u64()
    return out


def _redeal_draft(s: State, seat: int, rng: Rng) -> None:
    others = [i for i in range(s["n"]) if i != seat]
    pool = list(s["civ"])
    for i in others:
        pool += s["packs"][i] + s["players"][i]["picks"]
    pool.sort()
    rng.shuffle(pool)
    for i in others:
        p = s["players"][i]
        take = len(s["packs"][i])
        s["packs"][i], pool = pool[:take], pool[take:]
        take = len(p["picks"])
        p["picks"], pool = pool[:take], pool[take:]
    s["civ"] = pool


def reveals(before: State, seat: int, action: dict[str, Any], after: State) -> bool:
    """What a decision can show that was hidden: a card drawn from a deck (the deck orders are
    secret, one's own too), a Civilization card turned up for the central row, the draft packs
    passed on, anything random (a reshuffle of the discard pile), and a follow round: who is
    asked to follow and who is skipped tells something of the other hands (SPQF, Siguiendo).
    Such a decision cannot be taken back; the others can."""
    if rng_used(before, after) or before["civ"] != after["civ"]:
        return True
    if before["packs"] != after["packs"] or _followers_asked(before, action, after):
        return True
    return any(
        len(now["deck"]) < len(was["deck"])
        for was, now in zip(before["players"], after["players"], strict=True)
    )


def _followers_asked(before: State, action: dict[str, Any], after: State) -> bool:
    """Whether this decision ran a follow round, or the rest of one (flow.finish_modifying,
    next_follower): for a card played from the hand, one queued from a trade row, the play
    being modified, a follower done."""
    was, now = before["play"], after["play"]
    if len(after["turn"]["queued"]) < len(before["turn"]["queued"]):
        return True  # a queued trade-row card was played, and its followers asked
    if action["type"] == "play" and (now is None or now["follower"] != -1):
        return True
    if before["step"] == "follow":  # the round goes on to the next follower, or ends
        return after["step"] != "follow" or now is None or now["follower"] != was["follower"]
    asked = was is not None and was["follower"] != -1
    if now is not None and now["follower"] != -1:
        return not (asked and was is not None and was["card"] == now["card"])
    return was is not None and not asked and (now is None or now["card"] != was["card"])
