"""The community's pages in Chromium: a player's page with its rating chart, the leaderboard
its header leads to, a live tournament page that follows a round ending and the next being
paired, and a tournament announced in another time zone, at 1400x900 and 390x844
(screenshots under test-results/)."""

from __future__ import annotations

import json
import re
import uuid

import pytest

from tests.browser import live_shell
from tests.browser.pages_kit import (
    PHONE,
    TIMEOUT,
    VIEWPORTS,
    api,
    at_size,
    fits_both_sizes,
    fits_the_screen,
    follow_site_link,
    shot,
)


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


def test_a_players_page_draws_the_rating_history_and_its_header_leads_to_the_leaderboards(
    person, live_server_url, history
):
    names, prefix = history, history["prefix"]
    viewer = person("desktop", guest=False)
    sign_in(viewer, live_server_url, names["others"][0])
    viewer.goto(f"{live_server_url}/players/{names['hanna']}/")
    assert viewer.locator("h1").inner_text() == names["hanna"]
    chart = viewer.locator("svg.rating-chart")
    chart.wait_for()
    assert chart.locator("g.series").count() == 2  # correspondence and live
    assert chart.locator("circle").count() == 48 + 2  # a point per rated game
    assert viewer.locator(".rating-card").count() == 2
    assert "Meeting at Kesselbach" in viewer.locator("table.results").inner_text()
    assert "double-blind" in viewer.locator("table.current-games").inner_text()

    def chart_within(viewport: str) -> None:  # a phone scrolls the chart sideways
        frame = viewer.locator(".chart-scroll").bounding_box()
        assert frame["x"] >= 0 and frame["x"] + frame["width"] <= VIEWPORTS[viewport]["width"]

    fits_both_sizes(viewer, "community-player", chart_within)
    viewer.locator("#mute-button").click()
    viewer.locator(".message-success").wait_for()
    assert viewer.locator("#mute-button").inner_text() == "Unmute"
    viewer.locator("table.finished-games").scroll_into_view_if_needed()
    shot(viewer, "community-player-games-desktop")

    # The leaderboards, found from the header at a phone's width, where its links fold under
    # the Menu button: the ratings best first.
    page = viewer
    at_size(page, "phone")
    follow_site_link(page, "a[href='/leaderboards/']")
    page.wait_for_url("**/leaderboards/")
    page.locator("a[href='/leaderboards/panzer_grenadier/correspondence/']").first.click()
    page.wait_for_url("**/leaderboards/panzer_grenadier/correspondence/")
    for table in ("table.leaderboard:not(.provisional)", "table.leaderboard.provisional"):
        values = [int(v.rstrip("?")) for v in page.locator(f"{table} td.rating-value")
                  .all_inner_texts()]
        assert values and values == sorted(values, reverse=True)
    assert prefix in page.locator("main").inner_text()
    fits_both_sizes(page, "community-leaderboard")


