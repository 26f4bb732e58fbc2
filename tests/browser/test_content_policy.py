"""Chromium enforces the Content Security Policy on every page a player opens, and nothing
on them breaks it: no blocked script, style, image or socket. (Every browser test fails on a
violation: see `no_policy_violation` in conftest.py; this one walks the pages on purpose.)"""

from __future__ import annotations

from tests.browser import pages_kit


def test_the_pages_of_a_game_break_no_rule_of_the_policy(person, live_server_url):
    ann, bob = person(), person()
    game = pages_kit.api(
        ann, live_server_url, "POST", "/api/v1/games",
        {"scenario": "meeting-at-kessel", "side": "ge"},
    )  # fmt: skip
    pages_kit.api(bob, live_server_url, "POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    for path in ("/", "/new-game/", "/accounts/login/", "/api/v1/schema/docs/", "/players/x/"):
        ann.goto(live_server_url + path)
        ann.wait_for_load_state("networkidle")
    ann.goto(f"{live_server_url}/games/{game['id']}/")
    ann.wait_for_function("() => Number(document.body.dataset.version || 0) >= 1")  # the socket works
