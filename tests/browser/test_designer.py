"""The designer in Chromium (issue 48): a battle built from a blank board, a problem seen on
the map and fixed, tried against a bot, published, found and played by another player,
hidden by a moderator; export then import; a briefing with markup shown as text."""

from __future__ import annotations

import json

from tests.browser.pages_kit import TIMEOUT, api, fits_the_screen, shot
from tests.conftest import manage

MARKUP = '<img src=x onerror="window.pwned=1"><b>Hold the mill</b>'


def click_hex(page, label: str) -> None:
    page.evaluate(f"window.pgweb.designer.board.centerOn('{label}')")
    at = page.evaluate(f"window.pgweb.designer.board.hexOnScreen('{label}')")
    page.mouse.click(at["x"], at["y"])


def place(page, label: str, search: str, side: str) -> None:
    page.check("input[name=tool][value=counter]")
    page.fill("#counter-search", search)
    page.select_option("#counter-type", index=0)
    page.select_option("#counter-side", side)
    before = page.evaluate("window.pgweb.designer.doc.units.length")
    click_hex(page, label)
    page.wait_for_function(f"() => window.pgweb.designer.doc.units.length === {before + 1}")


def checked(page) -> None:
    """Wait for the server's answer to the last edit."""
    page.wait_for_function(
        "() => document.querySelector('#no-problems') && (!document.querySelector('#no-problems').hidden"
        " || document.querySelectorAll('#problems li').length > 0)", timeout=TIMEOUT)


def test_a_designer_builds_tries_and_publishes_a_battle_another_player_plays(
        person, live_server_url, live_server_env):
    base = live_server_url
    ann = person()
    ann.goto(base + "/design/")
    ann.select_option("#start-ruleset", "panzer_grenadier")
    ann.fill("#start-columns", "8")
    ann.fill("#start-rows", "6")
    ann.click("#start-blank")
    ann.wait_for_selector("#design-layout:not([hidden])")
    ann.wait_for_function("() => window.pgweb.designer.board !== null")
    ann.fill("#doc-id", "mill-at-dawn")
    ann.fill("#doc-title", "The mill at dawn")
    ann.fill("#doc-turns", "3")
    ann.fill("#doc-description", MARKUP)
    ann.locator("#doc-description").dispatch_event("change")
    ann.locator("#briefings textarea").last.fill(MARKUP)
    ann.locator("#briefings textarea").last.dispatch_event("change")
    # The board: a town to fight for, two platoons a side.
    ann.check("input[name=tool][value=terrain]")
    ann.select_option("#terrain-brush", "t")
    click_hex(ann, "A0604")
    ann.wait_for_function("() => window.pgweb.designer.doc.boards.board1.terrain[3][5] === 't'")
    ann.check("input[name=tool][value=objective]")
    click_hex(ann, "A0604")
    place(ann, "A0102", "ge_rifle", "attacker")
    place(ann, "A0103", "ge_rifle", "attacker")
    place(ann, "A0703", "su_rifle", "defender")
    place(ann, "A0102", "su_rifle", "defender")  # two sides in one hex: the check says no
    ann.wait_for_selector("#problems li[data-hex=A0102]")
    ann.wait_for_selector("svg .target[data-hex=A0102]")
    assert "4.0" in ann.locator("#problems li[data-hex=A0102]").inner_text()
    shot(ann, "designer-problem-desktop")
    # Fixed: the Soviet platoon goes where it belongs.
    ann.check("input[name=tool][value=erase]")
    click_hex(ann, "A0102")
    place(ann, "A0102", "ge_rifle", "attacker")
    place(ann, "A0704", "su_rifle", "defender")
    ann.wait_for_selector("#no-problems:not([hidden])")
    assert ann.locator("svg .target").count() == 0
    shot(ann, "designer-clean-desktop")
    # Try it against a bot: a private game, nothing published.
    ann.select_option("#try-side", "attacker")
    ann.click("#try")
    ann.wait_for_url("**/games/**")
    assert api(ann, base, "GET", "/api/v1/designer/scenarios/mill-at-dawn")["state"] == "draft"
    ann.goto(base + "/design/mill-at-dawn/")
    ann.wait_for_selector("#design-layout:not([hidden])")
    ann.click("#publish")
    ann.wait_for_function(
        "() => document.querySelector('#design-status').textContent.startsWith('Published')",
        timeout=60_000)
    # Another player finds it among the battles and plays it.
    bob = person()
    bob.goto(base + "/battles/?origin=players")
    card = bob.locator("[data-battle=mill-at-dawn]")
    assert "The mill at dawn" in card.inner_text()
    shot(bob, "battles-desktop")
    card.locator("a.play-this").click()
    bob.wait_for_url("**/new-game/**")
    chosen = bob.locator("#new-game-form .battle-card.chosen[data-play-id='mill-at-dawn.r1']")
    assert bob.locator("#scenario-input").get_attribute("value") == "mill-at-dawn.r1"
    assert "The mill at dawn" in chosen.locator(".battle-title").inner_text()
    assert "By " in chosen.locator(".tag.players").inner_text()
    shot(bob, "new-game-players-battle-desktop")
    game = api(bob, base, "POST", "/api/v1/games", {"scenario": "mill-at-dawn.r1",
                                                     "side": "defender"})
    assert game["scenario"] == "mill-at-dawn.r1"
    # The briefing is text wherever it shows: the catalogue, the battle page, the game page.
    bob.goto(base + "/battles/mill-at-dawn/")
    assert bob.locator(".briefing[data-side=defender]").inner_text() == MARKUP
    assert bob.locator("#battle-description").inner_text() == MARKUP
    shot(bob, "battle-page-desktop")
    bob.goto(base + f"/games/{game['id']}/")
    bob.wait_for_selector("#board")
    assert not bob.evaluate("window.pwned === 1")
    assert bob.locator("img[src=x]").count() == 0
    for path in ("/battles/", "/new-game/", "/battles/mill-at-dawn/"):
        bob.goto(base + path)
        assert bob.locator("img[src=x]").count() == 0 and not bob.evaluate("window.pwned === 1")
    # Export, then import as the designer: the same document.
    exported = api(bob, base, "GET", "/api/v1/designer/scenarios/mill-at-dawn/export")
    imported = api(ann, base, "POST", "/api/v1/designer/scenarios",
                   {"ruleset": "panzer_grenadier", "document": exported})
    draft = [r for r in imported["revisions"] if r["state"] == "draft"][0]
    assert draft["document"] == exported
    # A moderator hides it: gone from the catalogue, the game goes on.
    run = manage("shell", "-c", "from django.contrib.auth import get_user_model as g;"
                 "u=g().objects.create_user(username='mod', password='mod-pass-1234');"
                 "u.is_staff=True;u.save()", env=live_server_env)
    assert run.returncode == 0, run.stderr
    mod = person(guest=False)
    mod.goto(base + "/accounts/login/")
    mod.fill("input[name=username]", "mod")
    mod.fill("input[name=password]", "mod-pass-1234")
    mod.locator("form button[type=submit]").last.click()
    mod.goto(base + "/battles/mill-at-dawn/")
    mod.click("#hide-button")
    mod.wait_for_selector(".tag.hidden")
    bob.goto(base + "/battles/")
    assert bob.locator("[data-battle=mill-at-dawn]").count() == 0
    assert api(bob, base, "GET", f"/api/v1/games/{game['id']}")["id"] == game["id"]


