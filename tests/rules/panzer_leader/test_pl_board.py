"""What the board draws and asks: the markers as plain data (dispersed, wreck, mine (only
found ones), block, fort...), their looks in the counter faces, and odds previews that state their column without a
"provisional" mark (PL-D1)."""

from __future__ import annotations

from games.rules.panzer_leader.ruleset import RULESET as rs

from .kit import clear, do, lab, world


def kinds(view, kind):
    return [m for m in view["markers"] if m["kind"] == kind]


def test_counter_faces_describe_how_each_marker_looks():
    faces = rs.counter_faces("pl-hollenbach", [], "allied")
    for kind in ("dispersed", "wreck", "mine", "block", "fort", "smoke", "opfire", "spotted"):
        look = faces["markers"][kind]
        assert look["label"] and look["title"] and look["color"].startswith("#")


def test_markers_are_plain_data_and_a_minefield_only_once_the_audience_knows_it():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2"), ("e", "de_rifle", "german", "6,6")],
              mines=[("4,3", "german")], blocks=["2,2"], wrecks={"5,5": 2}, phase="move_foot")
    s.forts = {lab("6,6"): {"defense": 16}}
    s.units["e"].status = "dispersed"
    for aud in (("side", "allied"), ("spectator", "public")):
        assert not kinds(rs.view_for(s, aud), "mine")
    german = rs.view_for(s, ("side", "german"))
    assert kinds(german, "mine") == [{"kind": "mine", "hex": lab("4,3"), "inverted": False}]
    assert kinds(german, "wreck") == [{"kind": "wreck", "hex": lab("5,5"), "count": 2}]
    assert kinds(german, "block") == [{"kind": "block", "hex": lab("2,2")}]
    assert kinds(german, "fort") == [{"kind": "fort", "hex": lab("6,6"), "defense": 16}]
    assert kinds(german, "dispersed") == [{"kind": "dispersed", "unit": "e", "hex": lab("6,6")}]
    s, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3")})
    while s.pending:
        s, _ = do(s, "german", {"type": "decline"})
    for aud in (("side", "allied"), ("spectator", "public")):
        assert kinds(rs.view_for(s, aud), "mine")


def quiet(attack: dict) -> bool:
    """An odds preview with its column and chances and no "provisional" mark (PL-D1)."""
    return "provisional" not in attack and "column" in attack and attack["chances"]


def test_pl_d1_no_odds_preview_calls_the_table_provisional():
    s = world(clear(10, 12), units=[("m", "us_m4", "allied", "4,2"), ("h", "us_mortar81", "allied", "0,0"),
                                    ("r", "us_rifle", "allied", "5,3"), ("e", "de_rifle", "german", "4,3"),
                                    ("f", "de_rifle", "german", "4,10")])
    fire = rs.composed_preview(s, "allied", {"type": "fire", "units": ["m"], "targets": ["e"]})
    assert quiet(fire["attack"])
    order = rs.composed_preview(s, "allied", {"type": "order_indirect", "unit": "h",
                                              "hex": lab("4,3")})
    assert order["ok"] and "provisional" not in order and all(quiet(a) for a in order["attacks"])
    s.phase = "move_vehicles"
    over = rs.composed_preview(s, "allied", {"type": "overrun", "units": ["m"],
                                             "target": lab("4,3")})
    assert quiet(over["attack"])
    s.phase = "assault"
    assault = rs.composed_preview(s, "allied", {"type": "assault", "units": ["r"],
                                                "target": lab("4,3")})
    assert quiet(assault["attack"])
    s.phase = "air"
    s.aircraft = {"p": {"id": "p", "type": "us_p47", "side": "allied", "ordnance": "bombs",
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False, "hex": None}}
    strike = rs.composed_preview(s, "allied", {"type": "air_strike", "aircraft": {"p": "mg"},
                                               "targets": ["f"]})
    assert quiet(strike["attack"]) and strike["anti_aircraft"]["chances"]
    assert "provisional" not in strike["anti_aircraft"]
    assert "crt_provisional" not in rs.view_for(s, ("side", "allied"))


def test_previews_for_loading_unloading_and_opportunity_fire():
    s = world(clear(10, 12), units=[("t", "us_truck", "allied", "4,2"), ("r", "us_rifle", "allied", "4,2"),
                                    ("g", "de_pz4", "german", "4,6")], phase="move_vehicles")
    p = rs.composed_preview(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    assert p["ok"] and p["cost"] == 7 and p["left"] == 7 and p["opportunity_fire"]  # half of 14
    s, _ = do(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    of = rs.composed_preview(s, "german", {"type": "opportunity_fire", "units": ["g"],
                                           "target": "t"})
    assert of["ok"] and quiet(of["attack"]) and of["attack"]["defense"] == "1"
    bad = rs.composed_preview(s, "allied", {"type": "unload", "carrier": "t"})
    assert bad["ok"] is False and bad["why_not"]
