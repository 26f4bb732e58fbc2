"""Scenarios: the format, the loader's problem lists, the bundled content and the opening state."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from games.rules.panzer_grenadier.core.scenario import (
    SCENARIO_DIR,
    SCHEMA_PATH,
    ScenarioError,
    bundled_scenarios,
    initial_state,
    load_scenario,
)
from games.rules.panzer_grenadier.core.state import INITIATIVE

BAD = Path(__file__).resolve().parents[2] / "data" / "bad_scenarios"
FILES = sorted(SCENARIO_DIR.glob("*.json"))
MEETING = json.loads((SCENARIO_DIR / "meeting-at-kessel.json").read_text(encoding="utf-8"))


def problems_of(raw) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(raw)
    return info.value.problems


def mutated(change) -> dict:
    raw = copy.deepcopy(MEETING)
    change(raw)
    return raw


def index_of(raw, unit_id) -> int:
    return next(i for i, u in enumerate(raw["units"]) if u["id"] == unit_id)


# -- the bundled content --------------------------------------------------------------------


LIBRARY = {
    "meeting-at-kessel", "melnitsa-bridgehead", "sosna-line",
    "birch-night-raid", "sosna-breakout", "kurgan-118", "tractor-works",
    "kursk-shoulder", "dnieper-high-bank", "pripyat-bogs", "oder-bridgehead", "ferry-rearguard",
}


def test_the_library_has_twelve_bundled_scenarios_and_each_loads():
    assert set(bundled_scenarios()) == LIBRARY


def seats_a_side(s) -> int:
    """Seats a side may have in a team game: one per formation (the lobby's reading)."""
    return min(sum(1 for f in s.formations if f.side == side.id) for side in s.sides)


def test_the_library_spans_sizes_from_a_small_one_board_game_to_three_a_side_on_four_boards():
    library = bundled_scenarios().values()
    small = [s for s in library if s.size["boards"] == 1 and s.size["total"] <= 40]
    assert len(small) >= 2 and all(s.turns <= 8 for s in small)
    assert [s.id for s in library if seats_a_side(s) >= 2 and 2 <= s.size["boards"] <= 3]
    three_a_side = [s for s in library if seats_a_side(s) >= 3 and s.size["boards"] >= 4]
    assert {s.id for s in three_a_side} >= {"kursk-shoulder", "sosna-line"}


def test_the_library_covers_the_eastern_front_from_1941_to_1945():
    years = {int(s.date[:4]) for s in bundled_scenarios().values()}
    assert years == {1941, 1942, 1943, 1944, 1945}


def test_the_library_has_night_battles_river_crossings_and_one_made_for_double_blind():
    library = bundled_scenarios()
    assert {sid for sid, s in library.items() if s.night_turns} >= {
        "birch-night-raid", "dnieper-high-bank", "oder-bridgehead", "sosna-breakout"}
    assert [sid for sid, s in library.items() if "double_blind" in s.default_options] == [
        "pripyat-bogs"]
    for sid in ("dnieper-high-bank", "oder-bridgehead", "sosna-breakout", "melnitsa-bridgehead"):
        assert crosses_water(library[sid]), sid
    assert not crosses_water(library["meeting-at-kessel"])


def crosses_water(s) -> bool:
    """Whether some formation starts (sets up, or enters along its edge) on the far bank of a
    river from a victory hex: it cannot reach that hex without crossing river hexes."""
    m = s.map
    water = {h for h in m.hexes if m.terrain_key(h) in ("river", "major_river")}
    goals = [o.hex for o in s.victory.hexes if o.hex not in water]
    for formation in {p.formation for p in s.units}:
        starts: set = set()
        for p in s.units:
            if p.formation != formation or p.carried_by:
                continue
            if p.hex is not None:
                starts.add(p.hex)
            elif p.entry_edge:
                starts |= {p.entry_hex} if p.entry_hex else set(m.edge_hexes(p.entry_edge))
        seen, todo = starts - water, list(starts - water)
        while todo:
            for n in m.neighbors(todo.pop()):
                if n not in seen and n not in water:
                    seen.add(n)
                    todo.append(n)
        if any(g not in seen for g in goals):
            return True
    return False


# The year each counter's family first fought on the Eastern Front; the others all had by
# June 1941 (D-SCEN-2: a later model stands in for an earlier one of its family).
FIRST_FOUGHT = {
    "ge_panther": 1943, "ge_tiger": 1942, "ge_marder_iii": 1942, "ge_pak_40": 1942,
    "su_t34_85": 1944, "su_su_85": 1943, "su_su_76": 1943, "su_t70": 1942, "su_ba_64": 1942,
    "su_m3_scout": 1942, "su_truck": 1943, "su_zis_3": 1942,
}


def test_d_scen_2_no_battle_fields_a_family_before_it_first_fought():
    early = [(s.id, p.type_id) for s in bundled_scenarios().values() for p in s.units
             if FIRST_FOUGHT.get(p.type_id, 1941) > int(s.date[:4])]
    assert early == []
    assert set(FIRST_FOUGHT) <= set(bundled_scenarios()["sosna-line"].catalogue.types)


def test_the_learning_scenario_is_the_only_one_marked_learning():
    assert [sid for sid, s in bundled_scenarios().items() if s.learning] == ["meeting-at-kessel"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_schema_itself_accepts_every_bundled_file(path):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(json.loads(path.read_text(encoding="utf-8")))


def test_the_learning_scenario_is_one_board_with_about_twenty_units_a_side():
    s = bundled_scenarios()["meeting-at-kessel"]
    assert s.learning and s.size["boards"] == 1 and s.turns == 8
    for side in ("ge", "su"):
        assert 15 <= s.size["units"][side] + s.size["leaders"][side] <= 25


def test_d_scen_1_kesselbach_is_balanced_by_squads_in_the_village_tanks_on_turn_2_no_stug():
    """D-SCEN-1: two Soviet submachine-gun squads hold the church and the crossroads at
    set-up, the Soviet tanks enter on turn 2 and the German armour has no assault gun."""
    scenario = bundled_scenarios()["meeting-at-kessel"]
    state = initial_state(scenario)
    posted = {u.id: scenario.map.label(u.hex) for u in state.units.values()
              if u.type_id == "su_smg"}
    assert posted == {"su-infantry-8": "A1107", "su-infantry-9": "A1006"}
    tanks = [u for u in state.units.values() if u.type_id == "su_t34_76"]
    assert len(tanks) == 3 and {(u.entry_turn, u.entry_edge) for u in tanks} == {(2, "E")}
    assert not [u for u in state.units.values() if u.type_id == "ge_stug_iii"]


def test_the_combined_arms_attack_has_artillery_armour_transports_engineers_and_a_river():
    s = bundled_scenarios()["melnitsa-bridgehead"]
    cat = s.catalogue
    kinds = {cat[p.type_id].kind for p in s.units}
    assert s.size["boards"] == 2 and s.turns == 12
    assert {"artillery", "tank", "truck", "prime_mover", "apc", "engineer"} <= kinds
    assert s.rules("offboard_artillery") and any(p.carried_by for p in s.units)
    assert any(p.is_reinforcement for p in s.units)
    assert "river" in {s.map.terrain_key(h) for h in s.map.hexes}


def test_the_big_battle_has_six_boards_and_about_three_hundred_counters():
    s = bundled_scenarios()["sosna-line"]
    assert s.size["boards"] == 6 and s.turns == 15
    assert 280 <= s.size["total"] <= 320


def test_across_the_bundled_scenarios_every_terrain_of_the_chart_appears():
    seen: set[str] = set()
    for s in bundled_scenarios().values():
        m = s.map
        for h in m.hexes:
            seen.add(m.terrain_key(h))
            if m.elevation(h) > 0 and m.is_hill(h):
                seen.add("hill")
            for n in m.neighbors(h):
                seen |= m.hexside_features(h, n) - {"elevation_line"}
                kind = m.road_between(h, n)
                if kind:
                    seen.add(kind)
                    if m.terrain_key(n) in ("river", "major_river"):
                        seen.add(f"bridge over {m.terrain_key(n)}")
        seen |= {f"level {m.elevation(h)}" for h in m.hexes}
    assert seen >= {
        "clear",
        "field",
        "light_woods",
        "heavy_woods",
        "town",
        "swamp",
        "river",
        "major_river",
        "hill",
        "level 2",
        "level 3",
        "stream",
        "ford",
        "bridge",
        "road",
        "trail",
        "bridge over river",
    }


def test_roads_join_across_every_board_seam_of_the_big_battle():
    m = bundled_scenarios()["sosna-line"].map
    seams = [
        ("A2006", "B0106"),
        ("B2006", "C0106"),
        ("D2006", "E0106"),
        ("E2006", "F0106"),
        ("A1012", "D1001"),
        ("B1012", "E1001"),
        ("C1012", "F1001"),
    ]
    for a, b in seams:
        assert m.road_between(m.parse_label(a), m.parse_label(b)) == "road", (a, b)


@pytest.mark.parametrize("scenario_id", sorted(LIBRARY))
def test_every_counter_sets_up_in_terrain_it_may_enter(scenario_id):
    s = bundled_scenarios()[scenario_id]
    for p in s.units:
        if p.hex is None:
            continue
        t = s.catalogue[p.type_id]
        assert s.map.terrain(p.hex).move_cost(t.movement_class) is not None, (p.id, p.label)


def test_bundled_scenarios_are_loaded_once_and_cached():
    # How long loading takes is measured by bench/scenarios.py, not asserted here.
    assert bundled_scenarios() is bundled_scenarios()


# -- bad files: every problem, by path -------------------------------------------------------


def test_a_file_with_several_problems_lists_every_one_of_them():
    problems = problems_of(BAD / "several_problems.json")
    assert set(problems) == {
        "units[1].id: duplicate id 'ge-1' (first at units[0])",
        "units[2].type: unknown unit type 'ge_king_tiger': pick one from the counter catalogue",
        "units[3].hex: 'B0911' is not on the map",
        "units[4].side: unknown side 'us'",
        "units[5].entry_turn: T-34/76 platoon enters on turn 9, after the last turn (6)",
        "units[6].entry_edge: 'X' is not one of ['N', 'E', 'S', 'W']",
        "units[7].carried_by: no unit 'su-99'",
        "victory.hexes[0].hex: 'A2113' is not on the map",
        "optional_rules.tank_riders: unknown optional rule; expected one of consolidation,"
        " drumfire, efficient_move_fire, excess_initiative, extended_assault, fog_of_war,"
        " formation_activation, hidden_units, limited_intelligence, logistics, mire, double_blind,"
        " sector_command, takebacks",
    }
    assert len(problems) == 9


def test_the_error_message_names_the_file_and_lists_the_problems():
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / "several_problems.json")
    text = str(info.value)
    assert text.startswith("several_problems.json: 9 problems\n")
    assert "\n  units[3].hex: 'B0911' is not on the map" in text


def test_a_unit_placed_on_a_board_the_map_lacks_is_named_by_its_path():
    i = index_of(MEETING, "ge-hmg-1")
    raw = mutated(lambda r: r["units"][i].update(hex="B0911"))
    assert problems_of(raw) == (f"units[{i}].hex: 'B0911' is not on the map",)


def test_a_unit_with_both_a_hex_and_an_entry_turn_is_refused():
    raw = mutated(lambda r: r["units"][0].update(entry_turn=2, entry_edge="W"))
    assert problems_of(raw) == (
        "units[0]: needs exactly one of: hex; entry_turn with entry_edge; carried_by",
    )


def test_an_unknown_first_side_and_a_late_night_turn_are_problems():
    raw = mutated(lambda r: r.update(first_side="us", night_turns=[9]))
    assert problems_of(raw) == (
        "first_side: unknown side 'us'",
        "night_turns[0]: turn 9 is after the last turn (8)",
    )


def test_overstacking_at_set_up_is_a_problem():
    first = MEETING["units"][index_of(MEETING, "ge-infantry-1")]["hex"]

    def stack(r):
        for uid in ("ge-infantry-2", "ge-infantry-3", "ge-infantry-4"):
            r["units"][index_of(r, uid)]["hex"] = first

    raw = mutated(stack)
    i = index_of(raw, "ge-infantry-4")
    assert problems_of(raw) == (
        f"units[{i}].hex: Grenadier platoon at {first}: 4 combat units would be in the hex; the"
        " limit is 3 per side (4.1)",
    )


def test_setting_up_in_the_enemys_hex_or_in_prohibited_terrain_is_a_problem():
    ge = index_of(MEETING, "ge-infantry-1")
    su = index_of(MEETING, "su-infantry-1")
    truck = index_of(MEETING, "ge-truck-1")
    kessel = load_scenario(MEETING).map
    woods = next(
        kessel.label(h) for h in sorted(kessel.hexes) if kessel.terrain_key(h) == "heavy_woods"
    )
    raw = mutated(
        lambda r: (
            r["units"][su].update(hex=r["units"][ge]["hex"]),
            r["units"][truck].update(hex=woods),
        )
    )
    assert set(problems_of(raw)) == {
        f"units[{su}].hex: Rifle platoon at {MEETING['units'][ge]['hex']}: the hex already holds"
        " units of side 'ge'; one side a hex",
        # The terrain by its name on the chart, never its id (5.1).
        f"units[{truck}].hex: Opel Blitz truck column at {woods}: motorized units may not enter"
        " heavy woods; place it on other ground",
    }


def test_a_passenger_must_ride_something_that_carries():
    tank = next(u["id"] for u in MEETING["units"] if u["type"] == "ge_pz_iv")
    gun = next(i for i, u in enumerate(MEETING["units"]) if u["type"] == "ge_pak_38")
    raw = mutated(lambda r: r["units"][gun].update(carried_by=tank))
    assert problems_of(raw) == (
        f"units[{gun}].carried_by: {tank!r} (Panzer IV H platoon) cannot carry units",
    )


def test_an_unknown_board_and_a_bad_decision_are_reported_together():
    raw = mutated(
        lambda r: (
            r["map"]["boards"][0].update(board="nowhere"),
            r["victory"].update(decision={"method": "threshold"}),
        )
    )
    assert problems_of(raw) == (
        "victory.decision: a threshold decision needs the side that must reach the points"
        " and the points needed",
        "map.boards[0].board: unknown board 'nowhere'",
    )


def test_off_board_artillery_needs_its_side_and_increments():
    raw = mutated(
        lambda r: r["special_rules"].append({"rule": "offboard_artillery", "text": "guns"})
    )
    assert problems_of(raw) == (
        "special_rules[1]: 'side' is a required property",
        "special_rules[1]: 'increments' is a required property",
    )


def test_a_file_that_is_not_json_says_so(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    (problem,) = problems_of(path)
    assert problem.startswith("broken.json: not valid JSON")


# -- the opening state ----------------------------------------------------------------------


def test_initial_state_places_every_unit_as_the_scenario_says():
    s = bundled_scenarios()["melnitsa-bridgehead"]
    state = initial_state(s)
    assert (state.turn, state.last_turn, state.phase) == (1, 12, INITIATIVE)
    assert set(state.units) == {p.id for p in s.units}
    for p in s.units:
        u = state.units[p.id]
        assert (u.side, u.type_id, u.steps, u.carried_by) == (
            p.side,
            p.type_id,
            p.steps,
            p.carried_by,
        )
        if p.hex is not None:
            assert u.on_map and u.hex == p.hex and u.entry_turn is None
        else:
            assert not u.on_map and u.entry_turn == p.entry_turn and u.entry_edge == p.entry_edge


def test_reinforcements_wait_off_the_map_with_their_turn_and_edge_and_so_do_their_passengers():
    state = initial_state(bundled_scenarios()["melnitsa-bridgehead"])
    half_track = next(u for u in state.units.values() if u.type_id == "ge_sdkfz_251")
    rider = next(u for u in state.units.values() if u.carried_by == half_track.id)
    assert half_track.hex is None and (half_track.entry_turn, half_track.entry_edge) == (5, "S")
    assert rider.hex is None and (rider.entry_turn, rider.entry_edge) == (5, "S")


def test_a_passenger_at_set_up_starts_in_its_transports_hex():
    state = initial_state(bundled_scenarios()["meeting-at-kessel"])
    gun = next(u for u in state.units.values() if u.type_id == "ge_pak_38")
    assert gun.carried_by is not None and gun.hex == state.units[gun.carried_by].hex is not None


def test_side_values_come_from_the_scenario():
    state = initial_state(bundled_scenarios()["meeting-at-kessel"])
    ge, su = state.side("ge"), state.side("su")
    assert (ge.nationality, ge.initiative, ge.morale) == ("german", 3, 8)
    assert (su.nationality, su.initiative, su.morale) == ("soviet", 2, 7)


def test_dig_in_at_start_digs_in_the_sides_foot_units_but_not_its_vehicles():
    state = initial_state(bundled_scenarios()["melnitsa-bridgehead"])
    rifles = [u for u in state.units.values() if u.type_id == "ge_rifle" and u.on_map]
    assert rifles and all(u.dug_in for u in rifles)
    assert not any(u.dug_in for u in state.units.values() if u.side == "su")


def test_options_default_to_the_scenarios_and_may_be_overridden_but_not_invented():
    s = bundled_scenarios()["sosna-line"]
    assert initial_state(s).options == frozenset({"fog_of_war", "formation_activation"})
    assert initial_state(s, options={"mire"}).options == frozenset({"mire"})
    with pytest.raises(ScenarioError, match="unknown optional rule 'tank_riders'"):
        initial_state(s, options={"tank_riders"})


def test_night_turns_start_the_game_at_night_when_turn_one_is_one():
    assert initial_state(bundled_scenarios()["sosna-line"]).night is True
    assert initial_state(bundled_scenarios()["meeting-at-kessel"]).night is False


def test_team_games_deal_each_sides_formations_to_its_seats():
    s = bundled_scenarios()["sosna-line"]
    state = initial_state(s, seats={"anna": "ge", "bert": "ge", "cleo": "su"})
    seats = {seat.id: seat for seat in state.seats}
    assert seats["cleo"].units == frozenset(p.id for p in s.units if p.side == "su")
    ge_units = frozenset(p.id for p in s.units if p.side == "ge")
    assert seats["anna"].units | seats["bert"].units == ge_units
    assert not seats["anna"].units & seats["bert"].units
    first = next(f for f in s.formations if f.side == "ge")
    assert set(first.units) <= seats["anna"].units


def test_without_seats_each_side_gets_one_seat_with_all_its_units():
    s = bundled_scenarios()["meeting-at-kessel"]
    state = initial_state(s)
    assert {(seat.id, seat.side, len(seat.units)) for seat in state.seats} == {
        ("ge", "ge", 20),
        ("su", "su", 22),
    }


def test_the_example_in_the_format_readme_loads():
    import re

    text = (SCENARIO_DIR / "README.md").read_text(encoding="utf-8")
    example = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    assert load_scenario(example).size["total"] == 5
