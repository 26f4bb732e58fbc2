"""The admin shows games and their command log read-only; start-up tunes the collector."""

from __future__ import annotations

import gc

import pytest
from django.contrib.auth import get_user_model

from games.apps import GC_THRESHOLDS
from games.models import GameStep
from tests.gamekit import started_game


@pytest.fixture
def admin_client_logged_in(client, db):
    admin = get_user_model().objects.create_superuser("referee", "r@example.org", None)
    client.force_login(admin)
    return client


def test_the_admin_lists_and_shows_a_game_and_its_steps(
    admin_client_logged_in, axis_player, allied_player
):
    game = started_game(axis_player, allied_player)
    step = GameStep.objects.get(game=game, version=1)
    for url in (
        "/admin/games/game/",
        f"/admin/games/game/{game.pk}/change/",
        "/admin/games/gamestep/",
        f"/admin/games/gamestep/{step.pk}/change/",
        "/admin/games/unit/",
        "/admin/games/seat/",
        "/admin/games/chatmessage/",
        "/admin/games/presence/",
    ):
        response = admin_client_logged_in.get(url)
        assert response.status_code == 200, url
    page = admin_client_logged_in.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert 'name="state"' not in page  # read-only: shown, not an input
    assert game.seed not in page  # the seed stays secret while the game is played


def test_start_up_raises_the_collector_thresholds_and_freezes_what_was_loaded():
    assert gc.get_threshold() == GC_THRESHOLDS
    assert gc.get_freeze_count() > 0
