"""The bundled unit and leader catalogue (0.0, 6.0): it validates and holds plausible values."""

from __future__ import annotations

import json

import pytest

from games.rules.panzer_grenadier.core.scenario import bundled_scenarios
from games.rules.panzer_grenadier.core.units import (
    DATA,
    RANKS,
    catalogue,
    catalogue_from_dict,
    validate_catalogue,
)

RAW = json.loads(DATA.read_text(encoding="utf-8"))
CAT = catalogue()


def test_the_bundled_catalogue_has_no_problems():
    assert validate_catalogue(RAW) == []
    assert len(catalogue_from_dict(RAW).types) == len(RAW["units"]) + len(RAW["leaders"])


@pytest.mark.parametrize("nationality", ["german", "soviet"])
def test_each_nationality_fields_every_kind_of_platoon(nationality):
    kinds = {t.kind for t in CAT.types.values() if not t.is_leader and t.nationality == nationality}
    assert kinds >= {
        "infantry",
        "engineer",
        "recon",
        "hmg",
        "mortar",
        "infantry_gun",
        "at_gun",
        "aa_gun",
        "artillery",
        "tank",
        "tank_destroyer",
        "assault_gun",
        "armored_car",
        "apc",
        "truck",
        "wagon",
        "prime_mover",
    }


@pytest.mark.parametrize(
    ("type_id", "fire", "full", "reduced"),
    [
        ("ge_rifle", "direct_fire", (5, 3), (3, 3)),
        ("su_rifle", "direct_fire", (5, 3), (3, 3)),
        ("ge_hmg", "direct_fire", (7, 6), (4, 6)),
        ("ge_pz_iv", "anti_tank", (8, 16), (8, 16)),
        ("su_t34_76", "anti_tank", (7, 14), (7, 14)),
    ],
)
def test_printed_values_read_from_the_catalogue(type_id, fire, full, reduced):
    t = CAT[type_id]
    f, r = getattr(t.full, fire), getattr(t.reduced, fire)
    assert (f.strength, f.range) == full
    assert (r.strength, r.range) == reduced


def test_armour_transports_and_bombardment_values():
    assert CAT["ge_pz_iv"].full.armor == 4 and CAT["su_t34_76"].full.armor == 5
    assert CAT["ge_mortar_81"].full.bombardment.strength == 8
    assert CAT["ge_mortar_81"].full.bombardment.range == 12
    truck = CAT["ge_truck"]
    assert (truck.movement_class, truck.full.movement, truck.capacity) == ("motorized", 8, 1)
    assert truck.is_transport and not truck.is_combat_unit


def test_full_strength_german_and_guards_afvs_are_efficient_and_others_are_not():
    assert CAT["ge_panther"].efficient and CAT["ge_stug_iii"].efficient
    assert CAT["su_t34_76_guards"].efficient
    assert not CAT["su_t34_76"].efficient


def test_some_afvs_are_open_topped():
    assert CAT["ge_marder_iii"].open_top and CAT["su_su_76"].open_top
    assert CAT["ge_marder_iii"].is_afv and not CAT["ge_marder_iii"].is_closed_top_afv
    assert CAT["ge_tiger"].is_closed_top_afv


def test_reduced_faces_are_never_stronger_than_full_faces():
    for t in CAT.types.values():
        if t.is_leader or t.reduced is None:
            continue
        for fire in ("direct_fire", "bombardment", "anti_tank"):
            full, red = getattr(t.full, fire), getattr(t.reduced, fire)
            assert (full is None) == (red is None), (t.id, fire)
            if full is not None:
                assert red.strength <= full.strength, (t.id, fire)


def test_every_gun_that_cannot_move_has_a_tow_of_its_nationality():
    for t in CAT.types.values():
        if not t.is_leader and t.is_weapon and t.full.movement == 0:
            assert any(
                not o.is_leader and o.can_tow and o.nationality == t.nationality
                for o in CAT.types.values()
            ), t.id


def test_leaders_span_several_ranks_and_kinds_including_a_kommissar():
    leaders = [t for t in CAT.types.values() if t.is_leader]
    assert {t.kind for t in leaders} >= {"infantry", "tank", "kommissar"}
    for nationality in ("german", "soviet"):
        ranks = {t.rank for t in leaders if t.nationality == nationality}
        assert len(ranks) >= 5 and ranks <= set(RANKS)
    assert all(7 <= t.morale <= 10 and 0 <= t.combat_modifier <= 2 for t in leaders)


def test_bundled_scenarios_field_only_their_sides_nationality():
    for scen in bundled_scenarios().values():
        for p in scen.units:
            assert CAT[p.type_id].nationality == scen.side(p.side).nationality, (scen.id, p.id)
