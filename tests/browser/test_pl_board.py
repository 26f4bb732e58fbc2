"""Panzer Leader on the board (issue 15): two players play Crossroads at Hollenbach from the
map through several phases while a spectator follows, desktop and phone.

Ann (Allied) ends her combat phase, picks a Sherman, clicks a hex: the confirm shows the
move's cost; she confirms, then ends her movement and assault phases with the phase button.
Bob (German) picks his anti-tank gun; the Sherman's hex is marked with its odds; he clicks
it, reads the odds and the chance of each result in the confirm, opens the rules reference
from the odds column (the CRT row it cites is marked), and fires. The spectator's board shows every counter where the players' boards show
it; no page but Bob's holds the unfound German minefield; no page shows a counter's id where
a name belongs. On a phone, counters open a finger wide and the confirm sits on screen.
Creating the game and taking the seats use the REST API; everything played goes through the
page. Screenshots go to test-results/.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT, guest, shot
from tests.browser.board_play import click_hex, fix_dice
from tests.browser.test_game_play import api

SCENARIO = "pl-hollenbach"
MINE = "A-J-3"  # the German minefield Hollenbach hides from the Allies (17.1)
SHERMAN, GOAL = "al-m4-1", "A-H-1"  # in sight and range of the German anti-tank gun there
GUN = "ge-at75-1"
RAW_ID = re.compile(r"\b(al|ge)-[a-z0-9_]+-\d+\b")


def version(page) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


def wait_version(page, at_least: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version || -1) >= {at_least}", timeout=TIMEOUT)


def open_game(page, url: str) -> None:
    page.goto(url)
    wait_version(page, 1)
    page.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)


def confirm(page) -> None:
    """Press Confirm and wait for the command's version to reach the page."""
    before = version(page)
    page.locator("#confirm:not([hidden]) .btn-confirm").click()
    wait_version(page, before + 1)


def end_phase(page) -> None:
    page.locator('#global-actions button[data-command="end_phase"]').click()
    page.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    assert "End the phase" in page.locator("#confirm").inner_text()
    confirm(page)


def pick(page, unit: str) -> None:
    """Click a lone counter on the map: it is picked, its options drawn."""
    hex_label = page.evaluate(f"window.pgweb.store.view.units['{unit}'].hex")
    page.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    page.locator(f'svg .unit[data-unit="{unit}"]').click()
    page.wait_for_function(f"() => window.pgweb.ui.picked.includes('{unit}')", timeout=TIMEOUT)


def positions(page) -> dict[str, str | None]:
    return page.evaluate(
        "Object.fromEntries(Object.values(window.pgweb.store.view.units).map(u => [u.id, u.hex]))")


def raw_ids_shown(page) -> list[str]:
    """Counter ids in what the page shows a reader (its text, and every SVG text)."""
    text = page.evaluate(
        "document.body.innerText + ' ' + [...document.querySelectorAll('svg text, svg title')].map(t => t.textContent).join(' ')")
    return sorted(set(m.group(0) for m in RAW_ID.finditer(text)))


def mine_shown(page) -> bool:
    return page.evaluate(
        f"""Boolean(document.querySelector('.laid-marker.marker-mine'))
        || (window.pgweb.store.view.minefields || []).includes('{MINE}')
        || JSON.stringify(window.pgweb.store.view.markers || []).includes('"mine"')""")


def why_not_cites_the_movement_chart(page, far: str, phone: bool = False) -> None:
    """The picked Sherman cannot reach `far` in one movement phase (4.2): the why-not says so in
    words and links the chart that gives the rule, the terrain effects chart of movement
    costs; followed (a tap on a phone), the link opens the rules reference at that chart,
    marked and on screen. The window is scrolled back to the map after."""
    why = page.locator("#why-not:not([hidden])")
    why.wait_for(timeout=TIMEOUT)
    page.wait_for_function("() => !/Asking the referee/.test(document.getElementById('why-not').innerText)", timeout=TIMEOUT)
    assert f"cannot reach {far} this phase" in why.inner_text(), why.inner_text()
    assert not RAW_ID.search(why.inner_text()), why.inner_text()
    link = why.locator('a.reference-link[data-reference="pl-tec"]')
    assert link.inner_text() == "see the chart"
    assert page.evaluate("document.getElementById('rules-reference').open") is False
    if phone:
        link.tap()
    else:
        link.click()
    page.wait_for_function("() => document.getElementById('rules-reference').open", timeout=TIMEOUT)
    cited = page.locator("#rules-reference .cited")
    assert cited.count() == 1 and cited.get_attribute("id") == "pl-tec"
    page.wait_for_function("() => { const r = document.getElementById('pl-tec').getBoundingClientRect();"
                           " return r.top < innerHeight && r.bottom > 0; }", timeout=TIMEOUT)
    shot(page, f"pl-why-not-reference-{'phone' if phone else 'desktop'}")
    page.evaluate("window.scrollTo(0, 0)")


