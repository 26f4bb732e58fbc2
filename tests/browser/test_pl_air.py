"""Panzer Leader in the air, on two boards joined (issue 49): The Guns at Steinfurt (boards A
and B), the Allied P-47 flying from turn 2.

The first turn and the Allied combat phase of the second are passed through the REST API
(phases ended, nothing played); what is tested goes through the pages. Ann (Allied, on a
desktop) asks why her unit cannot fire at the German Hetzer in her air phase and reads the
reason in words; she picks the P-47's strike on the Hetzer, reads its odds, opens the rules
reference from the odds column (the CRT row it cites is marked) and confirms. The plane is
then a counter over the Hetzer on both boards, Ann's and Bob's (German, on a phone), with its
flight on it, an arrow to the Hetzer and a line from the German flak that can reach it, while
Bob decides whether to fire at it. Screenshots go to test-results/.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT, guest, shot
from tests.browser.board_play import click_hex, fix_dice
from tests.browser.test_game_play import api
from tests.browser.test_pl_board import RAW_ID, confirm, open_game, pick, raw_ids_shown, version

SCENARIO = "pl-steinfurt-guns"
PLANE, TARGET = "al-p47-1", "ge-hetzer-1"
DICE = "00" * 32


def _ended_phases_until_the_air_strike(base: str, game: str, players: dict) -> None:
    """End phases, whoever's they are, until the Allied P-47 may strike (turn 2's air phase)."""
    for _ in range(20):
        for page in players.values():
            legal = api(page, "GET", f"{base}/api/v1/games/{game}/legal")
            kinds = {c["type"] for c in legal["commands"]}
            if "air_strike" in kinds:
                return
            ends = [c for c in legal["commands"] if c["type"] == "end_phase"]
            if ends:
                answer = api(page, "POST", f"{base}/api/v1/games/{game}/commands",
                             {"id": 9000 + legal["v"], "v": legal["v"], "command": ends[0]})
                assert answer.get("t") == "ack", answer
                break
    raise AssertionError("the P-47 never came to strike")


@pytest.fixture
def air_game(browser, live_server_url, live_server_env):
    ann = guest(browser, live_server_url, **DESKTOP)
    bob = guest(browser, live_server_url, **PHONE)
    for p in (ann, bob):
        p.set_default_timeout(TIMEOUT)
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": SCENARIO, "side": "allied", "options": {"spectators": "public"}})
    fix_dice(live_server_env, game["id"], DICE)
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "german"})
    _ended_phases_until_the_air_strike(live_server_url, game["id"], {"allied": ann, "german": bob})
    url = f"{live_server_url}/games/{game['id']}/"
    for p in (ann, bob):
        open_game(p, url)
    # (Their contexts are emptied after the test and kept for later ones, their cache of the
    # board's files warm: conftest.PolicyWatchingBrowser.)
    return ann, bob


def test_an_air_strike_on_two_boards_with_its_odds_the_rules_reference_and_the_plane_as_a_counter(air_game) -> None:
    ann, bob = air_game
    boards = ann.evaluate("new Set(JSON.parse(document.getElementById('pg-boot').textContent).map.hexes.map(h => h.hex.split('-')[0])).size")
    assert boards == 2
    assert "Air phase" in ann.locator("#turn-banner").inner_text()
    hetzer = ann.evaluate(f"window.pgweb.store.view.units['{TARGET}'].hex")

    # Why not fire at the Hetzer now? The reasons in words, every counter by its name.
    own = ann.evaluate("Object.values(window.pgweb.store.view.units).find(u => u.own && u.hex).id")
    pick(ann, own)
    click_hex(ann, hetzer)
    why = ann.locator("#why-not:not([hidden])")
    why.wait_for(timeout=TIMEOUT)
    ann.wait_for_function("() => !/Asking the referee/.test(document.getElementById('why-not').innerText)", timeout=TIMEOUT)
    assert "Fire at it:" in why.inner_text() and not RAW_ID.search(why.inner_text()), why.inner_text()
    shot(ann, "pl-air-why-not")
    ann.keyboard.press("Escape")

    # The strike on the Hetzer: its odds, and the rules reference opened from the odds column.
    ann.locator("details.bar-fold summary").filter(has_text="Air strike").click()  # the strikes are folded
    strikes = ann.locator('button[data-command="air_strike"]')
    strikes.first.wait_for(timeout=TIMEOUT)
    texts = strikes.all_inner_texts()
    bombs = [i for i, t in enumerate(texts) if re.search(r"\(bombs\) with ordnance on .*Hetzer", t)]
    assert bombs, texts
    strikes.nth(bombs[0]).click()
    box = ann.locator("#confirm:not([hidden])")
    box.wait_for(timeout=TIMEOUT)
    shot(ann, "pl-air-confirm")
    ann.wait_for_function("() => /column/.test(document.getElementById('confirm').innerText)", timeout=TIMEOUT)
    odds = box.inner_text()
    assert "Air strike:" in odds and "Chance of each result" in odds and "provisional" not in odds, odds
    column = re.search(r"column\s+(\d+-\d+)", odds)
    assert column, odds
    box.locator(f'a.reference-link[data-reference="pl-crt-{column[1]}"]').click()
    ann.wait_for_function("() => document.getElementById('rules-reference').open", timeout=TIMEOUT)
    cited = ann.locator("#rules-reference tr.cited")
    assert cited.get_attribute("id") == f"pl-crt-{column[1]}" and cited.is_visible()
    shot(ann, "pl-air-reference")
    confirm(ann)

    # The P-47 over the Hetzer, a counter on both boards with its flight, target and AA.
    for p in (ann, bob):
        p.wait_for_function(f"() => document.querySelector('svg .aircraft-counter[data-aircraft=\"{PLANE}\"]')", timeout=TIMEOUT)
        plane = p.locator(f'svg .aircraft-counter[data-aircraft="{PLANE}"]')
        assert plane.get_attribute("data-hex") == hetzer
        assert plane.locator("text.aircraft-name").text_content() == "P-47"
        assert re.match(r"T2-\d+ · MG4$", plane.locator("text.aircraft-flight").text_content())
        assert plane.locator(".aircraft-target").count() == 1
        title = plane.locator("title").text_content()
        assert f"strikes {hetzer}" in title and "flying turns 2-" in title, title
        # The flak that can reach the plane is drawn to it, one line for each AA unit in range.
        aa = p.evaluate(f"window.pgweb.store.view.markers.find(m => m.aircraft === '{PLANE}').aa_hexes.length")
        assert plane.locator("line.aa-line").count() == aa
        assert raw_ids_shown(p) == [], p.url
    assert "no AA" in title or bob.locator("#opfire:not([hidden])").count() == 1
    ann.evaluate(f"window.pgweb.board.centerOn('{hetzer}')")
    bob.evaluate(f"window.pgweb.board.centerOn('{hetzer}')")
    bob.locator("#sheet-toggle").tap()  # the phone's sheet folded: the map with the plane
    shot(ann, "pl-air-strike-desktop")
    shot(bob, "pl-air-strike-phone")
    assert version(ann) == version(bob)
