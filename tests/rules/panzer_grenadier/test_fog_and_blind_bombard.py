"""The board's fog of a double-blind side (D-DB-FOG) and blind bombardment offered by the
legal commands (18.8, D-DB-BLIND-LEGAL)."""

from __future__ import annotations

import json

from games.rules.common.dice import ScriptedDice
from games.rules.common.hexgrid import distance
from games.rules.panzer_grenadier.core.registry import game_map, hex_label
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.dbkit import at, db_game, moved, unit


def _game():
    return db_game([unit("ge-m", "ge_mortar_81", "ge", "A0101"),
                    unit("ge-l", "ge_ldr_lt_a", "ge", "A0101"),
                    unit("su-r", "su_rifle", "su", "A2012"),
                    unit("su-s", "su_rifle", "su", "A1810")])  # fmt: skip


def test_a_side_fog_is_every_hex_its_ops_do_not_observe_and_never_its_own_op_d_db_fog():
    s = _game()
    v = view_for(s, ("side", "ge"))
    fog = set(v["fog"])
    assert v["fog"] == sorted(v["fog"])
    assert "A0101" not in fog and "A2012" in fog
    assert fog < {hex_label(s, h) for h in game_map(s).hexes}


def test_the_fog_does_not_depend_on_where_unseen_enemies_stand_d_db_fog():
    s = _game()
    elsewhere = moved(s, "su-r", "A1912")
    assert view_for(s, ("side", "ge"))["fog"] == view_for(elsewhere, ("side", "ge"))["fog"]


def test_open_play_and_the_public_view_have_no_fog_d_db_fog():
    s = _game()
    assert "fog" not in view_for(s, ("spectator", "public"))
    open_play = db_game([unit("ge-l", "ge_ldr_lt_a", "ge", "A0101")], options=())
    assert "fog" not in view_for(open_play, ("side", "ge"))


def _activated():
    s = _game()
    seat = s.seats[0].id
    cmd = {"type": "activate", "kind": "leader", "unit": "ge-l"}
    return apply(s, seat, cmd, ScriptedDice.of(*[3] * 10)).state, seat


def test_blind_bombardment_is_offered_at_hexes_the_spotting_leader_sees_d_db_blind_legal():
    s, seat = _activated()
    offered = [c for c in legal_commands(s, seat).get("bombard", []) if c.get("spotter")]
    targets = {c["target"] for c in offered}
    assert offered and all(c["spotter"] == "ge-l" and c["firers"] == ["ge-m"] for c in offered)
    assert "A0105" in targets  # an empty hex in sight and range
    assert json.dumps(offered).count("su-") == 0
    blind = next(c for c in offered if c["target"] == "A0105")
    step = apply(s, seat, blind, ScriptedDice.of(*[3] * 10))
    fire = next(e for e in step.events if e.type == "fire")
    assert "half strength" in json.dumps(fire.to_json())


def test_the_blind_targets_offered_do_not_depend_on_unseen_enemies_d_db_blind_legal():
    s, seat = _activated()
    fog = view_for(s, ("side", "ge"))["fog"]
    near = min(fog, key=lambda label: distance(at(label), at("A0101")))
    assert distance(at(near), at("A0101")) <= 4  # close enough to be in the mortar's range
    elsewhere = moved(s, "su-s", near)
    assert "su-s" not in json.dumps(view_for(elsewhere, ("side", "ge")))
    assert legal_commands(s, seat) == legal_commands(elsewhere, seat)


def test_blind_fire_needs_only_a_line_of_sight_not_spotting_range_18_8():
    """18.8: blind fire "must still be directed by a spotting leader which has a line of sight
    to the hex": light woods 6 hexes away (beyond the 3-hex spotting cap of limiting terrain,
    8.2) may be shelled blind (D-DB-BLIND)."""
    s, seat = _activated()
    offered = {c["target"] for c in legal_commands(s, seat).get("bombard", []) if c.get("spotter")}
    assert "A0702" in offered
    cmd = {"type": "bombard", "firers": ["ge-m"], "target": "A0702", "spotter": "ge-l"}
    step = apply(s, seat, cmd, ScriptedDice.of(*[3] * 10))
    assert "half strength" in json.dumps(next(e for e in step.events if e.type == "fire").to_json())


def test_blind_fire_is_refused_where_the_leader_has_no_line_of_sight_18_8():
    import pytest

    from games.rules.common.errors import IllegalCommand
    from games.rules.panzer_grenadier.core.los import line_of_sight

    s, seat = _activated()
    m = game_map(s)
    hidden = next(h for h in sorted(m.hexes) if 2 <= distance(at("A0101"), h) <= 8
                  and not line_of_sight(m, at("A0101"), h).clear)
    label = hex_label(s, hidden)
    cmd = {"type": "bombard", "firers": ["ge-m"], "target": label, "spotter": "ge-l"}
    with pytest.raises(IllegalCommand, match="no line of sight"):
        apply(s, seat, cmd, ScriptedDice.of(*[3] * 10))
