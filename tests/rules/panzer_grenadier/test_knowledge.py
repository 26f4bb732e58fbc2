"""What each side knows in a double-blind game: views, the log, validation (18.0)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.commands import Event
from games.rules.panzer_grenadier.double_blind import knowledge, redaction
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.views import redact_events, view_for
from tests.rules.panzer_grenadier.dbkit import SECRET, at, db_game, moved, refresh, unit


def enemies(view):
    return [u for u in view["units"] if not u["own"]]


def game():
    return db_game([unit("ge-r", "ge_rifle", "ge", "A0101"), unit("ge-t", "ge_truck", "ge", "A1001"),
                    unit("su-r", "su_rifle", "su", "A0104"),
                    unit("su-far", "su_rifle", "su", "A2012", moved_fired=True)])


def test_a_side_sees_enemy_units_its_ops_observe_by_handle_and_nothing_else_18_0():
    v = view_for(game(), ("side", "ge"))
    (e,) = enemies(v)
    assert e["id"].startswith("u") and e["hex"] == "A0104" and e["type"] == "su_rifle"
    assert e["detail"] == "exact"
    # The fog lists every unobserved hex, whatever stands in it (D-DB-FOG): leave it out.
    text = json.dumps({k: x for k, x in v.items() if k != "fog"})
    assert "su-far" not in text and "A2012" not in text
    assert "A2012" in v["fog"]


def test_own_units_say_whether_the_enemy_has_them_revealed_18_4():
    v = view_for(game(), ("side", "ge"))
    own = {u["id"]: u["revealed"] for u in v["units"] if u["own"]}
    assert own == {"ge-r": True, "ge-t": False}


def test_the_public_view_shows_each_unit_as_its_enemy_sees_it_d_db_public():
    s = game()
    v = view_for(s, ("spectator", "public"))
    hexes = sorted(u["hex"] for u in v["units"])
    assert hexes == ["A0101", "A0104"]
    assert all(not u["own"] and u["id"].startswith("u") for u in v["units"])
    assert "ge-r" not in json.dumps(v) and "su-r" not in json.dumps(v)


def test_a_lone_leader_is_shown_without_his_values_18_6():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0101"), unit("su-l", "su_ldr_lt_a", "su", "A0104")])
    (e,) = enemies(view_for(s, ("side", "ge")))
    assert e["detail"] == "leader" and e["leader"] is True
    assert "type" not in e and "name" not in e


def test_a_lost_contact_leaves_a_last_known_marker_under_the_old_handle_d_db_ghost():
    s = game()
    old = knowledge.names(s, "ge")["su-r"]
    gone = moved(s, "su-r", "A2011")
    (e,) = enemies(view_for(gone, ("side", "ge")))
    assert e == {"id": old, "own": False, "side": "su", "hex": "A0104", "detail": "last_known",
                 "marker": "infantry", "turn": 1, "chips": []}  # a marker wears no chip
    # Cleared once an OP observes the hex at the end of a later action segment.
    later = refresh(gone, replace(gone, segment=gone.segment + 1))
    assert enemies(view_for(later, ("side", "ge"))) == []


def test_firing_reveals_the_firer_to_the_side_fired_at_until_the_segment_ends_d_db_fire():
    s = game()
    shot = {"type": "fire", "kind": "direct", "firers": ["su-far"], "target_hex": "A0101"}
    after = refresh(s, s, [shot])
    assert "su-far" in knowledge.contact(after)["ge"]
    assert "su-far" not in knowledge.contact(refresh(after, after, [
        {"type": "fire", "kind": "bombardment", "firers": ["su-far"], "target_hex": "A0101"}
    ]))["su"]
    next_segment = refresh(after, replace(after, segment=after.segment + 1))
    assert "su-far" not in knowledge.contact(next_segment)["ge"]


def test_the_log_names_unseen_counters_unseen_and_drops_events_about_them_d_db_log():
    s = game()
    events = [Event("moved", side="su", units=("su-far",), data={"from": "A2012", "to": "A2011"}),
              Event("moved", side="su", units=("su-r",), data={"from": "A0105", "to": "A0104"}),
              {"type": "fire", "kind": "bombardment", "firers": ["su-far"], "target_hex": "A0101",
               "value_parts": [{"unit": "su-far", "why": ["su-far spots for itself"]}]},
              {"type": "step_loss", "unit": "ge-r"},
              {"type": "morale_check", "unit": "su-r", "result": "ok"},
              {"type": "roll", "purpose": "morale su-far", "dice": [3, 4]},
              Event("markers_removed", data={"turn": 1, "counters": 7})]
    log = redact_events(events, ("side", "ge"), s)
    text = json.dumps(log)
    assert "su-far" not in text and "A2012" not in text and "su-r" not in text
    assert [e["type"] for e in log] == ["fire", "step_loss", "morale_check", "markers_removed"]
    assert log[0]["firers"] == ["unseen"] and log[0]["value_parts"][0]["why"] == ["unseen"]
    assert log[2]["unit"] == knowledge.names(s, "ge")["su-r"]
    assert "counters" not in log[3]
    assert len(redact_events(events, ("full",), s)) == len(events)


def _fire_refusal(state, target):
    s = apply(state, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-r"},
              ScriptedDice.of()).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "fire", "firers": ["ge-r"], "target": target},
              ScriptedDice.of(3, 4))
    return exc.value.message


def test_fire_at_a_hex_with_an_unseen_enemy_is_refused_like_an_empty_hex_d_db_valid():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0203"),
                 unit("su-h", "su_rifle", "su", "A0209", hidden=True)])
    assert _fire_refusal(s, "A0209") == _fire_refusal(s, "A0208").replace("A0208", "A0209")


def test_commands_name_enemy_units_by_handle_and_a_guessed_id_is_refused_d_db_handle():
    s = game()
    with pytest.raises(IllegalCommand) as exc:
        redaction.command_in(s, "ge", _cmd({"type": "opportunity_fire", "firers": ["ge-r"],
                                            "target": "su-r"}))
    assert "you know of no enemy unit 'su-r'" in exc.value.message
    h = knowledge.names(s, "ge")["su-r"]
    cmd = redaction.command_in(s, "ge", _cmd({"type": "opportunity_fire", "firers": ["ge-r"],
                                              "target": h}))
    assert cmd.get("target") == "su-r"


def test_knowledge_start_needs_known_additions_and_keeps_the_secret_out_of_views():
    """D-DB-MODES: knowledge.start arms the game."""
    s = game()
    assert s.secret == SECRET
    with pytest.raises(ValueError):
        knowledge.start(s, SECRET, ["db_everything"])
    assert isinstance(s.intel["ge"], st.Intel)


def _cmd(raw):
    from games.rules.panzer_grenadier.core.commands import parse_command

    return parse_command(raw)


def test_generic_type_markers_beyond_12_hexes_in_clear_terrain_until_firing_18_11():
    from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state

    scen = bundled_scenarios()["meeting-at-kessel"]
    m = scen.map
    base = initial_state(scen, options=["double_blind"])
    units = {
        "ge-r": st.UnitState("ge-r", "ge_rifle", "ge", m.parse_label("A1504"), 2),
        "su-t": st.UnitState("su-t", "su_t34_76", "su", m.parse_label("A0107"), 2,
                             status=st.DEMORALIZED),
    }
    s = knowledge.start(replace(base, units=units), SECRET, ["db_generic_markers"])
    (e,) = enemies(view_for(s, ("side", "ge")))
    assert e["detail"] == "marker" and e["marker"] == "armor" and "type" not in e
    plain = knowledge.start(replace(base, units=units), SECRET)
    assert enemies(view_for(plain, ("side", "ge")))[0]["detail"] == "exact"
    fired = refresh(s, s, [{"type": "fire", "kind": "direct", "firers": ["su-t"],
                            "target_hex": "A1504"}])
    assert enemies(view_for(fired, ("side", "ge")))[0]["detail"] == "exact"


def test_a_victory_hex_shows_the_holder_last_seen_until_observed_again_d_db_control():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A2001"), unit("su-r", "su_rifle", "su", "A0201")],
                markers={at("A0110"): frozenset({"control:ge"})})

    def holders(state, aud):
        return [m for x in view_for(state, aud)["markers"] for m in x["markers"]
                if x["hex"] == "A0110"]

    taken = s.with_unit(replace(s.units["su-r"], hex=at("A0110")))
    taken = replace(taken, markers={at("A0110"): frozenset({"control:su"})})
    taken = refresh(s, taken)
    assert holders(taken, ("side", "ge")) == ["control:ge"]  # unseen: as last seen
    assert holders(taken, ("side", "su")) == ["control:su"]
    assert holders(taken, ("spectator", "public")) == ["control:ge"]
    seen = moved(taken, "ge-r", "A0107")
    assert holders(seen, ("side", "ge")) == ["control:su"]


def test_the_enemy_activation_shows_only_the_counters_the_side_knows_d_db_log():
    from games.rules.common.dice import ScriptedDice
    from games.rules.panzer_grenadier.engine import apply

    s = game()
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-t"},
              ScriptedDice.of()).state
    su = view_for(s, ("side", "su"))["activation"]
    assert su == {"side": "ge", "seat": "ge-1", "kind": None, "leader": None, "units": [],
                  "acted": []}
    assert view_for(s, ("side", "ge"))["activation"]["units"] == ["ge-t"]


def test_a_mortar_on_the_move_shows_as_infantry_and_unlimbered_as_weapons_18_12():
    """18.12's generic markers: "Enemy Infantry (includes limbered mortars)", "Weapons
    (includes unlimbered mortars)"."""
    from dataclasses import replace

    from games.rules.panzer_grenadier.double_blind.knowledge import generic_type
    from tests.rules.panzer_grenadier.turnkit import started, unit

    s = started([unit("ge-m", "ge_mortar_81", "ge", "A0101"), unit("su-1", "su_rifle", "su", "A1510")])
    assert generic_type(s, s.units["ge-m"]) == "weapons"
    carried = s.with_unit(replace(s.units["ge-m"], carried_by="ge-truck"))
    assert generic_type(carried, carried.units["ge-m"]) == "infantry"
