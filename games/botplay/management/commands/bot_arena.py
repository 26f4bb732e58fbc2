"""Play bots against each other on a scenario and store the result for its balance."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.botplay.balance import store_arena
from games.bots.arena import play_match, summary_line
from games.bots.levels import LEVELS
from games.scenario_revisions import current_revision


class Command(BaseCommand):
    help = "Bot-against-bot games of a scenario (sides swapped), stored for its balance page."

    def add_arguments(self, parser):
        parser.add_argument("--scenario", required=True)
        parser.add_argument("--games", type=int, default=4)
        parser.add_argument("--levels", default="veteran,veteran")
        parser.add_argument("--seed", default="balance")

    def handle(self, *args, scenario, games, levels, seed, **options):
        try:
            revision = current_revision(scenario)  # the scenario these games are played on
        except KeyError:
            raise CommandError(f"no scenario {scenario!r}") from None
        pair = levels.split(",")
        if len(pair) != 2 or not set(pair) <= set(LEVELS):
            raise CommandError(f"--levels takes two of {', '.join(LEVELS)}, e.g. veteran,recruit")
        if games < 1:
            raise CommandError("--games must be at least 1")
        m = play_match(scenario, pair[0], pair[1], games, seed, out=self.stdout)
        store_arena(scenario, levels, m.side_wins(), revision=revision)
        self.stdout.write(summary_line(m))
