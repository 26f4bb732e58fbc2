"""The designer app: players' scenarios and boards, their revisions and their reports."""

from __future__ import annotations

from django.apps import AppConfig


class DesignerConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.designer"
    label = "designer"
    verbose_name = "Scenario designer"

    def ready(self) -> None:
        from games.designer import library
        from games.rules import registry
        from games.services import hooks

        # A published revision is played under its own id; any process finds it here.
        registry.add_finder(library.find_published)
        if library.may_open not in hooks.OPEN_CHECKS:
            hooks.OPEN_CHECKS.append(library.may_open)
