"""Hidden units (optional rule 17.8) in the knowledge model."""

from __future__ import annotations

import json

from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.dbkit import db_game, moved, unit


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


def test_a_side_that_digs_in_may_hide_a_third_of_its_counters_rounded_up_d_db_hide_third():
    import pytest

    from games.rules.common.errors import IllegalCommand
    from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
    from games.rules.panzer_grenadier.double_blind.hidden_setup import (
        hide_at_start,
        hiding_allowance,
    )

    scen = bundled_scenarios()["melnitsa-bridgehead"]  # Germans dig in at the start
    assert hiding_allowance(scen, "ge") == 9  # 25 on the map: 25 / 3 rounded up
    assert hiding_allowance(scen, "su") == 0
    s = initial_state(scen, options={"hidden_units"})
    mine = sorted(u.id for u in s.units.values() if u.side == "ge" and u.on_map)
    hidden = hide_at_start(s, scen, "ge", mine[:9])
    assert sum(u.hidden for u in hidden.units.values()) == 9
    with pytest.raises(IllegalCommand, match="may hide 9"):
        hide_at_start(s, scen, "ge", mine[:10])
    with pytest.raises(IllegalCommand, match="not in use"):
        hide_at_start(initial_state(scen, options=set()), scen, "ge", mine[:1])
