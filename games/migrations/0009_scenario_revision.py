"""Games record the scenario's revision they were opened on (ScenarioInfo.revision). Games
opened before are left "" (unknown), not stamped with today's revision: they may have been
played on earlier forces, so a scenario's balance leaves them out and says how many."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_game_ruleset'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='scenario_revision',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
    ]
