"""Every migration in the repository may run while the previous release still serves
(docs/operations.md, "Deploys"): it drops or renames no table or column the previous release
reads, and a column it adds is nullable or has a database default (`db_default`), so the
previous release's INSERTs, which do not name it, still succeed.

A check of our own over the migration operations (django-migration-linter was not added:
these rules are short, and ours know `db_default`): the operations come from Django's
MigrationLoader, and the state before each operation from replaying the graph, so an AlterField
is compared with the field it replaces. A migration that was already deployed before this check
existed and breaks a rule is listed in REVIEWED with the reason it was fine then; a new one has
no such excuse."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps import apps
from django.db import migrations, models
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ProjectState

# Deployed before this check and before rolling deploys: the one procedure then was stop, migrate,
# start (compose's `web` migrates as it starts), so no previous release served while these ran,
# and every release since writes the column. Each adds a NOT NULL column with a Python default
# only (Django drops the column default once the rows are filled).
_BEFORE_ROLLING_DEPLOYS = "deployed before rolling deploys (stop, migrate, start): {}"

# (app, migration, operation index): why it was safe when it was deployed.
REVIEWED: dict[tuple[str, str, int], str] = {
    where: _BEFORE_ROLLING_DEPLOYS.format(column)
    for where, column in [
        (("accounts", "0003_follows_blocks_time_zone", 1), "user.time_zone"),
        (("accounts", "0004_user_language", 0), "user.language"),
        (("ladders", "0003_queue_seen_at", 0), "queueentry.seen_at"),
        (("lobbies", "0002_table_timeout_policy", 0), "table.timeout_policy"),
        (("notifications", "0002_turnemail_status", 1), "turnemail.last_error"),
        (("notifications", "0002_turnemail_status", 2), "turnemail.status"),
        (("play", "0002_presence_seen_at", 0), "presence.seen_at"),
        (("play", "0003_actionrecord_timed_out", 0), "actionrecord.timed_out"),
        (("play", "0004_clocks_policy_vacation", 0), "match.timeout_policy"),
        (("play", "0004_clocks_policy_vacation", 1), "seat.last_missed_seq"),
        (("play", "0004_clocks_policy_vacation", 2), "seat.missed_in_a_row"),
        (("play", "0006_actionrecord_undo", 0), "actionrecord.revealed"),
        (("play", "0008_match_vacation_allowed", 0), "match.vacation_allowed"),
        (("tournaments", "0002_tournament_vacation_allowed", 0), "tournament.vacation_allowed"),
    ]
}

THIRD_PARTY = ("django", "rest_framework", "allauth", "anymail", "drf_spectacular", "channels")

# Options that change a column in place (type, name, width, target): a rolling deploy's previous
# release would read or write the old shape. A wider varchar is fine; anything else is not.
COLUMN_OPTIONS = ("db_column", "max_digits", "decimal_places", "to", "to_field", "db_collation")


def _our_apps() -> set[str]:
    return {c.label for c in apps.get_app_configs() if not c.name.startswith(THIRD_PARTY)}


def _operations(loader: MigrationLoader) -> Iterator[tuple[tuple[str, str, int], object, object]]:
    """(where, operation, the project state just before it), over the whole graph in order."""
    ours = _our_apps()
    state = ProjectState(real_apps=loader.unmigrated_apps)
    for node in _plan(loader):
        migration = loader.graph.nodes[node]
        created = set()  # tables this migration creates: the previous release knows none of them
        for index, operation in enumerate(migration.operations):
            if isinstance(operation, migrations.CreateModel):
                created.add(operation.name_lower)
            on_new_table = getattr(operation, "model_name_lower", None) in created
            if node[0] in ours and not on_new_table:
                yield (node[0], node[1], index), operation, state
            state = state.clone()
            operation.state_forwards(node[0], state)


def _plan(loader: MigrationLoader) -> list[tuple[str, str]]:
    plan: list[tuple[str, str]] = []
    for leaf in loader.graph.leaf_nodes():
        for node in loader.graph.forwards_plan(leaf):
            if node not in plan:
                plan.append(node)
    return plan


def problems(app: str, operation, state: ProjectState) -> list[str]:
    """What in `operation` the previous release could trip over (empty: safe)."""
    if isinstance(operation, migrations.RemoveField | migrations.DeleteModel):
        return [f"{type(operation).__name__} drops what the previous release reads"]
    if isinstance(operation, migrations.RenameField | migrations.RenameModel):
        return [f"{type(operation).__name__}: the previous release reads the old name"]
    if isinstance(operation, migrations.AlterModelTable | migrations.RunSQL):
        return [f"{type(operation).__name__}: review by hand (then list it in REVIEWED)"]
    if isinstance(operation, migrations.AddField):
        return _added_column(operation.field)
    if isinstance(operation, migrations.AlterField):
        old = state.models[app, operation.model_name_lower].fields[operation.name]
        return _altered_column(old, operation.field)
    return []


def _added_column(field: models.Field) -> list[str]:
    if field.many_to_many or field.null or field.db_default is not models.NOT_PROVIDED:
        return []
    return ["adds a NOT NULL column without db_default: the previous release's INSERTs fail"]


def _altered_column(old: models.Field, new: models.Field) -> list[str]:
    found = []
    old_path, _, old_kwargs = old.deconstruct()[1:]
    new_path, _, new_kwargs = new.deconstruct()[1:]
    if old_path != new_path:
        found.append(f"changes the column's type ({old_path} to {new_path})")
    if old.null and not new.null:
        found.append("makes a column NOT NULL: the previous release may still write NULL")
    if (old.max_length or 0) > (new.max_length or 0) and old.max_length:
        found.append("narrows the column: the previous release may write longer values")
    found += [
        f"changes {key}" for key in COLUMN_OPTIONS if old_kwargs.get(key) != new_kwargs.get(key)
    ]
    return found


def _unsafe() -> dict[tuple[str, str, int], list[str]]:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    found = {}
    for where, operation, state in _operations(loader):
        if reasons := problems(where[0], operation, state):
            found[where] = reasons
    return found


def test_it_finds_every_migration_safe_to_run_under_the_previous_release():
    unsafe = {where: why for where, why in _unsafe().items() if where not in REVIEWED}
    assert unsafe == {}, "see docs/operations.md, Deploys: expand, then contract"


def test_its_reviewed_exceptions_are_all_still_needed():
    assert set(REVIEWED) <= set(_unsafe()), "an exception no migration needs any more"


@pytest.mark.parametrize(
    "operation",
    [
        migrations.RemoveField("match", "version"),
        migrations.RenameField("match", "version", "revision"),
        migrations.DeleteModel("match"),
        migrations.AddField("match", "flag", models.BooleanField(default=False)),
        migrations.AlterField("match", "finished_at", models.DateTimeField()),
        migrations.AlterField("match", "game", models.CharField(max_length=8)),
        migrations.RunSQL("ALTER TABLE play_match DROP COLUMN version"),
        migrations.AlterField("match", "version", models.CharField(max_length=8)),
    ],
    ids=repr,
)
def test_it_flags_a_contracting_or_blocking_operation(operation):
    state = MigrationLoader(None, ignore_no_migrations=True).project_state()
    assert problems("play", operation, state)


@pytest.mark.parametrize(
    "operation",
    [
        migrations.AddField("match", "flag", models.BooleanField(db_default=False)),
        migrations.AddField("match", "note", models.TextField(null=True, blank=True)),
        migrations.AlterField("match", "version", models.PositiveIntegerField(help_text="n")),
        migrations.AlterField("match", "outcome", models.JSONField(null=True, help_text="n")),
        migrations.CreateModel("Note", [("id", models.BigAutoField(primary_key=True))]),
    ],
    ids=repr,
)
def test_it_lets_an_expanding_operation_pass(operation):
    state = MigrationLoader(None, ignore_no_migrations=True).project_state()
    assert problems("play", operation, state) == []
