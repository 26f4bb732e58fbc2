"""Someone opening a bot game: a seated player takes their seat back from a stand-in bot, and
the bots are kicked in case a turn of theirs waits (after a restart, say). The kick takes
the same lease as any other, so every process a socket opens on may kick at once."""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Presence

from . import runner
from .models import BotPlayed
from .standin import hand_back


@receiver(post_save, sender=Presence, dispatch_uid="botplay-hand-back")
def player_returns(sender, instance: Presence, created: bool, **kwargs) -> None:
    if not created:
        return
    seat = instance.seat
    if seat is not None and instance.user_id and instance.user_id == seat.user_id:
        hand_back(seat)
    if BotPlayed.objects.filter(game_id=instance.game_id).exists():
        transaction.on_commit(partial(runner.kick, instance.game_id))
