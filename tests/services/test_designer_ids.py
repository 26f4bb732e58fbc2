"""A new battle's id and publishing a battle that has not changed (games/designer/services.py):
a battle saved without an id of its designer's choosing gets one made from its title, free
when it is stored; an id typed that is taken is refused; publishing makes no revision the
same as the last one."""

from __future__ import annotations

import pytest

from games.designer import services as designer
from games.designer.models import Revision, Scenario
from games.rules import registry
from games.services.errors import ServiceError
from tests.designkit import pg_battle, pl_situation
from tests.gamekit import person
from tests.services.test_designer import passed, publish


@pytest.fixture
def ann(db):
    return person("ann_designs")


def blank(ruleset_id: str, **changes) -> dict:
    return {**registry.ruleset(ruleset_id).blank_document(8, 6), **changes}


@pytest.mark.parametrize("title, made", [
    ("The Mill at Dawn!", "the-mill-at-dawn"),
    ("  Kursk: 5 July 1943 ", "kursk-5-july-1943"),
    ("Überfall an der Öder", "uberfall-an-der-oder"),
    ("!!!", "battle"),
    (None, "battle"),
    ("x" * 80, "x" * 60),
])
def test_an_id_is_made_from_the_title(title, made):
    assert designer.id_from_title(title) == made
    assert designer.SLUG.match(made)


@pytest.mark.parametrize("ruleset_id", ["panzer_grenadier", "panzer_leader"])
def test_a_new_battle_saved_without_an_id_chosen_gets_one_from_its_title(ann, stranger,
                                                                         ruleset_id):
    first = designer.draft_save(author=ann, ruleset_id=ruleset_id,
                                document=blank(ruleset_id, title="Hill 112"))
    second = designer.draft_save(author=stranger, ruleset_id=ruleset_id,
                                 document=blank(ruleset_id, title="Hill 112"))
    again = designer.draft_save(author=ann, ruleset_id=ruleset_id,
                                document=blank(ruleset_id, title="Hill 112"))
    assert [r.scenario.slug for r in (first, second, again)] == [
        "hill-112", "hill-112-2", "hill-112-3"]
    assert first.document["id"] == "hill-112" and second.document["id"] == "hill-112-2"
    assert second.scenario.author == stranger


def test_no_id_at_all_is_not_chosen_either(ann):
    doc = pg_battle(title="Night raid")
    del doc["id"]
    assert designer.draft_save(author=ann, ruleset_id="panzer_grenadier",
                               document=doc).scenario.slug == "night-raid"


def test_an_id_made_from_the_title_skips_the_bundled_library_stored_or_not(ann):
    bundled = next(iter(registry.ruleset("panzer_grenadier").scenarios()))
    title = bundled.replace("-", " ")
    draft = designer.draft_save(author=ann, ruleset_id="panzer_grenadier",
                                document=blank("panzer_grenadier", title=title))
    assert draft.scenario.slug == f"{bundled}-2"


def test_an_id_typed_that_is_taken_is_refused_in_words(ann, stranger):
    designer.draft_save(author=ann, ruleset_id="panzer_grenadier",
                        document=pg_battle(id="hill-112"))
    with pytest.raises(ServiceError) as err:
        designer.draft_save(author=stranger, ruleset_id="panzer_grenadier",
                            document=pg_battle(id="hill-112"))
    assert err.value.code == "designer/id_taken"
    assert err.value.message == ("id: 'hill-112' is another scenario's id; give yours an id "
                                 "of its own")


def test_a_bad_id_is_refused_saying_what_an_id_may_hold(ann):
    with pytest.raises(ServiceError) as err:
        designer.draft_save(author=ann, ruleset_id="panzer_grenadier",
                            document=pg_battle(id="my.battle"))
    assert err.value.message == ("id: 'my.battle' is not a battle id: an id is lower-case "
                                 "letters, digits, '-' and '_', starting with a letter or "
                                 "digit, at most 60 characters")


@pytest.mark.parametrize("doc", [pg_battle(id="unchanged"), pl_situation(id="unchanged")])
def test_publishing_a_battle_unchanged_since_its_last_revision_makes_none(ann, doc):
    ruleset_id = "panzer_leader" if "forces" in doc else "panzer_grenadier"
    first = designer.draft_save(author=ann, ruleset_id=ruleset_id, document=doc)
    rev = publish(first.scenario, ann)
    # The designer's Publish saves first: the same document is the published revision again.
    assert designer.draft_update(scenario=rev.scenario, user=ann, document=doc) == rev
    with pytest.raises(ServiceError) as err:
        designer.start_publishing(scenario=rev.scenario, user=ann)
    assert err.value.code == "designer/unchanged" and err.value.status == 409
    assert err.value.message.startswith("Nothing has changed since revision 1")
    assert Revision.objects.filter(scenario=rev.scenario).count() == 1


def test_an_edit_undone_back_to_the_published_revision_drops_the_draft(ann):
    rev = publish(designer.draft_save(author=ann, ruleset_id="panzer_grenadier",
                                      document=pg_battle(id="undone")).scenario, ann)
    draft = designer.draft_update(scenario=rev.scenario, user=ann,
                                  document=pg_battle(id="undone", turns=5))
    assert draft.is_draft and draft.number == 2
    assert designer.draft_update(scenario=rev.scenario, user=ann,
                                 document=pg_battle(id="undone")) == rev
    assert list(Scenario.objects.get(slug="undone").revisions.values_list("number", flat=True)) == [1]
    # An edit kept is published as the next revision, as before.
    designer.draft_update(scenario=rev.scenario, user=ann, document=pg_battle(id="undone", turns=4))
    assert publish(rev.scenario, ann, passed).number == 2
