"""Helpers for the community tests: members, rated games played to an end."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from games import services
from games.models import Game, Seat
from tests.gamekit import SCENARIO, TEAM_SCENARIO

# Any string not starting with "!" is a usable password to Django (no hashing: fast).
USABLE = "test-password-not-a-hash"


def member(name: str, **extra: Any) -> Any:
    """A player with an account (not a guest): may sit in rated games."""
    return get_user_model().objects.create(username=name, password=USABLE, **extra)


def guest(name: str) -> Any:
    return get_user_model().objects.create_user(username=name)  # no password: a guest


def rated_game(ge: Any, su: Any, **options: Any) -> Game:
    """The learning scenario, rated, the Germans and the Soviets seated: started."""
    game = services.game_create(user=ge, scenario=SCENARIO, side="ge",
                                options={"rated": True, **options})
    services.game_join(game=game, user=su, side="su")
    game.refresh_from_db()
    return game


def rated_team_game(ge: tuple[Any, Any], su: tuple[Any, Any], **options: Any) -> Game:
    game = services.game_create(user=ge[0], scenario=TEAM_SCENARIO, side="ge", seats_per_side=2,
                                options={"rated": True, **options})
    for user, side in ((ge[1], "ge"), (su[0], "su"), (su[1], "su")):
        services.game_join(game=game, user=user, side=side)
    game.refresh_from_db()
    return game


def resign(game: Game, loser: Any) -> None:
    """The loser's side resigns: the game ends (hooks run when the test commits them)."""
    seat = Seat.objects.select_related("side").get(game=game, user=loser)
    services.game_resign(game=game, seat=seat)
