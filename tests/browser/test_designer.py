"""The designer in Chromium (issue 48): a battle built from a blank board, a problem seen on
the map and fixed, tried against a bot, published, found and played by another player,
hidden by a moderator; export then import; a briefing with markup shown as text. Panzer
Leader's extras (a railway, aircraft, the battle's date and front) and Panzer Grenadier's
lack of them (PL-E28, D-TEC-RAIL); each designer page is looked at again narrowed to a
phone's width."""

from __future__ import annotations

import json

from tests.browser import live_shell
from tests.browser.pages_kit import TIMEOUT, api, at_size, fits_the_screen, shot

MARKUP = '<img src=x onerror="window.pwned=1"><b>Hold the mill</b>'


def click_hex(page, label: str) -> None:
    """Click the middle of a hex of the designer's map, as a person would: the map scrolled
    into the window first (filling a field lower down the page scrolls it away), then the hex
    centred on it."""
    page.locator("#board").scroll_into_view_if_needed()
    page.evaluate(f"window.pgweb.designer.board.centerOn('{label}')")
    at = page.evaluate(f"window.pgweb.designer.board.hexOnScreen('{label}')")
    page.mouse.click(at["x"], at["y"])


def blank_battle(page, base: str, ruleset: str = "panzer_grenadier") -> None:
    """Open the designer on a blank 8 by 6 board of the ruleset."""
    page.goto(base + "/design/")
    page.select_option("#start-ruleset", ruleset)
    page.fill("#start-columns", "8")
    page.fill("#start-rows", "6")
    page.click("#start-blank")
    page.wait_for_selector("#design-layout:not([hidden])")
    page.wait_for_function("() => window.pgweb.designer.board !== null")


def place(page, label: str, search: str, side: str) -> None:
    page.check("input[name=tool][value=counter]")
    page.fill("#counter-search", search)
    page.select_option("#counter-type", index=0)
    page.select_option("#counter-side", side)
    before = page.evaluate("window.pgweb.designer.doc.units.length")
    click_hex(page, label)
    page.wait_for_function(f"() => window.pgweb.designer.doc.units.length === {before + 1}")


def not_run(page) -> None:
    """The briefing's markup, shown on this page, is text: no image made of it, no script run
    (each page it shows on is checked as the test reaches it)."""
    assert page.locator("img[src=x]").count() == 0
    assert not page.evaluate("window.pwned === 1")


def checked(page) -> None:
    """Wait for the server's answer to the last edit."""
    page.wait_for_function(
        "() => document.querySelector('#no-problems') && (!document.querySelector('#no-problems').hidden"
        " || document.querySelectorAll('#problems li').length > 0)", timeout=TIMEOUT)


