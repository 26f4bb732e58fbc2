"""Helpers shared by the service, API and socket tests: people, a started game, a random
legal command."""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client

from games import engine_adapter as engine
from games import services
from games.models import Game, Seat

SCENARIO = "meeting-at-kessel"  # the learning scenario: German "ge" against Soviet "su"
TEAM_SCENARIO = "melnitsa-bridgehead"  # formations enough for two seats a side


def person(name: str) -> Any:
    return get_user_model().objects.create_user(username=name)  # no password: hashing is slow


def signed_in(name: str, staff: bool = False) -> Client:
    """A test client signed in as a new player `name` (a member of staff if `staff`)."""
    user = person(name)
    if staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    client = Client()
    client.force_login(user)
    return client


def started_game(axis: Any, allied: Any, **options: Any) -> Game:
    """A game of the learning scenario with the Germans and the Soviets seated: version 1."""
    game = services.game_create(user=axis, scenario=SCENARIO, side="ge", options=options or None)
    services.game_join(game=game, user=allied, side="su")
    game.refresh_from_db()
    return game


def started_team_game(ge: tuple[Any, Any], su: tuple[Any, Any]) -> Game:
    """Melnitsa Bridgehead, two seats a side (a formation each): the pairs seated in order."""
    game = services.game_create(user=ge[0], scenario=TEAM_SCENARIO, side="ge", seats_per_side=2)
    for user, side in ((ge[1], "ge"), (su[0], "su"), (su[1], "su")):
        services.game_join(game=game, user=user, side=side)
    game.refresh_from_db()
    return game


def seat(game: Game, user: Any) -> Seat:
    return Seat.objects.select_related("side").get(game=game, user=user)


def state_of(game: Game) -> engine.GameState:
    game.refresh_from_db()
    return engine.decode_state(game.pk, game.version, game.state)


def random_move(rng: random.Random, legal_by_seat: dict[str, dict[str, list[dict]]]):
    """A seat and a command: a seat that may act, a command group, then a command in it (so
    passing is as likely as acting, and games reach their end in a few hundred steps)."""
    seat_id = rng.choice(sorted(s for s, groups in legal_by_seat.items() if groups))
    groups = legal_by_seat[seat_id]
    return seat_id, rng.choice(groups[rng.choice(sorted(groups))])


def legal_by_seat(state: engine.GameState) -> dict[str, dict[str, list[dict]]]:
    """Every seat's legal commands by group, whichever game the state is of."""
    rules = engine.rules_of(state)
    return {seat: rules.legal_commands(state, seat) for seat in engine.seat_sides(state)}
