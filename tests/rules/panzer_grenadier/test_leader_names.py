"""A leader named in the designer is known by that name in the game: the counter's face, the
log and the referee's words (presentation.counter_faces); the surname list names only the
leaders the document leaves unnamed."""

from __future__ import annotations

from games.rules.registry import ruleset
from tests.designkit import pg_battle

PG = ruleset("panzer_grenadier")


def test_a_leader_named_in_the_document_shows_that_name_in_the_game():
    doc = pg_battle(id="design-test-pg-named-leader")
    doc["units"] += [
        {"id": "ge-ldr-1", "type": "ge_ldr_cpt_a", "side": "attacker", "hex": "A0102",
         "name": "Hauptmann Weber"},
        {"id": "ge-ldr-2", "type": "ge_ldr_lt_a", "side": "attacker", "hex": "A0103"},
    ]
    info = PG.load_document(doc)
    units = PG.counter_faces(info.id, [], None)["units"]
    assert units["ge-ldr-1"] == {"name": "Hauptmann Weber", "short": "Weber"}
    assert units["ge-ldr-2"]["name"] == "Leutnant Krause"  # unnamed: the list's, by place
