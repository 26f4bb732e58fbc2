"""A designer's Panzer Leader air support (20): aircraft counters from the catalogue for a side,
with the turns they fly, in the situation format the bundled situations use; the check names
the field and the rule of every mistake."""

from __future__ import annotations

from games.rules.registry import ruleset
from tests.designkit import pl_situation as situation_doc

PL = ruleset("panzer_leader")


def flights(*groups) -> dict:
    return situation_doc(aircraft=list(groups))


def test_fighter_bombers_and_an_observer_for_a_side_pass_and_fly_in_the_game():
    doc = flights({"side": "allied", "type": "us_p47", "count": 2, "first": 2, "last": 6,
                   "ordnance": "rockets"},
                  {"side": "allied", "type": "us_l5", "count": 1})
    assert PL.check_scenario(doc) == []
    info = PL.load_document({**doc, "id": "design-test-pl-air"})
    planes = PL.opening_state(info.id, None, None).aircraft
    assert sorted((p["type"], p["first"], p["last"]) for p in planes.values()) == [
        ("us_l5", 1, 8), ("us_p47", 2, 6), ("us_p47", 2, 6)]


def test_a_ground_counter_is_no_aircraft():
    [p] = PL.check_scenario(flights({"side": "allied", "type": "us_m4"}))
    assert p["field"] == "aircraft[0].type" and p["rule"].startswith("20 Airpower")
    assert "us_p47" in p["message"]


def test_the_observer_carries_no_ordnance():
    [p] = PL.check_scenario(flights({"side": "allied", "type": "us_l5", "ordnance": "bombs"}))
    assert p["field"] == "aircraft[0].ordnance" and "L-5" in p["message"]


def test_either_fighter_bomber_may_carry_bombs_or_rockets_rb_xii_c_3():
    for plane in ("us_p47", "gb_typhoon"):
        for ordnance in ("bombs", "rockets"):
            doc = flights({"side": "allied", "type": plane, "ordnance": ordnance})
            assert PL.check_scenario(doc) == [], (plane, ordnance)


def test_aircraft_fly_for_a_known_side_within_the_game():
    found = PL.check_scenario(flights({"side": "soviet", "type": "us_p47", "first": 9}))
    assert [p["field"] for p in found] == ["aircraft[0].side", "aircraft[0].first",
                                           "aircraft[0].last"]  # 9 to 8, after the end


def test_the_last_turn_comes_no_earlier_than_the_first():
    [p] = PL.check_scenario(flights({"side": "allied", "type": "us_p47", "first": 5,
                                     "last": 3}))
    assert p["field"] == "aircraft[0].last" and "before the first" in p["message"]


def test_a_count_of_the_wrong_shape_names_its_field():
    [p] = PL.check_scenario(flights({"side": "allied", "type": "us_p47", "count": 0}))
    assert p["field"] == "aircraft[0].count" and "situation.schema.json" in p["rule"]


def test_the_designer_picks_from_the_aircraft_catalogue_of_each_game():
    planes = PL.aircraft_catalogue()
    assert sorted(planes) == ["gb_typhoon", "us_l5", "us_p47"]
    assert planes["us_p47"]["ordnance"] == ["bombs", "rockets"]
    assert planes["us_l5"] == {"name": "L-5 Sentinel", "nationality": "us", "observer": True,
                               "ordnance": []}
    assert ruleset("panzer_grenadier").aircraft_catalogue() == {}
