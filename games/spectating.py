"""Who watches a game how, beyond its players: a side's invited coaches, and the delay public
spectators watch a live game with.

Coaches. Under the "coach" spectator policy a side's players may invite coaches
(`CoachInvite`, written by `games.services.coaching`). A coach sees the side's audience,
exactly the frames its players get, legal commands included: those are computed from what
the side knows (the engine validates from the acting side's knowledge), so they tell the
coach nothing the side's own view does not, and they are what a coach needs to advise
("why can't the platoon fire?"). A coach can never act: a command needs a seat
(`services.command_submit` refuses `seat/none`, on the socket and the API). Anyone else who
asks for a side's view (`?side=`) is refused; the public view stays open to them.

Delay. A game may keep its public spectators some versions behind the players while it is
played (the `spectator_delay` option, `Game.spectator_delay`): they see the game exactly as
it stood that many commands ago, in live frames, snapshots, the log, line of sight and the
page's data. Counted in commands, not seconds: a correspondence game moves once a day and a
delay in seconds would show it live; a delay in commands needs no timer. When the game ends
the delay lifts and they catch up to the end. Players and invited coaches always see it live.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings

from games import engine_adapter as engine
from games import steplog
from games.models import ACTIVE, SPECTATE_COACH, CoachInvite, Game, GameStep


def rated_delay(options: dict) -> int | None:
    """The delay of a rated game whose creator chose none (a `SPECTATOR_DELAY_DEFAULTS`
    hook): `settings.PGWEB_RATED_SPECTATOR_DELAY` commands."""
    return settings.PGWEB_RATED_SPECTATOR_DELAY if options.get("rated") else None


def coach_side(game: Game, user: Any) -> str | None:
    """The side a user was invited to coach in this game (None: not a coach of it)."""
    if game.spectators != SPECTATE_COACH or not getattr(user, "is_authenticated", False):
        return None
    return (
        CoachInvite.objects.filter(game=game, user=user)
        .values_list("side__side_id", flat=True)
        .first()
    )


@lru_cache(maxsize=4096)
def delay_of(game_id: Any) -> int:
    """A game's spectator delay, read once per process (a game's options never change)."""
    game = Game.objects.only("id", "options").filter(pk=game_id).first()
    return game.spectator_delay if game is not None else 0


def shown_version(game: Game) -> int:
    """The version public spectators see now: the delay behind while the game is played."""
    if game.status != ACTIVE or game.version < 1:
        return game.version
    return max(1, game.version - game.spectator_delay)


def delayed_step(game_id: Any, shown: int) -> tuple[engine.GameState, engine.GameState, list]:
    """What the spectators' frame for version `shown` is made of: the states before and after
    it and its events, from the command log."""
    states = steplog.states_between(game_id, shown - 1, shown)
    events = (
        GameStep.objects.filter(game_id=game_id, version=shown)
        .values_list("events", flat=True)
        .first()
    )
    return states[shown - 1], states[shown], events or []
