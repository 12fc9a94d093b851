"""Events of several stages (Challonge's and start.gg's group stage feeding a playoff): the
first stage is an ordinary tournament where players register; each later stage is one
tournament (or several parallel groups) with `event` = the first stage and `stage` = its
number, created in draft by the organiser. When every group of a stage is finished (the
finish records the outbox job "tournaments.stage", stage_hook.py), `stage_next` takes the
players the next stage's rule names from the standings, seeds them in that order (manual
seeding; across groups by a snake) and starts it.

The first stage may itself be split into groups (`groups_add`, at creation): the other
groups are tournaments with `event` = the first and `stage` = 1. Players register at the first
(it is group A); at its start they are seeded together and dealt into the groups by a snake
(services._deal), each group starting with its share.

Rules: "top" (the best `count` of the stage: by rank in their group, then points, then the
group's order), "top_per_group" (the best `count` of each group, firsts before seconds, and
crosswise: with 2 a group, seeds 1..8 of four groups are A1 B1 C1 D1 C2 D2 A2 B2, so that an
elimination's first round is A1-B2, B1-A2, C1-D2, D1-C2).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import errors, formats, progress, services
from tournaments.formats.base import FormatError
from tournaments.models import Registration, Tournament

RULES = ("top", "top_per_group")
MAX_GROUPS = 16


def root_of(t: Tournament) -> Tournament:
    return t.event if t.event is not None else t


def stage_of(root: Tournament, number: int) -> list[Tournament]:
    """The groups of stage `number` (the first stage: the event's own tournament first)."""
    later = list(root.stages.filter(stage=number).order_by("pk"))
    return [root, *later] if number == 1 else later


def group_label(index: int) -> str:
    return chr(ord("A") + index)


def groups_add(*, root: Tournament, user: Any, groups: Any) -> list[Tournament]:
    """Split the first stage of a new event into `groups` groups: `root` is group A, the
    others are made here (drafts, no registration of their own, the same settings)."""
    groups = services._int(groups, "groups", 1, MAX_GROUPS)  # noqa: SLF001
    if groups == 1:
        return []
    if root.format == Tournament.Format.ARENA:
        raise errors.bad("bad_groups", _("An arena is not split into groups."))
    if root.event_id is not None or root.stages.exists() or root.has_started:
        raise errors.refused("not_now", _("Groups are chosen when the event is made."))
    made = []
    for index in range(1, groups):
        g = services.tournament_create(
            organiser=root.organiser,
            name=f"{root.name[:60]} · 1{group_label(index)}",
            game=root.game,
            format=root.format,
            table_size=root.table_size,
            advance=root.advance,
            rounds=root.rounds,
            ranked=root.ranked,
            mode=root.mode,
            move_seconds=root.move_seconds,
            clock=root.clock,
            vacation_allowed=root.vacation_allowed,
            seeding="manual",
            options=root.options,
            open_registration=False,
        )
        made.append(g)
    Tournament.objects.filter(pk__in=[g.pk for g in made]).update(event=root, stage=1)
    services.audit(root, user, "groups", f"Stage 1 in {groups} groups.", groups=groups)
    return made


def stage_add(
    *,
    tournament_id: Any,
    user: Any,
    format: str,  # noqa: A002 - the domain's word
    rule: str,
    count: int,
    table_size: int | None = None,
    rounds: int = 0,
    advance: int = 1,
    groups: Any = 1,
) -> list[Tournament]:
    """The next stage of the event (draft), as `groups` parallel tournaments."""
    if rule not in RULES:
        raise errors.bad("bad_rule", _("Choose the top players, or the top of each group."))
    if format not in formats.FORMATS:
        raise errors.bad("bad_format", _("A later stage is an elimination, Swiss or round robin."))
    groups = services._int(groups, "groups", 1, MAX_GROUPS)  # noqa: SLF001
    with transaction.atomic():
        root = root_of(services.locked(tournament_id))
        services._ensure_organiser(root, user)  # noqa: SLF001
        last = max([root.stage, *root.stages.values_list("stage", flat=True)])
        before = stage_of(root, last)
        over = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
        if root.status == Tournament.Status.CANCELLED or all(x.status in over for x in before):
            raise errors.refused("not_now", _("This event is over."))
        count = services._int(count, "count", 1, 512)  # noqa: SLF001
        entering = count * len(before) if rule == "top_per_group" else count
        size = table_size if table_size is not None else root.table_size
        made = []
        for index in range(groups):
            label = f" {chr(ord('A') + index)}" if groups > 1 else ""
            made.append(
                services.tournament_create(
                    organiser=root.organiser,
                    name=f"{root.name[:60]} · {last + 1}{label}",
                    game=root.game,
                    format=format,
                    table_size=size,
                    advance=advance,
                    rounds=rounds,
                    ranked=root.ranked,
                    mode=root.mode,
                    move_seconds=root.move_seconds,
                    clock=root.clock,
                    vacation_allowed=root.vacation_allowed,
                    seeding="manual",
                    options=root.options,
                    open_registration=False,
                )
            )
        per_group = -(-entering // groups)
        fmt = formats.FORMATS[format]
        try:
            fmt.validate(progress.settings_of(made[0]), entering // groups)
        except FormatError as exc:
            raise errors.bad(
                "bad_count",
                _("%(value)s players per group: %(exc)s") % {"value": per_group, "exc": exc},
            ) from exc
        Tournament.objects.filter(pk__in=[t.pk for t in made]).update(
            event=root, stage=last + 1, advance_rule=rule, advance_count=count
        )
        services.audit(
            root,
            user,
            "stage",
            f"Stage {last + 1} added ({format}).",
            rule=rule,
            number=last + 1,
            format=format,
        )
    return [Tournament.objects.get(pk=t.pk) for t in made]


def event_create(
    *, organiser: Any, then: dict[str, Any] | None = None, groups: Any = 1, **fields: Any
) -> Tournament:
    """The tournament form and the API: a tournament, its first stage's other groups, and its
    next stage when the organiser chose one (all or nothing)."""
    with transaction.atomic():
        t = services.tournament_create(organiser=organiser, **fields)
        groups_add(root=t, user=organiser, groups=groups)
        if then:
            stage_add(tournament_id=t.pk, user=organiser, **then)
    return t


def _qualified(before: list[Tournament], rule: str, count: int) -> list[Registration]:
    """The players who go on, in seed order."""
    rows = []
    for group_index, t in enumerate(before):
        regs = {r.pk: r for r in t.registrations.all()}
        standing = [
            (row["rank"], -float(row["points"]), group_index, regs[row["entrant"]])
            for row in t.standings
            if row["entrant"] in regs and regs[row["entrant"]].active
        ]
        rows.extend(standing[:count] if rule == "top_per_group" else standing)
    if rule == "top_per_group":
        return _crosswise(rows, len(before))
    rows.sort(key=lambda row: row[:3])
    return [row[3] for row in rows][:count]


def _crosswise(rows: list[tuple[Any, ...]], groups: int) -> list[Registration]:
    """Each group's qualifiers (rank, -points, group, player), seeded tier by tier: the
    group winners in group order, then each next tier in the reverse order of its partner
    groups' (A with B, C with D, ...; an odd last group with the first), so that seed k meets
    seed n+1-k from the partner group."""
    by_group: dict[int, list[Registration]] = {}
    for row in sorted(rows, key=lambda row: (row[2], row[0], row[1])):
        by_group.setdefault(row[2], []).append(row[3])
    order = list(range(groups))
    seeded: list[Registration] = []
    for tier in range(max((len(v) for v in by_group.values()), default=0)):
        seeded.extend(by_group[g][tier] for g in order if len(by_group.get(g, [])) > tier)
        order = [_partner(g, groups) for g in reversed(order)]
    return seeded


def _partner(group: int, groups: int) -> int:
    """A with B, C with D, ...; an odd number of groups in a ring (A with B, B with C, C
    with A), so that each tier is still every group once."""
    return group ^ 1 if groups % 2 == 0 else (group + 1) % groups


def _snake(players: list[Registration], groups: int) -> list[list[Registration]]:
    split: list[list[Registration]] = [[] for _ in range(groups)]
    for i, player in enumerate(players):
        lap, offset = divmod(i, groups)
        split[offset if lap % 2 == 0 else groups - 1 - offset].append(player)
    return split


def stage_next(*, tournament_id: int) -> str:
    """Start the next stage if the stage of `tournament_id` is over. Safe to run twice."""
    with transaction.atomic():
        t = Tournament.objects.filter(pk=tournament_id).first()
        if t is None:
            return "idle"
        root = Tournament.objects.select_for_update().get(pk=root_of(t).pk)
        before = stage_of(root, t.stage)
        if any(x.status != Tournament.Status.FINISHED for x in before):
            return "waiting"
        after = list(root.stages.filter(stage=t.stage + 1).order_by("pk"))
        if not after:
            return "last"
        if any(x.started_at is not None for x in after):
            return "started"
        rule, count = after[0].advance_rule, after[0].advance_count
        qualified = _qualified(before, rule, count)
        for target, players in zip(after, _snake(qualified, len(after)), strict=True):
            Registration.objects.bulk_create(
                Registration(tournament=target, user=r.user, bot=r.bot, manual_seed=i)
                for i, r in enumerate(players, start=1)
            )
            try:
                services.tournament_start(tournament_id=target.pk)
            except errors.TournamentError as exc:
                services.audit(target, None, "stage", f"Could not start: {exc.message}")
        return "started"


def event_stages(t: Tournament) -> list[dict[str, Any]]:
    """Every stage of `t`'s event, for the page and the API."""
    root = root_of(t)
    tournaments = [root, *root.stages.order_by("stage", "pk")]
    stages: dict[int, dict[str, Any]] = {}
    for x in tournaments:
        stage = stages.setdefault(
            x.stage,
            {"stage": x.stage, "rule": x.advance_rule, "count": x.advance_count, "groups": []},
        )
        stage["groups"].append(
            {
                "id": x.pk,
                "group": group_label(len(stage["groups"])),
                "name": x.name,
                "format": x.format,
                "format_label": x.get_format_display(),
                "status": x.status,
                "status_label": x.get_status_display(),
                "standings": x.standings,
            }
        )
    shown = [stages[k] for k in sorted(stages)]
    for stage, after in zip(shown, [*shown[1:], None], strict=True):
        going = after is not None and after["rule"] == "top_per_group"
        stage["goes"] = after["count"] if going else 0  # type: ignore[index]
    return shown
