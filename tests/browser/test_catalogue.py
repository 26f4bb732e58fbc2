"""The catalogue of battle cards in Chromium (issue 48): a player finds a battle by its
filters on a desktop and on a phone, starts a bot game from a card, opens a game from a card
and queues for one in quick match; the keyboard reaches every card's actions."""

from __future__ import annotations

import re

from games.rules import registry
from tests.browser import pages_kit
from tests.browser.pages_kit import shot

GAME_URL = re.compile(r".*/games/[0-9a-f-]{36}/$")


def shown(page) -> set[str]:
    return set(page.locator(".battle-cards .battle-card").evaluate_all(
        "cards => cards.map((c) => c.dataset.playId)"))


def shots_at_both_sizes(page, name: str) -> None:
    """Screenshots of the page as it is now at a phone's width and in a desktop window (the
    catalogue asks nothing of the pointer: the page narrowed is what a phone shows); the page
    is left at the desktop size."""
    for viewport in ("phone", "desktop"):
        page.set_viewport_size(pages_kit.VIEWPORTS[viewport])
        pages_kit.painted(page)
        shot(page, f"{name}-{viewport}")


def test_a_player_finds_a_battle_by_front_and_year(person, live_server_url):
    ann = person("desktop")
    ann.goto(live_server_url + "/battles/")
    everything = shown(ann)
    assert {"meeting-at-kessel", "pl-hollenbach", "pl-1940-semois-ford"} <= everything
    filters = ann.locator("form.battle-filters")
    filters.locator("select[name=front]").select_option("east")
    filters.locator("select[name=year]").select_option("1943")
    filters.locator("button.show-battles").focus()
    ann.keyboard.press("Enter")  # the keyboard sends the filters as well as a click
    ann.wait_for_url(re.compile(r".*front=east.*year=1943"))
    east_1943 = {s.id for _, s in registry.all_scenarios()
                 if s.front == "east" and s.date.startswith("1943")}
    assert {"meeting-at-kessel", "melnitsa-bridgehead"} <= east_1943
    assert shown(ann) == east_1943
    assert f"{len(east_1943)} of" in ann.locator(".battle-count").inner_text()
    card = ann.locator(".battle-card[data-play-id=meeting-at-kessel]")
    assert "Panzer Grenadier" in card.locator(".tag.ruleset").inner_text()
    assert card.locator(".fact-set").inner_text() == "Eastern Front, 1943-08-14"
    assert card.locator(".fact-seats").inner_text() == "German 2 v Soviet 2 (team play)"
    shots_at_both_sizes(ann, "catalogue-filtered")
    # The same cards in the lobby (its catalogue reads the same filters from its address),
    # a battle chosen for its forms: bundled only, in one game: players' battles and the
    # other game are gone. On a phone the cards stack in one column within the screen.
    ann.goto(live_server_url
             + "/?scenario=pl-hollenbach&browse=1&origin=bundled&ruleset=panzer_leader#battles")
    assert shown(ann) and all(i.startswith("pl-") for i in shown(ann))
    assert ann.locator("#battles .battle-card.chosen").get_attribute("data-play-id") == (
        "pl-hollenbach")
    pages_kit.painted(ann)
    shot(ann, "lobby-catalogue-desktop")
    ann.locator("#quick-match-title").scroll_into_view_if_needed()
    shot(ann, "lobby-chosen-battle-desktop")
    pages_kit.at_size(ann, "phone")
    # At a phone's width the cards stack in one column within the screen.
    ann.wait_for_function("() => document.documentElement.clientWidth <= 390")
    pages_kit.fits_the_screen(ann, "the lobby's catalogue at a phone's width")
    ann.evaluate("window.scrollTo(0, 0)")
    shot(ann, "lobby-catalogue-phone")
    ann.locator("#quick-match-title").scroll_into_view_if_needed()
    shot(ann, "lobby-chosen-battle-phone")


