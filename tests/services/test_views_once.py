"""A command's frames cost one view per audience per version, with coaches and a delay, and
never replay the command log (broadcast.publish_step, engine_adapter's caches)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games import broadcast, services
from games import engine_adapter as engine
from tests.gamekit import legal_by_seat, random_move, started_game, state_of

pytestmark = pytest.mark.django_db(transaction=True)
COMMANDS = 12


def play(game, rng: random.Random) -> None:
    for _ in range(COMMANDS):
        state = state_of(game)
        seat_id, command = random_move(rng, legal_by_seat(state))
        seat = game.seats.select_related("side").get(seat_id=seat_id)
        outcome = services.command_submit(
            game=game, seat=seat, command=command, base_version=game.version
        )
        assert outcome.ok, outcome


@pytest.mark.parametrize("options", [
    {"spectators": "coach"},
    {"spectators": "coach", "spectator_delay": 3},
    {"spectators": "public", "spectator_delay": 3},
])  # fmt: skip
def test_each_audience_view_is_built_once_per_version_and_the_log_never_replays(
    axis_player, allied_player, monkeypatch, options
):
    game = started_game(axis_player, allied_player, **options)
    rules = engine.rules_of(state_of(game))
    built: Counter = Counter()
    view_for = type(rules).view_for

    def counted(self, state, who):
        built[(engine.hash_of(state), who)] += 1
        return view_for(self, state, who)

    replays = []
    monkeypatch.setattr(type(rules), "view_for", counted)
    monkeypatch.setattr(engine, "replay_step", lambda *a: replays.append(a))
    monkeypatch.setattr(broadcast, "send", lambda messages: None)
    play(game, random.Random(3))
    assert replays == []
    assert built and max(built.values()) == 1, [k for k, n in built.items() if n > 1]