def test_the_tournament_page_follows_a_round_to_its_end_and_the_next_pairing(
    person, live_server_url, live_server_env
):
    """One tournament followed by a player: the page shows round 1, then round 2 arrives
    without a reload; each round is looked at on a phone's width and in a desktop window."""
    prefix = f"to{uuid.uuid4().hex[:6]}"
    t = seed(live_server_env, f"running_tournament({prefix!r})")
    watcher = person("desktop", guest=False)
    sign_in(watcher, live_server_url, t["players"][0])
    watcher.goto(f"{live_server_url}/tournaments/{t['id']}/")
    assert "Round 1 of 3" in watcher.locator("#tournament-status").inner_text()
    assert watcher.locator("#standings tbody tr").count() == 5
    assert watcher.locator("#rounds .round").count() == 1
    assert "bye" in watcher.locator("#rounds").inner_text()
    fits_both_sizes(watcher, "community-tournament")

    # The player is told what their round holds; a game's player finds it in the lobby,
    # its card naming the tournament and round, and the card leads back to the tournament.
    data = api(watcher, live_server_url, "GET", f"/api/v1/tournaments/{t['id']}")
    if data["me"]["bye"]:
        assert "You have a bye in round 1" in watcher.locator("#my-game").inner_text()
    else:
        assert "Your round 1 game is on" in watcher.locator("#my-game").inner_text()
        watcher.goto(f"{live_server_url}/")
        line = watcher.locator(f'article.game-card[data-game="{data["me"]["game"]}"] .card-tournament')
        assert line.inner_text() == f"{prefix} Kesselbach Cup, round 1"
        line.locator("a").click()
        watcher.wait_for_url(f"**/tournaments/{t['id']}/")
        # The game's page says which tournament it is, and offers a draw but no abort
        # before the first move (a tournament game is played out).
        watcher.locator("#my-game a").click()
        watcher.wait_for_url(f"**/games/{data['me']['game']}/")
        assert watcher.locator("#game-tournament").inner_text() == (
            f"A game of {prefix} Kesselbach Cup, round 1.")
        watcher.get_by_role("button", name="Offer a draw…").wait_for()
        assert watcher.get_by_role("button", name="Abort the game…").count() == 0
        at_size(watcher, "phone")
        fits_the_screen(watcher)
        shot(watcher, "community-tournament-game-phone")
        at_size(watcher, "desktop")
        watcher.goto(f"{live_server_url}/tournaments/{t['id']}/")

    # Each game of round 1 ends: one of its players resigns through the API.
    player = person(guest=False)  # signed in as each resigning player in turn
    for pairing in data["rounds"][0]["pairings"]:
        if not pairing["game"]:
            continue
        sign_in(player, live_server_url, pairing["second"])
        api(player, live_server_url, "POST", f"/api/v1/games/{pairing['game']}/resign")
    # The page polls: the next round appears without a reload.
    watcher.wait_for_selector("body[data-round='2']", timeout=30_000)
    assert "Round 2 of 3" in watcher.locator("#tournament-status").inner_text()
    assert watcher.locator("#rounds .round").count() == 2
    assert "1-0" in watcher.locator("#rounds").inner_text()
    points = watcher.locator("#standings tbody tr td.points").all_inner_texts()
    assert points[:3] == ["1", "1", "1"]  # two winners and the bye
    fits_both_sizes(watcher, "community-tournament-round2")

    # Withdrawing resigns the game in progress: asked first (a No keeps the player in).
    watcher.once("dialog", lambda dialog: dialog.dismiss())
    watcher.click("#withdraw-tournament")
    assert watcher.locator("#withdraw-tournament").is_visible()
    watcher.once("dialog", lambda dialog: dialog.accept())
    with watcher.expect_navigation():
        watcher.click("#withdraw-tournament")
    assert "You withdrew" in watcher.locator(".site-messages").inner_text()
    assert watcher.locator("#my-game").inner_text() == "You withdrew: you are not paired again."


def test_a_tournament_announced_in_tokyo_starts_at_the_hour_its_announcer_chose(
    browser, live_server_url
):
    """The announce form takes the start in the announcer's own clock, and keeps every choice
    when it refuses; the tournament's page says the start in the reader's clock; its
    announcer may call it off."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  timezone_id="Asia/Tokyo")
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        api(page, live_server_url, "POST", "/api/v1/auth/signup",
            {"username": f"tokyo{uuid.uuid4().hex[:6]}", "password": "long secret 42!"})
        page.goto(f"{live_server_url}/tournaments/")
        form = page.locator(".tournament-form")
        form.locator("select[name=kind]").select_option("swiss")
        form.locator("input[value='birch-night-raid']").check()
        form.locator("input[value='meeting-at-kessel']").uncheck()
        form.locator("input[name=starts_at]").fill("2030-01-15T18:00")
        # A name too short, which the server refuses (the browser's own check taken away).
        form.locator("input[name=name]").evaluate("node => node.removeAttribute('minlength')")
        form.locator("input[name=name]").fill("ab")
        with page.expect_navigation():
            page.click("#create-tournament")
        assert "3 to 100 characters" in page.locator(".site-messages").inner_text()
        assert form.locator("input[value='birch-night-raid']").is_checked()
        assert not form.locator("input[value='meeting-at-kessel']").is_checked()
        assert form.locator("input[name=starts_at]").input_value() == "2030-01-15T18:00"
        fits_the_screen(page)
        form.locator("input[name=name]").fill("Tokyo Cup")
        with page.expect_navigation():
            page.click("#create-tournament")
        assert "Night Raid" in page.locator("#tournament-meta").inner_text()
        start = page.locator("#tournament-start time")
        assert start.get_attribute("datetime") == "2030-01-15T09:00:00+00:00"  # 18:00 in Tokyo
        assert re.search(r"Jan 15, 2030, 6:00\sPM", start.inner_text())  # Chromium's en-US
        assert "You are in" in page.locator("#my-game").inner_text()
        fits_both_sizes(page, "community-tournament-announced")
        # Called off: asked first (a No keeps it), then said so on its page.
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.click("#cancel-tournament")
        assert page.locator("#tournament-status").inner_text() == "Entering: 1 player so far."
        page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_navigation():
            page.click("#cancel-tournament")
        assert page.locator("#tournament-status").inner_text() == (
            "Cancelled: its announcer called it off.")
        assert page.locator("#tournament-start").count() == 0
        fits_the_screen(page)
    finally:
        context.close()
