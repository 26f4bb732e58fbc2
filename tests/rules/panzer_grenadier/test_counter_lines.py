"""What each counter prints comes from the server (issue 47): a counter type carries the two
lines of each face (fire values, movement) and a leader's rank, morale and modifiers, so the
board draws them as given and holds no copy of the counter's layout."""

from __future__ import annotations

from games.rules.panzer_grenadier.core.units import catalogue
from games.rules.panzer_grenadier.presentation import type_entry


def entry(type_id: str) -> dict:
    return type_entry(catalogue()[type_id])


def test_a_units_faces_print_fire_anti_tank_armor_and_movement():
    tank = entry("su_t34_76")
    assert tank["full"]["lines"] == {"fire": "6-8 (7-14) A5", "move": "10"}
    assert tank["reduced"]["lines"] == {"fire": "3-8 (7-14) A5", "move": "10"}
    assert entry("ge_hmg")["reduced"]["lines"] == {"fire": "4-6", "move": "4"}


def test_bombardment_is_printed_in_brackets():
    assert entry("ge_mortar_81")["full"]["lines"] == {"fire": "[8-12]", "move": "3"}


def test_a_leader_prints_rank_morale_and_both_modifiers():
    lines = entry("ge_ldr_lt_a")["lines"]
    assert lines == {"fire": "Lt 8 +1/+1", "move": str(catalogue()["ge_ldr_lt_a"].movement)}
