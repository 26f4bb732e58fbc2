"""The chips on the counters are the server's (issue 47): each ruleset's view gives each
counter its chips, and the board writes them as sent, in both games, on a desktop and on a
phone. A Panzer Grenadier game is played through the API until a counter wears a chip
(Moved/Fired after its move); a Panzer Leader game shows its halftrack carrying riflemen
from the start. Screenshots go to test-results/."""

from __future__ import annotations

from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT, guest, shot
from tests.browser.board_play import play_until, two_players
from tests.browser.test_game_play import api
from tests.browser.test_pl_board import open_game


def _drawn(page, unit: str) -> dict:
    """The chips written on a counter: its look is a shared face in the board's <defs>, which
    the counter <use>s."""
    use = page.locator(f'svg.board .unit[data-unit="{unit}"] use').first
    use.wait_for(state="attached", timeout=TIMEOUT)
    face = use.get_attribute("href")
    chips = page.locator(f"svg.board {face} .unit-chips").first
    chips.wait_for(state="attached", timeout=TIMEOUT)
    return {"labels": chips.get_attribute("data-chips"),
            "kinds": chips.get_attribute("data-chip-kinds")}


def _listed(units) -> list[dict]:
    """A view's units, whether keyed by id or listed."""
    return list(units.values()) if isinstance(units, dict) else units


def _sent(unit: dict) -> dict:
    return {"labels": " ".join(c["label"] for c in unit["chips"]),
            "kinds": " ".join(c["kind"] for c in unit["chips"])}


def test_a_panzer_grenadier_counter_wears_the_chips_its_view_gives_it(browser, live_server_url):
    players = two_players(browser, live_server_url)

    def worn(p, view, cmds):
        return next((u for u in _listed(view["units"])
                     if u.get("chips") and u.get("hex") and u.get("own")), None)

    p, unit = play_until(players, worn)
    url = f"{live_server_url}/games/{p.game}/"
    for page, name in ((p.desk, "pg-chips-desktop"), (p.phone, "pg-chips-phone")):
        page.goto(url)
        page.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)
        assert _drawn(page, unit["id"]) == _sent(unit)
        shot(page, name)


def test_a_panzer_leader_counter_wears_the_chips_its_view_gives_it(browser, live_server_url):
    ann = guest(browser, live_server_url, **DESKTOP)
    bob = guest(browser, live_server_url, **PHONE)
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": "pl-hollenbach", "side": "allied",
                "options": {"spectators": "public"}})["id"]
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game}/join", {"side": "german"})
    units = api(ann, "GET", f"{live_server_url}/api/v1/games/{game}/view")["d"]["units"]
    halftrack = next(u for u in _listed(units) if u["id"] == "al-halftrack-1")
    assert [c["kind"] for c in halftrack["chips"]] == ["carrying"]
    url = f"{live_server_url}/games/{game}/"
    phone = guest(browser, live_server_url, **PHONE)
    phone.context.add_cookies(ann.context.cookies())
    for page, name in ((ann, "pl-chips-desktop"), (phone, "pl-chips-phone")):
        page.set_default_timeout(TIMEOUT)
        open_game(page, url)
        assert _drawn(page, "al-halftrack-1") == _sent(halftrack)
        shot(page, name)
