"""Play bots against each other on a scenario and store the result for its balance."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.botplay.balance import store_arena
from games.bots.arena import play_match, summary_line


class Command(BaseCommand):
    help = "Bot-against-bot games of a scenario (sides swapped), stored for its balance page."

    def add_arguments(self, parser):
        parser.add_argument("--scenario", required=True)
        parser.add_argument("--games", type=int, default=4)
        parser.add_argument("--levels", default="veteran,veteran")
        parser.add_argument("--seed", default="balance")

    def handle(self, *args, scenario, games, levels, seed, **options):
        a, b = levels.split(",")
        m = play_match(scenario, a, b, games, seed, out=self.stdout)
        store_arena(scenario, levels, m.side_wins())
        self.stdout.write(summary_line(m))
