"""The REST catalogue filters players' battles by the front and year their designers chose, as
the battles page does, and refuses a filter value it does not know, naming the filter; the
counters a designer picks include each game's aircraft (games/designer/api.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.designkit import pg_battle, pl_situation
from tests.gamekit import person

# Publishing's bot game runs as it is queued.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("immediate_tasks")]


@pytest.fixture
def designer_player() -> Client:
    client = Client()
    client.force_login(person("designer_player"))
    return client


def post(client: Client, path: str, body=None):
    return client.post(path, body if body is not None else {}, content_type="application/json")


def publish(client: Client, doc: dict, ruleset: str = "panzer_grenadier") -> None:
    made = post(client, "/api/v1/designer/scenarios", {"ruleset": ruleset, "document": doc})
    assert made.status_code == 201, made.json()
    published = post(client, f"/api/v1/designer/scenarios/{doc['id']}/publish")
    assert published.status_code == 202, published.json()  # the bot game ran at once


def ids(client: Client, query: str) -> set[str]:
    answer = client.get(f"/api/v1/designer/catalogue?{query}")
    assert answer.status_code == 200, answer.json()
    return {b["id"] for b in answer.json()["battles"]}


def test_a_players_battle_is_found_by_the_front_and_year_its_designer_chose(designer_player,
                                                                           client):
    publish(designer_player, pg_battle(id="kursk-farm", date="1943-07-05", front="east"))
    publish(designer_player, pl_situation(id="roer-mill", date="1945-02-23", front="west"),
            "panzer_leader")
    assert "kursk-farm" in ids(client, "front=east") and "kursk-farm" in ids(client, "year=1943")
    assert "kursk-farm" in ids(client, "front=east&year=1943&origin=players")
    assert "kursk-farm" not in ids(client, "front=west") | ids(client, "year=1944")
    assert ids(client, "front=west&origin=players") == {"roer-mill"}
    assert ids(client, "year=1945&origin=players") == {"roer-mill"}
    # the battles page filters alike
    page = client.get("/battles/?front=east&origin=players").content.decode()
    assert "kursk-farm" in page and "roer-mill" not in page


@pytest.mark.parametrize("query,field", [("front=pacific", "front"), ("year=44", "year"),
                                         ("size=huge", "size"), ("team=maybe", "team"),
                                         ("ruleset=chess", "ruleset")])
def test_an_unknown_filter_value_is_refused_with_the_filter_named(client, query, field):
    refused = client.get(f"/api/v1/designer/catalogue?{query}")
    assert refused.status_code == 400
    assert refused.json()["message"].startswith(f"{field}:")


def test_a_front_outside_the_closed_list_is_a_check_problem_naming_the_field(designer_player):
    for ruleset, doc in (("panzer_grenadier", pg_battle(front="pacific")),
                         ("panzer_leader", pl_situation(front="pacific"))):
        answer = post(designer_player, "/api/v1/designer/check", {"ruleset": ruleset, "document": doc})
        assert [p["field"] for p in answer.json()["problems"]] == ["front"], ruleset


def test_the_openapi_document_offers_the_year_and_the_closed_fronts(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    params = {p["name"]: p["schema"]
              for p in schema["paths"]["/api/v1/designer/catalogue"]["get"]["parameters"]}
    assert sorted(params["front"]["enum"]) == ["east", "mediterranean", "west"]
    assert params["year"]["pattern"] == r"^\d{4}$"


def test_the_designers_counters_carry_each_games_aircraft(client):
    leader = client.get("/api/v1/designer/counters?ruleset=panzer_leader").json()
    assert sorted(leader["aircraft"]) == ["gb_typhoon", "us_l5", "us_p47"]
    assert "us_p47" not in leader["counters"]  # an aircraft is no counter to place on a hex
    grenadier = client.get("/api/v1/designer/counters?ruleset=panzer_grenadier").json()
    assert grenadier["aircraft"] == {}


def test_try_it_bot_against_bot_opens_a_game_the_designer_watches(designer_player):
    made = post(designer_player, "/api/v1/designer/scenarios",
                {"ruleset": "panzer_leader", "document": pl_situation(id="outpost")})
    assert made.status_code == 201
    refused = post(designer_player, "/api/v1/designer/scenarios/outpost/try", {"watch": "yes"})
    assert refused.status_code == 400 and refused.json()["message"].startswith("watch:")
    tried = post(designer_player, "/api/v1/designer/scenarios/outpost/try",
                 {"watch": True, "level": "veteran"})
    assert tried.status_code == 201
    game = designer_player.get(f"/api/v1/games/{tried.json()['game']}").json()
    assert all(s["user"] and s["user"].startswith("VeteranBot") for s in game["seats"])
