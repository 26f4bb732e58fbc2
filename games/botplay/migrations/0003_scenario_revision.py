"""Arena runs record the scenario's revision they were played on. Runs stored before are left
"" (unknown), not stamped with today's revision: they may have been played on earlier forces,
so a scenario's balance leaves them out and says how many."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('botplay', '0002_leases_standins_quick_match'),
    ]

    operations = [
        migrations.AddField(
            model_name='arenarun',
            name='scenario_revision',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
    ]