def test_a_designer_builds_tries_and_publishes_a_battle_another_player_plays(
        person, live_server_url, live_server_env):
    base = live_server_url
    ann = person()
    blank_battle(ann, base)
    ann.fill("#doc-id", "mill-at-dawn")
    ann.fill("#doc-title", "The mill at dawn")
    ann.fill("#doc-turns", "3")
    ann.fill("#doc-description", MARKUP)
    ann.locator("#doc-description").dispatch_event("change")
    ann.locator("#sides-victory textarea[data-side]").last.fill(MARKUP)
    ann.locator("#sides-victory textarea[data-side]").last.dispatch_event("change")
    # The board: a town to fight for, two platoons a side.
    ann.check("input[name=tool][value=terrain]")
    ann.select_option("#terrain-brush", "t")
    click_hex(ann, "A0604")
    ann.wait_for_function("() => window.pgweb.designer.doc.boards.board1.terrain[3][5] === 't'")
    ann.check("input[name=tool][value=objective]")
    click_hex(ann, "A0604")
    # A stream before the village, and a road to it across a bridge.
    ann.check("input[name=tool][value=hexside]")
    ann.select_option("#hexside-feature", "stream")
    click_hex(ann, "A0503")
    click_hex(ann, "A0603")
    ann.select_option("#hexside-feature", "bridge")
    click_hex(ann, "A0504")
    click_hex(ann, "A0604")
    ann.wait_for_function("() => (window.pgweb.designer.doc.boards.board1.hexsides ?? []).length === 2")
    ann.check("input[name=tool][value=road]")
    ann.select_option("#road-kind", "road")
    for a, b in (("A0304", "A0404"), ("A0404", "A0504"), ("A0504", "A0604")):
        click_hex(ann, a)
        click_hex(ann, b)
    ann.wait_for_function("() => (window.pgweb.designer.doc.boards.board1.roads ?? []).length === 3")
    ann.wait_for_selector("svg g.hexside.stream", state="attached")
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
    # Taken to the game (its board's load is the board tests' business).
    ann.wait_for_url("**/games/**", wait_until="commit")
    assert api(ann, base, "GET", "/api/v1/designer/scenarios/mill-at-dawn")["state"] == "draft"
    ann.goto(base + "/design/mill-at-dawn/")
    ann.wait_for_selector("#design-layout:not([hidden])")
    ann.click("#publish")
    # The request only checks it: the bot-vs-bot game is the background worker's.
    ann.wait_for_selector("#publish-state[data-state=checking]")
    ann.goto(base + "/battles/mill-at-dawn/")
    assert "checking" in ann.locator(".publishing[data-state=checking]").inner_text()
    ann.goto(base + "/design/mill-at-dawn/")
    ann.wait_for_selector("#publish-state[data-state=checking]")
    # The background worker's run, in the session's shell (a `manage.py worker` process would
    # spend seconds of CPU importing everything first): it plays the bot-vs-bot game and
    # publishes.
    live_shell.run(live_server_env, "from django.core.management import call_command; "
                   "call_command('worker', '--batch', '--no-startup-delay')")
    ann.wait_for_selector("#publish-state[data-state=published]", timeout=TIMEOUT)
    assert "revision 1" in ann.locator("#publish-state").inner_text()
    # Another player finds it among the battles and plays it.
    bob = person()
    bob.goto(base + "/battles/?origin=players")
    card = bob.locator("[data-battle=mill-at-dawn]")
    assert "The mill at dawn" in card.inner_text()
    not_run(bob)
    shot(bob, "battles-desktop")
    card.locator("a.play-this").click()
    bob.wait_for_url("**/new-game/**")
    chosen = bob.locator("#new-game-form .battle-card.chosen[data-play-id='mill-at-dawn.r1']")
    assert bob.locator("#scenario-input").get_attribute("value") == "mill-at-dawn.r1"
    assert "The mill at dawn" in chosen.locator(".battle-title").inner_text()
    assert "By " in chosen.locator(".tag.players").inner_text()
    not_run(bob)
    shot(bob, "new-game-players-battle-desktop")
    game = api(bob, base, "POST", "/api/v1/games", {"scenario": "mill-at-dawn.r1",
                                                     "side": "defender"})
    assert game["scenario"] == "mill-at-dawn.r1"
    # The briefing is text wherever it shows: the catalogue, the battle page, the game page.
    bob.goto(base + "/battles/mill-at-dawn/")
    assert bob.locator(".briefing[data-side=defender]").inner_text() == MARKUP
    assert bob.locator("#battle-description").inner_text() == MARKUP
    not_run(bob)
    shot(bob, "battle-page-desktop")
    bob.goto(base + f"/games/{game['id']}/")
    bob.wait_for_selector("#board")
    not_run(bob)
    # Export, then import as the designer: the same document, so the published revision as
    # it stands (no draft of it); changed, it is the battle's new draft.
    exported = api(bob, base, "GET", "/api/v1/designer/scenarios/mill-at-dawn/export")
    imported = api(ann, base, "POST", "/api/v1/designer/scenarios",
                   {"ruleset": "panzer_grenadier", "document": exported})
    assert [r["state"] for r in imported["revisions"]] == ["published"]
    imported = api(ann, base, "POST", "/api/v1/designer/scenarios",
                   {"ruleset": "panzer_grenadier", "document": {**exported, "turns": 4}})
    draft = [r for r in imported["revisions"] if r["state"] == "draft"][0]
    assert draft["document"] == {**exported, "turns": 4}
    # A moderator hides it: gone from the catalogue, the game goes on.
    live_shell.run(live_server_env, "from django.contrib.auth import get_user_model as g;"
                   "u=g().objects.create_user(username='mod', password='mod-pass-1234');"
                   "u.is_staff=True;u.save()")
    mod = person(guest=False)
    api(mod, base, "POST", "/api/v1/auth/login", {"username": "mod", "password": "mod-pass-1234"})
    mod.goto(base + "/battles/mill-at-dawn/")
    mod.click("#hide-button")
    mod.wait_for_selector(".tag.hidden")
    bob.goto(base + "/battles/")
    assert bob.locator("[data-battle=mill-at-dawn]").count() == 0
    assert api(bob, base, "GET", f"/api/v1/games/{game['id']}")["id"] == game["id"]


