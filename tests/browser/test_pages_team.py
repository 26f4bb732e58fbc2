"""A 2 v 2 game in Chromium: the seats panel says who commands what and marks "you" and
"your partner"; a command that loses a race with a partner's says what the partner did; a
tap holds while another seat's command redraws the action panel under it; a division being
chosen in the lobby survives a redraw."""

from __future__ import annotations

import json
import re

from tests.browser.pages_kit import PHONE, api, shot

SCENARIO = "melnitsa-bridgehead"  # a formation for each of two seats a side


def team_game(person, base: str) -> tuple[str, dict]:
    """Ann and Bob German, Cleo and Dan Soviet, each on the game page: (game id, pages)."""
    pages = {name: person() for name in ("ann", "bob", "cleo", "dan")}
    body = {"scenario": SCENARIO, "side": "ge", "seats_per_side": 2}
    game = api(pages["ann"], base, "POST", "/api/v1/games", body)["id"]
    for name, side in (("bob", "ge"), ("cleo", "su"), ("dan", "su")):
        api(pages[name], base, "POST", f"/api/v1/games/{game}/join", {"side": side})
    return game, pages


def seats_panel_marks_you_and_your_partner(page, mine: str, partners: str) -> None:
    """The seats panel says who commands what and marks "you" and "your partner"."""
    me = page.locator("#seats .seat-you")
    partner = page.locator("#seats .seat-partner")
    assert me.get_attribute("data-seat") == mine and "(you)" in me.inner_text()
    assert partner.get_attribute("data-seat") == partners and "your partner" in partner.inner_text()
    assert "commands" in me.inner_text() and "commands" in partner.inner_text()
    # The page knows which seat commands each of its side's units, for the board to mark.
    commanders = page.evaluate("JSON.parse(document.getElementById('pg-boot').textContent).commanders")
    assert set(commanders.values()) == {mine, partners}
    # The view says who commands each unit now; the board outlines the partner's counters.
    page.locator("svg.board .layer-units .unit").first.wait_for()
    now = page.evaluate("window.pgweb.store.view.commanders")
    assert set(now.values()) == {mine, partners}
    drawn = page.evaluate(
        """[...document.querySelectorAll('svg.board .layer-units .unit.own')].map((g) => [g.getAttribute('data-unit'), g.classList.contains('partner')])""")
    assert drawn and all(partner == (now[unit] == partners) for unit, partner in drawn), drawn
    assert any(partner for _, partner in drawn) and not all(partner for _, partner in drawn)
    assert re.search(r"\d+ units? now", me.inner_text()), me.inner_text()
    page.locator("#seats").scroll_into_view_if_needed()
    shot(page, "team-seats-desktop")


def roll_initiative(pages: dict, base: str, game: str) -> None:
    """Whoever may roll for initiative does, through the API, until the action phase."""
    for _ in range(6):
        rolled = False
        for page in pages.values():
            legal = api(page, base, "GET", f"/api/v1/games/{game}/legal")
            roll = [c for c in legal["commands"] if c["type"] == "roll_initiative"]
            if roll:
                api(page, base, "POST", f"/api/v1/games/{game}/commands", {"id": 1, "v": legal["v"], "command": roll[0]})
                rolled = True
                break
        if not rolled:
            return


def partners_both_able(person, base: str) -> tuple[str, dict, dict, str, str]:
    """A 2 v 2 game past its initiative roll: its id, its pages, each page's legal commands,
    and two partners (page names) who may both act now."""
    game, pages = team_game(person, base)
    roll_initiative(pages, base, game)
    legal = {n: api(p, base, "GET", f"/api/v1/games/{game}/legal") for n, p in pages.items()}
    able = [n for n in pages if legal[n]["commands"]]
    first, second = next(
        (a, b) for a in able for b in able if a < b and legal[a]["seat"][:2] == legal[b]["seat"][:2]
    )
    return game, pages, legal, first, second


