"""Scythe board: a player's faction and mat as the viewer may see them, as HTML (markup.py says
why not a template). The viewer's own mat is the full panel, with its choices clickable in
place (sections, top boxes, paid bottom actions; the top box then bottom action of an Upgrade,
the recruit then bonus of an Enlist, the structure or mech then the hex of a Build or Deploy,
through board.js). Every opponent is one line (faction, name, stars, power, popularity, coins,
combat cards, objectives) that opens onto the same panel.

Another seat's hand and objectives are not in its view: only their counts are drawn."""

from __future__ import annotations

from typing import Any

from boards.language import N_, say

from .choices import Choices
from .markup import esc, legal, parts, tip
from .names import structure_name
from .reference import FACTIONS, FACTORY_HEX, REF, place
from .words import (
    BOTTOM_HELP,
    ENLIST_HELP,
    GAIN_WORDS,
    RECRUIT_HELP,
    STRUCTURE_HELP,
    SYMBOL_HELP,
    TOP_HELP,
    TOP_LONG,
    TOP_TEXT,
    TOP_TITLES,
    ability_text,
    factory_card,
    gains,
    objective_text,
)

MATS: list[dict[str, Any]] = REF["mats"]
OBJECTIVES: dict[str, dict[str, Any]] = REF["objectives"]
TOP_BOXES: dict[str, list[int]] = REF["top_boxes"]
BOXES_OF: dict[str, list[str]] = REF["boxes_of_top"]
BOTTOMS: list[str] = REF["bottom_actions"]
PAID_WITH: dict[str, str] = REF["bottom_resource"]
ENLIST_BONUSES: list[str] = REF["enlist_bonuses"]
# The legal action a click on a top box stands for.
ACTION_OF_BOX = {
    "move": ("move",),
    "gain": ("gain",),
    "power": ("bolster", "power"),
    "cards": ("bolster", "cards"),
    "popularity": ("trade", "popularity"),
    "produce": ("produce",),
}
BONUS_WORDS = {"power": "power", "coins": "coins", "popularity": "popularity", "cards": "cards"}
UNITS_WORDS = (N_("coin"), N_("Cards"), N_("Objectives"))  # said where used


def tier(popularity: int) -> str:
    """Scythe, End of game scoring: what a star, a territory and 2 resources are worth now (the
    engine's tiers, by popularity)."""
    row = next(t for t in REF["scoring_tiers"] if popularity <= t["popularity_up_to"])
    return say(
        "scores {star}/star, {territory}/territory, {pair}/2 resources",
        star=row["star"],
        territory=row["territory"],
        pair=row["resource_pair"],
    )


# --- the mat: sections, top boxes, bottom actions -----------------------------------------------


def _box(p: dict[str, Any], name: str, choices: Choices | None) -> str:
    """One top-row box with its value now (upgraded once its cube is gone)."""
    upgraded = name in p["up"]
    value = TOP_BOXES[name][1 if upgraded else 0]
    text = say(TOP_TEXT[name][value != 1], n=value)
    long = say(TOP_LONG[name][value != 1], n=value)
    item = choices.get(*ACTION_OF_BOX[name]) if choices else None
    part = parts(choices.parts("upgrade", "top", name)) if choices and not upgraded else ""
    cls = "sc-box" + (" sc-upgraded" if upgraded else "") + (" legal" if item else "")
    cls += " sc-pick" if part else ""
    cube = (
        ""
        if upgraded
        else f' <i class="sc-cube" title="{say("technology cube: Upgrade moves it")}">■</i>'
    )
    help_ = long + (" " + say("(upgraded)") if upgraded else "")
    return (
        f'<span class="{cls}"{legal(item, help_)}{part} data-name="{esc(text)}">{text}{cube}</span>'
    )


def _top(p: dict[str, Any], sec: dict[str, Any], n: int, choices: Choices | None) -> str:
    item = choices.get("section", n) if choices else None
    last = p["last"] == n
    cls = "sc-section" + (" legal" if item else "") + (" sc-last" if last else "")
    title = say(TOP_HELP[sec["top"]]) + (
        " " + say("You took this section last turn.") if last else ""
    )
    note = f" <small>{say('(last)')}</small>" if last else ""
    return f'<th class="{cls}"{legal(item, title)}>{say(TOP_TITLES[sec["top"]])}{note}</th>'


