"""The command log keeps states at checkpoints only; every other version is rebuilt by
replaying its commands with their recorded dice, exactly as it was played."""

from __future__ import annotations

import random

import pytest

from games import engine_adapter as engine
from games import selectors, services, steplog
from games.models import GameStep
from games.rules.panzer_grenadier.core.serialize import state_hash
from tests.gamekit import legal_by_seat, random_move, seat, started_game, state_of


@pytest.fixture
def played(axis_player, allied_player, settings):
    """A learning-scenario game of 40 random steps, checkpoints every 8 versions; the hash
    of every version's state as it was played."""
    settings.PGWEB_CHECKPOINT_EVERY = 8
    game = started_game(axis_player, allied_player)
    users = {"ge-1": axis_player, "su-1": allied_player}
    hashes = {1: state_hash(state_of(game))}
    rng = random.Random(5)
    for n in range(40):
        state = state_of(game)
        if engine.is_over(state):
            break
        seat_id, cmd = random_move(rng, legal_by_seat(state))
        outcome = services.command_submit(
            game=game, seat=seat(game, users[seat_id]), command=cmd,
            base_version=game.version, client_id=n + 1,
        )  # fmt: skip
        assert outcome.ok, outcome
        hashes[outcome.version] = state_hash(state_of(game))
    return game, hashes


def forget_decoded_states() -> None:
    """As a fresh process would start: nothing decoded or replayed yet."""
    engine._states.clear()
    engine._views.clear()


def test_only_the_opening_and_every_eighth_version_keep_a_state(played):
    game, hashes = played
    kept = set(GameStep.objects.filter(game=game, checkpoint__isnull=False)
               .values_list("version", flat=True))  # fmt: skip
    assert kept == {1} | {v for v in hashes if v % 8 == 0}


def test_every_version_is_rebuilt_exactly_from_its_nearest_checkpoint(played):
    game, hashes = played
    for version in sorted(hashes, reverse=True):  # each from a cold start, newest first
        forget_decoded_states()
        assert state_hash(selectors.state_at(game.pk, version)) == hashes[version], version
    forget_decoded_states()
    states = steplog.states_between(game.pk, 1, max(hashes))
    assert {v: state_hash(s) for v, s in states.items()} == hashes


def test_history_and_catch_up_read_the_rebuilt_states(played):
    game, hashes = played
    forget_decoded_states()
    history = selectors.history(game, engine.FULL)
    assert [h["version"] for h in history] == sorted(hashes)
    forget_decoded_states()
    frames = selectors.catch_up(game.pk, "side:ge", max(hashes) - 20)
    assert [v for v, _ in frames] == list(range(max(hashes) - 19, max(hashes) + 1))


def test_a_state_is_unpacked_as_it_was_packed():
    raw = {"schema": 1, "state": {"turn": 3, "units": {"ge-1": {"hex": "A0101"}}}}
    assert steplog.unpack(memoryview(steplog.pack(raw))) == raw
