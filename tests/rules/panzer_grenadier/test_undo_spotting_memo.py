"""The undo check (D-UNDO-1) compares what each side spots before and after a move. The
spotting of a state is remembered by its counters and markers, so the next move's state
before (the same counters, with an undo point) is not spotted for again, and a state whose
counters or markers differ is never given a remembered answer."""

from __future__ import annotations

from dataclasses import replace

from games.rules.panzer_grenadier.core import undo
from games.rules.panzer_grenadier.legal import legal_commands
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
    to = next(c for c in legal_commands(one, "ge-1")["move"]
              if c.get("unit") == "ge-lt" and c["path"][-1] == "A0704")
    two = move(one, to["path"], uid="ge-lt").state
    assert "su-1" in undo.spotting(two)["ge"]
    assert two.undo is None
