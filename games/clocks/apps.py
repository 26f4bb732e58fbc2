"""Register the clocks app: time controls, vacation, absence, and the background sweep."""

from __future__ import annotations

from django.apps import AppConfig


class ClocksConfig(AppConfig):
    """Game clocks and the periodic sweep the background worker runs (docs/playing.md, "Time controls")."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games.clocks"
    label = "clocks"
    verbose_name = "Clocks"

    def ready(self) -> None:
        """Plug the clocks into the services' hooks, the views and the sweep."""
        from games import engine_adapter
        from games.clocks import (
            absence,
            control,
            jobs,
            readings,
            receivers,
            service,
            sweep,
            vacation,
        )
        from games.lobby import selectors as lobby
        from games.services import hooks

        hooks.OPTION_CHECKS["time_control"] = control.normalize
        if absence.may_act_for not in hooks.ACT_FOR:
            hooks.ACT_FOR.append(absence.may_act_for)
        if vacation.export not in hooks.ACCOUNT_EXPORTS:
            hooks.ACCOUNT_EXPORTS.append(vacation.export)
        if vacation.erase not in hooks.ACCOUNT_ERASERS:
            hooks.ACCOUNT_ERASERS.append(vacation.erase)
        if service.on_step not in hooks.AFTER_STEP:
            hooks.AFTER_STEP.append(service.on_step)
        if readings.view_extra not in engine_adapter.VIEW_EXTRAS:
            engine_adapter.VIEW_EXTRAS.append(readings.view_extra)
        if service.lobby_cards not in lobby.MY_CARD_EXTRAS:
            lobby.MY_CARD_EXTRAS.append(service.lobby_cards)
        sweep.register("clocks.flag", jobs.flag_due)
        sweep.register("clocks.windows", jobs.decline_windows)
        sweep.register("clocks.remind", jobs.remind)
        sweep.register("clocks.vacations", jobs.end_vacations)
        receivers.install()
