"""How long a bot waits before its next command, so people can follow it.

- A live game (its time control is live): `BOT_PAUSE_SECONDS` (1 s) before a bot starts
  something new (an activation, a phase, a turn, an answer to the other side), a shorter
  `BOT_STEP_SECONDS` (0.3 s) between the commands of one activation.
- A correspondence game: at once; nobody is waiting at the board.
- An untimed game: as a live game while a person has it open, else at once.
- A game only bots play (a designer's *Watch bots play it*), of any time control: as a live
  game while a person has it open, else `BOT_UNWATCHED_SLOWER` (5) times slower still. Its
  bots think in the web process; run flat out, four such games slowed every page of the
  site. (The designer's publishing check plays its bot game in the worker, not here.)
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games import engine_adapter as engine
from games.clocks import control
from games.models import Game, Presence, Seat
from games.services.errors import ServiceError


def pause_seconds() -> float:
    return float(getattr(settings, "BOT_PAUSE_SECONDS", 1.0))


def step_seconds() -> float:
    return float(getattr(settings, "BOT_STEP_SECONDS", 0.3))


def unwatched_seconds() -> float:
    return pause_seconds() * float(getattr(settings, "BOT_UNWATCHED_SLOWER", 5.0))


def kind_of(options: dict | None) -> str:
    """The game's time control kind (untimed when it has none or it is unreadable)."""
    try:
        return control.normalize((options or {}).get("time_control"))["kind"]
    except ServiceError:
        return control.UNTIMED


def someone_watching(game_id: Any) -> bool:
    """A person has the game open now."""
    return Presence.objects.filter(game_id=game_id, user__isnull=False, user__bot__isnull=True
                                   ).exists()


def only_bots(game_id: Any) -> bool:
    """No person sits in the game: bots play every seat."""
    return not Seat.objects.filter(game_id=game_id, user__isnull=False,
                                   user__bot__isnull=True).exists()


def new_stage(step: tuple[Any, Any] | None) -> bool:
    """The step (state before, state after) began something new: whose turn it is changed
    (the ruleset's turn marker). Unknown (None) counts as new."""
    if step is None or step[0] is None:
        return True
    before, after = step
    return engine.turn_marker(before) != engine.turn_marker(after)


def pause_now(game_id: Any, step: tuple[Any, Any] | None) -> float:
    """Seconds a bot waits before acting after `step` in this game."""
    options = Game.objects.filter(pk=game_id).values_list("options", flat=True).first()
    kind = kind_of(options)
    if only_bots(game_id):
        watched = someone_watching(game_id)
        return (pause_seconds() if new_stage(step) else step_seconds()) if watched else (
            unwatched_seconds())
    if kind == control.CORRESPONDENCE:
        return 0.0
    if kind == control.UNTIMED and not someone_watching(game_id):
        return 0.0
    return pause_seconds() if new_stage(step) else step_seconds()
