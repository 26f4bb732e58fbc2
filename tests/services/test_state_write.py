"""The game row's state is written as its change from the version before (games.statewrite),
and the row still holds the whole state after every command, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random

import psycopg
import pytest

from games import broadcast, services, statewrite
from games import engine_adapter as engine
from games.models import Game
from games.rules.common.lru import Lru
from tests.gamekit import legal_by_seat, random_move, started_game

pytestmark = pytest.mark.django_db(transaction=True)
COMMANDS = 40


def as_stored(raw: dict) -> dict:
    """A state's encoding as the database gives it back (tuples become lists)."""
    return json.loads(json.dumps(raw))


def play_one(game: Game, rng: random.Random) -> int:
    """Submit one random legal command; the version it made."""
    game.refresh_from_db()
    state = engine.cached_state(game.pk, game.version)
    seat_id, command = random_move(rng, legal_by_seat(state))
    seat = game.seats.select_related("side").get(seat_id=seat_id)
    outcome = services.command_submit(
        game=game, seat=seat, command=command, base_version=game.version
    )
    assert outcome.ok, outcome
    return outcome.version


@pytest.fixture
def writes(monkeypatch):
    """Whether each write of the row's state carried the whole state (True) or a change."""
    whole: list[bool] = []
    assignment = statewrite.assignment

    def spied(game_id, version, raw, vendor):
        expr, params = assignment(game_id, version, raw, vendor)
        whole.append(len(params) == 1 and json.loads(params[0]) == as_stored(raw))
        return expr, params

    monkeypatch.setattr(statewrite, "assignment", spied)
    monkeypatch.setattr(broadcast, "send", lambda messages: None)
    return whole


def test_the_row_holds_the_whole_state_after_every_command_written_mostly_as_changes(
    axis_player, allied_player, writes
):
    game = started_game(axis_player, allied_player)
    rng = random.Random(11)
    for _ in range(COMMANDS):
        version = play_one(game, rng)
        row = Game.objects.values_list("state", flat=True).get(pk=game.pk)
        assert row == as_stored(engine.encode_state(engine.cached_state(game.pk, version)))
        game.refresh_from_db()
        if game.status != "active":
            break
    # The first command builds on the opening state, which the start wrote: written whole.
    # After it, only a change of more than MOST_PATHS paths is (about one command in fifty
    # in seeded games of the learning scenario).
    assert writes[0] is True
    assert len(writes) > 10 and sum(writes[1:]) <= len(writes) // 4, writes


def test_a_version_this_process_did_not_write_is_written_whole(
    axis_player, allied_player, writes, monkeypatch
):
    game = started_game(axis_player, allied_player)
    rng = random.Random(12)
    for _ in range(3):
        play_one(game, rng)
    # Another process wrote the version before (or this one restarted): nothing is known.
    monkeypatch.setattr(statewrite, "_written", Lru(512))
    version = play_one(game, rng)
    assert writes[-1] is True
    row = Game.objects.values_list("state", flat=True).get(pk=game.pk)
    assert row == as_stored(engine.encode_state(engine.cached_state(game.pk, version)))


def test_changes_name_each_changed_path_and_refuse_keys_a_path_cannot_carry():
    shared = {"hex": [3, 4]}
    before = {"state": {"turn": 2, "units": {"a": shared, "b": {"hex": [1, 1]}}, "undo": 1}}
    after = {"state": {"turn": 3, "units": {"a": shared, "b": {"hex": [1, 2]}}, "opfire": None}}
    assert statewrite.changes(before, after) == [
        (("state", "turn"), 3),
        (("state", "units", "b", "hex"), [1, 2]),
        (("state", "opfire"), None),
        (("state", "undo"), statewrite._GONE),
    ]
    assert statewrite.changes({"n": 1}, {"n": True}) == [(("n",), True)]  # JSON tells them apart
    assert statewrite.changes({}, {'say "hi"': 1}) is None
    many = {str(n): n for n in range(statewrite.MOST_PATHS + 1)}
    assert statewrite.changes({}, many) is None


def seeded_encodings(steps: int) -> list[dict]:
    """The encoded states of a random game of the learning scenario, one a step."""
    state = engine.opening_state("meeting-at-kessel", [], {"ge-1": "ge", "su-1": "su"})
    rng, seed, position = random.Random(13), engine.new_seed(), 0
    out = [engine.encode_state(state)]
    for _ in range(steps):
        seat_id, command = random_move(rng, legal_by_seat(state))
        applied = engine.apply_command(state, seat_id, command, seed, position)
        state, position = applied.state, applied.dice_position
        out.append(engine.encode_state(state))
        if engine.is_over(state):
            break
    return out


def test_postgresql_applies_the_changes_to_the_stored_state(postgres_url, monkeypatch):
    """The same expressions on PostgreSQL's jsonb, as Django's client-side binding cursor
    sends them: each version's change applied to the stored state gives that version."""
    monkeypatch.setattr(statewrite, "_written", Lru(512))
    encodings = seeded_encodings(60)
    changed = 0
    with psycopg.connect(postgres_url, cursor_factory=psycopg.ClientCursor) as conn:
        conn.execute("CREATE TEMPORARY TABLE row_state (id int PRIMARY KEY, state jsonb)")
        conn.execute("INSERT INTO row_state VALUES (1, %s::jsonb)", [json.dumps(encodings[0])])
        statewrite.remember("g", 1, encodings[0])
        for version, raw in enumerate(encodings[1:], start=1):
            expr, params = statewrite.assignment("g", version, raw, "postgresql")
            changed += expr != "%s::jsonb"
            conn.execute(f"UPDATE row_state SET state = {expr} WHERE id = 1", params)
            statewrite.remember("g", version + 1, raw)
            stored = conn.execute("SELECT state FROM row_state WHERE id = 1").fetchone()[0]
            assert stored == as_stored(raw), version
    assert changed > len(encodings) // 2
