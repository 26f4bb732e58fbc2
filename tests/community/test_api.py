"""The community's REST API: tournaments (create, enter, start, read), a player's ratings."""

from __future__ import annotations

import pytest
from django.test import Client

from games.community import ratings
from tests.community.kit import rated_game, resign

pytestmark = pytest.mark.django_db


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_tournament_over_rest(members):
    ann, bob = members("ann", "bob")
    a, b = client_of(ann), client_of(bob)
    answer = a.post("/api/v1/tournaments", {
        "name": "API Cup", "kind": "round_robin", "scenarios": ["meeting-at-kessel"],
        "time_control": "live-15+10", "rated": True}, content_type="application/json")
    assert answer.status_code == 201, answer.content
    tid = answer.json()["tournament"]["id"]
    assert answer.json()["tournament"]["time_control"] == "15 min + 10 s"
    assert b.post(f"/api/v1/tournaments/{tid}/start").json()["code"] == "tournament/not_creator"
    assert b.post(f"/api/v1/tournaments/{tid}/join").status_code == 200
    assert b.post(f"/api/v1/tournaments/{tid}/join").json()["code"] == "tournament/entered"
    started = a.post(f"/api/v1/tournaments/{tid}/start").json()
    assert started["tournament"]["status"] == "running"
    assert started["me"]["game"] is not None
    assert Client().get(f"/api/v1/tournaments/{tid}").json()["me"] is None
    assert a.post(f"/api/v1/tournaments/{tid}/dance").status_code == 404
    assert Client().post(f"/api/v1/tournaments/{tid}/join").status_code in (401, 403)
    bad = a.post("/api/v1/tournaments", {"name": "Bad", "kind": "swiss",
                                         "scenarios": ["meeting-at-kessel"], "rounds": 99},
                 content_type="application/json")
    assert bad.status_code == 400 and bad.json()["code"] == "tournament/invalid"


def test_a_players_ratings_over_rest(members):
    ann, bob = members("ann", "bob")
    game = rated_game(ann, bob)
    resign(game, bob)
    ratings.rate_game(game.pk)
    data = Client().get("/api/v1/players/ann/ratings").json()
    (rating,) = data["ratings"]
    assert rating["pace"] == "correspondence" and rating["wins"] == 1
    (series,) = data["history"]
    assert series["points"][0]["rating"] == pytest.approx(rating["rating"], abs=0.5)
    assert Client().get("/api/v1/players/nobody/ratings").status_code == 404


def test_a_tournament_cannot_be_of_another_designers_private_trial(members):
    from games.designer import services as designer
    from tests.designkit import pg_battle

    ann, dee = members("ann", "dee")
    draft = designer.draft_save(author=dee, ruleset_id="panzer_grenadier",
                                document=pg_battle(id="village"))
    trial = designer.try_draft(scenario=draft.scenario, user=dee, side="attacker").scenario
    answer = client_of(ann).post("/api/v1/tournaments", {
        "name": "Trial Cup", "kind": "round_robin", "scenarios": [trial]},
        content_type="application/json")
    assert answer.status_code == 404, answer.content
    far = client_of(ann).post("/api/v1/tournaments", {
        "name": "Far Cup", "kind": "round_robin", "scenarios": ["meeting-at-kessel"],
        "starts_at": "9999-12-31T23:59:59-23:59"}, content_type="application/json")
    assert far.status_code == 400
