"""Let the bots of a game act if one of their seats may (after a restart, or by hand)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.botplay.runner import act_once, play_bots


class Command(BaseCommand):
    help = "Play the bots' moves due now in a game (--once: at most one)."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--once", action="store_true")
        parser.add_argument("--at-version", type=int, default=None,
                            help="with --once: only if the game is at this version")

    def handle(self, *args, game, once, at_version, **options):
        n = int(act_once(game, at_version)) if once else play_bots(game)
        self.stdout.write(f"bots acted: {n}")
