"""What the board is told before a player ends a phase or moves at Quick-Time: the preview
comes from the code that resolves the command, so nothing happens that was not shown."""

from __future__ import annotations

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.core.state import Unit
from games.rules.panzer_leader.preview import preview
from games.rules.panzer_leader.ruleset import RULESET

from .kit import clear, do, lab, world

END = {"type": "end_phase"}


def eliminated_by(state, command, *dice) -> list[list[str]]:
    _, events = engine.apply(state, "allied", command, ScriptedDice.of(*dice))
    return [e["units"] for e in events if e["type"] == "eliminated"]


def test_4_7_qa_g4_ending_the_vehicle_phase_names_the_reinforcements_it_eliminates():
    """Hollenbach's second wave is due on turn 2 (PL-E22): ending the Allied vehicle phase
    before it enters eliminates every vehicle of it and the rifle riding the half-track, and
    the preview of `end_phase` says so first."""
    s = RULESET.opening_state("pl-hollenbach")
    s.turn, s.phase, s.active_side = 2, "move_vehicles", "allied"
    p = preview(s, "allied", END)
    assert p["ok"] and p["phase"] == "move_vehicles"
    assert all(x["rule"] == "4.7; QA G4" for x in p["eliminates"])
    wave = sorted(u.id for u in s.units.values() if u.side == "allied" and u.entry_turn == 2)
    assert sorted(i for x in p["eliminates"] for i in x["units"]) == wave
    assert [x["units"] for x in p["eliminates"]] == eliminated_by(s, END)


def test_4_7_a_unit_that_entered_is_not_listed_and_nothing_is_lost_outside_movement():
    s = world(clear(), phase="move_foot")
    for uid in ("late", "on"):
        s.units[uid] = Unit(id=uid, type_id="us_rifle", side="allied", entry_turn=1,
                            entry=[lab("0,0")])
    s, _ = do(s, "allied", {"type": "move", "unit": "on", "to": lab("0,0")})
    assert preview(s, "allied", END)["eliminates"] == [
        {"units": ["late"], "why": "due this turn and not entered", "rule": "4.7; QA G4"}]
    assert eliminated_by(s, END) == [["late"]]
    s.phase = "combat"
    assert preview(s, "allied", END) == {"ok": True, "phase": "combat", "eliminates": []}


def test_19_2_ending_the_phase_names_the_units_still_afloat_it_loses():
    s = world(["==b....."] * 8, units=[("r", "us_rifle", "allied", "1,3")], phase="move_foot")
    s.units["r"].afloat, s.units["r"].entry_turn, s.turn = True, 2, 2
    lost = preview(s, "allied", END)["eliminates"]
    assert lost == [{"units": ["r"], "why": "still afloat: did not land", "rule": "19.2"}]
    assert eliminated_by(s, END) == [["r"]]


def test_the_players_view_lists_end_phase_among_the_previewed_commands():
    s = RULESET.opening_state("pl-hollenbach")
    assert "end_phase" in RULESET.view_for(s, ("side", "allied"))["previewed"]


def test_21_1_a_quick_time_move_shows_no_mp_cost_but_its_two_hexes_and_the_dispersal_roll():
    """Quick-Time spends no MP (the unit moves two hexes instead, and has moved for the
    phase): the preview gives no cost nor MP left, but the dispersal on 4-6 and its chance."""
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,4")], phase="move_foot",
              options=["quick_time", "opportunity_fire"])
    qt = preview(s, "allied", {"type": "move", "unit": "r", "to": lab("4,2"), "mode": "quick_time"})
    assert qt["ok"] and "cost" not in qt and "left" not in qt
    assert qt["quick_time"] == {"hexes": 2, "disperses_on": "4-6", "dispersed": "1/2",
                                "half_defence": True, "rule": "21.1"}
    walked = preview(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3")})
    assert walked["cost"] == 1 and "quick_time" not in walked
    # the roll the preview names is the one the move makes: 4 disperses, 3 does not
    for die, status in ((4, "dispersed"), (3, "ok")):
        after, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,2"),
                                    "mode": "quick_time"}, die)
        assert after.units["r"].status == status
