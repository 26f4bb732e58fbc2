"""Designed scenarios: drafts, revisions, publishing with a bot game, reports and hiding
(games/designer/services.py)."""

from __future__ import annotations

import copy

import pytest
from django.core.management import call_command

from games import services as game_services
from games.designer import library, tasks
from games.designer import services as designer
from games.designer.models import Revision, Scenario, ScenarioReport
from games.models import Game
from games.rules import registry
from games.services.errors import ServiceError
from tests.designkit import pg_battle, pl_situation
from tests.gamekit import person


@pytest.fixture
def designer_player(db):
    return person("designer_player")


@pytest.fixture
def moderator(db):
    user = person("moderator")
    user.is_staff = True
    user.save()
    return user


def passed(engine_id: str, seed: str) -> dict:
    """A bot game that finished (the real one is run in its own tests: it takes seconds)."""
    return {"ok": True, "error": "", "steps": 1, "winner": None}


def publish(scenario, author, bot_game=passed) -> Revision:
    """Both halves of publishing: the designer's request, then the worker's bot game."""
    asked = designer.start_publishing(scenario=scenario, user=author)
    designer.finish_publishing(revision_id=asked.pk, token=asked.checking, bot_game=bot_game)
    return Revision.objects.get(pk=asked.pk)


def published(author, doc, bot_game=passed) -> Revision:
    draft = designer.draft_save(author=author, ruleset_id=registry.ruleset(
        "panzer_leader" if "forces" in doc else "panzer_grenadier").id, document=doc)
    return publish(draft.scenario, author, bot_game)


def test_a_draft_is_saved_with_its_problems(designer_player):
    doc = pg_battle(id="broken-village")
    doc["units"][0]["hex"] = "A0909"
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=doc)
    assert draft.is_draft and draft.number == 1
    assert [(p["field"], p["hex"]) for p in draft.problems] == [("units[0].hex", "A0909")]
    assert draft.scenario.state == "draft" and draft.scenario.author == designer_player


def test_publishing_needs_the_check_to_pass(designer_player):
    doc = pg_battle(id="broken-village")
    doc["units"][0]["type"] = "ge_nothing"
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=doc)
    with pytest.raises(ServiceError) as err:
        designer.start_publishing(scenario=draft.scenario, user=designer_player)
    assert err.value.code == "designer/check_failed" and "units[0].type" in err.value.message
    row = Revision.objects.get(pk=draft.pk)
    assert row.published_at is None and row.publishing == "" and not row.checking


def test_publishing_needs_the_bot_game_to_finish_clean(designer_player):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))

    def engine_error(engine_id, seed):
        return {"ok": False, "error": "village.r1 step=3 refused: no such unit", "steps": 3}

    row = publish(draft.scenario, designer_player, bot_game=engine_error)
    assert row.published_at is None and row.engine_id is None
    assert row.publishing == "failed" and "no such unit" in row.bot_game["error"]


def test_publishing_is_checking_until_the_worker_has_played_its_bot_game(designer_player):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))
    asked = designer.start_publishing(scenario=draft.scenario, user=designer_player)
    assert asked.publishing == "checking" and asked.published_at is None
    assert draft.scenario.state == "draft"
    designer.finish_publishing(revision_id=asked.pk, token=asked.checking, bot_game=passed)
    row = Revision.objects.get(pk=asked.pk)
    assert row.published_at is not None and row.publishing == "" and row.engine_id == "village.r1"


def test_an_edit_while_checking_voids_the_check(designer_player):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))
    asked = designer.start_publishing(scenario=draft.scenario, user=designer_player)
    designer.draft_update(scenario=draft.scenario, user=designer_player,
                          document=pg_battle(id="village", turns=9))
    played = designer.finish_publishing(revision_id=asked.pk, token=asked.checking,
                                        bot_game=passed)
    assert not played["ok"] and played["error"].startswith("stale")
    row = Revision.objects.get(pk=asked.pk)
    assert row.published_at is None and row.publishing == "" and row.document["turns"] == 9


