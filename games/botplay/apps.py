"""Bot players on the server: bot seats, the bot runner, take-over and hand-back."""

from __future__ import annotations

from django.apps import AppConfig


class BotPlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.botplay"
    label = "botplay"
    verbose_name = "Bots"

    def ready(self) -> None:
        from games import broadcast
        from games.botplay import runner, signals, standin, sweep  # noqa: F401  (receivers)
        from games.clocks import sweep as sweeps

        if runner.after_publish not in broadcast.STEP_HOOKS:
            broadcast.STEP_HOOKS.append(runner.after_publish)
        standin.register_with_clocks()
        from games.services import hooks

        if standin.erase_choice not in hooks.ACCOUNT_ERASERS:
            hooks.ACCOUNT_ERASERS.append(standin.erase_choice)
        if standin.export_choice not in hooks.ACCOUNT_EXPORTS:
            hooks.ACCOUNT_EXPORTS.append(standin.export_choice)
        from games.botplay import limits, seats

        if limits.check_seat_beside_bots not in hooks.SEAT_CHECKS:
            hooks.SEAT_CHECKS.append(limits.check_seat_beside_bots)
        if seats.rematch_bots not in hooks.REMATCH_OPENED:
            hooks.REMATCH_OPENED.append(seats.rematch_bots)
        if standin.seat_stand_in not in hooks.SEAT_STAND_IN:
            hooks.SEAT_STAND_IN.append(standin.seat_stand_in)
        # The background worker's periodic sweep resumes bot turns nobody is taking.
        sweeps.register("bots", sweep.resume_bot_turns)
