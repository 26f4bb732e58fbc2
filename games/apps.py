"""Register the games app with Django."""

from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app: lobby, games, seats, the command log and the rules engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"
