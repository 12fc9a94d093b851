"""Existing matches keep the time per move they were created with: the "simple" control, and
each seat owing a decision a bank of that time from when its turn began (docs/play.md)."""

from datetime import timedelta

from django.db import migrations


def to_simple(apps, schema_editor):
    Match = apps.get_model("play", "Match")
    Seat = apps.get_model("play", "Seat")
    for match in Match.objects.filter(clock={}).iterator(chunk_size=500):
        per_move = match.move_seconds
        match.clock = {
            "kind": "simple", "base": per_move, "increment": per_move, "cap": per_move,
            "weekends": False,
        }  # fmt: skip
        began = match.deadline - timedelta(seconds=per_move) if match.deadline else None
        owing = set(
            Seat.objects.filter(match=match, to_act=True).values_list("index", flat=True)
        )
        count = Seat.objects.filter(match=match).count()
        match.banks = [
            {
                "left": float(per_move),
                "since": began.isoformat() if began and i in owing else None,
                "parts": 0,
            }
            for i in range(count)
        ]
        match.save(update_fields=["clock", "banks"])


class Migration(migrations.Migration):
    dependencies = [("play", "0010_match_clock_banks")]

    operations = [migrations.RunPython(to_simple, migrations.RunPython.noop)]
