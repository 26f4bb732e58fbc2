"""The designer's REST API: drafts, check, publish, export and import, report, hide, and the
catalogue; a fuzz over the upload endpoint with no server error (games/designer/api.py)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.designer import services, tasks
from games.designer.models import Revision, Scenario
from games.designer.services import MAX_DOCUMENT_BYTES
from tests.designkit import (
    json_paths,
    pg_battle,
    pl_situation,
    pl_situation_with_special_rules,
    replaced,
)
from tests.gamekit import signed_in

# Publishing's bot game runs as it is queued.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("immediate_tasks")]


@pytest.fixture
def designer_player() -> Client:
    return signed_in("designer_player")


@pytest.fixture
def stranger() -> Client:
    return signed_in("stranger")


@pytest.fixture
def moderator() -> Client:
    return signed_in("moderator", staff=True)


def post(client: Client, path: str, body=None):
    return client.post(path, body if body is not None else {}, content_type="application/json")


def draft(client: Client, doc: dict, ruleset: str = "panzer_grenadier"):
    return post(client, "/api/v1/designer/scenarios", {"ruleset": ruleset, "document": doc})


def test_the_check_lists_problems_with_field_hex_and_rule(designer_player):
    doc = pg_battle()
    doc["units"][3]["hex"] = "A0909"
    found = post(designer_player, "/api/v1/designer/check",
                 {"ruleset": "panzer_grenadier", "document": doc}).json()["problems"]
    assert found == [{"field": "units[3].hex", "hex": "A0909", "rule": "0.0 The map",
                      "message": "'A0909' is not on the map"}]
    assert not Scenario.objects.exists()


def test_the_check_wants_a_name_signed_out_as_the_designers_pages_do(client):
    refused = post(client, "/api/v1/designer/check",
                   {"ruleset": "panzer_grenadier", "document": pg_battle()})
    assert refused.status_code in (401, 403) and refused.json()["code"].startswith("auth/")


def test_a_blank_document_comes_in_the_size_asked(client):
    doc = client.get("/api/v1/designer/blank?ruleset=panzer_leader&columns=10&rows=7").json()
    assert (doc["boards"]["N"]["columns"], len(doc["boards"]["N"]["terrain"])) == (10, 7)
    assert client.get("/api/v1/designer/blank?ruleset=panzer_leader&columns=99").status_code == 400


def test_a_designer_saves_checks_and_publishes_a_battle(designer_player, stranger):
    made = draft(designer_player, pg_battle(id="village"))
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["state"] == "draft" and body["revisions"][0]["problems"] == []
    # a draft is its designer's only
    assert stranger.get("/api/v1/designer/scenarios/village").status_code == 404
    published = post(designer_player, "/api/v1/designer/scenarios/village/publish")
    assert published.status_code == 202, published.content
    rev = published.json()["revisions"][0]
    assert rev["state"] == "published" and rev["play_id"] == "village.r1"
    assert rev["bot_game"]["ok"] and rev["publishing"] == ""
    seen = stranger.get("/api/v1/designer/scenarios/village").json()
    assert seen["author"] == "designer_player" and "document" not in seen["revisions"][0]


def test_publishing_answers_at_once_and_leaves_the_bot_game_to_the_worker(designer_player,
                                                                          stranger, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend",
                                  "QUEUES": ["default"]}}
    draft(designer_player, pg_battle(id="village", turns=2))
    asked = post(designer_player, "/api/v1/designer/scenarios/village/publish")
    assert asked.status_code == 202, asked.content
    rev = asked.json()["revisions"][0]
    assert (rev["state"], rev["publishing"], rev["play_id"]) == ("draft", "checking", None)
    assert stranger.get("/api/v1/designer/scenarios/village").status_code == 404
    queued = DBTaskResult.objects.get(task_path=tasks.publish_draft.module_path,
                                      status=TaskResultStatus.READY)
    # What `manage.py worker` does with the row (django-tasks-db's db_worker.run_task).
    queued.task.call(*queued.args_kwargs["args"], **queued.args_kwargs["kwargs"])
    rev = designer_player.get("/api/v1/designer/scenarios/village").json()["revisions"][0]
    assert (rev["state"], rev["publishing"], rev["play_id"]) == ("published", "", "village.r1")
    assert stranger.get("/api/v1/designer/scenarios/village").json()["state"] == "published"


def test_publishing_a_broken_draft_is_refused_with_its_problems(designer_player):
    doc = pl_situation(id="outpost")
    doc["forces"][1]["entry"] = []
    draft(designer_player, doc, "panzer_leader")
    refused = post(designer_player, "/api/v1/designer/scenarios/outpost/publish")
    assert refused.status_code == 400
    assert refused.json()["code"] == "designer/check_failed"
    assert "forces[1].entry" in refused.json()["message"]
    assert not DBTaskResult.objects.exists()


# A Panzer Leader situation's special rules written by hand, each of the wrong shape: a
# number for a list, a list of words for a list of objects, a unit the forces do not make.
MALFORMED_SPECIAL_RULES = [
    ("cargo", 3, "cargo"),
    ("naval", ["allied"], "naval[0]"),
    ("temporary_bridges", [{"hex": "N-C-6", "kind": "truck", "defense": None}],
     "temporary_bridges[0].defense"),
    ("sectors", [{"units": ["al-m4-9"], "boards": ["N"]}], "sectors[0].units[0]"),
]


@pytest.mark.parametrize(("key", "value", "field"), MALFORMED_SPECIAL_RULES)
def test_the_check_names_a_malformed_special_rule_and_never_fails(designer_player, key, value,
                                                                  field):
    answer = post(designer_player, "/api/v1/designer/check",
                  {"ruleset": "panzer_leader",
                   "document": pl_situation_with_special_rules(**{key: value})})
    assert answer.status_code == 200, answer.content[:300]
    assert [p["field"] for p in answer.json()["problems"]] == [field]


@pytest.mark.parametrize(("key", "value", "field"), MALFORMED_SPECIAL_RULES[:2])
def test_publishing_a_malformed_special_rule_is_refused_with_its_problems(designer_player, key,
                                                                          value, field):
    doc = pl_situation_with_special_rules(id="special", **{key: value})
    assert draft(designer_player, doc, "panzer_leader").status_code == 201
    refused = post(designer_player, "/api/v1/designer/scenarios/special/publish")
    assert refused.status_code == 400, refused.content[:300]
    assert refused.json()["code"] == "designer/check_failed"
    assert f"{field}:" in refused.json()["message"]
    assert not DBTaskResult.objects.exists()


def test_an_export_of_a_revision_that_is_no_whole_number_is_refused(designer_player, client):
    draft(designer_player, pl_situation(id="outpost"), "panzer_leader")
    post(designer_player, "/api/v1/designer/scenarios/outpost/publish")
    assert client.get("/api/v1/designer/scenarios/outpost/export",
                      {"revision": "1"}).status_code == 200
    for revision in ("²", "-1", "1.0", "9" * 30):
        answer = client.get("/api/v1/designer/scenarios/outpost/export",
                            {"revision": revision})
        assert answer.status_code == 400 and answer.json()["code"] == "request/invalid", revision


def test_export_then_import_gives_the_same_document_and_no_new_revision(designer_player, stranger):
    draft(designer_player, pl_situation(id="outpost"), "panzer_leader")
    post(designer_player, "/api/v1/designer/scenarios/outpost/publish")
    exported = stranger.get("/api/v1/designer/scenarios/outpost/export")
    assert exported.status_code == 200
    assert "outpost.r1.json" in exported["Content-Disposition"]
    upload = SimpleUploadedFile("outpost.json", exported.content, "application/json")
    imported = designer_player.post("/api/v1/designer/scenarios",
                                    {"ruleset": "panzer_leader", "file": upload})
    assert imported.status_code == 201, imported.content
    # The same document as the published revision: no new revision, nothing to publish.
    assert [r["number"] for r in imported.json()["revisions"]] == [1]
    again = designer_player.get("/api/v1/designer/scenarios/outpost/export").json()
    assert again == exported.json() == Revision.objects.get(number=1).document
    refused = post(designer_player, "/api/v1/designer/scenarios/outpost/publish")
    assert refused.status_code == 409 and refused.json()["code"] == "designer/unchanged"


def test_importing_another_designers_id_is_refused(designer_player, stranger):
    draft(designer_player, pg_battle(id="village"))
    refused = draft(stranger, pg_battle(id="village"))
    assert refused.status_code == 409 and refused.json()["message"].startswith("id:")


def test_an_oversized_upload_is_refused_and_nothing_stored(designer_player):
    big = SimpleUploadedFile("big.json", b" " * (MAX_DOCUMENT_BYTES + 1), "application/json")
    refused = designer_player.post("/api/v1/designer/scenarios",
                                   {"ruleset": "panzer_grenadier", "file": big})
    assert refused.status_code == 413 and not Scenario.objects.exists()


def test_a_report_and_a_moderator_hiding_it(designer_player, stranger, moderator):
    draft(designer_player, pg_battle(id="village"))
    post(designer_player, "/api/v1/designer/scenarios/village/publish")
    reported = post(stranger, "/api/v1/designer/scenarios/village/report",
                    {"reason": "rude briefing"})
    assert reported.status_code == 201
    assert post(stranger, "/api/v1/designer/scenarios/village/hide").status_code == 403
    hidden = post(moderator, "/api/v1/designer/scenarios/village/hide", {"reason": "rude"})
    assert hidden.json()["state"] == "hidden"
    assert stranger.get("/api/v1/designer/scenarios/village").status_code == 404
    ids = [b["id"] for b in stranger.get("/api/v1/designer/catalogue").json()["battles"]]
    assert "village" not in ids


def test_the_catalogue_has_bundled_and_players_battles_and_filters_them(designer_player,
                                                                        client):
    call_command("load_scenarios", stdout=None)
    draft(designer_player, pg_battle(id="village"))
    post(designer_player, "/api/v1/designer/scenarios/village/publish")
    battles = client.get("/api/v1/designer/catalogue").json()["battles"]
    by_id = {b["id"]: b for b in battles}
    assert by_id["village"]["author"] == "designer_player" and not by_id["village"]["bundled"]
    assert by_id["meeting-at-kessel"]["bundled"] and by_id["pl-hollenbach"]["bundled"]
    assert by_id["village"]["size"] == "small" and by_id["village"]["turns"] == 3
    bundled = client.get("/api/v1/designer/catalogue?origin=bundled").json()["battles"]
    assert "village" not in {b["id"] for b in bundled}
    leader = client.get("/api/v1/designer/catalogue?ruleset=panzer_leader").json()["battles"]
    assert {b["ruleset"] for b in leader} == {"panzer_leader"}
    team = client.get("/api/v1/designer/catalogue?team=1").json()["battles"]
    assert "melnitsa-bridgehead" in {b["id"] for b in team} and "village" not in {
        b["id"] for b in team}
    east = client.get("/api/v1/designer/catalogue?front=east").json()["battles"]
    assert "meeting-at-kessel" in {b["id"] for b in east}
    assert "pl-hollenbach" not in {b["id"] for b in east}


def test_a_draft_or_a_hidden_battle_is_never_the_forms_chosen_battle(designer_player, stranger,
                                                                       moderator):
    def offered(path: str) -> bool:
        return "Secret village" in stranger.get(path).content.decode()

    draft(designer_player, pg_battle(id="village", title="Secret village"))
    assert not offered("/?scenario=village.r1") and not offered("/new-game/?scenario=village.r1")
    post(designer_player, "/api/v1/designer/scenarios/village/publish")
    assert offered("/?scenario=village.r1") and offered("/new-game/?scenario=village.r1")
    post(moderator, "/api/v1/designer/scenarios/village/hide", {"reason": "rude"})
    assert not offered("/?scenario=village.r1") and not offered("/new-game/?scenario=village.r1")
    assert "Secret village" in moderator.get("/?scenario=village.r1").content.decode()


def test_the_catalogue_opens_with_the_learning_battles(client):
    call_command("load_scenarios", stdout=None)
    battles = client.get("/api/v1/designer/catalogue").json()["battles"]
    learning = [b["id"] for b in battles if b["learning"]]
    assert {"meeting-at-kessel", "pl-hollenbach"} <= set(learning)
    assert [b["id"] for b in battles[:len(learning)]] == learning
    grenadier = client.get("/api/v1/designer/catalogue?ruleset=panzer_grenadier").json()
    assert grenadier["battles"][0]["id"] == "meeting-at-kessel"
    assert len(grenadier["battles"]) >= 12


def test_a_board_is_kept_for_reuse(designer_player):
    board = pg_battle()["boards"]["board1"]
    kept = post(designer_player, "/api/v1/designer/boards",
                {"ruleset": "panzer_grenadier", "drawing": board})
    assert kept.status_code == 201, kept.content
    bad = dict(board, terrain=["."])
    refused = post(designer_player, "/api/v1/designer/boards",
                   {"ruleset": "panzer_grenadier", "drawing": bad})
    assert refused.status_code == 400 and "terrain" in refused.json()["message"]
    mine = designer_player.get("/api/v1/designer/boards?ruleset=panzer_grenadier").json()
    assert [b["id"] for b in mine["boards"]] == ["board1"]


def test_the_designer_api_is_in_the_openapi_document(client):
    paths = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"]
    for p in ("/api/v1/designer/check", "/api/v1/designer/scenarios",
              "/api/v1/designer/scenarios/{slug}/publish", "/api/v1/designer/scenarios/{slug}/export"):
        assert p in paths


# -- the fuzz: no input to the upload endpoint is a server error ----------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)


def mutated(base: dict) -> st.SearchStrategy:
    """A valid document with one field (at any depth) replaced by anything."""
    every = list(json_paths(base, first=3))
    return st.tuples(st.sampled_from(every), json_values).map(lambda pair: replaced(base, *pair))


uploads = st.one_of(
    json_values,
    mutated(pg_battle(id="fuzz")).map(lambda d: {"ruleset": "panzer_grenadier", "document": d}),
    mutated(pl_situation(id="fuzz")).map(lambda d: {"ruleset": "panzer_leader", "document": d}),
    st.dictionaries(st.sampled_from(["ruleset", "document"]), json_values),
)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=uploads)
def test_no_upload_is_a_server_error(designer_player, body):
    cache.clear()  # every example is a first request: no rate limit answers for the server
    for path in ("/api/v1/designer/scenarios", "/api/v1/designer/check"):
        response = post(designer_player, path, body)
        assert response.status_code < 500, (path, body, response.content[:300])
    Scenario.objects.all().delete()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(raw=st.binary(max_size=300))
def test_no_uploaded_file_is_a_server_error(designer_player, raw):
    cache.clear()
    upload = SimpleUploadedFile("x.json", raw, "application/json")
    response = designer_player.post("/api/v1/designer/scenarios",
                                    {"ruleset": "panzer_leader", "file": upload})
    assert response.status_code < 500, response.content[:300]


def test_the_lobby_and_new_game_page_offer_a_published_battle_by_its_author(
        designer_player, client):
    draft(designer_player, pg_battle(id="village", title="<b>Village</b> fight"))
    lobby = designer_player.get("/").content.decode()
    assert "village.r1" not in lobby  # a draft is offered nowhere
    post(designer_player, "/api/v1/designer/scenarios/village/publish")
    lobby = client.get("/").content.decode()
    card = lobby[lobby.index('data-play-id="village.r1"'):]
    card = card[: card.index("</article>")]
    assert "&lt;b&gt;Village&lt;/b&gt; fight" in card and "By designer_player" in card
    mine = designer_player.get("/?scenario=village.r1").content.decode()
    assert '<input type="hidden" name="scenario" value="village.r1"' in mine  # the bot form
    page = client.get("/new-game/").content.decode()
    assert 'data-play-id="village.r1"' in page and "By designer_player" in page
    bundled = client.get("/new-game/?origin=bundled").content.decode()
    assert 'data-play-id="village.r1"' not in bundled
    chosen = client.get("/new-game/?scenario=village.r1").content.decode()
    assert 'id="scenario-input" value="village.r1"' in chosen
    assert "<b>Village</b>" not in chosen


def test_the_battle_page_shows_its_designer_a_check_under_way_and_a_failed_one(
        designer_player, stranger, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend",
                                  "QUEUES": ["default"]}}
    draft(designer_player, pg_battle(id="village"))
    post(designer_player, "/api/v1/designer/scenarios/village/publish")
    page = designer_player.get("/battles/village/").content.decode()
    assert 'data-state="checking"' in page and "checking, a bot-vs-bot game" in page
    # The worker's game ends in an engine error with markup in it: kept, shown as text.
    queued = DBTaskResult.objects.get(task_path=tasks.publish_draft.module_path)
    revision_id, token = queued.args_kwargs["args"]
    services.finish_publishing(revision_id=revision_id, token=token, bot_game=lambda *_: {
        "ok": False, "error": "<i>refused</i>: no such unit", "steps": 3})
    page = designer_player.get("/battles/village/").content.decode()
    assert 'data-state="failed"' in page
    assert "&lt;i&gt;refused&lt;/i&gt;: no such unit" in page and "<i>refused" not in page
    rev = designer_player.get("/api/v1/designer/scenarios/village").json()["revisions"][0]
    assert (rev["state"], rev["publishing"]) == ("draft", "failed")
    assert stranger.get("/battles/village/").status_code == 404
