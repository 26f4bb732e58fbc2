"""Counter faces: side colours by nationality, human names, short designations."""

from __future__ import annotations

from games.rules.common import faces
from games.rules.common.faces import Counter, CounterType

TYPES = {
    "ge_rifle": CounterType("Grenadier platoon", "infantry", False),
    "ge_hmg": CounterType("MG 42 heavy machine-gun section", "hmg", False),
    "ge_ldr_cpt_a": CounterType("Hauptmann (9-1-1)", "infantry", True),
    "su_rifle": CounterType("Rifle platoon", "infantry", False),
}
SHORT = {"ge_rifle": "Gren", "ge_hmg": "MG42"}  # a ruleset's own designations
COUNTERS = [
    Counter("ge-infantry-1", "ge", "ge_rifle"),
    Counter("ge-infantry-2", "ge", "ge_rifle"),
    Counter("ge-hmg-1", "ge", "ge_hmg"),
    Counter("ge-ldr-1", "ge", "ge_ldr_cpt_a"),
    Counter("ge-ldr-2", "ge", "ge_ldr_cpt_a"),
    Counter("su-infantry-1", "su", "su_rifle"),
]


def test_each_nationality_has_its_own_fill_for_every_viewer() -> None:
    colours = faces.side_colours([("ge", "german"), ("su", "soviet")])
    assert colours["ge"]["label"] == "field grey"
    assert colours["ge"]["fill"] != colours["su"]["fill"]


def test_two_sides_of_one_nationality_still_get_different_fills() -> None:
    colours = faces.side_colours([("a", "german"), ("b", "german")])
    assert colours["a"]["fill"] != colours["b"]["fill"]


def test_platoons_of_a_type_are_numbered_and_a_lone_one_keeps_its_name() -> None:
    units = faces.unit_faces(COUNTERS, TYPES, {"ge": "german", "su": "soviet"}, SHORT)
    assert units["ge-infantry-2"] == {"name": "2nd Grenadier platoon", "short": "Gren 2"}
    assert units["ge-hmg-1"] == {"name": "MG 42 heavy machine-gun section", "short": "MG42"}
    assert units["su-infantry-1"]["name"] == "Rifle platoon"


def test_leaders_have_a_rank_and_a_surname_never_their_ratings_or_ids() -> None:
    units = faces.unit_faces(COUNTERS, TYPES, {"ge": "german", "su": "soviet"}, SHORT)
    names = [units["ge-ldr-1"]["name"], units["ge-ldr-2"]["name"]]
    assert names == ["Hauptmann Becker", "Hauptmann Krause"]
    assert all("(" not in n and "ldr" not in n for n in names)


def test_a_type_face_names_its_nato_symbol_and_label() -> None:
    types = faces.type_faces(TYPES)
    assert types["ge_ldr_cpt_a"] == {"label": "Hauptmann", "short": "Hauptmann", "symbol": "leader"}
    assert types["ge_hmg"]["symbol"] == "hmg"


def test_a_name_the_scenario_gives_a_leader_wins_over_the_surname_list() -> None:
    counters = [Counter("ge-ldr-1", "ge", "ge_ldr_cpt_a", "Hauptmann Weber"),
                Counter("ge-ldr-2", "ge", "ge_ldr_cpt_a"),
                Counter("ge-ldr-3", "ge", "ge_ldr_cpt_a", "Vogt"),
                Counter("ge-ldr-4", "ge", "ge_ldr_cpt_a", "   ")]
    units = faces.unit_faces(counters, TYPES, {"ge": "german"})
    assert units["ge-ldr-1"] == {"name": "Hauptmann Weber", "short": "Weber"}
    # One word is the surname, under the counter's rank.
    assert units["ge-ldr-3"] == {"name": "Hauptmann Vogt", "short": "Vogt"}
    # Unnamed leaders keep the surname their place gives them; a blank name is none.
    assert units["ge-ldr-2"]["name"] == "Hauptmann Krause"
    assert units["ge-ldr-4"]["name"] == "Hauptmann Hartmann"


def test_a_named_platoon_keeps_its_designation_on_the_counter() -> None:
    counters = [Counter("ge-1", "ge", "ge_rifle", "Kampfgruppe Peiper point"),
                Counter("ge-2", "ge", "ge_rifle")]
    units = faces.unit_faces(counters, TYPES, {"ge": "german"}, SHORT)
    assert units["ge-1"] == {"name": "Kampfgruppe Peiper point", "short": "Gren"}
    assert units["ge-2"] == {"name": "2nd Grenadier platoon", "short": "Gren 2"}