FAR = "A-J-7"  # beyond woods and the stream from the Sherman in A-B-4
DICE = "00" * 32


@pytest.fixture
def pl_people(browser, live_server_url, live_server_env):
    """Ann (Allied), Bob (German) and Cy (watching) on a started Hollenbach game: (url, ann, bob, cy).
    The dice are the test's (Bob's gun leaves the Sherman on the board, in A-H-1)."""
    ann, bob, cy = (guest(browser, live_server_url, **DESKTOP) for _ in range(3))
    for p in (ann, bob, cy):
        p.set_default_timeout(TIMEOUT)
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": SCENARIO, "side": "allied", "options": {"spectators": "public"}})
    fix_dice(live_server_env, game["id"], DICE)
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "german"})
    url = f"{live_server_url}/games/{game['id']}/"
    for p in (ann, bob, cy):
        open_game(p, url)
    return url, ann, bob, cy


def test_two_players_play_panzer_leader_from_the_board_while_a_spectator_follows(pl_people) -> None:
    url, ann, bob, cy = pl_people
    assert "Turn 1 of 8" in ann.locator("#turn-banner").inner_text()
    assert "Allied player turn: Combat phase" in cy.locator("#turn-banner").inner_text()
    assert "Your move" in ann.locator("#turn-banner").inner_text()
    assert "Allied is playing" in bob.locator("#turn-banner").inner_text()
    assert ann.title().startswith("● Your move") and "Crossroads at Hollenbach" in ann.title()

    # Ann: the combat phase has nothing to fire at; she ends it, and her vehicles may move.
    end_phase(ann)
    assert "Movement phase: vehicles" in ann.locator("#turn-banner").inner_text()
    pick(ann, SHERMAN)
    ann.locator(f'.layer-overlays .reach[data-hex="{GOAL}"][data-cost]').wait_for(timeout=TIMEOUT)
    click_hex(ann, GOAL)
    box = ann.locator("#confirm:not([hidden])")
    box.wait_for(timeout=TIMEOUT)
    assert "Move 1st M-4/75 to A-H-1" in box.inner_text()
    ann.wait_for_function("() => /movement cost\\s*\\d/.test(document.getElementById('confirm').innerText)", timeout=TIMEOUT)
    shot(ann, "pl-move-confirm")
    confirm(ann)
    ann.wait_for_function(f"() => window.pgweb.store.view.units['{SHERMAN}'].hex === '{GOAL}'", timeout=TIMEOUT)
    for _ in range(3):  # vehicles, units on foot, close assault
        end_phase(ann)

    # Bob: his combat phase; the gun's target is marked with its odds.
    wait_version(bob, version(ann))
    assert "German player turn: Combat phase" in bob.locator("#turn-banner").inner_text()
    pick(bob, GUN)
    bob.locator(f'.layer-overlays .target[data-hex="{GOAL}"]').wait_for(timeout=TIMEOUT)
    # Its odds are written over the counters, where the Sherman in the hex cannot hide them.
    odds = bob.locator(f'.layer-overlay-labels .target-label[data-hex="{GOAL}"]')
    bob.wait_for_function(
        f"() => /\\d+-\\d+ · \\d+%/.test(document.querySelector('.layer-overlay-labels .target-label[data-hex=\"{GOAL}\"]')?.textContent)", timeout=TIMEOUT)
    assert "prov" not in odds.text_content()
    shot(bob, "pl-fire-odds-on-the-map")
    click_hex(bob, GOAL)
    box = bob.locator("#confirm:not([hidden])")
    box.wait_for(timeout=TIMEOUT)
    bob.wait_for_function("() => /column/.test(document.getElementById('confirm').innerText)", timeout=TIMEOUT)
    odds = box.inner_text()
    assert "Fire: 75mm at 1st M-4/75" in odds
    column = re.search(r"column\s+(\d+-\d+)", odds)
    assert column and "provisional" not in odds, odds
    assert "Chance of each result" in odds and "%" in odds
    shot(bob, "pl-fire-confirm")
    # The odds column is a link to its row of the rules reference, which opens at that row.
    box.locator(f'a.reference-link[data-reference="pl-crt-{column[1]}"]').click()
    bob.wait_for_function("() => document.getElementById('rules-reference').open", timeout=TIMEOUT)
    cited = bob.locator("#rules-reference tr.cited")
    assert cited.get_attribute("id") == f"pl-crt-{column[1]}" and cited.is_visible()
    assert bob.locator("#pl-reference-source").inner_text().count("OpenPanzerBlitz") == 1
    shot(bob, "pl-rules-reference")
    confirm(bob)
    fired = "Direct fire at A-H-1 on 1st M-4/75"
    for p in (ann, bob, cy):
        p.wait_for_function(f"() => document.getElementById('log').innerText.includes('{fired}')", timeout=TIMEOUT)
        assert "provisional" not in p.locator("#log").inner_text()
    end_phase(bob)

    # The spectator follows: the same counters in the same hexes as on both players' boards.
    for p in (ann, bob, cy):
        wait_version(p, version(bob))
    assert positions(cy) == positions(ann) == positions(bob)
    assert cy.locator(f'svg .unit[data-unit="{SHERMAN}"]').get_attribute("data-hex") == GOAL
    assert cy.locator(".action-panel").is_hidden()

    # The unfound minefield is on no board but its owner's, and no page names a counter by its id.
    assert mine_shown(bob)
    assert bob.locator('.laid-marker.marker-mine').count() == 1
    for p in (ann, cy):
        assert not mine_shown(p)
        assert '"minefield"' not in p.content() and "Minefield" not in p.evaluate(
            "[...document.querySelectorAll('svg title')].map(t => t.textContent).join(' ')")
    for p in (ann, bob, cy):
        assert raw_ids_shown(p) == [], p.url
    shot(cy, "pl-spectator")
    shot(bob, "pl-desktop")


