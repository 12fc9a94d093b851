import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ladders", "0002_ladder_buckets"),
    ]

    operations = [
        migrations.AddField(
            model_name="queueentry",
            name="seen_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                help_text="When the player last showed they still wait (the queue page polls).",
            ),
            preserve_default=False,
        ),
    ]
