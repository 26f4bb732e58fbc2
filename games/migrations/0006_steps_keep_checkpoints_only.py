"""The command log keeps a state only at checkpoints, compressed (games/steplog.py): existing
games keep the opening, the last and every 32nd version's state; the others are rebuilt by
replaying their commands."""

from __future__ import annotations

import json
import zlib

from django.db import migrations, models

EVERY = 32  # settings.PGWEB_CHECKPOINT_EVERY when this migration was written


def pack(raw: dict) -> bytes:  # steplog.pack, frozen here as migrations must be
    return zlib.compress(json.dumps(raw, separators=(",", ":")).encode(), 6)


def keep_checkpoints_only(apps, schema_editor):
    GameStep = apps.get_model("games", "GameStep")
    for game_id in GameStep.objects.values_list("game_id", flat=True).distinct().iterator():
        steps = GameStep.objects.filter(game_id=game_id).order_by("version")
        last = steps.values_list("version", flat=True).last()
        for step in steps.only("pk", "version", "state").iterator():
            if step.version <= 1 or step.version % EVERY == 0 or step.version == last:
                GameStep.objects.filter(pk=step.pk).update(checkpoint=pack(step.state))


class Migration(migrations.Migration):
    dependencies = [("games", "0005_seek_time_control")]

    operations = [
        migrations.AddField(
            model_name="gamestep",
            name="checkpoint",
            field=models.BinaryField(blank=True, null=True),
        ),
        migrations.RunPython(keep_checkpoints_only, migrations.RunPython.noop),
        migrations.RemoveField(model_name="gamestep", name="state"),
    ]