def test_asking_again_while_checking_voids_the_first_check(designer_player):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))
    first = designer.start_publishing(scenario=draft.scenario, user=designer_player)
    second = designer.start_publishing(scenario=draft.scenario, user=designer_player)
    assert first.checking != second.checking
    stale = designer.finish_publishing(revision_id=first.pk, token=first.checking,
                                       bot_game=passed)
    assert stale["error"].startswith("stale")
    assert Revision.objects.get(pk=draft.pk).publishing == "checking"
    designer.finish_publishing(revision_id=second.pk, token=second.checking, bot_game=passed)
    assert Revision.objects.get(pk=draft.pk).published_at is not None


@pytest.mark.parametrize("doc", [pg_battle(id="bot-village", turns=2),
                                 pl_situation(id="bot-outpost", turns=3)])
def test_the_queued_task_plays_a_real_bot_game_to_its_end_and_publishes(designer_player, doc,
                                                                        settings):
    # The worker's queue, run as each task is queued (the database queue and `manage.py
    # worker` are tested with the clocks' sweep, and in the browser test of publishing).
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    draft = designer.draft_save(author=designer_player, ruleset_id=registry.ruleset(
        "panzer_leader" if "forces" in doc else "panzer_grenadier").id,
        document=copy.deepcopy(doc))
    tasks.ask_to_publish(scenario=draft.scenario, user=designer_player)
    rev = Revision.objects.get(pk=draft.pk)
    assert rev.bot_game["ok"] and rev.bot_game["steps"] > 0
    assert rev.engine_id == f"{doc['id']}.r1" and rev.revision and rev.published_at


def test_a_published_revision_never_changes_and_an_edit_makes_a_new_draft(designer_player):
    rev = published(designer_player, pg_battle(id="village"))
    scenario = rev.scenario
    edited = pg_battle(id="village", turns=5)
    draft = designer.draft_update(scenario=scenario, user=designer_player, document=edited)
    assert draft.number == 2 and draft.is_draft
    rev.refresh_from_db()
    assert rev.document["turns"] == 3 and rev.published_at is not None
    again = designer.draft_update(scenario=scenario, user=designer_player,
                                  document=pg_battle(id="village", turns=6))
    assert again.pk == draft.pk and Revision.objects.filter(scenario=scenario).count() == 2


def test_a_game_keeps_its_revision_across_an_edit(designer_player, stranger):
    rev = published(designer_player, pg_battle(id="village"))
    game = game_services.game_create(user=stranger, scenario=rev.engine_id, side="attacker")
    designer.draft_update(scenario=rev.scenario, user=designer_player,
                          document=pg_battle(id="village", turns=7))
    second = publish(rev.scenario, designer_player)
    assert second.engine_id == "village.r2" and second.revision != rev.revision
    game.refresh_from_db()
    assert (game.scenario, game.scenario_revision) == ("village.r1", rev.revision)
    assert registry.for_scenario("village.r1").scenarios()["village.r1"].turns == 3
    assert library.latest_published(rev.scenario) == second


def test_another_process_finds_a_published_revision_by_its_id(designer_player):
    rev = published(designer_player, pl_situation(id="outpost"))
    found = library.find_published(rev.engine_id)
    assert found == ("panzer_leader", rev.document)
    assert library.find_published("outpost.r9") is None


def test_an_id_held_by_another_designer_or_the_library_is_refused(designer_player, stranger):
    designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                        document=pg_battle(id="village"))
    call_command("load_scenarios", stdout=None)
    for doc in (pg_battle(id="village"), pg_battle(id="meeting-at-kessel")):
        with pytest.raises(ServiceError) as err:
            designer.draft_save(author=stranger, ruleset_id="panzer_grenadier", document=doc)
        assert err.value.code == "designer/id_taken" and err.value.message.startswith("id:")
    assert Scenario.objects.filter(author=stranger).count() == 0


def test_the_author_importing_an_export_makes_a_draft_of_it_once_it_changes(designer_player):
    rev = published(designer_player, pg_battle(id="village"))
    exported = copy.deepcopy(rev.document)
    same = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                               document=exported)
    assert same == rev  # the published revision as it stands: no draft of it
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document={**exported, "turns": 4})
    assert draft.scenario == rev.scenario and draft.number == 2 and draft.is_draft


@pytest.mark.parametrize("doc, code", [
    ([], "designer/not_an_object"),
    ({"id": "Bad Id"}, "designer/bad_id"),
    ({"id": "a.b"}, "designer/bad_id"),
    ({"id": "big", "description": "x" * (designer.MAX_DOCUMENT_BYTES + 1)}, "designer/too_large"),
])
def test_bad_documents_are_refused_and_nothing_is_stored(designer_player, doc, code):
    with pytest.raises(ServiceError) as err:
        designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier", document=doc)
    assert err.value.code == code
    assert not Scenario.objects.exists()