def test_the_pages_fit_a_phone(person, live_server_url, scenarios_loaded):
    phone = person(viewport="phone")
    phone.goto(live_server_url + "/battles/")
    phone.wait_for_selector(".battle-card")
    fits_the_screen(phone)
    shot(phone, "battles-phone")
    phone.goto(live_server_url + "/battles/melnitsa-bridgehead/")
    phone.wait_for_selector("#play-this")
    fits_the_screen(phone)
    # Each of the battle's facts (date, counters, turns, length) whole on one line.
    lines = phone.eval_on_selector_all(".battle-line > span", "(facts) => facts.map((f) => [f.textContent, f.getClientRects().length])")
    assert len(lines) == 4 and all(n == 1 for _, n in lines), lines
    shot(phone, "battle-page-phone")
    # (The designer at a phone's width: the two tests below end on it, narrowed.)


def test_a_desktop_designer_starts_a_panzer_leader_situation(person, live_server_url):
    page = person()
    page.goto(live_server_url + "/design/")
    page.select_option("#start-ruleset", "panzer_leader")
    page.click("#start-blank")
    page.wait_for_selector("#problems li")
    text = page.locator("#problems").inner_text()
    assert "place at least one counter for each side" in text
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
    # A problem on the map: two sides set up in one hex is marked where it stands.
    page.check("input[name=tool][value=counter]")
    page.fill("#counter-search", "us_m4")
    page.select_option("#counter-type", "us_m4")
    page.select_option("#counter-side", "allied")
    click_hex(page, "N-C-3")
    page.wait_for_function("() => window.pgweb.designer.doc.forces.length === 2")
    page.fill("#counter-search", "de_rifle")
    page.select_option("#counter-type", "de_rifle")
    page.select_option("#counter-side", "german")
    click_hex(page, "N-C-3")
    page.wait_for_selector("#problems li[data-hex=N-C-3]")
    page.wait_for_selector("svg .target[data-hex=N-C-3]")
    page.check("input[name=tool][value=erase]")
    click_hex(page, "N-C-3")
    page.wait_for_function("() => !document.querySelector('svg .target[data-hex=\"N-C-3\"]')")
    # The board's links: a road from hex to hex, and a cliff between two hexes.
    page.check("input[name=tool][value=road]")
    click_hex(page, "N-B-2")
    click_hex(page, "N-C-2")
    page.wait_for_function("() => (window.pgweb.designer.doc.boards.N.roads ?? []).length === 1")
    page.wait_for_selector("svg path.road", state="attached")
    page.check("input[name=tool][value=hexside]")
    page.select_option("#hexside-feature", "cliff")
    click_hex(page, "N-E-2")
    click_hex(page, "N-E-3")
    page.wait_for_function("() => (window.pgweb.designer.doc.boards.N.hexsides ?? []).length === 1")
    assert page.evaluate("window.pgweb.designer.doc.boards.N.hexsides[0]") == {
        "a": [4, 1], "b": [4, 2], "features": ["cliff"]}
    page.wait_for_selector("svg g.hexside.cliff[data-hexside='N-E-2|N-E-3']", state="attached")
    checked(page)
    assert page.locator("#problems li[data-hex]").count() == 0
    shot(page, "designer-pl-desktop")
    # A railway from A-1 to B-1: in the document apart from roads, and drawn as a rail
    # (PL-E28, D-TEC-RAIL).
    page.check("input[name=tool][value=road]")
    page.select_option("#road-kind", "railway")
    click_hex(page, "N-A-1")
    click_hex(page, "N-B-1")
    page.wait_for_function("() => (window.pgweb.designer.doc.boards.N.railways ?? []).length === 1")
    page.wait_for_selector("svg path.railway", state="attached", timeout=TIMEOUT)
    assert page.evaluate("window.pgweb.designer.doc.boards.N.roads.length") == 1
    page.locator("#board").scroll_into_view_if_needed()
    shot(page, "designer-pl-railway")
    # Two P-47s with rockets for the Allies, turns 2 to 5; the observer has nothing to carry.
    assert not page.locator("#air-support").is_hidden() and page.locator("#forces").is_hidden()
    page.select_option("#aircraft-type", "us_l5")
    assert page.locator("#aircraft-ordnance").is_disabled()
    page.select_option("#aircraft-type", "us_p47")
    page.select_option("#aircraft-ordnance", "rockets")
    page.select_option("#aircraft-side", "allied")
    page.fill("#aircraft-count", "2")
    page.fill("#aircraft-first", "2")
    page.fill("#aircraft-last", "5")
    page.click("#aircraft-add")
    page.wait_for_function("() => (window.pgweb.designer.doc.aircraft ?? []).length === 1")
    assert page.evaluate("window.pgweb.designer.doc.aircraft[0]") == {
        "side": "allied", "type": "us_p47", "count": 2, "first": 2, "last": 5,
        "ordnance": "rockets"}
    assert "2 × P-47 Thunderbolt with rockets for Allied, turns 2 to 5" in page.inner_text(
        "#aircraft")
    # A turn past the end is a problem the check names.
    page.fill("#aircraft-last", "30")
    page.click("#aircraft-add")
    page.wait_for_selector("#problems li:has-text('aircraft[1].last')", timeout=TIMEOUT)
    page.click("#aircraft li[data-aircraft='1'] button.remove")
    page.wait_for_function("() => window.pgweb.designer.doc.aircraft.length === 1")
    # The date and front go into the document.
    page.fill("#doc-date", "1944-11-20")
    page.locator("#doc-date").dispatch_event("change")
    page.select_option("#doc-front", "west")
    page.wait_for_function("() => window.pgweb.designer.doc.front === 'west'"
                           " && window.pgweb.designer.doc.date === '1944-11-20'")
    shot(page, "designer-pl-extras-desktop")
    # Narrowed to a phone's width, the designer with its problems and air support fits.
    at_size(page, "phone")  # the header folds under its Menu: waited for
    page.locator("#problems li").first.wait_for()
    fits_the_screen(page, "the Panzer Leader designer on a phone")
    # The panel under the map keeps clear of the screen's edges, as the title does.
    sides = page.eval_on_selector_all(".design-panel > fieldset", """(sets) => sets.filter((f) => f.getClientRects().length)
        .map((f) => { const r = f.getBoundingClientRect(); return [r.left, innerWidth - r.right]; })""")
    assert sides and all(left >= 4 and right >= 4 for left, right in sides), sides
    shot(page, "designer-phone")
    page.locator("#air-support").scroll_into_view_if_needed()
    fits_the_screen(page, "the Panzer Leader designer's air support on a phone")
    shot(page, "designer-pl-air-phone")


