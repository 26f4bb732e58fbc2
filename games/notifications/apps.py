from __future__ import annotations

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    label = "notifications"
    verbose_name = "Notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Plug the trigger into the games' on-commit broadcast, the retries and digests into
        the worker's periodic sweep, and the clocks' warnings and flags into notifications."""
        from games.clocks import signals as clock_signals
        from games.clocks import sweep as clock_sweep
        from games.notifications import clock_notices, draw_notices, sweep, trigger, verify
        from games.services import hooks

        trigger.install()
        if draw_notices.on_draw_offered not in hooks.DRAW_OFFERED:
            hooks.DRAW_OFFERED.append(draw_notices.on_draw_offered)
        if verify.erase not in hooks.ACCOUNT_ERASERS:
            hooks.ACCOUNT_ERASERS.append(verify.erase)
        if verify.export not in hooks.ACCOUNT_EXPORTS:
            hooks.ACCOUNT_EXPORTS.append(verify.export)
        if verify.on_email_confirmed not in hooks.EMAIL_CONFIRMED:
            hooks.EMAIL_CONFIRMED.append(verify.on_email_confirmed)
        clock_sweep.register("notifications", sweep.run)
        clock_signals.time_running_out.connect(
            clock_notices.on_time_running_out, dispatch_uid="notifications-time-running-out"
        )
        clock_signals.clock_flagged.connect(
            clock_notices.on_clock_flagged, dispatch_uid="notifications-clock-flagged"
        )