def test_a_document_of_another_ruleset_is_refused(designer_player):
    with pytest.raises(ServiceError) as err:
        designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                            document=pl_situation(id="outpost"))
    assert err.value.code == "designer/wrong_ruleset"


def test_only_its_designer_changes_a_scenario(designer_player, stranger):
    rev = published(designer_player, pg_battle(id="village"))
    for change in (lambda: designer.draft_update(scenario=rev.scenario, user=stranger,
                                                 document=pg_battle(id="village")),
                   lambda: designer.start_publishing(scenario=rev.scenario, user=stranger)):
        with pytest.raises(ServiceError) as err:
            change()
        assert err.value.status == 403


def test_a_report_reaches_the_moderators_once(designer_player, stranger):
    rev = published(designer_player, pg_battle(id="village"))
    designer.report(scenario=rev.scenario, user=stranger, reason="Offensive briefing")
    with pytest.raises(ServiceError):
        designer.report(scenario=rev.scenario, user=stranger, reason="Again")
    assert ScenarioReport.objects.get().reason == "Offensive briefing"


def test_a_moderator_hides_a_scenario_and_its_games_go_on(designer_player, stranger,
                                                          moderator):
    rev = published(designer_player, pg_battle(id="village"))
    game = game_services.game_create(user=stranger, scenario=rev.engine_id, side="attacker")
    game_services.game_join(game=game, user=designer_player, side="defender")
    with pytest.raises(ServiceError):
        designer.hide(scenario=rev.scenario, by=stranger)
    designer.hide(scenario=rev.scenario, by=moderator, reason="reported")
    rev.scenario.refresh_from_db()
    assert rev.scenario.state == "hidden"
    assert Game.objects.get(pk=game.pk).status == "active"
    assert library.find_published(rev.engine_id) is not None
    with pytest.raises(ServiceError) as err:  # but no new game of it
        game_services.game_create(user=stranger, scenario=rev.engine_id, side="attacker")
    assert err.value.code == "scenario/hidden"


def test_a_draft_whose_publishing_failed_opens_no_game(designer_player, stranger):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))
    publish(draft.scenario, designer_player,
            bot_game=lambda engine_id, seed: {"ok": False, "error": "stuck"})
    with pytest.raises(ServiceError) as err:  # loaded in this process for its bot game only
        game_services.game_create(user=stranger, scenario="village.r1", side="attacker")
    assert err.value.status == 404


def test_a_trial_is_its_designers_only(designer_player, stranger):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))
    game = designer.try_draft(scenario=draft.scenario, user=designer_player, side="attacker")
    with pytest.raises(ServiceError) as err:
        game_services.game_create(user=stranger, scenario=game.scenario, side="attacker")
    assert err.value.status == 404


def test_only_play_ids_are_looked_up_in_the_database():
    """No database: an id that cannot be a players' battle is never looked for."""
    assert library.find_published("meeting-at-kessel") is None
    assert library.find_published("../etc") is None


def test_trying_a_draft_opens_a_private_game_against_a_bot(designer_player):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_leader",
                                document=pl_situation(id="outpost"))
    game = designer.try_draft(scenario=draft.scenario, user=designer_player, side="allied")
    assert game.scenario.startswith("outpost.try-") and game.status == "active"
    assert draft.scenario.state == "draft"
    assert library.find_published(game.scenario)[0] == "panzer_leader"


def test_load_scenarios_stores_the_bundled_library_marked_bundled(db):
    call_command("load_scenarios", stdout=None)
    files = [p for rs in registry.RULESETS.values() for p in rs.scenario_files()]
    bundled = Scenario.objects.filter(bundled=True)
    assert bundled.count() == len(files)
    kessel = bundled.get(slug="meeting-at-kessel")
    rev = library.latest_published(kessel)
    assert rev.engine_id == "meeting-at-kessel" and "kessel" in rev.document["boards"]
    assert rev.revision == registry.for_scenario("meeting-at-kessel").scenarios()[
        "meeting-at-kessel"].revision
    assert library.load_bundled() == 0  # nothing changed, nothing added
