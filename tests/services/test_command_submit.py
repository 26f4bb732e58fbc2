"""command_submit: the one write path of a game being played (DESIGN.md, "One command")."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import FINISHED, Game, GameStep, Unit
from games.rules.panzer_grenadier.verify import verify
from games.services import aftercommit
from tests.gamekit import legal_by_seat, random_move, seat, started_game, state_of

ROLL = {"type": "roll_initiative"}


@pytest.fixture
def game(axis_player, allied_player):
    return started_game(axis_player, allied_player)


def submit(game, user, command, v, client_id):
    return services.command_submit(
        game=game, seat=seat(game, user), command=command, base_version=v, client_id=client_id
    )


def test_a_command_is_stored_with_its_dice_and_the_version_moves_by_one(game, axis_player):
    outcome = submit(game, axis_player, ROLL, 1, 7)
    assert outcome.ok and outcome.version == 2
    step = GameStep.objects.get(game=game, version=2)
    assert (step.seat.seat_id, step.client_id, step.command) == ("ge-1", 7, ROLL)
    assert step.dice and all(r["purpose"] for r in step.dice)
    game.refresh_from_db()
    assert game.version == 2 and game.dice_position > 0
    assert step.checkpoint is None  # between checkpoints the log keeps no state (steplog)


def test_a_stale_base_version_is_rejected_and_nothing_changes(game, axis_player, allied_player):
    assert submit(game, axis_player, ROLL, 1, 1).ok
    outcome = submit(game, allied_player, ROLL, 1, 1)
    assert (outcome.ok, outcome.code) == (False, "state/stale_version")
    game.refresh_from_db()
    assert game.version == 2 and GameStep.objects.filter(game=game).count() == 2


def test_a_repeated_command_id_is_applied_once_and_acked_with_its_version(game, axis_player):
    first = submit(game, axis_player, ROLL, 1, 42)
    # The browser resends after a reconnect with the same id and the original base version.
    again = submit(game, axis_player, ROLL, 1, 42)
    assert (again.ok, again.version, again.duplicate) == (True, first.version, True)
    assert GameStep.objects.filter(game=game).count() == 2


def statements(queries) -> list[tuple[str, str]]:
    """Each statement a block ran as (verb, first table named), less the transaction's own."""
    out = []
    for query in queries:
        sql = query["sql"].lstrip()
        verb = sql.split(None, 1)[0].upper()
        if verb in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK"):
            continue
        table = re.search(r'(?:FROM|INTO|UPDATE)\s+"?(\w+)"?', sql, re.IGNORECASE)
        out.append((verb, table.group(1) if table else ""))
    return out


def test_a_current_command_reads_only_the_game_row_and_writes_its_step(
    game, axis_player, allied_player
):
    """The command's transaction, its after-commit work kept aside: the locked game row
    read, the step stored, the counters it moved and the row updated. A command based on
    the current version cannot be a resend, so the step log is not searched for its id; the
    state it builds on is the one the process kept from the command before, so the row's
    state is not read."""
    assert submit(game, axis_player, ROLL, 1, 7).ok
    seat_id, command = random_move(random.Random(1), legal_by_seat(state_of(game)))
    mover = game.seats.select_related("side").get(seat_id=seat_id)
    with aftercommit.deferred(), CaptureQueriesContext(connection) as queries:
        outcome = services.command_submit(
            game=game, seat=mover, command=command, base_version=2, client_id=8
        )
    assert outcome.ok
    ran = statements(queries)
    assert [s for s in ran if s[1] != "games_unit"] == [
        ("SELECT", "games_game"), ("INSERT", "games_gamestep"), ("UPDATE", "games_game"),
    ]  # fmt: skip
    assert {verb for verb, table in ran if table == "games_unit"} <= {"UPDATE"}


def test_an_id_reused_at_the_current_version_is_acked_as_the_stored_command(
    game, axis_player, allied_player
):
    """A client that sends a new command under an id its seat already used (a bug: ids are
    never reused) is told the version that id made, and nothing changes."""
    rng = random.Random(2)
    users = {"ge-1": axis_player, "su-1": allied_player}
    used: dict[str, tuple[int, int]] = {}  # seat -> (its last id, the version it made)
    for n in range(1, 200):
        state = state_of(game)
        legal = legal_by_seat(state)
        again = [s for s in used if legal.get(s)]
        if again:
            break
        seat_id, command = random_move(rng, legal)
        outcome = submit(game, users[seat_id], command, game.version, n)
        assert outcome.ok
        used[seat_id] = (n, outcome.version)
    seat_id = again[0]
    client_id, made = used[seat_id]
    command = rng.choice([c for cs in legal[seat_id].values() for c in cs])
    current = game.version
    outcome = submit(game, users[seat_id], command, current, client_id)
    assert (outcome.ok, outcome.version, outcome.duplicate) == (True, made, True)
    assert Game.objects.get(pk=game.pk).version == current
    assert GameStep.objects.filter(game=game).count() == current


