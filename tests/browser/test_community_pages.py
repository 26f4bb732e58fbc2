"""The community's pages in Chromium: a player's page with its rating chart, a leaderboard,
and a live tournament page that follows a round ending and the next being paired, at
1400x900 and 390x844 (screenshots under test-results/)."""

from __future__ import annotations

import json
import uuid

import pytest

from tests.browser import live_shell
from tests.browser.pages_kit import api, fits_the_screen, follow_site_link, shot


def seed(live_server_env: dict, call: str) -> dict:
    """Run a tests.community.seed function in the live server's database; its JSON."""
    name = call.split("(")[0]
    printed = live_shell.run(live_server_env, f"from tests.community.seed import {name}; {call}")
    return json.loads(printed.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def history(live_server_env: dict) -> dict:
    """Players with rated games behind them, seeded once for this module's tests."""
    prefix = f"pp{uuid.uuid4().hex[:6]}"
    return {"prefix": prefix, **seed(live_server_env, f"rated_history({prefix!r})")}


def sign_in(page, base: str, username: str) -> None:
    api(page, base, "POST", "/api/v1/auth/login",
        {"username": username, "password": "long secret 42!"})


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_players_page_draws_the_rating_history_and_lists_results(
    person, live_server_url, history, viewport
):
    names = history
    viewer = person(viewport, guest=False)
    sign_in(viewer, live_server_url, names["others"][0])
    viewer.goto(f"{live_server_url}/players/{names['hanna']}/")
    assert viewer.locator("h1").inner_text() == names["hanna"]
    chart = viewer.locator("svg.rating-chart")
    chart.wait_for()
    assert chart.locator("g.series").count() == 2  # correspondence and live
    assert chart.locator("circle").count() == 48 + 2  # a point per rated game
    frame = viewer.locator(".chart-scroll").bounding_box()  # a phone scrolls the chart sideways
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= (1400 if viewport == "desktop"
                                                               else 390)
    assert viewer.locator(".rating-card").count() == 2
    assert "Meeting at Kesselbach" in viewer.locator("table.results").inner_text()
    assert "double-blind" in viewer.locator("table.current-games").inner_text()
    fits_the_screen(viewer)
    shot(viewer, f"community-player-{viewport}")
    button = viewer.locator("#mute-button")
    if button.inner_text() == "Unmute":  # the other viewport's run muted her already
        button.click()
        viewer.locator(".notice-success").wait_for()
    viewer.locator("#mute-button").click()
    viewer.locator(".notice-success").wait_for()
    assert viewer.locator("#mute-button").inner_text() == "Unmute"
    viewer.locator("table.finished-games").scroll_into_view_if_needed()
    shot(viewer, f"community-player-games-{viewport}")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_leaderboard_lists_the_ratings_best_first(person, live_server_url, history, viewport):
    prefix = history["prefix"]
    page = person(viewport, guest=False)
    page.goto(f"{live_server_url}/")
    follow_site_link(page, "a[href='/leaderboards/']")
    page.wait_for_url("**/leaderboards/")
    page.locator("a[href='/leaderboards/panzer_grenadier/correspondence/']").first.click()
    page.wait_for_url("**/leaderboards/panzer_grenadier/correspondence/")
    for table in ("table.leaderboard:not(.provisional)", "table.leaderboard.provisional"):
        values = [int(v.rstrip("?")) for v in page.locator(f"{table} td.rating-value")
                  .all_inner_texts()]
        assert values and values == sorted(values, reverse=True)
    assert prefix in page.locator("main").inner_text()
    fits_the_screen(page)
    shot(page, f"community-leaderboard-{viewport}")


def test_the_tournament_page_follows_a_round_to_its_end_and_the_next_pairing(
    person, live_server_url, live_server_env
):
    """One tournament, followed by the same player on a desktop window and on a phone at once:
    both pages see round 1, then round 2 arrive without a reload."""
    prefix = f"to{uuid.uuid4().hex[:6]}"
    t = seed(live_server_env, f"running_tournament({prefix!r})")
    desk = person("desktop", guest=False)
    sign_in(desk, live_server_url, t["players"][0])
    phone = person("phone", guest=False)
    phone.context.add_cookies(desk.context.cookies())
    watchers = {"desktop": desk, "phone": phone}
    for viewport, watcher in watchers.items():
        watcher.goto(f"{live_server_url}/tournaments/{t['id']}/")
        assert "Round 1 of 3" in watcher.locator("#tournament-status").inner_text()
        assert watcher.locator("#standings tbody tr").count() == 5
        assert watcher.locator("#rounds .round").count() == 1
        assert "bye" in watcher.locator("#rounds").inner_text()
        fits_the_screen(watcher)
        shot(watcher, f"community-tournament-{viewport}")

    # Each game of round 1 ends: one of its players resigns through the API.
    data = api(desk, live_server_url, "GET", f"/api/v1/tournaments/{t['id']}")
    for pairing in data["rounds"][0]["pairings"]:
        if not pairing["game"]:
            continue
        player = person(guest=False)
        sign_in(player, live_server_url, pairing["second"])
        api(player, live_server_url, "POST", f"/api/v1/games/{pairing['game']}/resign")
    # The pages poll: the next round appears without a reload, on both.
    for viewport, watcher in watchers.items():
        watcher.wait_for_selector("body[data-round='2']", timeout=30_000)
        assert "Round 2 of 3" in watcher.locator("#tournament-status").inner_text()
        assert watcher.locator("#rounds .round").count() == 2
        assert "1-0" in watcher.locator("#rounds").inner_text()
        points = watcher.locator("#standings tbody tr td.points").all_inner_texts()
        assert points[:3] == ["1", "1", "1"]  # two winners and the bye
        fits_the_screen(watcher)
        shot(watcher, f"community-tournament-round2-{viewport}")
