from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0006_actionrecord_undo"),
    ]

    operations = [
        migrations.AddField(
            model_name="actionrecord",
            name="phrase",
            field=models.JSONField(
                blank=True,
                help_text="The sentence as the engine's phrase (games.core.words), so the log "
                "reads in each viewer's language; null for site events and entries from before "
                "it existed.",
                null=True,
            ),
        ),
    ]
