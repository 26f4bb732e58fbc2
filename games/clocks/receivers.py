"""The clocks listening to the rest of pgweb: a player opening their game again takes their
seat back from the partner who stood in for them (games.clocks.absence.hand_back), as the
bots app does for a bot standing in (games.botplay.signals)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save

from games.clocks.absence import hand_back
from games.clocks.models import StandIn
from games.models import Presence


def player_returns(sender: Any, instance: Presence, created: bool, **kwargs: Any) -> None:
    """A socket opened by the seat's own player: hand the seat back if someone stood in."""
    seat_id = instance.seat_id
    if not created or seat_id is None or instance.user_id is None:
        return
    if not StandIn.objects.filter(seat_id=seat_id).exists():
        return  # the usual case: one query, nothing to do
    seat = instance.seat
    if instance.user_id == seat.user_id:
        hand_back(seat)


def install() -> None:
    post_save.connect(player_returns, sender=Presence, dispatch_uid="clocks-hand-back")