def test_the_seats_panel_marks_you_and_your_partner_a_lost_race_names_what_the_partner_did_and_a_tap_holds(
    person, live_server_url
):
    """One 2 v 2 game, three of its pages: the seats panel and a command that loses a race
    with a partner's on the loser's page; then a tap on a page of the side waiting, narrowed
    to a phone's width, that holds while the acting side's command redraws its panel."""
    game, pages, legal, first, second = partners_both_able(person, live_server_url)
    loser = pages[second]
    held = {"on": False}

    def hold_updates(ws):
        # The loser's page does not hear of the partner's command in time (a slow network).
        server = ws.connect_to_server()

        def forward(message):
            kind = json.loads(message).get("t") if isinstance(message, str) else None
            if not (held["on"] and kind in ("patch", "tick", "snapshot")):
                ws.send(message)

        server.on_message(forward)

    loser.route_web_socket(re.compile(r".*/ws/games/.*"), hold_updates)
    loser.goto(f"{live_server_url}/games/{game}/")
    loser.wait_for_selector("body.socket-open")
    loser.wait_for_function("() => Number(document.body.dataset.version) >= 1")
    seats_panel_marks_you_and_your_partner(loser, legal[second]["seat"], legal[first]["seat"])
    held["on"] = True
    # The partner activates one of his units; the loser, who has not heard, passes.
    command = next(c for c in legal[first]["commands"] if c["type"] == "activate" and c.get("kind") == "unit")
    body = {"id": 1000, "v": legal[first]["v"], "command": command}  # not an id the initiative used
    api(pages[first], live_server_url, "POST", f"/api/v1/games/{game}/commands", body)
    loser.locator("#global-actions [data-command=pass]").first.click()
    loser.keyboard.press("Enter")
    notice = loser.locator("#notice")
    notice.filter(has_text="acted first").wait_for()
    seat = legal[first]["seat"]
    text = notice.inner_text()
    assert re.search(rf"Your partner Grenadier-\d+ \({seat}\) acted first", text)
    # What the partner did, with his counter's printed name: no id, no ratings.
    name = loser.evaluate(f"JSON.parse(document.getElementById('pg-boot').textContent).faces.units['{command['unit']}'].name")
    assert f"activated {name}" in text, text
    assert command["unit"] not in text and not re.search(r"\(\d+-\d+-\d+\)", text), text
    shot(loser, "team-race-lost-desktop")
    held["on"] = False

    # Every command in the game redraws every player's action panel. A press and its release
    # on two different nodes make no click, so the panels wait for a press on them to end:
    # a player of the side waiting presses Resign on a phone, a seat of the side acting
    # sends a command, the presser lets go, and the confirmation asks whether to resign.
    # Nor does the button move meanwhile: on a phone the actions are a sheet fixed to the
    # screen's foot, and what changes on its own (reports, the unit panel, the log, the
    # seats) is below it.
    legal = {n: api(p, live_server_url, "GET", f"/api/v1/games/{game}/legal") for n, p in pages.items()}
    actor = next(n for n in pages if legal[n]["commands"])
    waiting = next(n for n in pages if legal[n]["seat"][:2] != legal[actor]["seat"][:2])
    page = pages[waiting]
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server_url}/games/{game}/")
    page.wait_for_selector("body.socket-open")
    page.wait_for_function(f"() => window.pgweb.store.version >= {legal[actor]['v']}")
    page.locator("#sheet-toggle").click()
    button = page.locator("#resign-row button.cmd-resign")
    button.scroll_into_view_if_needed()
    below = page.evaluate("""() => ["intel", "unit-panel", "log", "seats"].map((id) => {
        const node = document.getElementById(id);
        return node.compareDocumentPosition(document.getElementById("resign-row"))
          & Node.DOCUMENT_POSITION_PRECEDING ? id : null; })""")
    assert below == ["intel", "unit-panel", "log", "seats"], below
    pressed = button.element_handle()
    box = pressed.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    before = page.evaluate("window.pgweb.store.version")
    # (Ending the partner's activation, which moves nothing into anyone's sight.)
    offered = {c["type"]: c for c in legal[actor]["commands"]}
    command = next(offered[k] for k in ("end_activation", "pass", "activate") if k in offered)
    said = api(pages[actor], live_server_url, "POST", f"/api/v1/games/{game}/commands",
               {"id": 2000, "v": legal[actor]["v"], "command": command})  # an id not used yet
    assert said["t"] == "ack" and said["v"] == before + 1, said
    page.wait_for_function(f"() => window.pgweb.store.version > {before}")
    # Two frames on, the button is still the one pressed.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert pressed.evaluate("(node) => node.isConnected")
    # Nor did it move: the line the command added to the log below it moved nothing above,
    # so the point pressed is still on the button.
    now = pressed.bounding_box()
    assert abs(now["y"] - box["y"]) < 0.5 and abs(now["x"] - box["x"]) < 0.5, (box, now)
    assert page.locator("#log li").count() > 0
    page.mouse.up()
    confirm = page.locator("#confirm")
    confirm.wait_for(state="visible")
    assert "cannot be taken back" in confirm.inner_text()


