"""Watching never ends on a dead "Connecting…": signed out, *Watch* offers a guest name and
then watches; a socket the server closes for good (4401/4403/4404) brings the page that says
why; a double-blind game's spectators are told why their map is nearly empty."""

from __future__ import annotations

import re

import pytest

from tests.browser.pages_kit import api, shot

SCENARIO = "meeting-at-kessel"


def started(person, base: str, **options) -> str:
    ann, bob = person(), person()
    game = api(ann, base, "POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge", "options": options})
    api(bob, base, "POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    return game["id"]


def banner_turn(page) -> str:
    return page.locator('#turn-banner [data-field="turn"]').inner_text()


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_watch_while_signed_out_offers_a_guest_name_then_watches(person, live_server_url, viewport):
    game = started(person, live_server_url)
    cleo = person(viewport, guest=False)
    held = []  # the button's script, held back as on a slow line
    cleo.route("**/lobby/guest*.js", lambda route: held.append(route))
    cleo.goto(live_server_url + "/")
    cleo.locator(f"#watch-games article[data-game='{game}'] a.enter").click()
    cleo.wait_for_selector("#gate[data-reason=signed_out]")
    assert "Watch as a guest" in cleo.locator("#gate").inner_text()
    for _ in range(500):  # the request is made as the page is parsed: soon
        if held:
            break
        cleo.wait_for_timeout(20)
    assert held, "the page never asked for the guest button's script"
    # Until its script is heard, a click would be lost: the button is not offered yet.
    assert cleo.locator("#watch-as-guest").is_disabled()
    held[0].continue_()
    cleo.wait_for_selector("#watch-as-guest:enabled")
    shot(cleo, f"watch-signed-out-{viewport}")
    cleo.click("#watch-as-guest")
    cleo.wait_for_selector("body.socket-open")
    cleo.wait_for_function("() => document.body.dataset.version >= 1")
    assert re.match(r"Turn \d+ of \d+", banner_turn(cleo))
    assert cleo.url.endswith(f"/games/{game}/")
    shot(cleo, f"watching-{viewport}")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_link_to_no_game_says_so_with_a_way_to_the_lobby(person, live_server_url, viewport):
    cleo = person(viewport)
    answer = cleo.goto(live_server_url + "/games/00000000-0000-0000-0000-000000000000/")
    assert answer.status == 404
    assert "No such game" in cleo.locator("#gate h1").inner_text()
    shot(cleo, f"no-such-game-{viewport}")
    cleo.click("#gate a.primary")
    cleo.wait_for_selector("body[data-lobby=live]")


def test_a_socket_closed_because_the_session_ended_brings_the_page_that_explains(
    person, live_server_url
):
    game = started(person, live_server_url)
    cleo = person()
    routes = []

    def through(ws):
        routes.append(ws)
        ws.connect_to_server()

    cleo.route_web_socket(re.compile(r".*/ws/games/.*"), through)
    cleo.goto(f"{live_server_url}/games/{game}/")
    cleo.wait_for_selector("body.socket-open")
    # The session ends (signed out in another tab), then the server closes the socket: 4401.
    cleo.context.clear_cookies()
    routes[0].close(code=4401, reason="not signed in")
    cleo.wait_for_selector("#gate[data-reason=signed_out]")
    assert "Watch as a guest" in cleo.locator("#gate").inner_text()


def test_a_spectator_of_a_double_blind_game_is_told_why_the_map_is_nearly_empty(
    person, live_server_url
):
    game = started(person, live_server_url, double_blind=True)
    cleo = person()
    cleo.goto(f"{live_server_url}/games/{game}/")
    cleo.wait_for_selector("body.socket-open")
    note = cleo.locator("#watch-note")
    assert note.is_visible() and "double-blind" in note.inner_text()
    shot(cleo, "watch-double-blind-desktop")
