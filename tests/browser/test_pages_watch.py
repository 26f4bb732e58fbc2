"""Watching never ends on a dead "Connecting…": signed out, *Watch* offers a guest name and
then watches; a socket the server closes for good (4401/4403/4404) brings the page that says
why; a double-blind game's spectators are told why their map is nearly empty."""

from __future__ import annotations

import re

from tests.browser.pages_kit import DESKTOP, PHONE, api, fits_both_sizes, fits_the_screen, shot

SCENARIO = "meeting-at-kessel"


def started(person, base: str, **options) -> str:
    ann, bob = person(), person()
    game = api(ann, base, "POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge", "options": options})
    api(bob, base, "POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    return game["id"]


def banner_turn(page) -> str:
    return page.locator('#turn-banner [data-field="turn"]').inner_text()


def test_watch_while_signed_out_offers_a_guest_name_then_watches(person, live_server_url):
    # Signed out on a phone; the page is looked at again widened to a desktop window.
    game = started(person, live_server_url)
    cleo = person("phone", guest=False)
    held = []  # the button's script, held back as on a slow line
    cleo.route("**/lobby/guest*.js", lambda route: held.append(route))
    cleo.goto(live_server_url + "/")
    # The script is asked for as the game page is parsed.
    with cleo.expect_request("**/lobby/guest*.js"):
        cleo.locator(f"#watch-games article[data-game='{game}'] a.enter").click()
    cleo.wait_for_selector("#gate[data-reason=signed_out]")
    assert "Watch as a guest" in cleo.locator("#gate").inner_text()
    assert held, "the page never asked for the guest button's script"
    # Until its script is heard, a click would be lost: the button is not offered yet.
    assert cleo.locator("#watch-as-guest").is_disabled()
    held[0].continue_()
    cleo.wait_for_selector("#watch-as-guest:enabled")
    fits_the_screen(cleo)
    shot(cleo, "watch-signed-out-phone")
    cleo.set_viewport_size(DESKTOP)
    assert cleo.locator("#watch-as-guest").is_visible()
    shot(cleo, "watch-signed-out-desktop")
    cleo.set_viewport_size(PHONE)
    cleo.tap("#watch-as-guest")
    cleo.wait_for_selector("body.socket-open")
    cleo.wait_for_function("() => document.body.dataset.version >= 1")
    assert re.match(r"Turn \d+ of \d+", banner_turn(cleo))
    assert cleo.url.endswith(f"/games/{game}/")
    shot(cleo, "watching-phone")
    cleo.set_viewport_size(DESKTOP)
    assert re.match(r"Turn \d+ of \d+", banner_turn(cleo))
    shot(cleo, "watching-desktop")


def test_a_link_to_no_game_says_so_with_a_way_to_the_lobby(person, live_server_url):
    cleo = person("phone")
    answer = cleo.goto(live_server_url + "/games/00000000-0000-0000-0000-000000000000/")
    assert answer.status == 404

    def says_so(_viewport: str) -> None:
        assert "No such game" in cleo.locator("#gate h1").inner_text()
        assert cleo.locator("#gate a.primary").is_visible()

    fits_both_sizes(cleo, "no-such-game", says_so)  # the same page at each size
    cleo.click("#gate a.primary")
    cleo.wait_for_selector("body[data-lobby=live]")


def test_a_spectator_of_a_double_blind_game_is_told_why_the_map_is_nearly_empty_and_a_socket_closed_as_the_session_ended_brings_the_page_that_explains(
    person, live_server_url
):
    game = started(person, live_server_url, double_blind=True)
    cleo = person()
    routes = []

    def through(ws):
        routes.append(ws)
        ws.connect_to_server()

    cleo.route_web_socket(re.compile(r".*/ws/games/.*"), through)
    cleo.goto(f"{live_server_url}/games/{game}/")
    cleo.wait_for_selector("body.socket-open")
    note = cleo.locator("#watch-note")
    assert note.is_visible() and "double-blind" in note.inner_text()
    shot(cleo, "watch-double-blind-desktop")
    # The session ends (signed out in another tab), then the server closes the socket: 4401.
    cleo.context.clear_cookies()
    routes[0].close(code=4401, reason="not signed in")
    cleo.wait_for_selector("#gate[data-reason=signed_out]")
    assert "Watch as a guest" in cleo.locator("#gate").inner_text()