def test_a_phone_plays_panzer_leader_with_counters_a_finger_wide_and_the_confirm_on_screen(
        browser, live_server_url) -> None:
    phone = guest(browser, live_server_url, **PHONE)
    desk = guest(browser, live_server_url, **DESKTOP)
    game = api(phone, "POST", live_server_url + "/api/v1/games",
               {"scenario": SCENARIO, "side": "allied", "options": {"spectators": "public"}})
    api(desk, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "german"})
    url = f"{live_server_url}/games/{game['id']}/"
    open_game(phone, url)
    board = phone.locator("svg.board").bounding_box()
    assert board["x"] <= 1 and board["width"] >= 388
    sizes = phone.evaluate(
        "[...document.querySelectorAll('svg.board .layer-units .unit use')].map(u => u.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 28, sizes
    # No banner calls the table provisional (PL-D1): the rules reference says where it is from.
    assert "provisional" not in phone.locator("#turn-banner").inner_text()
    assert phone.locator("#turn-banner").bounding_box()["height"] < 110
    # The rules reference folds open and shut at a tap on its title.
    for opened in ("true", "false"):
        phone.locator("#rules-reference summary").tap()
        phone.wait_for_function(
            f"() => document.getElementById('rules-reference').open === {opened}", timeout=TIMEOUT)
    phone.locator('#global-actions button[data-command="end_phase"]').tap()
    phone.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    before = version(phone)
    phone.locator("#confirm .btn-confirm").tap()
    wait_version(phone, before + 1)
    # A tap on the Sherman, a tap on a lit hex: the move waits in the sheet, Confirm on screen.
    hex_label = phone.evaluate(f"window.pgweb.store.view.units['{SHERMAN}'].hex")
    phone.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    phone.locator(f'svg .unit[data-unit="{SHERMAN}"]').tap()
    phone.wait_for_function(f"() => window.pgweb.ui.picked.includes('{SHERMAN}')", timeout=TIMEOUT)
    phone.locator(".layer-overlays .reach[data-cost]").first.wait_for(timeout=TIMEOUT)
    # A tap on a hex beyond its reach: why not, with the chart a tap away.
    phone.evaluate(f"window.pgweb.board.centerOn('{FAR}')")
    at = phone.evaluate(f"window.pgweb.board.hexOnScreen('{FAR}')")
    phone.touchscreen.tap(at["x"], at["y"])
    why_not_cites_the_movement_chart(phone, FAR, phone=True)
    reach = phone.evaluate("[...document.querySelectorAll('.layer-overlays .reach')].map(r => r.dataset.hex)")
    goal = "A-D-4" if "A-D-4" in reach else reach[-1]
    phone.evaluate(f"window.pgweb.board.centerOn('{goal}')")
    at = phone.evaluate(f"window.pgweb.board.hexOnScreen('{goal}')")
    phone.touchscreen.tap(at["x"], at["y"])
    phone.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    phone.wait_for_function("() => /movement cost/.test(document.getElementById('confirm').innerText)", timeout=TIMEOUT)
    button = phone.locator("#confirm .btn-confirm").bounding_box()
    size = phone.viewport_size
    assert 0 <= button["y"] and button["y"] + button["height"] <= size["height"]
    assert 0 <= button["x"] and button["x"] + button["width"] <= size["width"]
    shot(phone, "pl-phone")
    before = version(phone)
    phone.locator("#confirm .btn-confirm").tap()
    wait_version(phone, before + 1)
    phone.wait_for_function(f"() => window.pgweb.store.view.units['{SHERMAN}'].hex === '{goal}'", timeout=TIMEOUT)
    assert raw_ids_shown(phone) == []
    assert not mine_shown(phone)



def test_an_opportunity_fire_window_why_not_and_line_of_sight_read_in_words(pl_people) -> None:
    _url, ann, bob, cy = pl_people
    # Bob, before anything moves: his gun picked, an Allied rifle clicked: why not, with names.
    pick(bob, GUN)
    rifle_hex = bob.evaluate("window.pgweb.store.view.units['al-rifle-3'].hex")
    click_hex(bob, rifle_hex)
    why = bob.locator("#why-not:not([hidden])")
    why.wait_for(timeout=TIMEOUT)
    bob.wait_for_function("() => !/Asking the referee/.test(document.getElementById('why-not').innerText)", timeout=TIMEOUT)
    assert "Fire at it:" in why.inner_text() and "75mm" in why.inner_text()
    assert not RAW_ID.search(why.inner_text()), why.inner_text()
    bob.keyboard.press("Escape")

    # The line of sight from the gun to the hill: blocked by the town, in words and on the map.
    cy.locator("#los-tool").click()
    click_hex(cy, "A-M-2")
    click_hex(cy, "A-I-3")
    cy.wait_for_function("() => /blocked/.test(document.getElementById('los-answer').innerText)", timeout=TIMEOUT)
    assert "town at A-L-2" in cy.locator("#los-answer").inner_text()
    assert cy.locator(".layer-overlays .los-end").count() == 2

    # Ann's Sherman drives into the gun's sight: Bob may fire at it, the gun ringed, with odds.
    end_phase(ann)
    pick(ann, SHERMAN)
    ann.locator('.layer-overlays .reach[data-hex="A-I-1"][data-cost]').wait_for(timeout=TIMEOUT)
    # First a hex beyond its reach: why not, in words, with the chart that says so a click away.
    click_hex(ann, FAR)
    why_not_cites_the_movement_chart(ann, FAR)
    click_hex(ann, "A-I-1")
    ann.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    confirm(ann)
    prompt = bob.locator("#opfire:not([hidden])")
    prompt.wait_for(timeout=TIMEOUT)
    assert "Your move: opportunity fire at 1st M-4/75 in A-I-1, or decline" in bob.locator("#turn-banner").inner_text()
    ann.wait_for_function("() => /German may opportunity-fire at 1st M-4\\/75/.test(document.getElementById('turn-banner').innerText)",
                          timeout=TIMEOUT)
    # The board rings the gun in its next frame (its redraws are scheduled; the prompt is not).
    bob.wait_for_function("() => document.querySelectorAll('svg .unit.marked').length > 0", timeout=TIMEOUT)
    assert bob.evaluate("[...document.querySelectorAll('svg .unit.marked')].map(u => u.dataset.unit)") == [GUN]
    bob.wait_for_function("() => /\\d+-\\d+/.test(document.getElementById('opfire').innerText)", timeout=TIMEOUT)
    assert "75mm at 1st M-4/75" in prompt.inner_text()
    prompt.locator("button.opfire-choice").first.click()
    bob.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    assert re.search(r"column\s+\d+-\d+", bob.locator("#confirm").inner_text())
    confirm(bob)
    for p in (ann, bob, cy):
        p.wait_for_function("() => document.getElementById('log').innerText.includes('Opportunity fire at A-I-1 on 1st M-4/75')",
                            timeout=TIMEOUT)
    ann.wait_for_function("() => /Your move: move, load and overrun/.test(document.getElementById('turn-banner').innerText)", timeout=TIMEOUT)
    for p in (ann, bob, cy):
        assert raw_ids_shown(p) == [], p.url


def test_a_two_board_situation_from_the_published_forces_draws_both_boards_joined(
        browser, live_server_url) -> None:
    """Marieulles (situation 8) on boards G and E: one map whose joined edge is one row of
    hexes, not two (2.2). (The rules reference on a phone: the phone test above.)"""
    desk = guest(browser, live_server_url, **DESKTOP)
    joiner = guest(browser, live_server_url, **DESKTOP)
    game = api(desk, "POST", live_server_url + "/api/v1/games",
               {"scenario": "pl-08-marieulles", "side": "allied",
                "options": {"spectators": "public"}})
    api(joiner, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "german"})
    open_game(desk, f"{live_server_url}/games/{game['id']}/")
    hexes = desk.evaluate("JSON.parse(document.getElementById('pg-boot').textContent).map.hexes.length")
    assert hexes == 2 * 33 * 11 - 11, hexes
    assert "provisional" not in desk.locator("#turn-banner").inner_text()
    shot(desk, "pl-two-boards")
    assert raw_ids_shown(desk) == []
