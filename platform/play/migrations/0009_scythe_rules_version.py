"""Stamp every stored Scythe match with the rules version it was started under.

Until this migration, a Scythe match whose options lacked `rules` was read as rules version 1
(the Enlist reading before 2026-11-25), so that its log replays; from now on a missing option
means the current rules, the book's (games/scythe/state.py). Every Scythe match stored without
the option was started under version 1 (the option and its default 2 came together), so it
gets `rules: 1` written down; matches that name their version keep it.
"""

from django.db import migrations

BATCH = 500


def stamp_rules_1(apps, schema_editor):
    Match = apps.get_model("play", "Match")
    unstamped = Match.objects.filter(game="scythe").exclude(options__has_key="rules")
    batch = []
    for match in unstamped.only("pk", "options").iterator(chunk_size=BATCH):
        match.options = {**(match.options or {}), "rules": 1}
        batch.append(match)
        if len(batch) == BATCH:
            Match.objects.bulk_update(batch, ["options"])
            batch = []
    Match.objects.bulk_update(batch, ["options"])


def unstamp_rules_1(apps, schema_editor):
    """Back to the earlier reading, where a missing option meant version 1."""
    Match = apps.get_model("play", "Match")
    batch = []
    for match in Match.objects.filter(game="scythe", options__rules=1).only("pk", "options"):
        match.options = {k: v for k, v in match.options.items() if k != "rules"}
        batch.append(match)
    Match.objects.bulk_update(batch, ["options"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [("play", "0008_match_vacation_allowed")]

    operations = [migrations.RunPython(stamp_rules_1, unstamp_rules_1)]
