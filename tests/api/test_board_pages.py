"""The game and replay pages, and the API calls the board makes: previews and replays."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from django.test import Client

from tests.api.test_games_api import post, signed_in, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def axis_player() -> Client:
    return signed_in("axis_player")


@pytest.fixture
def allied_player() -> Client:
    return signed_in("allied_player")


def boot_of(page) -> dict:
    """The JSON the page's script starts from (Django's json_script)."""
    text = page.content.decode()
    m = re.search(r'<script id="pg-boot" type="application/json">(.*?)</script>', text, re.S)
    assert m, "the page embeds its boot data"
    return json.loads(m.group(1))


def act(client: Client, game_id: str, pick) -> dict:
    """Send the first legal command `pick` accepts; returns it."""
    legal = client.get(f"/api/v1/games/{game_id}/legal").json()
    command = next(c for c in legal["commands"] if pick(c))
    body = {"id": legal["v"], "v": legal["v"], "command": command}
    answer = post(client, f"/api/v1/games/{game_id}/commands", body)
    assert answer.status_code == 200, answer.content
    return command


def seat_to_act(game_id: str, *clients: Client) -> Client:
    return next(c for c in clients if c.get(f"/api/v1/games/{game_id}/legal").json()["commands"])


def test_the_game_page_embeds_the_map_the_counter_types_and_who_is_looking(
    axis_player, allied_player, client
):
    game_id = started(axis_player, allied_player)
    page = axis_player.get(f"/games/{game_id}/")
    assert page.status_code == 200
    boot = boot_of(page)
    assert (boot["seat"], boot["side"], boot["audience"]) == ("ge-1", "ge", "side:ge")
    assert set(boot["map"]) == {"boards", "hexes", "hexsides", "roads"}
    hmg = boot["types"]["ge_hmg"]
    assert hmg["full"]["direct_fire"] == [7, 6] and hmg["reduced"]["direct_fire"] == [4, 6]
    assert any(t["leader"] and t["rank"] for t in boot["types"].values())
    watcher = boot_of(signed_in("spectator").get(f"/games/{game_id}/"))
    assert (watcher["seat"], watcher["audience"]) == (None, "public")
    assert client.get("/games/not-a-game/").status_code == 404


def test_units_are_keyed_by_id_in_every_view_the_board_receives(axis_player, allied_player):
    game_id = started(axis_player, allied_player)
    view = axis_player.get(f"/api/v1/games/{game_id}/view").json()["d"]
    assert isinstance(view["units"], dict)
    assert all(uid == u["id"] for uid, u in view["units"].items())


def test_a_seat_previews_the_cost_of_its_moves_and_nobody_else_may(
    axis_player, allied_player, client
):
    game_id = started(axis_player, allied_player)
    for _ in range(6):  # roll for initiative (ties roll again) until someone may activate
        mover = seat_to_act(game_id, axis_player, allied_player)
        legal = mover.get(f"/api/v1/games/{game_id}/legal").json()["commands"]
        if legal[0]["type"] != "roll_initiative":
            break
        act(mover, game_id, lambda c: True)
    act(mover, game_id, lambda c: c["type"] == "activate")
    view = mover.get(f"/api/v1/games/{game_id}/view").json()["d"]
    moves = []
    for unit in view["activation"]["units"]:
        answer = mover.get(f"/api/v1/games/{game_id}/preview?unit={unit}").json()
        moves += [p for p in answer["previews"] if p["command"]["type"] == "move"]
    assert moves and all(Fraction(p["cost"]) > 0 for p in moves)
    other = allied_player if mover is axis_player else axis_player
    assert other.get(f"/api/v1/games/{game_id}/preview?unit={unit}").json()["previews"] == []
    assert client.get(f"/api/v1/games/{game_id}/preview?unit=x").status_code in (401, 403)


def test_after_the_end_the_replay_gives_each_side_its_own_view_of_every_step(
    axis_player, allied_player
):
    game_id = started(axis_player, allied_player)
    assert post(axis_player, f"/api/v1/games/{game_id}/resign").status_code == 200
    assert axis_player.get(f"/games/{game_id}/replay").status_code == 200
    full = axis_player.get(f"/api/v1/games/{game_id}/history").json()
    german = axis_player.get(f"/api/v1/games/{game_id}/history?audience=side:ge").json()
    assert full["audience"] == "full" and german["audience"] == "side:ge"
    first_full, first_ge = full["steps"][0]["view"], german["steps"][0]["view"]
    # At the start the Soviet reinforcements are the Soviets' secret (D-VIEW-1).
    assert len(first_ge["units"]) < len(first_full["units"])
    assert any(u["own"] for u in first_ge["units"].values())
    bad = axis_player.get(f"/api/v1/games/{game_id}/history?audience=ge")
    assert bad.status_code == 400
