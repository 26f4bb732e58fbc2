"""Hidden units (optional rule 17.8) in the knowledge model."""

from __future__ import annotations

import json

from games.rules import knowledge, view_for
from tests.rules.dbkit import db_game, moved, unit


def hidden_game(at_label="A0106"):
    return db_game([unit("ge-r", "ge_rifle", "ge", "A0101"),
                    unit("su-h", "su_rifle", "su", at_label, hidden=True)],
                   options=("hidden_units",))


def test_a_hidden_unit_is_absent_from_the_enemy_view_and_the_public_one_17_8():
    s = hidden_game()
    assert s.units["su-h"].hidden
    for aud in (("side", "ge"), ("spectator", "public")):
        text = json.dumps(view_for(s, aud))
        assert "A0106" not in text and "su-h" not in text
    own = view_for(s, ("side", "su"))
    assert [u["hidden"] for u in own["units"] if u["own"]] == [True]


def test_a_hidden_unit_is_spotted_at_a_quarter_range_and_then_revealed_17_8():
    """D-DB-HIDDEN: revealed when an enemy unit (double-blind: an OP) spots it at 1/4 range."""
    s = hidden_game("A0105")  # 4 hexes: beyond 12 / 4 = 3
    assert s.units["su-h"].hidden
    near = moved(s, "ge-r", "A0102")  # now 3 hexes away
    assert not near.units["su-h"].hidden
    assert "su-h" in knowledge.contact(near)["ge"]


def test_a_revealed_unit_stays_revealed_when_the_spotter_leaves_17_8():
    s = moved(hidden_game("A0105"), "ge-r", "A0102")
    away = moved(s, "ge-r", "A0101")
    assert not away.units["su-h"].hidden
