"""A seated player opening the game again takes their seat back from a stand-in bot."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Presence

from .standin import hand_back


@receiver(post_save, sender=Presence, dispatch_uid="botplay-hand-back")
def player_returns(sender, instance: Presence, created: bool, **kwargs) -> None:
    seat = instance.seat
    if created and seat is not None and instance.user_id and instance.user_id == seat.user_id:
        hand_back(seat)
