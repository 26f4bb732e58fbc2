"""What each audience sees (open play; hidden units 17.8): view_for and redact_events."""

from __future__ import annotations

import json
from dataclasses import replace

from games.rules.common.dice import ScriptedDice
from games.rules.common.lru import Lru
from games.rules.panzer_grenadier import views
from games.rules.panzer_grenadier.core.commands import Event
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.views import redact_events, view_for
from tests.rules.panzer_grenadier.turnkit import started, unit


def game():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-2", "ge_rifle", "ge", "A0105"),
        unit("su-1", "su_rifle", "su", "A0909"),
        unit("su-hid", "su_rifle", "su", "A1009", hidden=True),
        unit("su-late", "su_rifle", "su", None, entry_turn=3, entry_edge="E"),
    ])
    return s


def ids(view):
    return [u["id"] for u in view["units"]]


def test_every_unit_has_an_id_and_own_is_true_only_for_the_audiences_side():
    v = view_for(game(), ("side", "ge"))
    for u in v["units"]:
        assert u["id"]
        assert u["own"] is (u["side"] == "ge")
    assert all(not u["own"] for u in view_for(game(), ("spectator", "public"))["units"])


def test_hidden_enemy_units_and_enemy_reinforcements_are_absent_d_view_1():
    v = view_for(game(), ("side", "ge"))
    assert "su-hid" not in ids(v) and "su-late" not in ids(v)
    assert "su-hid" not in json.dumps(v)
    own = view_for(game(), ("side", "su"))
    assert "su-hid" in ids(own) and "su-late" in ids(own)
    late = next(u for u in own["units"] if u["id"] == "su-late")
    assert late["entry_turn"] == 3 and late["hex"] is None
    spectator = view_for(game(), ("spectator", "public"))
    assert "su-hid" not in ids(spectator)
    assert "su-hid" in ids(view_for(game(), ("full",)))


def test_enemy_units_show_what_a_player_across_the_table_sees():
    v = view_for(game(), ("side", "ge"))
    enemy = next(u for u in v["units"] if u["id"] == "su-1")
    assert enemy["hex"] == "A0909" and enemy["steps"] == 2 and enemy["status"] == "good"
    assert enemy["type"] == "su_rifle"


def test_legal_commands_only_in_the_view_of_the_seat_that_may_act():
    s = game()
    ge = view_for(s, ("seat", "ge-1"))
    assert "legal" in ge and "activate" in ge["legal"]
    assert "legal" not in view_for(s, ("seat", "su-1"))
    assert "legal" not in view_for(s, ("side", "ge"))
    assert ge["may_act"] == ["ge-1"]


def test_views_serialize_to_json_and_are_deterministic():
    s = game()
    for aud in (("side", "ge"), ("seat", "su-1"), ("spectator", "public"), ("full",)):
        a = json.dumps(view_for(s, aud))
        b = json.dumps(view_for(s, aud))
        assert a == b


def test_the_view_says_turn_phase_initiative_and_whose_segment():
    v = view_for(game(), ("side", "su"))
    assert v["turn"] == 1 and v["phase"] == "action"
    assert v["active_side"] == "ge"
    assert v["initiative"]["side"] == "ge"
    assert v["initiative"]["totals"] == {"ge": 9, "su": 3}


def test_redact_events_drops_events_about_units_hidden_from_the_audience():
    s = game()
    events = [Event("moved", side="su", units=("su-hid",), data={"to": "A1009"}),
              Event("initiative_won", data={"side": "ge"}),
              {"type": "morale_check", "unit": "su-hid", "result": "ok"}]
    assert [e["type"] for e in redact_events(events, ("side", "ge"), s)] == ["initiative_won"]
    assert len(redact_events(events, ("side", "su"), s)) == 3
    assert len(redact_events(events, ("full",), s)) == 3


def test_a_revealed_unit_appears_in_the_view():
    s = game()
    s = s.with_unit(replace(s.units["su-hid"], hidden=False))
    assert "su-hid" in ids(view_for(s, ("side", "ge")))


def test_the_view_after_a_step_still_hides_the_seed_and_serializes():
    s = game()
    step = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of())
    text = json.dumps(view_for(step.state, ("seat", "su-1")))
    assert "seed" not in text


def test_the_counter_view_cache_stays_bounded_and_an_evicted_counter_is_built_again(
    monkeypatch,
):
    """A long-running server keeps the views of the counters it drew last, not every
    counter it ever drew: past the bound the oldest go, and come back rebuilt the same."""
    monkeypatch.setattr(views, "_UNIT_VIEWS", Lru(3))
    s = game()
    first = view_for(s, ("side", "ge"))
    assert len(views._UNIT_VIEWS) <= 3
    again = view_for(s, ("side", "ge"))
    assert json.dumps(again, sort_keys=True) == json.dumps(first, sort_keys=True)
    moved = {**s.units, "ge-1": replace(s.units["ge-1"], steps=1)}
    assert next(u for u in view_for(replace(s, units=moved), ("side", "ge"))["units"]
                if u["id"] == "ge-1")["steps"] == 1
    assert len(views._UNIT_VIEWS) <= 3


def test_the_acting_seat_sees_how_its_activation_stands_and_no_one_else_does_3_1_5_2():
    """Its player knows whether a leader leads the activation (3.1, D3), who is done and the
    movement each mover has spent (5.2); the enemy's seat and the sides' views do not show it."""
    s = apply(game(), "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    step = next(c for c in view_for(s, ("seat", "ge-1"))["legal"]["move"]
                if len(c["path"]) == 1)  # one hex of a move that may go on
    s = apply(s, "ge-1", step, ScriptedDice.of()).state
    mine = view_for(s, ("seat", "ge-1"))["activation"]
    spent = s.activation.mp_spent["ge-1"]
    assert spent > 0
    assert (mine["leaderless"], mine["mp_spent"]) == (True, {"ge-1": str(spent)})
    assert mine["done"] == sorted(s.activation.done)
    for audience in (("seat", "su-1"), ("side", "su"), ("side", "ge"), ("spectator", "public")):
        assert not {"leaderless", "done", "mp_spent"} & view_for(s, audience)["activation"].keys()


def test_the_view_counts_the_action_segments_of_this_turn_not_of_the_game_3_0():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0109"), unit("su-1", "su_rifle", "su", "A0509")])
    s = replace(s, turn=2, segment=21, turn_segments={"ge": 1, "su": 1}, phase="action")
    v = view_for(s, ("side", "ge"))
    assert v["turn_segment"] == 3 and v["segment"] == 21
