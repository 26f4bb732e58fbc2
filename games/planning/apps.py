"""Register the planning app: standing orders answer windows as soon as they open."""

from __future__ import annotations

from django.apps import AppConfig


class PlanningConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.planning"
    label = "planning"
    verbose_name = "Planning"

    def ready(self) -> None:
        from games import broadcast
        from games.planning import answering
        from games.services import hooks

        if answering.answer_window not in broadcast.REPLY_HOOKS:
            broadcast.REPLY_HOOKS.append(answering.answer_window)
        if answering.record not in hooks.AFTER_STEP:
            hooks.AFTER_STEP.append(answering.record)
