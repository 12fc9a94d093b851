"""Setup, the per-seat view and redetermination (what each seat may know).

Secret: hands, every deck order, the Civilization deck, unrevealed monuments, draft picks and
packs, the RNG. Public: trade rows, the central row, stored cards, discard piles, cubes, VP,
levels, cards in play and the trashed cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.rng import Rng

from . import flow, tableau
from .cards import CENTRAL_SIZE, CIV_IDS, HAND_SIZE, MONUMENTS, SUPPLY, starting_ids

State = dict[str, Any]


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
    players: list[dict[str, Any]] = []
    for seat in range(seats):
        players.append(
            {
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
                "monument": monuments[seat],
            }
        )
    packs = [[civ.pop() for _ in range(5)] for _ in range(seats)]
    central = [civ.pop() for _ in range(CENTRAL_SIZE)]
    s: State = {
        "n": seats,
        "rng": rng.state,
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
    if options.get("draft"):
        s["packs"] = packs
        s["picked"] = [False] * seats
        return s
    for seat, pack in enumerate(packs):
        players[seat]["deck"] += pack
    begin_play(s)
    return s


def begin_play(s: State) -> None:
    rng = Rng(s["rng"])
    for p in s["players"]:
        p["deck"] += p["picks"]
        p["picks"] = []
        rng.shuffle(p["deck"])
    s["rng"] = rng.state
    s["packs"] = []
    s["picked"] = []
    for seat in range(s["n"]):
        tableau.draw(s, seat, HAND_SIZE)
    flow.start_turn(s)


def draft_pick(s: State, seat: int, card: int) -> None:
    """SPQF, Avanzado: pick one, then pass the rest to the player on your left."""
    s["packs"][seat].remove(card)
    s["players"][seat]["picks"].append(card)
    s["picked"][seat] = True
    if not all(s["picked"]):
        return
    n = s["n"]
    s["packs"] = [s["packs"][(seat - 1) % n] for seat in range(n)]
    s["picked"] = [False] * n
    if len(s["packs"][0]) == 1:  # the last card passed to each player is theirs: no choice
        for seat in range(n):
            s["players"][seat]["picks"] += s["packs"][seat]
        s["packs"] = [[] for _ in range(n)]
    if not s["packs"][0]:
        begin_play(s)


def copy(s: State) -> State:
    """A private copy for `apply`: every list that any step may touch."""
    out = dict(s)
    out["players"] = [_copy_player(p) for p in s["players"]]
    for key in ("central", "civ", "trashed", "supply", "firsts", "picked"):
        out[key] = s[key][:]
    out["packs"] = [pack[:] for pack in s["packs"]]
    t = s["turn"]
    out["turn"] = {
        "plays": t["plays"],
        "row_used": t["row_used"][:],
        "stored_used": t["stored_used"][:],
        "queued": t["queued"][:],
    }
    play = s["play"]
    if play is not None:
        out["play"] = {
            **play,
            "mod_cards": play["mod_cards"][:],
            "stored_mods": play["stored_mods"][:],
            "follows": [f[:] for f in play["follows"]],
        }
    out["jobs"] = [dict(j) for j in s["jobs"]]
    return out


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
    players = []
    for i, p in enumerate(s["players"]):
        mine = seat == i
        players.append(
            {
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
        )
    play = s["play"]
    return {
        "seats": s["n"],
        "you": seat,
        "first": s["first"],
        "active": s["active"],
        "round": s["round"],
        "step": s["step"],
        "players": players,
        "central": s["central"][:],
        "civ_count": len(s["civ"]),
        "trashed": s["trashed"][:],
        "supply": {"g": s["supply"][0], "b": s["supply"][1]},
        "firsts": s["firsts"][:],
        "end": s["end"],
        "turn": {k: (v[:] if isinstance(v, list) else v) for k, v in s["turn"].items()},
        "play": None
        if play is None
        else {
            "card": play["card"],
            "source": play["source"],
            "mods": play["mods"],
            "mod_cards": play["mod_cards"][:],
            "stored_mods": play["stored_mods"][:],
            "color": play["color"],
            "follows": [f[:] for f in play["follows"]],
            "follower": play["follower"],
        },
        "jobs": [dict(j) for j in s["jobs"]],
    }


def redetermine(s: State, seat: int, rng: Rng) -> State:
    """Re-deal all that `seat` cannot see: other seats' hands and decks (each keeps its own
    cards), every deck order, the Civilization deck order, other monuments, the draft packs and
    picks of others, and a fresh RNG."""
    out = copy(s)
    for i, p in enumerate(out["players"]):
        if i == seat:
            rng.shuffle(p["deck"])
            continue
        pool = p["hand"] + p["deck"]
        rng.shuffle(pool)
        p["hand"], p["deck"] = pool[: len(p["hand"])], pool[len(p["hand"]) :]
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
    rng.shuffle(pool)
    for i in others:
        p = s["players"][i]
        take = len(s["packs"][i])
        s["packs"][i], pool = pool[:take], pool[take:]
        take = len(p["picks"])
        p["picks"], pool = pool[:take], pool[take:]
    s["civ"] = pool
