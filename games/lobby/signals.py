"""Nudge the lobby when a game or a seat is saved (created, joined, left, started), and when
someone opens or closes a game (its seats' online dots, its spectator count)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.lobby import notify
from games.models import Game, Presence, Seat


@receiver(post_save, sender=Game, dispatch_uid="lobby-game-saved")
@receiver(post_save, sender=Seat, dispatch_uid="lobby-seat-saved")
@receiver(post_delete, sender=Game, dispatch_uid="lobby-game-deleted")
@receiver(post_save, sender=Presence, dispatch_uid="lobby-presence-saved")
@receiver(post_delete, sender=Presence, dispatch_uid="lobby-presence-deleted")
def _changed(sender: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return  # loading fixtures
    notify.lobby_changed()