def test_the_pages_fit_a_phone(person, live_server_url, live_server_env):
    assert manage("load_scenarios", env=live_server_env).returncode == 0
    phone = person(viewport="phone")
    phone.goto(live_server_url + "/battles/")
    phone.wait_for_selector(".battle-card")
    fits_the_screen(phone)
    shot(phone, "battles-phone")
    phone.goto(live_server_url + "/battles/melnitsa-bridgehead/")
    phone.wait_for_selector("#play-this")
    fits_the_screen(phone)
    shot(phone, "battle-page-phone")
    phone.goto(live_server_url + "/design/")
    phone.select_option("#start-ruleset", "panzer_leader")
    phone.click("#start-blank")
    phone.wait_for_selector("#design-layout:not([hidden])")
    phone.wait_for_function("() => window.pgweb.designer.board !== null")
    phone.wait_for_selector("#problems li")
    fits_the_screen(phone)
    shot(phone, "designer-phone")


def test_a_desktop_designer_starts_a_panzer_leader_situation(person, live_server_url):
    page = person()
    page.goto(live_server_url + "/design/")
    page.select_option("#start-ruleset", "panzer_leader")
    page.click("#start-blank")
    page.wait_for_selector("#problems li")
    text = page.locator("#problems").inner_text()
    assert "no way to win" in text
    assert json.loads(page.evaluate("JSON.stringify(window.pgweb.designer.doc.map)"))[0]["board"] == "N"
    # A reinforcement: a Sherman entering on turn 3 at the west edge.
    page.check("input[name=tool][value=reinforcement]")
    page.fill("#counter-search", "us_m4")
    page.select_option("#counter-type", "us_m4")
    page.select_option("#counter-side", "allied")
    page.fill("#entry-turn", "3")
    click_hex(page, "N-A-4")
    page.wait_for_function("() => window.pgweb.designer.doc.forces.length === 1")
    assert page.evaluate("window.pgweb.designer.doc.forces[0]") == {
        "side": "allied", "type": "us_m4", "count": 1, "entry_turn": 3, "entry": ["N-A-4"]}
    page.wait_for_selector("svg .hex-markers.marker-entry")
    shot(page, "designer-pl-desktop")


def test_a_battle_starts_on_a_bundled_board(person, live_server_url, live_server_env):
    run = manage("load_scenarios", env=live_server_env)
    assert run.returncode == 0, run.stderr
    page = person()
    page.goto(live_server_url + "/design/")
    page.select_option("#start-ruleset", "panzer_leader")
    page.wait_for_selector("#start-board option[value='bundled:A']", state="attached")
    page.select_option("#start-board", "bundled:A")
    page.click("#start-blank")
    page.wait_for_selector("#problems li")
    assert page.evaluate("Object.keys(window.pgweb.designer.doc.boards)") == ["A"]
    assert page.evaluate("window.pgweb.designer.board.hexOnScreen('A-P-10') !== null")
    shot(page, "designer-bundled-board-desktop")
