"""What a command leaves for after its commit (services.aftercommit): it never hides the
stored step from its sender, and on a socket it runs after the answer."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import broadcast, services
from games import engine_adapter as engine
from games.clocks.models import ClockReading
from games.models import Game, GameStep
from games.services import aftercommit
from tests.gamekit import seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)
ROLL = {"type": "roll_initiative"}


def roll(game: Game, user) -> services.Outcome:
    return services.command_submit(game=game, seat=seat(game, user), command=ROLL, base_version=1)


def test_a_failure_after_the_commit_does_not_lose_the_command(
    axis_player, allied_player, monkeypatch
):
    game = started_game(axis_player, allied_player)

    def broken_extra(game_id, version):
        raise RuntimeError("a view extra failed")

    monkeypatch.setattr(engine, "VIEW_EXTRAS", [*engine.VIEW_EXTRAS, broken_extra])
    outcome = roll(game, axis_player)
    assert (outcome.ok, outcome.version) == (True, 2)
    assert GameStep.objects.filter(game=game, version=2).exists()
    assert Game.objects.get(pk=game.pk).version == 2


def test_the_frames_wait_for_the_caller_when_it_answers_first(
    axis_player, allied_player, monkeypatch
):
    game = started_game(axis_player, allied_player)
    sent = []
    monkeypatch.setattr(
        broadcast, "send",
        lambda messages: sent.extend(m for m in messages if m[0].startswith(f"game.{game.pk}.")),
    )  # fmt: skip
    with aftercommit.deferred() as later:
        outcome = roll(game, axis_player)
    assert outcome.ok and sent == [] and later
    assert GameStep.objects.filter(game=game, version=2).exists()  # committed before
    aftercommit.run(later)
    assert sorted(group for group, _ in sent) == sorted(
        broadcast.group_of(game.pk, a) for a in ("side:ge", "side:su", "public")
    )
    assert {message["v"] for _, message in sent} == {2}


def test_an_untimed_games_command_asks_for_no_clock_readings(axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    with CaptureQueriesContext(connection) as queries:
        assert roll(game, axis_player).ok
    table = ClockReading._meta.db_table
    assert [q["sql"] for q in queries if table in q["sql"]] == []
