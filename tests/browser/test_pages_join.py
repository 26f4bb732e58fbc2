"""Joining from the lobby: whoever takes the last seat is taken to the game like the others,
a tap on Join holds while the lists are redrawn, and an invite link highlights its game and
offers Join (desktop and phone)."""

from __future__ import annotations

import re

import pytest

from tests.browser.pages_kit import TIMEOUT, api, leave, shot

GAME_URL = re.compile(r".*/games/[0-9a-f-]{36}/$")
SCENARIO = "meeting-at-kessel"


def open_game(page, base: str, **options) -> str:
    body = {"scenario": SCENARIO, "side": "ge", "options": options}
    return api(page, base, "POST", "/api/v1/games", body)["id"]


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_player_who_takes_the_last_seat_is_taken_to_the_game(
    person, live_server_url, viewport
):
    ann, bob = person(viewport), person(viewport)
    ann.goto(live_server_url + "/")
    ann.wait_for_selector("body[data-lobby=live]")
    game = open_game(ann, live_server_url)
    bob.goto(live_server_url + "/")
    card = bob.locator(f"#open-game-list article[data-game='{game}']")
    card.locator("button.join").click()
    # Bob filled the last seat: both land on the game page, not only the one who waited.
    for page in (bob, ann):
        page.wait_for_url(GAME_URL, timeout=TIMEOUT)
        assert page.url.endswith(f"/games/{game}/")
    leave(ann)  # landed: the board she would load next is Bob's to show (and the board tests')
    bob.wait_for_selector("body.socket-open")
    shot(bob, f"join-last-seat-{viewport}")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_tap_on_join_holds_while_the_lists_are_redrawn_under_it(
    person, live_server_url, viewport
):
    """The lists are redrawn whenever anyone comes or goes. A press and its release on two
    different nodes make no click, so a card that did not change stays the same node."""
    ann, bob, cleo = person(viewport), person(viewport), person(viewport)
    game = open_game(ann, live_server_url)
    bob.goto(live_server_url + "/")
    button = bob.locator(f"#open-game-list article[data-game='{game}'] button.join")
    button.scroll_into_view_if_needed()
    held = button.element_handle()
    box = held.bounding_box()
    bob.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    bob.mouse.down()
    # Cleo comes to the lobby: Bob's lists are drawn again, now with her among those online.
    name = api(cleo, live_server_url, "GET", "/api/v1/auth/session")["username"]
    cleo.goto(live_server_url + "/")
    bob.locator("#online li.player-name", has_text=name).wait_for()
    assert held.evaluate("(node) => node.isConnected")
    bob.mouse.up()
    bob.wait_for_url(GAME_URL, timeout=TIMEOUT)
    assert bob.url.endswith(f"/games/{game}/")


def test_a_game_of_mine_the_lobby_never_saw_open_takes_me_there_when_it_starts(
    person, live_server_url
):
    """On a busy server the lists of a game opened and filled at once can come as one frame,
    showing it running already; its players are taken to it all the same. A game against a
    bot starts as it opens, so the lobby never sees it open at all."""
    ann = person("desktop")
    ann.goto(live_server_url + "/")
    ann.wait_for_selector("body[data-lobby=live]")
    body = {"scenario": SCENARIO, "side": "ge", "level": "recruit"}
    game = api(ann, live_server_url, "POST", "/api/v1/bots/play", body)["id"]
    ann.wait_for_url(GAME_URL, timeout=TIMEOUT)
    assert ann.url.endswith(f"/games/{game}/")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_an_invite_link_highlights_its_game_and_offers_join(person, live_server_url, viewport):
    ann = person(viewport)
    game = open_game(ann, live_server_url, private=True)
    ann.goto(live_server_url + "/")
    invite = ann.locator(f"article[data-game='{game}'] input.invite-link")
    link = invite.input_value()
    assert link.endswith(f"/?game={game}")
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ann.locator(f"article[data-game='{game}'] button.copy-invite").click()
    ann.wait_for_function("(link) => navigator.clipboard.readText().then((t) => t === link)", arg=link)
    ann.evaluate("(id) => document.querySelector(`article[data-game='${id}']`).scrollIntoView()", game)
    shot(ann, f"invite-creator-{viewport}")

    # A stranger, signed out, follows the link: the game stands out with a way to join it.
    cleo = person(viewport, guest=False)
    cleo.goto(link)
    box = cleo.locator("#invite")
    box.locator(f"article[data-game='{game}']").wait_for()
    assert "invited" in box.inner_text()
    assert box.evaluate("(b) => b.getBoundingClientRect().top") < 900  # on screen, near the top
    shot(cleo, f"invite-signed-out-{viewport}")
    box.locator("button.join").first.click()  # signs in as a guest, then joins
    cleo.wait_for_url(GAME_URL, timeout=TIMEOUT)
    assert cleo.url.endswith(f"/games/{game}/")
    leave(cleo)  # landed; her board's load is the board tests' business
    # The creator, waiting in the lobby, is taken to the game as it starts.
    ann.wait_for_url(f"**/games/{game}/", timeout=TIMEOUT)
