"""Nudge the lobby when a game or a seat is saved (created, joined, left, started)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.lobby import notify
from games.models import Game, Seat


@receiver(post_save, sender=Game, dispatch_uid="lobby-game-saved")
@receiver(post_save, sender=Seat, dispatch_uid="lobby-seat-saved")
@receiver(post_delete, sender=Game, dispatch_uid="lobby-game-deleted")
def _changed(sender: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return  # loading fixtures
    notify.lobby_changed()
