"""The lobby's REST contract: quick-match seeks, seats before the start, team division,
rematch, claiming a guest account, the legal commands of each team seat."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.gamekit import SCENARIO, person, signed_in

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, body: dict | None = None):
    return client.post(path, body or {}, content_type="application/json")


def test_a_seek_waits_then_reports_its_game_once_matched():
    ann, bob = signed_in("ann"), signed_in("bob")
    made = post(ann, "/api/v1/matchmaking/seeks", {})
    assert made.status_code == 201
    body = made.json()
    assert body["status"] == "waiting" and "game" not in body
    seek_id = body["id"]
    assert ann.get(f"/api/v1/matchmaking/seeks/{seek_id}").json()["status"] == "waiting"
    assert post(ann, "/api/v1/matchmaking/seeks", {}).status_code == 409
    other = post(bob, "/api/v1/matchmaking/seeks", {"scenario": SCENARIO, "side": "su"}).json()
    assert other["status"] == "matched"
    mine = ann.get(f"/api/v1/matchmaking/seeks/{seek_id}").json()
    assert mine["status"] == "matched" and mine["game"] == other["game"]
    game = ann.get(f"/api/v1/games/{mine['game']}").json()
    assert game["status"] == "active"
    assert {s["user"]: s["side"] for s in game["seats"]} == {"ann": "ge", "bob": "su"}


def test_a_seek_is_cancelled_with_delete_and_only_by_its_owner():
    ann, bob = signed_in("ann"), signed_in("bob")
    seek_id = post(ann, "/api/v1/matchmaking/seeks", {"team_size": 2}).json()["id"]
    assert bob.get(f"/api/v1/matchmaking/seeks/{seek_id}").status_code == 404
    assert bob.delete(f"/api/v1/matchmaking/seeks/{seek_id}").status_code == 404
    gone = ann.delete(f"/api/v1/matchmaking/seeks/{seek_id}")
    assert gone.status_code == 200 and gone.json()["status"] == "cancelled"
    assert ann.get("/api/v1/matchmaking/seeks/not-a-uuid").status_code == 404


def test_a_seek_needs_a_signed_in_player_and_sensible_wishes(client):
    assert post(client, "/api/v1/matchmaking/seeks", {}).status_code == 403
    ann = signed_in("ann")
    bad = post(ann, "/api/v1/matchmaking/seeks", {"team_size": 9})
    assert bad.status_code == 400 and bad.json()["code"] == "seek/invalid"


def test_four_players_form_a_two_a_side_game_and_each_seat_may_command_only_its_units():
    players = {n: signed_in(n) for n in ("ann", "bob", "cid", "dan")}
    answers = [
        post(c, "/api/v1/matchmaking/seeks", {"team_size": 2}).json() for c in players.values()
    ]
    game_id = players["ann"].get(f"/api/v1/matchmaking/seeks/{answers[0]['id']}").json()["game"]
    game = players["ann"].get(f"/api/v1/games/{game_id}").json()
    units = {s["id"]: set(s["units"]) for s in game["seats"]}
    assert set(units) == {"ge-1", "ge-2", "su-1", "su-2"}
    assert not units["ge-1"] & units["ge-2"] and not units["su-1"] & units["su-2"]
    # Roll the initiative, then every seat's legal commands name only its own units.
    ann = players["ann"]
    first = ann.get(f"/api/v1/games/{game_id}/legal").json()
    roll = {"id": 1, "v": first["v"], "command": first["commands"][0]}
    assert post(ann, f"/api/v1/games/{game_id}/commands", roll).status_code == 200
    activations = 0
    for name, client in players.items():
        legal = client.get(f"/api/v1/games/{game_id}/legal").json()
        for command in legal["commands"]:
            named = set(command.get("units", [])) | (
                {command["unit"]} if isinstance(command.get("unit"), str) else set()
            )
            activations += bool(named)
            assert named <= units[legal["seat"]], (name, command)
    assert activations > 0


def test_the_creator_removes_a_player_and_a_player_leaves_before_the_start():
    ann, bob, cid = signed_in("ann"), signed_in("bob"), signed_in("cid")
    game_id = post(
        ann, "/api/v1/games", {"scenario": SCENARIO, "side": "ge", "seats_per_side": 2}
    ).json()["id"]
    assert post(bob, f"/api/v1/games/{game_id}/join", {"side": "su"}).status_code == 200
    assert post(cid, f"/api/v1/games/{game_id}/join", {"side": "su"}).status_code == 200
    assert post(bob, f"/api/v1/games/{game_id}/seats/su-2/remove").status_code == 403
    removed = post(ann, f"/api/v1/games/{game_id}/seats/su-1/remove")
    assert removed.status_code == 200
    assert [s["user"] for s in removed.json()["seats"] if s["id"] == "su-1"] == [None]
    left = post(cid, f"/api/v1/games/{game_id}/leave")
    assert left.status_code == 200
    assert {s["user"] for s in left.json()["seats"]} == {"ann", None}


def test_the_first_seat_divides_the_sides_formations():
    ann = signed_in("ann")
    game_id = post(
        ann, "/api/v1/games", {"scenario": SCENARIO, "side": "ge", "seats_per_side": 2}
    ).json()["id"]
    assert ann.get(f"/api/v1/games/{game_id}/division").json()["seats"]["ge-1"] == ["ge-kg"]
    changed = ann.put(
        f"/api/v1/games/{game_id}/division",
        {"side": "ge", "seats": {"ge-1": ["ge-kg", "ge-pz"], "ge-2": []}},
        content_type="application/json",
    )
    assert changed.status_code == 200
    assert changed.json()["seats"]["ge-1"] == ["ge-kg", "ge-pz"]


def test_a_finished_game_offers_a_rematch_with_sides_swapped():
    ann, bob = signed_in("ann"), signed_in("bob")
    game_id = post(ann, "/api/v1/games", {"scenario": SCENARIO, "side": "ge"}).json()["id"]
    post(bob, f"/api/v1/games/{game_id}/join", {"side": "su"})
    assert post(ann, f"/api/v1/games/{game_id}/resign").status_code == 200
    new = post(ann, f"/api/v1/games/{game_id}/rematch").json()
    assert new["status"] == "open" and new["seats"][1]["user"] == "ann"  # su-1
    again = post(bob, f"/api/v1/games/{game_id}/rematch").json()
    assert again["id"] == new["id"] and again["status"] == "active"


def test_a_guest_claims_their_account_and_stays_signed_in():
    guest = Client(enforce_csrf_checks=False)
    assert post(guest, "/api/v1/auth/guest").status_code == 201
    claimed = post(
        guest, "/api/v1/auth/claim", {"username": "hanna", "password": "long secret 42!"}
    )
    assert claimed.status_code == 200 and claimed.json()["username"] == "hanna"
    assert guest.get("/api/v1/auth/session").json()["username"] == "hanna"
    again = post(guest, "/api/v1/auth/claim", {"username": "hanna2", "password": "long secret 42!"})
    assert again.status_code == 409


def test_the_lobby_lists_open_games_with_free_seats_and_hides_private_ones(client):
    ann = signed_in("ann")
    post(ann, "/api/v1/games", {"scenario": SCENARIO, "side": "ge", "seats_per_side": 2})
    post(ann, "/api/v1/games", {"scenario": SCENARIO, "side": "su", "options": {"private": True}})
    lists = client.get("/api/v1/lobby").json()
    (card,) = lists["open"]
    assert card["free"] == 3 and card["created_by"] == "ann"
    assert card["scenario"]["title"] == "Meeting at Kesselbach"
    assert len(ann.get("/api/v1/lobby").json()["mine"]) == 2


def test_a_lobby_socket_not_seen_for_a_minute_no_longer_counts_as_online(client):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import LobbyPresence

    ann = person("ann")
    LobbyPresence.objects.create(channel_name="live", user=ann)
    LobbyPresence.objects.create(channel_name="dead", user=person("bob"))
    LobbyPresence.objects.filter(channel_name="dead").update(
        seen_at=timezone.now() - timedelta(minutes=5)
    )
    assert client.get("/api/v1/lobby").json()["online"] == {"users": ["ann"], "visitors": 0}