def test_command_ids_are_remembered_per_seat_as_a_set_not_a_high_water_mark(game, axis_player):
    assert submit(game, axis_player, ROLL, 1, 100).ok
    state = state_of(game)
    seat_id, command = random_move(random.Random(1), legal_by_seat(state))
    user = axis_player if seat_id.startswith("ge") else game.seats.get(seat_id=seat_id).user
    lower = submit(game, user, command, 2, 5)  # a lower id from another tab is still new
    assert lower.ok and lower.version == 3


def test_a_command_out_of_turn_is_refused_with_the_engines_code(game, axis_player, allied_player):
    assert submit(game, axis_player, ROLL, 1, 1).ok
    state = state_of(game)
    idle = allied_player if state.active_side == "ge" else axis_player
    outcome = submit(game, idle, {"type": "pass"}, 2, 2)
    assert outcome.code == "command/not_your_activation"
    assert Game.objects.get(pk=game.pk).version == 2


def test_a_malformed_command_is_refused_as_invalid(game, axis_player):
    outcome = submit(game, axis_player, {"type": "teleport"}, 1, 1)
    assert outcome.code == "command/invalid" and outcome.message


def test_a_seat_of_another_game_cannot_command_this_one(game, axis_player, stranger):
    other = started_game(stranger, axis_player)
    outcome = services.command_submit(
        game=game, seat=seat(other, stranger), command=ROLL, base_version=1, client_id=1
    )
    assert outcome.code == "seat/none"
    assert (
        services.command_submit(
            game=game, seat=None, command=ROLL, base_version=1, client_id=1
        ).code
        == "seat/none"
    )


def test_unit_rows_follow_the_state(game, axis_player, allied_player):
    rng = random.Random(3)
    users = {"ge-1": axis_player, "su-1": allied_player}
    for n in range(40):
        state = state_of(game)
        if state.phase == "ended":
            break
        seat_id, command = random_move(rng, legal_by_seat(state))
        assert submit(game, users[seat_id], command, game.version, n).ok
    state = state_of(game)
    for row in Unit.objects.filter(game=game):
        unit = state.units[row.unit_id]
        assert (row.steps, row.status, row.side) == (unit.steps, unit.status, unit.side)
        assert ("moved_fired" in row.markers) == unit.moved_fired


def test_a_game_played_to_its_end_exports_a_log_the_verifier_replays(
    game, axis_player, allied_player
):
    from games import selectors

    rng = random.Random(5)
    users = {"ge-1": axis_player, "su-1": allied_player}
    for n in range(3000):
        state = state_of(game)
        if state.phase == "ended":
            break
        seat_id, command = random_move(rng, legal_by_seat(state))
        assert submit(game, users[seat_id], command, game.version, n).ok
    game.refresh_from_db()
    assert game.status == FINISHED and game.result is not None
    final = verify(selectors.export(game))
    assert final.result == state_of(game).result
    assert submit(game, axis_player, {"type": "pass"}, game.version, 99_999).code == "game/over"


@pytest.mark.django_db(transaction=True)  # the after-commit work runs at a real commit
def test_the_publication_after_the_commit_asks_only_the_bots_hook_its_one_query(
    game, axis_player, allied_player, monkeypatch
):
    """After the commit, every audience's view, patch and frame come from the process's
    caches: the only statement is the bots' step hook's (does a bot play a seat that may act
    now?), and the notifications' only when a step changes whose turn it is."""
    from games import broadcast
    from games import engine_adapter as engine
    from games.lobby import notify

    monkeypatch.setattr(broadcast, "send", lambda messages: None)
    assert submit(game, axis_player, ROLL, 1, 7).ok
    rng = random.Random(4)
    checked = 0
    for client_id in range(8, 300):  # until five such commands (a few in every ten)
        before = state_of(game)
        if checked == 5 or game.status != "active":
            break
        seat_id, command = random_move(rng, legal_by_seat(before))
        mover = game.seats.select_related("side").get(seat_id=seat_id)
        with aftercommit.deferred() as later:
            outcome = services.command_submit(
                game=game, seat=mover, command=command, base_version=game.version,
                client_id=client_id,
            )  # fmt: skip
        assert outcome.ok, outcome
        after = engine.cached_state(game.pk, outcome.version)
        with CaptureQueriesContext(connection) as queries:
            aftercommit.run(later)
        if notify.whose_turn(before) == notify.whose_turn(after) and not engine.is_over(after):
            assert statements(queries) == [("SELECT", "games_seat")]
            checked += 1
    assert checked == 5