def _boxes(p: dict[str, Any], sec: dict[str, Any], choices: Choices | None) -> str:
    boxes = [_box(p, name, choices) for name in BOXES_OF[sec["top"]]]
    if sec["top"] == "trade":  # Trade's other choice: 2 resources, never upgraded
        item = choices.get("trade", "resources") if choices else None
        cls = "sc-box" + (" legal" if item else "")
        boxes.append(
            f'<span class="{cls}"{legal(item, say("2 resources of your choice"))}>'
            f"{say('2 resources')}</span>"
        )
    return f"<td>{''.join(boxes)}</td>"


def _bottom(p: dict[str, Any], sec: dict[str, Any], choices: Choices | None) -> str:
    bottom = sec["bottom"]
    cubes = p["cubes"][BOTTOMS.index(bottom)]
    cost, slots = sec["cost"] - cubes, sec["cost"] - sec["min_cost"] - cubes
    item = choices.get("pay", bottom) if choices else None
    part = (
        choices.parts("upgrade", "bottom", bottom) + choices.parts("enlist", "section", bottom)
        if choices
        else []
    )
    cls = ("legal" if item else "") + (" sc-pick" if part else "")
    coins = (
        f" +{sec['coins']} " + say("coin" if sec["coins"] == 1 else "coins") if sec["coins"] else ""
    )
    paid = say(PAID_WITH[bottom])
    help_ = (
        say(BOTTOM_HELP[bottom])
        + " "
        + say("Costs {cost} {resource} now", cost=cost, resource=paid)
    )
    help_ += (say(", then {coins}", coins=coins.strip()) if coins else "") + "; "
    help_ += say("{n} cube slot(s) left to make it cheaper.", n=slots)
    title = say(bottom.capitalize())
    name = f"{title} ({cost} {paid})"
    return (
        f'<td class="{cls.strip()}"{legal(item, help_)}{parts(part)} data-name="{esc(name)}">'
        f'<b>{title}</b> <span class="sc-cost">{cost}&nbsp;{paid}</span>'
        f"{'<small>' + coins + '</small>' if coins else ''}"
        f"{_recruit(p, sec)}{_structure(p, sec, choices)}</td>"
    )


def _recruit(p: dict[str, Any], sec: dict[str, Any]) -> str:
    bottom = sec["bottom"]
    bonus = p["recruits"].get(bottom)
    text = say(RECRUIT_HELP, gain=gains(sec["recruit"]), bottom=say(bottom.capitalize()))
    enlisted = say("Enlisted (its one-time bonus: {bonus}).", bonus=bonus) if bonus else ""
    text += " " + (enlisted or say("Not enlisted yet."))
    mark = "✓ " if bonus else ""
    cls = "sc-recruit" + (" sc-enlisted" if bonus else "")
    short = gains(sec["recruit"]).replace("combat card", "card")
    return f'<span class="{cls}"{tip(text)}>{mark}R +{short}</span>'


def _structure(p: dict[str, Any], sec: dict[str, Any], choices: Choices | None) -> str:
    kind = sec["structure"]
    built = p["built"].get(kind)
    part = parts(choices.parts("build", "kind", kind)) if choices else ""
    built_words = " " + (
        say("Built on {where}.", where=place(built)) if built else say("Not built yet.")
    )
    text = say(STRUCTURE_HELP[kind]) + built_words
    cls = "sc-struct" + (" sc-built" if built else "") + (" sc-pick" if part else "")
    where = f" ▲{built}" if built else ""
    name = esc(structure_name(kind))
    return f'<span class="{cls}"{tip(text)}{part} data-name="{name}">{name}{where}</span>'


