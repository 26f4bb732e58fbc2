"""A move that is one of the moves offered for the very state it is applied to is not checked
hex by hex again before its walk: the move search that offered it applied every rule a path
must meet (core/offered_moves.py). These tests pin that premise over seeded random games
(every offered move and assault passes `check_path`), that a step is the same with the memo
as checked in full, and that a command not offered is still checked and refused as before.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

import pytest

from games.rules.common.dice import SeededDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import moving, offered_moves
from games.rules.panzer_grenadier.core.registry import parse_hex
from tests.rules.panzer_grenadier.seeded import RS, seeded_game

# A plain game, one with hidden units, Extended Assault and mire, one double-blind.
GAMES = [
    ("meeting-at-kessel", None),
    ("kurgan-118", ["extended_assault", "hidden_units", "mire"]),
    ("pripyat-bogs", None),
]
STEPS = 60


def ids_of(cmd: dict) -> list[str]:
    return [cmd["unit"]] if "unit" in cmd else list(cmd["units"])


@pytest.mark.parametrize(("scenario", "options"), GAMES)
def test_offered_moves_pass_the_full_check_and_make_the_same_step_as_one_checked(scenario, options):
    """Along a seeded game: sampled offered moves and every offered assault pass
    `check_path`; the command chosen, applied with the memo and again without, gives the
    same step."""
    checked, compared, pick = 0, 0, random.Random(scenario)
    seed = hashlib.sha256(f"same:{scenario}".encode()).hexdigest()
    for state, seat, legal, cmd, position in seeded_game(
        scenario, options, f"same:{scenario}", STEPS
    ):
        offered = legal.get("move", []) + legal.get("assault", [])
        # Every assault, and some moves of each state (all of them would take minutes).
        sample = [c for c in offered if c["type"] == "assault" or len(c.get("path", ())) == 1]
        for c in sample + pick.sample(offered, min(len(offered), 4)):
            if c["type"] == "assault" and c.get("path"):
                continue  # an Extended Assault charge goes its own way (17.5)
            ids, here = ids_of(c), state
            if state.units[ids[0]].hex is None:  # entering: as `start_move` notes it (D-ACT-3)
                a = state.activation
                here = replace(state, activation=replace(a, entered=a.entered | frozenset(ids)))
            path = tuple(parse_hex(state, label) for label in c.get("path") or [c["target"]])
            moving.check_path(here, ids, path, c["type"])  # raises if refused
            checked += 1
        if cmd["type"] in ("move", "assault"):
            RS.legal_commands(state, seat)  # the offers, as the board asked them
            fast = RS.apply(state, seat, cmd, SeededDice(seed, position=position))
            offered_moves.forget()
            full = RS.apply(state, seat, cmd, SeededDice(seed, position=position))
            assert (fast.events, fast.dice_used) == (full.events, full.dice_used)
            assert RS.state_hash(fast.state) == RS.state_hash(full.state)
            compared += 1
    assert checked > 20 and compared >= 3


def a_state_with_moves() -> tuple:
    for state, seat, legal, _, _ in seeded_game("meeting-at-kessel", None, "refused", STEPS):
        moves = [c for c in legal.get("move", []) if "unit" in c and len(c["path"]) >= 2]
        if moves:
            return state, seat, moves
    raise AssertionError("no state with moves")


def test_an_offered_move_is_not_checked_again_and_another_path_is(monkeypatch):
    state, seat, moves = a_state_with_moves()
    calls = []
    check = moving.check_path
    monkeypatch.setattr(moving, "check_path", lambda *a, **k: calls.append(a[2]) or check(*a, **k))
    RS.legal_commands(state, seat)
    RS.apply(state, seat, moves[0], SeededDice("x"))
    assert calls == []
    # The same move with the memo gone (another process, another state object): checked.
    offered_moves.forget()
    RS.apply(state, seat, moves[0], SeededDice("x"))
    assert len(calls) == 1


def test_a_move_not_offered_is_refused_with_the_same_message_as_without_offers():
    state, seat, moves = a_state_with_moves()
    first, other = moves[0], moves[-1]
    longer = {**first, "path": [*first["path"], *other["path"]]}
    RS.legal_commands(state, seat)
    assert not offered_moves.was_offered(state, seat, [first["unit"]], longer["path"])
    with pytest.raises(IllegalCommand) as with_offers:
        RS.apply(state, seat, longer, SeededDice("x"))
    offered_moves.forget()
    with pytest.raises(IllegalCommand) as without:
        RS.apply(state, seat, longer, SeededDice("x"))
    assert with_offers.value.message == without.value.message
    assert with_offers.value.message.startswith("move: ")


def test_offers_for_another_seat_or_an_equal_state_are_not_taken_for_this_one():
    state, seat, moves = a_state_with_moves()
    RS.legal_commands(state, seat)
    cmd = moves[0]
    assert offered_moves.was_offered(state, seat, [cmd["unit"]], cmd["path"])
    assert not offered_moves.was_offered(state, "someone-else", [cmd["unit"]], cmd["path"])
    twin = RS.decode_state(RS.encode_state(state))  # equal, but not the state offered for
    assert not offered_moves.was_offered(twin, seat, [cmd["unit"]], cmd["path"])
    assert not offered_moves.was_offered(state, seat, [cmd["unit"]], [["not", "a label"]])
