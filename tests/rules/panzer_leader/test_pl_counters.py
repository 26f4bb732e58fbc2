"""The counters against the transcribed Panzer Leader countermix (PL-D18).

`tests/data/pl_counters.json` holds the unit tables of pl-counters.md, section 2 (the
OpenPanzerBlitz transcription of the published counters), copied row by row; every counter
type that names one of them as its `source` must print exactly those values.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.panzer_leader.combat.air import aircraft_types
from games.rules.panzer_leader.core.units import catalogue

TRANSCRIPTION = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "pl_counters.json").read_text(encoding="utf-8"))
UNITS = {u["id"]: u for u in TRANSCRIPTION["units"]}
AIRCRAFT = {"fighter-bomber", "observation-aircraft"}
GROUND = sorted(i for i, u in UNITS.items() if u["unit_class"] not in AIRCRAFT and i != "block")
MOVE = {"mv:foot": "foot", "mv:vehicle": "tracked", "mv:truck": "truck", "mv:wagon": "wagon"}


def counters_from(source: str):
    return [t for t in catalogue().values() if t.source == source]


def weapon_letter(t) -> str:
    """The transcription's letter for our weapon class: (H) is our HI, <…> an AA weapon."""
    letter = {"HI": "(H)", "M": "(M)"}.get(t.weapon, t.weapon)
    return f"<{letter}>" if t.aa else letter


def test_the_transcription_holds_the_87_units_of_its_four_tables():
    assert len(UNITS) == 87 and len(GROUND) == 82


@pytest.mark.parametrize("source", GROUND)
def test_every_transcribed_ground_unit_is_a_counter_with_its_values(source):
    u = UNITS[source]
    flags = set(u["flags"])
    found = counters_from(source)
    assert found, f"no counter takes its values from {source}"
    for t in found:
        assert (t.attack, t.range, t.defense, t.movement) == (
            u["attack"], u["range"], u["defense"], u["movement"]), t.id
        if u["letter"].startswith("C") or u["letter"] == "-":
            assert t.weapon == "I" and (t.attack == 0) == (u["letter"] in ("C", "-")), t.id
        else:
            assert weapon_letter(t) == u["letter"], t.id
        assert t.can_fire_indirect == any(f.startswith("IF") for f in flags), t.id
        assert t.armored == ("ARM" in flags) and t.vehicle == ("mv:foot" not in flags), t.id
        assert t.star == ("2R" in flags) and t.engineer == ("ENG" in flags), t.id
        assert t.mg == ("CA-sup" in flags) and t.infantry == bool(flags & {"CA", "CA-sup"}), t.id
        assert t.overrun == ("all" if "OR" in flags else "unarmored" if "OR(u)" in flags
                             else "none"), t.id
        assert t.aa == ("AA" in flags), t.id
        assert t.move_class == MOVE[next(f for f in flags if f.startswith("mv:"))], t.id
        assert (t.carries == "any") == ("C1" in flags), t.id
        assert not t.representative


def test_pl_d18_the_appendix_airborne_platoon_is_our_paratroops():
    """Appendix A lists it as unconfirmed; it is the only counter taken from there."""
    para = catalogue()["us_para"]
    assert (para.source, para.attack, para.range, para.defense, para.movement) == (
        "airborne-platoon-american", 4, 2, 8, 1)
    assert para.dual_engineer and para.infantry
    appendix = {t.source for t in catalogue().values() if t.source and t.source not in UNITS}
    assert appendix == {"airborne-platoon-american"}


# pl-counters.md, section 6, item 1: values the engine changed over its history. We use the
# latest; each is pinned here so a change of mind is a visible edit (PL-D18).
CHANGED = {
    "us_m3_scout": ("I", 2, 2, 2, 14),
    "us_m4_105": ("H", 14, 10, 9, 8),
    "us_truck": ("I", 0, 0, 1, 14),
    "de_how150": ("HI", 60, 36, 2, 0),
    "us_bofors40": ("H", 8, 12, 2, 0),
    "de_how75": ("HI", 20, 28, 2, 0),
    "gb_truck": ("I", 0, 0, 1, 14),
    "de_hummel": ("HI", 60, 24, 6, 8),
    "de_pz3j": ("A", 8, 6, 7, 9),
    "de_security": ("I", 2, 2, 5, 1),
    "de_stug3g": ("A", 12, 8, 9, 8),
}


@pytest.mark.parametrize("type_id", sorted(CHANGED))
def test_pl_d18_a_figure_the_engine_changed_is_its_latest(type_id):
    t = catalogue()[type_id]
    assert (t.weapon, t.attack, t.range, t.defense, t.movement) == CHANGED[type_id]


def test_pl_d18_published_rules_win_over_engine_defaults_for_carrying():
    """RB V.C.6: German armour takes one infantry-type unit, German SPA none; QA T7: Allied
    armour carries nothing (the engine lets every armoured vehicle carry one)."""
    cat = catalogue()
    assert cat["de_pz4"].carries == "infantry" and cat["de_puma"].carries == "infantry"
    assert cat["de_wespe"].carries == "" and cat["de_hummel"].carries == ""
    assert cat["us_m4"].carries == "" and cat["gb_sherman"].carries == ""
    assert cat["us_halftrack"].carries == "any" and cat["gb_bren"].carries == "any"


def test_pl_d18_the_aircraft_are_the_transcribed_p47_typhoon_and_l5_only():
    planes = aircraft_types()
    assert sorted(planes) == ["gb_typhoon", "us_l5", "us_p47"]
    assert planes["us_p47"]["source"] == ["p-47-bombs", "p-47-rockets"]
    # second weapons: P-47 3 I, Typhoon 2 (printed I in RB XII.C.3; the engine says A)
    assert planes["us_p47"]["mg"] == 3 and planes["gb_typhoon"]["mg"] == 2
    assert planes["us_l5"].get("observer") and planes["us_l5"]["mg"] == 0


def test_pl_d18_bombs_and_rockets_are_the_transcribed_primary_weapons():
    from games.rules.panzer_leader.combat.air import _data

    ordnance = _data()["ordnance"]
    for source, kind in (("p-47-bombs", "bombs"), ("p-47-rockets", "rockets"),
                         ("typhoon-rockets", "rockets")):
        u = UNITS[source]
        assert (ordnance[kind]["attack"], ordnance[kind]["weapon"]) == (u["attack"], u["letter"])