def _factory(p: dict[str, Any], choices: Choices | None) -> tuple[str, str, str]:
    """The Factory card's column (Scythe, Factory): head, top action, bottom Move."""
    card = factory_card(p["fcard"])
    if card is None:
        return "", "", ""
    head_item = choices.get("section", 4) if choices else None
    last = p["last"] == 4
    cls = "sc-section sc-fsection" + (" legal" if head_item else "") + (" sc-last" if last else "")
    text = f"Factory card {card['number']}: pay {card['cost']} to gain {card['gain']}."
    head = f'<th class="{cls}"{legal(head_item, text)}>Factory {card["number"]}</th>'
    tops = [f'<span class="sc-box"{tip(text)}>pay {card["cost"]}: {card["gain"]}</span>']
    for key in [k for k in (choices.keys if choices else {}) if k[0] == "factory_top"]:
        item = choices.get(*key) if choices else None
        gain = key[1] or ""
        words = say(GAIN_WORDS[gain], n="") if gain in GAIN_WORDS else say("use it")
        tops.append(
            f'<span class="sc-box legal"{legal(item)}>{esc(words.strip().capitalize())}</span>'
        )
    move = choices.get("factory_move") if choices else None
    bottom = (
        f'<td class="{"legal" if move else ""}"{legal(move, "Move one unit up to twice")}>'
        "<b>Move</b> one unit up to twice</td>"
    )
    return head, f"<td>{''.join(tops)}</td>", bottom


def mat_table(p: dict[str, Any], choices: Choices | None) -> str:
    sections = MATS[p["mat"]]["sections"]
    head = [_top(p, sec, n, choices) for n, sec in enumerate(sections)]
    tops = [_boxes(p, sec, choices) for sec in sections]
    bottoms = [_bottom(p, sec, choices) for sec in sections]
    fhead, ftop, fbottom = _factory(p, choices)
    return (
        '<table class="sc-mat"><tr>' + "".join(head) + fhead + "</tr>"
        '<tr class="sc-toprow">' + "".join(tops) + ftop + "</tr>"
        '<tr class="sc-bottomrow">' + "".join(bottoms) + fbottom + "</tr></table>"
    )


# --- the rest of a player's panel ---------------------------------------------------------------


def stat(kind: str, value: object, text: str) -> str:
    """A number with its symbol (the legend explains them) and what it means as a tooltip."""
    return f'<span class="sc-stat sc-i-{kind}"{tip(text)}>{value}</span>'


def stats(p: dict[str, Any]) -> str:
    placed = ", ".join(f"{say(k)} ×{v}" if v > 1 else say(k) for k, v in sorted(p["stars"].items()))
    return (
        stat(
            "star",
            sum(p["stars"].values()),
            f"{say(SYMBOL_HELP['star'])} {say('Placed: {stars}.', stars=placed or say('none'))}",
        )  # fmt: skip
        + stat("power", p["power"], say(SYMBOL_HELP["power"]))
        + stat(
            "pop",
            p["pop"],
            f"{say(SYMBOL_HELP['popularity'])} {say('Now it {tier}.', tier=tier(p['pop']))}",
        )
        + stat("coins", p["coins"], say(SYMBOL_HELP["coins"]))
    )


def hand(p: dict[str, Any]) -> str:
    """The viewer's own combat cards by value (each value once, with how many); another
    seat's as a count only."""
    cards = p.get("hand")
    if cards is None:
        return stat("cards", p["cards"], say(SYMBOL_HELP["cards"]))
    chips = "".join(
        f'<span class="sc-ccard small">{v}</span>'
        + (f'<small class="sc-times">×{cards.count(v)}</small>' if cards.count(v) > 1 else "")
        for v in sorted(set(cards))
    )
    yours = ", ".join(map(str, sorted(cards))) or say("none")
    text = say(SYMBOL_HELP["cards"]) + " " + say("Yours: {cards}.", cards=yours)
    return (
        f'<span class="sc-handlist"{tip(text)}><span class="sc-what">{say("Cards")}</span>'
        f"{chips or ' ' + say('none')}</span>"
    )