def test_the_lobby_filters_its_battles_and_a_card_chooses_the_quick_match_battle(
        person, live_server_url):
    ann = person()
    ann.goto(live_server_url + "/")
    assert not ann.locator("#battles").evaluate("d => d.open")
    ann.locator("#quick-match-form a.choose").click()
    ann.wait_for_url(re.compile(r".*browse=1.*#battles$"))
    box = ann.locator("#battles")
    assert box.evaluate("d => d.open")
    box.locator("select[name=ruleset]").select_option("panzer_leader")
    box.locator("select[name=size]").select_option("small")
    box.locator("button.show-battles").click()
    ann.wait_for_url(re.compile(r".*ruleset=panzer_leader.*#battles$"))
    small = shown(ann)
    assert "pl-hollenbach" in small and all(i.startswith("pl-") for i in small)
    assert "meeting-at-kessel" not in small and "pl-04-st-lo" not in small  # PG; large
    pages_kit.painted(ann)
    shot(ann, "lobby-catalogue-desktop")
    ann.locator(".battle-card[data-play-id=pl-hollenbach] a.quick").click()
    ann.wait_for_url(re.compile(r".*scenario=pl-hollenbach#quick-match-title$"))
    ann.wait_for_selector("body[data-lobby=live]")
    form = ann.locator("#quick-match-form")
    assert form.locator("input[name=scenario][value=pl-hollenbach]").is_checked()
    sides = form.locator("select[name=side] option").all_inner_texts()
    assert sides == ["Any side", "Allied", "German"]
    form.locator("select[name=side]").select_option("german")
    with ann.expect_request(re.compile(r".*/api/v1/matchmaking/seeks$")) as sent:
        ann.click("#quick-match")
    assert sent.value.post_data_json == {"team_size": 1, "scenario": "pl-hollenbach",
                                         "side": "german"}
    ann.wait_for_selector("#cancel-seek")
    ann.click("#cancel-seek")
    # Left only once the server said so: a seek left waiting on the session's server would
    # pair the next test's quick matcher with a player who is gone.
    ann.wait_for_selector("#cancel-seek", state="detached")


def test_a_bot_game_starts_from_a_card(person, live_server_url):
    ann = person()
    ann.goto(live_server_url + "/battles/?front=west")
    ann.locator(".battle-card[data-play-id=pl-hollenbach] a.play-bot").click()
    ann.wait_for_url(re.compile(r".*/\?scenario=pl-hollenbach#play-bot-title$"))
    form = ann.locator("#play-bot-form")
    assert form.locator(".battle-name").inner_text() == "Crossroads at Hollenbach"
    assert "Panzer Leader" in form.locator(".chosen-battle .tag").inner_text()
    assert form.locator("fieldset[data-rules-for=panzer_grenadier]").is_hidden()
    form.locator("select[name=side]").select_option("german")
    form.locator("select[name=level]").select_option("recruit")
    form.locator("#play-bot").click()
    ann.wait_for_url(GAME_URL, wait_until="commit")
    game_id = ann.url.rstrip("/").rsplit("/", 1)[1]
    pages_kit.leave(ann)  # landed; the board's load, and its redraws at the bot's moves, are not looked at
    game = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{game_id}")
    assert game["scenario"] == "pl-hollenbach" and game["status"] == "active"
    me = pages_kit.api(ann, live_server_url, "GET", "/api/v1/auth/session")["username"]
    assert [s["side"] for s in game["seats"] if s["user"] == me] == ["german"]


def test_a_game_opens_from_a_card(person, live_server_url):
    ann = person("desktop")
    ann.goto(live_server_url + "/battles/?front=east&year=1943")
    play = ann.locator(".battle-card[data-play-id=melnitsa-bridgehead] a.play-this")
    play.focus()
    ann.keyboard.press("Enter")
    ann.wait_for_url(re.compile(r".*/new-game/\?scenario=melnitsa-bridgehead$"))
    assert ann.locator("#scenario-input").get_attribute("value") == "melnitsa-bridgehead"
    assert ann.locator("#new-game-form .battle-card.chosen .battle-title").inner_text() == (
        "The Melnitsa Bridgehead")
    assert ann.locator("#side-select option").all_inner_texts() == ["Soviet", "German"]
    assert ann.locator("#new-game-form fieldset[data-rules-for=panzer_leader]").is_hidden()
    shots_at_both_sizes(ann, "new-game-chosen-battle")
    ann.select_option("#side-select", "ge")
    ann.select_option("select[name=seats_per_side]", "2")
    ann.click("#create-game")
    # Taken to the lobby at her game; the lobby's own load is the lobby tests' business.
    ann.wait_for_url(re.compile(r".*/\?game=[0-9a-f-]{36}$"), wait_until="commit")
    game_id = ann.url.rsplit("=", 1)[1]
    pages_kit.leave(ann)
    game = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{game_id}")
    assert game["scenario"] == "melnitsa-bridgehead" and game["status"] == "open"
    assert game["seats_per_side"] == 2, "the form did not send the seats it was given"