def test_a_division_being_chosen_survives_the_lobby_redrawing_when_someone_joins(
    person, live_server_url
):
    ann, bob = person(), person()
    body = {"scenario": SCENARIO, "side": "ge", "seats_per_side": 2}
    game = api(ann, live_server_url, "POST", "/api/v1/games", body)["id"]
    ann.goto(f"{live_server_url}/")
    card = f"#my-games article[data-game='{game}']"
    select = ann.locator(f"{card} .side[data-side=ge] select[data-formation]").first
    formation = select.get_attribute("data-formation")
    other = "ge-2" if select.input_value() == "ge-1" else "ge-1"
    select.select_option(other)
    # Bob takes a seat: every lobby redraws its cards, and Ann's choice must still be there.
    api(bob, live_server_url, "POST", f"/api/v1/games/{game}/join", {"side": "ge"})
    ann.locator(f"{card} .seat .player-name").nth(1).wait_for()
    chosen = ann.locator(f"{card} select[data-formation='{formation}']")
    assert chosen.input_value() == other
    ann.locator(f"{card} .side[data-side=ge] button.save-division").click()
    ann.locator("#notice", has_text="Division saved").wait_for()
    plan = api(ann, live_server_url, "GET", f"/api/v1/games/{game}/division")["seats"]
    assert formation in plan[other]


def test_a_partners_command_that_takes_away_a_proposed_one_is_named_and_the_banner_says_who_acts(
    person, live_server_url
):
    """Both partners may activate; one has a pass proposed (the confirm box open) when the
    other's activation arrives: the box goes, the notice says what the partner did and that
    the pass was not sent, and the banner and the actions say the partner is acting; the
    other side's banner names the side and its player. Desktop, then a phone."""
    game, pages, legal, first, second = partners_both_able(person, live_server_url)
    enemy = next(n for n in pages if legal[n]["seat"][:2] != legal[first]["seat"][:2])
    loser, watcher = pages[second], pages[enemy]
    watcher.set_viewport_size(PHONE)
    for page in (loser, watcher):
        page.goto(f"{live_server_url}/games/{game}/")
        page.wait_for_selector("body.socket-open")
        page.wait_for_function(f"() => window.pgweb.store.version >= {legal[first]['v']}")
    loser.locator("#global-actions [data-command=pass]").first.click()
    confirm = loser.locator("#confirm")
    confirm.wait_for(state="visible")
    command = next(c for c in legal[first]["commands"] if c["type"] == "activate" and c.get("kind") == "unit")
    body = {"id": 3000, "v": legal[first]["v"], "command": command}
    assert api(pages[first], live_server_url, "POST", f"/api/v1/games/{game}/commands", body)["t"] == "ack"
    notice = loser.locator("#notice")
    notice.filter(has_text="acted first").wait_for()
    confirm.wait_for(state="hidden")
    player = api(pages[first], live_server_url, "GET", "/api/v1/auth/session")["username"]
    seat = legal[first]["seat"]
    text = notice.inner_text()
    assert text.startswith(f"Your partner {player} ({seat}) acted first: {player} activated "), text
    assert "Your proposed command was not sent" in text, text
    banner = loser.locator("#turn-banner [data-field=whose]")
    assert banner.inner_text() == f"Your partner {player} is acting"
    assert loser.locator("#partner-acting").inner_text().startswith(f"Your partner {player} is acting")
    # Enter sends nothing now: there is nothing proposed.
    version = loser.evaluate("window.pgweb.store.version")
    loser.keyboard.press("Enter")
    assert loser.evaluate("window.pgweb.ui.proposal") is None
    shot(loser, "team-partner-first-desktop")
    side = "German" if seat.startswith("ge") else "Soviet"
    watcher.wait_for_function(f"() => window.pgweb.store.version >= {version}")
    whose = watcher.locator("#turn-banner [data-field=whose]")
    watcher.wait_for_function(
        "(want) => document.querySelector('#turn-banner [data-field=whose]').textContent === want",
        arg=f"{side}: {player} is acting",
    )
    assert whose.inner_text() == f"{side}: {player} is acting"
    shot(watcher, "team-banner-phone")
    loser.set_viewport_size(PHONE)
    loser.locator("#turn-banner").scroll_into_view_if_needed()
    shot(loser, "team-partner-first-phone")
