"""The board's log and faces through the API: a late viewer reads the whole log its audience
may read, and the page carries each side's colours and the counters' human names."""

from __future__ import annotations

import pytest
from django.test import Client

from games import engine_adapter as engine
from games import selectors
from games.models import Game
from tests.api.test_board_pages import act, boot_of, seat_to_act
from tests.api.test_games_api import signed_in, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def axis_player() -> Client:
    return signed_in("axis_player")


@pytest.fixture
def allied_player() -> Client:
    return signed_in("allied_player")


@pytest.fixture
def spectator() -> Client:
    return signed_in("spectator")


def test_a_late_spectator_reads_the_whole_public_log(axis_player, allied_player, spectator):
    game_id = started(axis_player, allied_player)
    for _ in range(3):
        mover = seat_to_act(game_id, axis_player, allied_player)
        act(mover, game_id, lambda c: c["type"] in ("roll_initiative", "pass"))
    answer = spectator.get(f"/api/v1/games/{game_id}/log")
    assert answer.status_code == 200
    body = answer.json()
    game = Game.objects.get(pk=game_id)
    # Line for line what the public audience's live patches carried, and nothing else.
    assert body["lines"] == selectors.log_lines(game, engine.PUBLIC)
    assert body["v"] == game.version
    assert {line["event"]["type"] for line in body["lines"]} >= {"initiative_rolled"}
    upto = spectator.get(f"/api/v1/games/{game_id}/log?upto=1").json()["lines"]
    assert all(line["v"] <= 1 for line in upto)
    assert spectator.get(f"/api/v1/games/{game_id}/log?upto=x").status_code == 400


def test_the_game_page_carries_side_colours_and_human_names(axis_player, allied_player, spectator):
    game_id = started(axis_player, allied_player)
    boot = boot_of(spectator.get(f"/games/{game_id}/"))
    sides = boot["faces"]["sides"]
    assert sides["ge"]["fill"] != sides["su"]["fill"]
    assert boot_of(axis_player.get(f"/games/{game_id}/"))["faces"] == boot["faces"]
    names = [f["name"] for f in boot["faces"]["units"].values()]
    assert names and not any("(" in n or "-ldr-" in n for n in names)
    assert boot["title"] and boot["title"] != boot["scenario"]


def test_with_hidden_information_the_page_names_only_the_viewers_own_counters(
    axis_player, allied_player, spectator
):
    game_id = started(axis_player, allied_player, double_blind=True)
    axis = boot_of(axis_player.get(f"/games/{game_id}/"))["faces"]["units"]
    assert axis and all(uid.startswith("ge-") for uid in axis)
    assert boot_of(spectator.get(f"/games/{game_id}/"))["faces"]["units"] == {}
