"""A battle's id, as both rulesets' checks read it: the schema's pattern is the designer's
save's (no dot: a published revision is played as `<id>.r<n>`), and a bad id is refused in
words, not the pattern; a published revision still loads under its `<id>.r<n>`."""

from __future__ import annotations

import pytest

from games.rules import registry
from tests.designkit import pg_battle, pl_situation

WORDS = ("is not a battle id: an id is lower-case letters, digits, '-' and '_', starting "
         "with a letter or digit, at most 60 characters")


@pytest.mark.parametrize("make, ruleset_id", [(pg_battle, "panzer_grenadier"),
                                              (pl_situation, "panzer_leader")])
@pytest.mark.parametrize("bad", ["my.battle", "Mill", "-mill", "x" * 61, 7])
def test_a_bad_id_is_a_problem_said_in_words(make, ruleset_id, bad):
    found = [p for p in registry.ruleset(ruleset_id).check_scenario(make(id=bad))
             if p["field"] == "id"]
    assert [p["message"] for p in found] == [f"{bad!r} {WORDS}"]
    assert "^[a-z0-9]" not in found[0]["message"]


@pytest.mark.parametrize("make, ruleset_id", [(pg_battle, "panzer_grenadier"),
                                              (pl_situation, "panzer_leader")])
def test_a_document_loads_under_a_play_id_its_own_id_could_not_be(make, ruleset_id):
    play_id = f"id-test-{ruleset_id}.r3"
    info = registry.load_document(ruleset_id, make(id=f"id-test-{ruleset_id}"), play_id)
    assert info.id == play_id
    assert registry.for_scenario(play_id).id == ruleset_id

