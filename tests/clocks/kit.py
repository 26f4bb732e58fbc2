"""Helpers for the clock tests: a timed game, a command, the readings, the sweep."""

from __future__ import annotations

import random
from typing import Any

from django.utils import timezone

from games import engine_adapter as engine
from games import services
from games.clocks import jobs
from games.clocks.models import ClockEvent, SideClock
from games.models import Game
from tests.gamekit import SCENARIO, legal_by_seat, person, seat, started_game, state_of

ROLL = {"type": "roll_initiative"}


def timed_game(axis: Any, allied: Any, control: Any) -> Game:
    return started_game(axis, allied, time_control=control)


def send(game: Game, user: Any, command: dict) -> int:
    game.refresh_from_db()
    outcome = services.command_submit(
        game=game, seat=seat(game, user), command=command, base_version=game.version
    )
    assert outcome.ok, outcome
    return outcome.version


def sides(game: Game) -> dict[str, SideClock]:
    return {c.side_id: c for c in SideClock.objects.filter(game=game)}


def log_of(game: Game) -> list[tuple[str, str]]:
    return list(ClockEvent.objects.filter(game=game).values_list("kind", "side_id"))


def sweep(now: Any = None) -> dict:
    """The clock jobs of one sweep, as the worker runs them."""
    now = now or timezone.now()
    return {
        "flagged": jobs.flag_due(now),
        "declined": jobs.decline_windows(now),
        "reminded": jobs.remind(now),
        "vacations": jobs.end_vacations(now),
    }


def play_until(game: Game, users: dict[str, Any], wanted, limit: int = 400) -> engine.GameState:
    """Reach a state where `wanted(state)` holds by real commands: seeded random legal commands
    (mostly moves) are tried on the engine alone until a line of play gets there, then that
    line is sent through command_submit."""
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    start = state_of(game)
    for attempt in range(50):
        line = _line(start, game.dice_position, random.Random(attempt), wanted, limit)
        if line is not None:
            break
    else:
        raise AssertionError(f"no line of play reaches the wanted state in {SCENARIO}")
    for seat_id, command in line:
        send(game, users[seat_id.split("-")[0]], command)
    state = state_of(game)
    assert wanted(state)
    return state


SEED = "clock-tests-seed"


def _line(state, position, rng, wanted, limit):
    line = []
    for _ in range(limit):
        if wanted(state):
            return line
        legal = {s: g for s, g in legal_by_seat(state).items() if g}
        if not legal:
            return None
        seat_id = rng.choice(sorted(legal))
        groups = legal[seat_id]
        kind = "move" if "move" in groups and rng.random() < 0.95 else rng.choice(sorted(groups))
        command = rng.choice(groups[kind])
        applied = engine.apply_command(state, seat_id, command, SEED, position)
        state, position = applied.state, applied.dice_position
        line.append((seat_id, command))
    return None


def team_game(control: Any, names: tuple[str, ...] = ("ann", "bob", "cid", "dan")) -> tuple:
    """A two-seats-a-side game: ann and bob play the Germans, cid and dan the Soviets."""
    ann, bob, cid, dan = (person(n) for n in names)
    game = services.game_create(
        user=ann, scenario=SCENARIO, side="ge", seats_per_side=2,
        options={"time_control": control},
    )  # fmt: skip
    services.game_join(game=game, user=bob, side="ge")
    services.game_join(game=game, user=cid, side="su")
    services.game_join(game=game, user=dan, side="su")
    game.refresh_from_db()
    return game, (ann, bob, cid, dan)
