"""The undo check (D-UNDO-1) compares what each side spots before and after a move. The
spotting of a state is remembered by its counters and markers, so the next move's state
before (the same counters, with an undo point) is not spotted for again, and a state whose
counters or markers differ is never given a remembered answer. A state whose counters differ
from a remembered one's only by where some stand is spotted for by moving the remembered
`Visibility` on, which must give what spotting afresh gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.panzer_grenadier.core import undo
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.seeded import seeded_game
from tests.rules.panzer_grenadier.test_undo import led, move


def test_the_state_before_the_next_move_reuses_the_spotting_of_the_move_that_made_it():
    one = move(led(), ["A0102"]).state
    assert one.undo is not None
    seen = undo.spotting(one)
    assert undo.spotting(replace(one, undo=None)) is seen  # same counters, same answer
    # Smoke in a hex is another answer, worked out afresh (it may hide the counters).
    smoky = replace(one, markers={**one.markers, one.units["su-1"].hex: frozenset({"smoke"})})
    assert undo.spotting(smoky) is not seen


def test_a_move_that_brings_an_enemy_in_sight_after_an_undoable_one_is_not_undoable():
    one = move(led(), ["A0102"]).state
    assert one.undo is not None and "su-1" not in undo.spotting(one)["ge"]
    to = next(
        c
        for c in legal_commands(one, "ge-1")["move"]
        if c.get("unit") == "ge-lt" and c["path"][-1] == "A0704"
    )
    two = move(one, to["path"], uid="ge-lt").state
    assert "su-1" in undo.spotting(two)["ge"]
    assert two.undo is None


def test_a_move_moves_the_kept_spotting_on_instead_of_spotting_every_pair_again(monkeypatch):
    one = move(led(), ["A0102"]).state
    undo.spotting(one)
    fresh = []
    monkeypatch.setattr(undo, "_open_visibility", lambda s: fresh.append(s) or OPEN(s))
    to = next(
        c
        for c in legal_commands(one, "ge-1")["move"]
        if c.get("unit") == "ge-lt" and c["path"][-1] == "A0704"
    )
    two = move(one, to["path"], uid="ge-lt").state
    assert fresh == []  # the undo check spotted for `two` from `one`'s answer, moved on
    assert undo.spotting(two) == OPEN(two).spotted_by_side()
    assert "su-1" in undo.spotting(two)["ge"]


OPEN = undo._open_visibility


@pytest.mark.parametrize(
    ("scenario", "options"),
    [
        ("meeting-at-kessel", None),
        ("birch-night-raid", None),
        ("ferry-rearguard", None),
    ],
)
def test_spotting_moved_on_is_spotting_worked_out_afresh_after_every_step(scenario, options):
    """Along seeded games in open play (a night raid among them): at every step the
    answer `spotting` gives, moved on from a kept one or not, is the one a fresh `Visibility`
    of the state gives."""
    moved_on = 0
    for state, *_ in seeded_game(scenario, options, f"spotting:{scenario}", 80):
        if any(state.units is k[0] for k in undo._SPOTTED):
            continue  # remembered: the test above and the memo's own tests cover it
        kept = undo._moved_on(state)
        moved_on += kept is not None
        assert undo.spotting(state) == OPEN(state).spotted_by_side()
    assert moved_on > 5
