"""Events of several stages (Challonge's and start.gg's group stage feeding a playoff): the
first stage is an ordinary tournament where players register; each later stage is one
tournament (or several parallel groups) with `event` = the first stage and `stage` = its
number, created in draft by the organiser. When every group of a stage is finished (the
finish records the outbox job "tournaments.stage", stage_hook.py), `stage_next` takes the
players the next stage's rule names from the standings, seeds them in that order (manual
seeding; across groups by a snake) and starts it.

Rules: "top" (the best `count` of the stage: by rank in their group, then points, then the
group's order), "top_per_group" (the best `count` of each group, firsts before seconds).
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
    groups: int = 1,
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
        before = [root] if last == 1 else list(root.stages.filter(stage=last))
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
        services.audit(root, user, "stage", f"Stage {last + 1} added ({format}).", rule=rule)
    return [Tournament.objects.get(pk=t.pk) for t in made]


def event_create(*, organiser: Any, then: dict[str, Any] | None, **fields: Any) -> Tournament:
    """The tournament form: a tournament, and its next stage when the organiser chose one
    (both or neither)."""
    with transaction.atomic():
        t = services.tournament_create(organiser=organiser, **fields)
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
    rows.sort(key=lambda row: row[:3])
    chosen = [row[3] for row in rows]
    return chosen if rule == "top_per_group" else chosen[:count]


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
        before = [root] if t.stage == 1 else list(root.stages.filter(stage=t.stage).order_by("pk"))
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
                "name": x.name,
                "format": x.format,
                "format_label": x.get_format_display(),
                "status": x.status,
                "status_label": x.get_status_display(),
                "standings": x.standings,
            }
        )
    return [stages[k] for k in sorted(stages)]
