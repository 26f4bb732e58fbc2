"""Shared set-up for the board's browser tests: guests in their own contexts and a started game.

Desktop players get a 1400x900 window; a phone is a 390x844 touch screen. The game is made
and its seats taken through the REST API (the lobby's pages have their own tests).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import pages_kit
from tests.browser.pages_kit import TIMEOUT
from tests.browser.test_game_play import api

DESKTOP = {"viewport": {"width": 1400, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def shot(page, name: str) -> Path:
    """Save a screenshot of what the player sees now, under test-results/board-<name>.png."""
    return pages_kit.shot(page, name, kind="board")


def guest(browser, base: str, **context) -> object:
    """A new guest in a browser context of his own (from the pool: emptied and reset, see
    conftest.PolicyWatchingBrowser), signed in through the API, on no page yet: the
    test opens the one it looks at. (On the lobby, his page would be taken to the game by
    itself as it starts, a second load racing the test's own.)"""
    page = browser.new_context(**(context or DESKTOP)).new_page()
    api(page, "POST", base + "/api/v1/auth/guest")
    return page


def start_game(base: str, first, second, scenario: str, sides: tuple[str, str], **options) -> str:
    """`first` opens a game of `scenario` on sides[0], `second` joins sides[1]; the game URL."""
    game = api(first, "POST", base + "/api/v1/games",
               {"scenario": scenario, "side": sides[0], "options": {"spectators": "public", **options}})
    api(second, "POST", f"{base}/api/v1/games/{game['id']}/join", {"side": sides[1]})
    return f"{base}/games/{game['id']}/"


def open_board(page, url: str) -> None:
    """Open the game page and wait for the first view to be drawn."""
    page.goto(url)
    page.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    page.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)


@pytest.fixture
def players(browser, live_server_url):
    """Ann (Soviet) and Bob (German) at desktop windows on a started game of the Melnitsa
    Bridgehead (an HMG on each side has a target from the first segment): (url, ann, bob)."""
    ann = guest(browser, live_server_url, **DESKTOP)
    bob = guest(browser, live_server_url, **DESKTOP)
    url = start_game(live_server_url, ann, bob, "melnitsa-bridgehead", ("su", "ge"))
    for p in (ann, bob):
        open_board(p, url)
    return url, ann, bob
