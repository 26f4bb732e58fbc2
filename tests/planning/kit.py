"""Helpers for the planning tests: a line of play up to an opportunity-fire window, and the
frames the broadcast hands to the channel layer, captured."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games import broadcast
from games import engine_adapter as engine
from games.models import Game
from tests.clocks.kit import SEED, _line, send
from tests.gamekit import state_of

__all__ = ["SEED", "Captured", "line_to_window", "play", "send"]


def line_to_window(game: Game, wanted: Callable[[Any], bool] = engine.window_open,
                   attempts: int = 50) -> list[tuple[str, dict]]:
    """Real commands (seat id, command) whose last one opens an opportunity-fire window (or
    reaches a state `wanted` says yes to), found on the engine alone from the game's start
    with the clock tests' seed."""
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    game.refresh_from_db()
    start = state_of(game)
    for attempt in range(attempts):
        line = _line(start, game.dice_position, random.Random(attempt), wanted, 400)
        if line:
            return line
    raise AssertionError("no line of play reaches the state wanted")


def play(game: Game, users: dict[str, Any], line: list[tuple[str, dict]]) -> None:
    for seat_id, command in line:
        send(game, users[seat_id.split("-")[0]], command)


class Captured:
    """Every (group, text) the broadcast hands over while installed (monkeypatch)."""

    def __init__(self, monkeypatch):
        self.sent: list[tuple[str, str]] = []
        real = broadcast.send

        def keep(messages):
            self.sent += [(g, m.get("text") or repr(sorted(m.items()))) for g, m in messages]
            real(messages)

        monkeypatch.setattr(broadcast, "send", keep)

    def to(self, group: str) -> list[str]:
        return [text for g, text in self.sent if g == group]