def objectives(p: dict[str, Any], choices: Choices | None) -> str:
    """The viewer's own objectives by name (clickable when one may be revealed); another
    seat's as a count only; completed ones, public, for everyone."""
    if "objs" not in p:
        shown = stat("obj", p["objectives"], say(SYMBOL_HELP["objectives"]))
    else:
        cards = "".join(_objective(o, choices) for o in p["objs"]) or say("none")
        what = (
            f'<span class="sc-what"{tip(say(SYMBOL_HELP["objectives"]))}>{say("Objectives")}</span>'
        )
        shown = f'<span class="sc-objs">{what}{cards}</span>'
    for o in p["revealed"]:
        card = OBJECTIVES[str(o)]
        name = say(card["name"])
        text = say("Completed: {name}: {text}", name=name, text=objective_text(card["req"]))
        shown += f'<span class="sc-obj sc-revealed"{tip(text)}>★ {esc(name)}</span>'
    return shown


def _objective(number: int, choices: Choices | None) -> str:
    card = OBJECTIVES[str(number)]
    item = choices.get("reveal", number) if choices else None
    cls = "sc-obj" + (" legal" if item else "")
    text = f"{say(card['name'])}: {objective_text(card['req'])}"
    return f'<span class="{cls}"{legal(item, text)}>{esc(say(card["name"]))}</span>'


def mechs(p: dict[str, Any], choices: Choices | None) -> str:
    faction = FACTIONS[p["faction"]]
    out = []
    for i, name in enumerate(faction["mechs"]):
        where = p["mechs"][i]
        part = parts(choices.parts("deploy", "mech", i)) if choices else ""
        text = say("Mech {n}, {name}: {ability}.", n=i + 1, name=say(name),
                   ability=ability_text(faction, name))  # fmt: skip
        text += " " + (
            say("Deployed on {where}.", where=place(where))
            if where
            else say("Still on the faction mat (Deploy).")
        )
        cls = "sc-mechslot" + (" sc-deployed" if where else "") + (" sc-pick" if part else "")
        said = esc(say(name))
        named = f' data-name="{esc(say("Mech {n} ({name})", n=i + 1, name=say(name)))}"'
        out.append(f'<span class="{cls}"{tip(text)}{part}{named}>{said}</span>')
    return "".join(out)


def bonuses(p: dict[str, Any], choices: Choices | None) -> str:
    """The four one-time Enlist bonuses of the faction mat, the taken ones ticked."""
    taken = set(p["recruits"].values())
    out = []
    for bonus in ENLIST_BONUSES:
        part = parts(choices.parts("enlist", "bonus", bonus)) if choices else ""
        done = bonus in taken
        words = f"+2 {say(BONUS_WORDS.get(bonus, bonus))}"
        cls = "sc-bonus" + (" sc-taken" if done else "") + (" sc-pick" if part else "")
        text = say(ENLIST_HELP, bonus=words) + (" " + say("Taken.") if done else "")
        out.append(
            f'<span class="{cls}"{tip(text)}{part} data-name="{words}">'
            f"{'✓' if done else ''}{words}</span>"
        )
    return "".join(out)


# The parts of a seat's score (games/scythe/scoring.py, score_seat), as the tooltip says them.
SCORE_PARTS = {
    "coins": N_("coins {n}"),
    "stars": N_("stars {n}"),
    "territories": N_("territories {n}"),
    "resources": N_("resources {n}"),
    "structure_bonus": N_("structure bonus {n}"),
}


def _breakdown(score: dict[str, Any]) -> str:
    return ", ".join(
        say(SCORE_PARTS[k], n=v) if k in SCORE_PARTS else f"{k} {v}"
        for k, v in score.items()
        if k not in ("total", "tiebreak")
    )


def standing(p: dict[str, Any]) -> str:
    """Territories and resources controlled, and the score if the game ended now (public)."""
    land = p["controlled"]
    score = p["score"]
    breakdown = _breakdown(score)
    factory = " " + say("(the Factory counts 3)") if FACTORY_HEX in land else ""
    res = " ".join(
        f'<span class="sc-key sc-res-{k}">{v} {say(k)}</span>'
        for k, v in p["controlled_resources"].items()
    )
    controls = (
        say("Controls 1 territory")
        if len(land) == 1
        else say("Controls {n} territories", n=len(land))
    )
    if_now = say("score if it ended now:")
    return (
        f'<p class="sc-standing">{controls}{factory} · {res} · '
        f"<span{tip(breakdown)}>{if_now} <b>{score['total']}</b></span></p>"
    )
