"""Chromium enforces the Content Security Policy on every page a player opens, and nothing
on them breaks it: no blocked script, style, image or socket.

Every browser test fails on a violation on any page it opens (`no_policy_violation` in
conftest.py), so the pages the other tests open are checked there, each as it is used: the
lobby and the new-game page (test_phone_pages, test_clocks), the sign-in page
(test_phone_pages, test_account_pages) and the game page with its socket (test_game_play and
every board test). This one walks two pages until the network is idle: the bundled Swagger
UI (third-party script that goes on fetching after its load, the likeliest to break the
policy late) and the page of a player that does not exist (no other test opens it)."""

from __future__ import annotations


def test_the_api_docs_and_a_missing_players_page_break_no_rule_of_the_policy(person, live_server_url):
    ann = person()
    for path in ("/api/v1/schema/docs/", "/players/x/"):
        ann.goto(live_server_url + path)
        ann.wait_for_load_state("networkidle")
