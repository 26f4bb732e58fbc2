"""Scenarios and games through the REST API: the paths and shapes other tools rely on."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games.rules.panzer_grenadier.verify import verify
from tests.gamekit import SCENARIO, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def axis_player() -> Client:
    return signed_in("axis_player")


@pytest.fixture
def allied_player() -> Client:
    return signed_in("allied_player")


@pytest.fixture
def stranger() -> Client:
    return signed_in("stranger")


def post(client: Client, path: str, body: dict | None = None):
    return client.post(path, body or {}, content_type="application/json")


def started(axis_player: Client, allied_player: Client, **options) -> str:
    body = {"scenario": SCENARIO, "side": "ge"}
    if options:
        body["options"] = options
    created = post(axis_player, "/api/v1/games", body)
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert post(allied_player, f"/api/v1/games/{game_id}/join", {"side": "su"}).status_code == 200
    return game_id


def test_scenarios_list_their_sides_and_the_map_the_board_draws(client):
    listed = client.get("/api/v1/scenarios").json()
    assert SCENARIO in {s["id"] for s in listed}
    detail = client.get(f"/api/v1/scenarios/{SCENARIO}").json()
    assert [s["id"] for s in detail["sides"]] == ["ge", "su"]
    board = detail["map"]
    assert set(board) == {"boards", "hexes", "hexsides", "roads"}
    assert set(board["boards"][0]) == {"label", "columns", "rows", "at"}
    assert set(board["hexes"][0]) == {"hex", "q", "r", "terrain", "elevation"}
    assert board["hexes"][0]["hex"] == "A0101"
    assert client.get("/api/v1/scenarios/atlantis").status_code == 404


def test_a_game_opens_with_the_creator_seated_and_starts_when_the_last_seat_fills(
    axis_player, allied_player
):
    created = post(axis_player, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})
    assert created.status_code == 201
    game = created.json()
    assert (game["status"], game["version"]) == ("open", 0)
    assert game["options"]["spectators"] == "public"
    assert [(s["id"], s["user"]) for s in game["seats"]] == [
        ("ge-1", "axis_player"),
        ("su-1", None),
    ]
    joined = post(allied_player, f"/api/v1/games/{game['id']}/join", {"side": "su"}).json()
    assert (joined["status"], joined["version"]) == ("active", 1)
    assert [s["id"] for s in joined["sides"]] == ["ge", "su"]
    listed = allied_player.get("/api/v1/games?status=active").json()
    assert game["id"] in {g["id"] for g in listed}


def test_a_private_game_is_listed_only_for_its_players(axis_player, stranger):
    body = {"scenario": SCENARIO, "side": "ge", "options": {"private": True}}
    game_id = post(axis_player, "/api/v1/games", body).json()["id"]
    assert game_id in {g["id"] for g in axis_player.get("/api/v1/games").json()}
    assert game_id not in {g["id"] for g in stranger.get("/api/v1/games").json()}


def test_signed_out_people_cannot_open_games(client):
    assert post(client, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"}).status_code == 403


def test_view_legal_and_commands_go_through_the_same_service(axis_player, allied_player, stranger):
    game_id = started(axis_player, allied_player)
    view = axis_player.get(f"/api/v1/games/{game_id}/view").json()
    assert (view["t"], view["v"]) == ("snapshot", 1)
    assert set(view["d"]["legal"]) == {"ge-1"}  # my side's seats only
    spectator_view = stranger.get(f"/api/v1/games/{game_id}/view").json()
    assert "legal" not in spectator_view["d"]
    legal = axis_player.get(f"/api/v1/games/{game_id}/legal").json()
    assert legal == {"v": 1, "seat": "ge-1", "commands": [{"type": "roll_initiative"}]}
    assert stranger.get(f"/api/v1/games/{game_id}/legal").status_code == 403

    body = {"id": 1, "v": 1, "command": {"type": "roll_initiative"}}
    ack = post(axis_player, f"/api/v1/games/{game_id}/commands", body)
    assert (ack.status_code, ack.json()) == (200, {"t": "ack", "id": 1, "v": 2})
    again = post(axis_player, f"/api/v1/games/{game_id}/commands", body)
    assert again.json() == {"t": "ack", "id": 1, "v": 2}
    stale = post(allied_player, f"/api/v1/games/{game_id}/commands", {**body, "id": 9})
    assert stale.status_code == 409
    assert stale.json()["t"] == "reject" and stale.json()["code"] == "state/stale_version"
    nobody = post(stranger, f"/api/v1/games/{game_id}/commands", body)
    assert (nobody.status_code, nobody.json()["code"]) == (403, "seat/none")


def test_history_and_export_open_only_once_the_game_has_ended(axis_player, allied_player):
    game_id = started(axis_player, allied_player)
    assert axis_player.get(f"/api/v1/games/{game_id}/history").status_code == 403
    assert axis_player.get(f"/api/v1/games/{game_id}/export").status_code == 403
    assert axis_player.get(f"/api/v1/games/{game_id}").json()["seed"] is None
    rng = random.Random(11)
    players = {"ge-1": axis_player, "su-1": allied_player}
    version = axis_player.get(f"/api/v1/games/{game_id}").json()["version"]
    for n in range(3000):  # until neither seat has a command: the game is over
        choices = [
            (seat, cmds)
            for seat, client in players.items()
            if (cmds := client.get(f"/api/v1/games/{game_id}/legal").json()["commands"])
        ]
        if not choices:
            break
        seat, commands = rng.choice(choices)
        kinds = sorted({c["type"] for c in commands})
        kind = rng.choice(kinds)
        command = rng.choice([c for c in commands if c["type"] == kind])
        body = {"id": n, "v": version, "command": command}
        acked = post(players[seat], f"/api/v1/games/{game_id}/commands", body)
        assert acked.status_code == 200, acked.content
        version = acked.json()["v"]  # the ack's version: the game's is read once, at the end
    game = axis_player.get(f"/api/v1/games/{game_id}").json()
    assert game["status"] == "finished" and game["seed"] and game["version"] == version
    history = axis_player.get(f"/api/v1/games/{game_id}/history").json()["steps"]
    assert [s["version"] for s in history] == list(range(1, game["version"] + 1))
    assert all("legal" not in s["view"] for s in history)
    export = axis_player.get(f"/api/v1/games/{game_id}/export").json()
    assert verify(export).result == game["result"]


def test_a_resigned_game_exports_a_log_that_still_verifies(axis_player, allied_player):
    game_id = started(axis_player, allied_player)
    post(axis_player, f"/api/v1/games/{game_id}/commands",
         {"id": 1, "v": 1, "command": {"type": "roll_initiative"}})  # fmt: skip
    assert post(allied_player, f"/api/v1/games/{game_id}/resign").json() == {"v": 3}
    export = axis_player.get(f"/api/v1/games/{game_id}/export").json()
    assert export["resigned"] == {"version": 3, "seat": "su-1"}
    verify(export)


def test_the_schema_lists_the_game_paths(client):
    paths = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"
    ]
    for path in ("/api/v1/auth/guest", "/api/v1/games", "/api/v1/games/{game_id}/commands"):
        assert path in paths


def test_a_command_id_past_what_a_browser_can_hold_is_a_400_and_changes_nothing(
    axis_player, allied_player
):
    game_id = started(axis_player, allied_player)
    body = {"id": 2**64, "v": 1, "command": {"type": "roll_initiative"}}
    refused = post(axis_player, f"/api/v1/games/{game_id}/commands", body)
    assert refused.status_code == 400 and refused.json()["code"] == "request/invalid"
    assert "id" in refused.json()["fields"] and refused.json()["message"].startswith("id: ")
    assert axis_player.get(f"/api/v1/games/{game_id}/view").json()["v"] == 1


def test_it_refuses_the_export_of_a_game_abandoned_before_its_first_step(axis_player):
    created = post(axis_player, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})
    game_id = created.json()["id"]
    assert post(axis_player, f"/api/v1/games/{game_id}/leave").status_code == 200
    answer = axis_player.get(f"/api/v1/games/{game_id}/export")
    assert (answer.status_code, answer.json()["code"]) == (409, "game/never_started")
    assert axis_player.get(f"/api/v1/games/{game_id}/history").json()["steps"] == []


def test_it_refuses_a_game_past_the_cap_of_open_games_and_counts_only_waiting_ones(
        axis_player, allied_player, settings):
    settings.PGWEB_MAX_OPEN_GAMES = 3
    opened = [post(axis_player, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})
              for _ in range(3)]  # fmt: skip
    assert [r.status_code for r in opened] == [201, 201, 201]
    refused = post(axis_player, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})
    assert (refused.status_code, refused.json()["code"]) == (409, "games/too_many_open")
    assert "3 open games" in refused.json()["message"]
    assert len(axis_player.get("/api/v1/games", {"status": "open"}).json()) == 3
    # A game that started no longer waits: there is room for one more.
    game_id = opened[0].json()["id"]
    assert post(allied_player, f"/api/v1/games/{game_id}/join", {"side": "su"}).status_code == 200
    assert post(axis_player, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"}).status_code == 201


def test_the_game_list_comes_in_pages_named_in_the_link_header(axis_player, settings):
    settings.PGWEB_API_PAGE_SIZE = 2
    ids = [post(axis_player, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"}).json()["id"]
           for _ in range(5)]  # fmt: skip
    first = axis_player.get("/api/v1/games")
    assert [g["id"] for g in first.json()] == ids[::-1][:2]  # newest first
    assert first["X-Total-Count"] == "5"
    assert 'page=2>; rel="next"' in first["Link"] and 'rel="prev"' not in first["Link"]
    seen = []
    for page in (1, 2, 3):
        seen += [g["id"] for g in axis_player.get("/api/v1/games", {"page": page}).json()]
    assert seen == ids[::-1]
    last = axis_player.get("/api/v1/games", {"page": 3})
    assert 'rel="prev"' in last["Link"] and 'rel="next"' not in last["Link"]
    assert axis_player.get("/api/v1/games", {"page": 4}).json() == []
    for bad in ("0", "-1", "x", "1.5", "9" * 30):
        answer = axis_player.get("/api/v1/games", {"page": bad})
        assert (answer.status_code, answer.json()["code"]) == (400, "request/invalid"), bad
