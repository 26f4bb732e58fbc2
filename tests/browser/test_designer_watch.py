"""Try it, bot against bot, in Chromium (issue 48): the designer picks the bots' level, clicks
*Watch bots play it* and lands on the game page as a spectator of a private game of the
draft with bots in every seat."""

from __future__ import annotations

import re

from tests.browser.pages_kit import TIMEOUT, api, shot
from tests.designkit import pl_situation


def test_the_designer_watches_bots_play_the_draft(person, live_server_url):
    ann = person()
    api(ann, live_server_url, "POST", "/api/v1/designer/scenarios",
        {"ruleset": "panzer_leader", "document": pl_situation(id="bots-outpost")})
    ann.goto(live_server_url + "/design/bots-outpost/")
    ann.wait_for_function("() => window.pgweb.designer.board !== null")
    ann.select_option("#try-level", "veteran")
    ann.click("#watch")
    ann.wait_for_url(re.compile(r"/games/[0-9a-f-]+/$"), timeout=TIMEOUT)
    ann.wait_for_selector("body.socket-open")
    ann.wait_for_function("() => document.body.dataset.version >= 1")
    assert ann.locator(".action-panel").is_hidden()  # a spectator: no seat acts here
    game = ann.url.rstrip("/").rsplit("/", 1)[1]
    seats = api(ann, live_server_url, "GET", f"/api/v1/games/{game}")["seats"]
    assert len(seats) == 2 and all(s["user"].startswith("VeteranBot") for s in seats)
    shot(ann, "designer-watch-desktop", "designer")