def test_a_battle_starts_on_a_bundled_board(person, live_server_url, scenarios_loaded):
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
    # The board, kept under a name of the designer's, is offered at the next start.
    page.locator("details.keep-board summary").click()
    page.fill("#keep-board-name", "Hill 112")
    page.click("#keep-board")
    page.wait_for_function(
        "() => document.querySelector('#design-status').textContent.startsWith('Kept')")
    page.goto(live_server_url + "/design/")
    page.select_option("#start-ruleset", "panzer_leader")
    page.wait_for_selector("#start-board option[value='mine:Hill112']", state="attached")
    page.select_option("#start-board", "mine:Hill112")
    page.click("#start-blank")
    page.wait_for_selector("#problems li")
    assert page.evaluate("Object.keys(window.pgweb.designer.doc.boards)") == ["Hill112"]
    assert page.evaluate("window.pgweb.designer.doc.map") == [{"board": "Hill112", "at": [0, 0]}]


def test_a_designer_forms_formations_names_a_leader_and_calls_support(
    person, live_server_url, scenarios_loaded
):
    page = person()
    blank_battle(page, live_server_url)
    # Team play: a formation for the attacker's seat, its leader named on the counter.
    page.fill("#formation-name", "Kampfgruppe Brandt")
    page.select_option("#formation-side", "attacker")
    page.click("#formation-add")
    page.wait_for_selector("#formations li[data-formation=kampfgruppe-brandt]")
    page.check("input[name=tool][value=counter]")
    page.fill("#counter-search", "ge_ldr_cpt_a")
    page.select_option("#counter-type", "ge_ldr_cpt_a")
    page.select_option("#counter-side", "attacker")
    page.select_option("#counter-formation", "kampfgruppe-brandt")
    page.fill("#counter-name", "Hauptmann Brandt")
    click_hex(page, "A0203")
    page.wait_for_function("() => window.pgweb.designer.doc.units.length === 1")
    assert page.evaluate("window.pgweb.designer.doc.units[0]") == {
        "id": "attacker-ge_ldr_cpt_a-1", "type": "ge_ldr_cpt_a", "side": "attacker",
        "hex": "A0203", "formation": "kampfgruppe-brandt", "name": "Hauptmann Brandt"}
    assert "1 counter" in page.locator("#formations li").inner_text()
    page.wait_for_selector("svg text.unit-name:has-text('Hauptma')", state="attached")
    # A second board joins the map to the south: its hexes read B…, and paint.
    page.locator("#join-board-box summary").click()
    # The box lists the boards that may join once it opens; the list has a set width, so
    # *Join it* keeps its place in its row while the list fills (the problems listed above
    # the box may still change its height).
    before = page.locator("#join-board-add").bounding_box()["x"]
    page.wait_for_function("() => document.querySelectorAll('#join-board option').length > 1")
    assert page.locator("#join-board-add").bounding_box()["x"] == before
    page.select_option("#join-direction", "south")
    page.click("#join-board-add")
    page.wait_for_function("() => window.pgweb.designer.doc.map.boards.length === 2")
    page.wait_for_function("() => window.pgweb.designer.board.hexOnScreen('B0302') !== null")
    page.check("input[name=tool][value=terrain]")
    page.select_option("#terrain-brush", "W")
    click_hex(page, "B0302")
    page.wait_for_function("() => window.pgweb.designer.doc.boards.board2.terrain[1][2] === 'W'")
    # Support from off the map: an artillery battalion from turn 2, a flight of Il-2s.
    page.select_option("#support-kind", "artillery")
    page.select_option("#support-side", "attacker")
    page.fill("#support-name", "105mm battalion")
    page.fill("#support-strength", "16")
    page.fill("#support-from", "2")
    page.click("#support-add")
    page.select_option("#support-kind", "air")
    page.select_option("#support-side", "defender")
    page.fill("#support-name", "Il-2 flight")
    page.fill("#support-strength", "6")
    page.fill("#support-from", "")
    page.click("#support-add")
    page.wait_for_selector("#support li >> nth=1")
    rules = page.evaluate("window.pgweb.designer.doc.special_rules")
    assert [(r["rule"], r["side"]) for r in rules] == [("offboard_artillery", "attacker"),
                                                        ("air_support", "defender")]
    assert rules[0]["increments"][0] == {"id": "attacker-105mm-battalion",
                                         "name": "105mm battalion", "strength": 16,
                                         "from_turn": 2}
    checked(page)
    fields = page.locator("#problems li code").all_inner_texts()
    assert not [f for f in fields if f.startswith(("special_rules", "formations", "units[0]"))]
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "designer-forces-desktop")
    # Taking the formation away leaves its leader on the map, in no formation.
    page.locator("#formations li[data-formation=kampfgruppe-brandt] button.remove").click()
    page.wait_for_function("() => !('formation' in window.pgweb.designer.doc.units[0])")
    # An imported board's own problem (a stream on a side that leads off the board) is
    # marked on the map where the battle lays that board.
    imported = page.evaluate("JSON.parse(JSON.stringify(window.pgweb.designer.doc))")
    imported["boards"]["board1"]["hexsides"] = [{"hex": "0101", "side": "N", "feature": "stream"}]
    page.set_input_files("#import-file", files=[{
        "name": "battle.json", "mimeType": "application/json",
        "buffer": json.dumps(imported).encode()}])
    page.wait_for_selector("#problems li[data-hex=A0101]")
    page.wait_for_selector("svg .target[data-hex=A0101]")
    assert "leads off the board" in page.locator("#problems li[data-hex=A0101]").inner_text()
    # Panzer Grenadier offers no railway and no air support (PL-E28, D-TEC-RAIL); its front
    # goes into the document; narrowed to a phone's width, the panels fit.
    kinds = page.eval_on_selector_all("#road-kind option", "els => els.map(e => e.value)")
    assert kinds == ["road", "trail"]
    assert page.locator("#air-support").is_hidden()
    page.select_option("#doc-front", "east")
    page.wait_for_function("() => window.pgweb.designer.doc.front === 'east'")
    at_size(page, "phone")
    fits_the_screen(page, "the designer on a phone")
    shot(page, "designer-pg-phone")

