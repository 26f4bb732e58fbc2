"""Stamp every game with its ruleset (issue 15): games opened before there were two games are
Panzer Grenadier; any other is found from its scenario through the registry."""

from django.db import migrations, models


def stamp(apps, schema_editor):
    from games.rules.registry import for_scenario  # noqa: PLC0415  (the rules, not Django)

    Game = apps.get_model("games", "Game")
    for scenario in Game.objects.values_list("scenario", flat=True).distinct():
        try:
            ruleset = for_scenario(scenario).id
        except KeyError:  # a scenario no longer bundled keeps the default
            continue
        Game.objects.filter(scenario=scenario).update(ruleset=ruleset)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_coach_invites"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="ruleset",
            field=models.CharField(db_index=True, default="panzer_grenadier", max_length=40),
        ),
        migrations.RunPython(stamp, migrations.RunPython.noop),
    ]
