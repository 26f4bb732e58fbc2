"""Strangers meet in the lobby in a real Chromium: quick match 1 v 1 (and a rematch from the
lobby, sides swapped, once that game ends) and 2 v 2, each team seat commanding only its units;
names and chat with markup are shown as text."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.browser import live_shell, pages_kit

GAME_URL = re.compile(r".*/games/[0-9a-f-]{36}/$")


@pytest.fixture
def contexts(browser) -> Callable:
    """Open browser contexts on demand, each with its own cookies (a different person)."""

    def open_page():
        return browser.new_context().new_page()

    return open_page


def quick_match(page, base: str, team_size: int = 1) -> None:
    page.goto(base + "/")
    page.wait_for_selector("body[data-lobby=live]")
    page.select_option("select[name=team_size]", str(team_size))
    page.click("#quick-match")


def landed(page) -> str:
    """Wait for the lobby to take the person to a game; the game's id. Landing is the page
    committing to the game's URL; the board's load that follows is the board tests' business
    (a second of the browser's CPU a page, and more at each redraw, for nothing these tests
    look at), so the page leaves it for a blank one. His cookies still ask the API."""
    page.wait_for_url(GAME_URL, timeout=15_000, wait_until="commit")
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    pages_kit.leave(page)
    return game_id


def test_two_strangers_press_quick_match_land_in_the_same_game_and_rematch_with_sides_swapped(
    contexts, live_server_url
):
    """Two strangers meet by quick match; the game ends (a resignation, through the API),
    and the lobby offers both the rematch, in which they play the other sides."""
    ann, bob = contexts(), contexts()
    quick_match(ann, live_server_url)
    ann.wait_for_selector("#cancel-seek")  # a guest now, waiting in the queue
    quick_match(bob, live_server_url)
    old_id = landed(ann)
    assert landed(bob) == old_id, "the two strangers landed in different games"
    game = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{old_id}")
    assert game["status"] == "active"
    assert len({s["user"] for s in game["seats"]}) == 2

    # After a resignation both players rematch from the lobby, sides swapped.
    before = {s["user"]: s["side"] for s in game["seats"]}
    pages_kit.api(ann, live_server_url, "POST", f"/api/v1/games/{old_id}/resign")
    for page in (ann, bob):
        page.goto(live_server_url + "/")
        page.wait_for_selector(f"#recent-games [data-game='{old_id}'] button.rematch")
    ann.locator(f"#recent-games [data-game='{old_id}'] button.rematch").click()
    bob.locator("#accept-rematch").click(timeout=10_000)
    new_id = landed(ann)
    assert landed(bob) == new_id and new_id != old_id, "the rematch is not one new game"
    game = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{new_id}")
    after = {s["user"]: s["side"] for s in game["seats"]}
    assert game["status"] == "active" and set(after) == set(before)
    assert all(after[name] != side for name, side in before.items()), (before, after)


def test_four_strangers_form_a_two_a_side_game_each_commanding_their_own_units(
    contexts, live_server_url
):
    pages = [contexts() for _ in range(4)]
    for page in pages:
        quick_match(page, live_server_url, team_size=2)
        page.wait_for_selector("#cancel-seek, body[data-lobby]")
    landed_in = {landed(page) for page in pages}
    assert len(landed_in) == 1
    game_id = landed_in.pop()
    game = pages_kit.api(pages[0], live_server_url, "GET", f"/api/v1/games/{game_id}")
    units = {s["id"]: set(s["units"]) for s in game["seats"]}
    assert set(units) == {"ge-1", "ge-2", "su-1", "su-2"} and all(units.values())
    assert not units["ge-1"] & units["ge-2"] and not units["su-1"] & units["su-2"]
    # Roll the initiative, then each seat's legal commands name only that seat's units.
    legal = [pages_kit.api(page, live_server_url, "GET", f"/api/v1/games/{game_id}/legal")
             for page in pages]
    assert {entry["seat"] for entry in legal} == set(units)
    roller = next(p for p, entry in zip(pages, legal, strict=True) if entry["commands"])
    first = next(entry for entry in legal if entry["commands"])
    sent = pages_kit.api(roller, live_server_url, "POST", f"/api/v1/games/{game_id}/commands",
                         {"id": 1, "v": first["v"], "command": first["commands"][0]})
    assert sent["t"] == "ack", sent
    named_any = False
    for page in pages:
        entry = pages_kit.api(page, live_server_url, "GET", f"/api/v1/games/{game_id}/legal")
        for command in entry["commands"]:
            named = set(command.get("units", []))
            if isinstance(command.get("unit"), str):
                named.add(command["unit"])
            named_any |= bool(named)
            assert named <= units[entry["seat"]], (entry["seat"], command)
    assert named_any


def test_a_name_and_a_chat_line_with_markup_show_as_text(
    contexts, live_server_url, live_server_env
):
    # A name the sign-up form would refuse, made as an operator would; signed in through the
    # API (the sign-in form has tests of its own).
    live_shell.run(live_server_env, "from django.contrib.auth import get_user_model as g; "
                   "g().objects.create_user(username='<b>x</b>', password='long secret 42!')")
    ann = contexts()
    pages_kit.api(ann, live_server_url, "POST", "/api/v1/auth/login",
                  {"username": "<b>x</b>", "password": "long secret 42!"})
    # Her game is made through the API (the new-game page has tests of its own), two seats a
    # side so that it stays open in the lobby once Bob joins; she waits in the lobby at the
    # address the new-game page takes its creator to.
    game_id = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                            {"scenario": "meeting-at-kessel", "side": "ge",
                             "seats_per_side": 2})["id"]
    ann.goto(f"{live_server_url}/?game={game_id}")
    ann.wait_for_selector(f"#my-games [data-game='{game_id}'] .room-chat .chat-form")

    bob = contexts()
    bob.goto(live_server_url + "/")
    card = bob.locator(f"#open-game-list [data-game='{game_id}']")
    card.wait_for(timeout=10_000)
    assert card.locator(".creator").inner_text() == "<b>x</b>"
    assert card.locator(".creator b").count() == 0  # not parsed as markup
    bob.click("#play-as-guest")
    bob.wait_for_selector("#account .me")
    bob.locator(f"#open-game-list [data-game='{game_id}'] button.join[data-side=su]").click()
    bob.wait_for_selector(f"#my-games [data-game='{game_id}'] .room-chat .chat-form")
    seat_name = bob.locator(f"#my-games [data-game='{game_id}'] .player-name").first
    assert seat_name.inner_text() == "<b>x</b>"

    # Both rooms' chat sockets have had a frame, so are in the game's room (a line is not
    # stored for later readers).
    for page in (ann, bob):
        page.wait_for_selector(f"#my-games [data-game='{game_id}'] .room-chat[data-live]")
    ann.locator(f"#my-games [data-game='{game_id}'] .chat-input").fill("<b>x</b>")
    ann.locator(f"#my-games [data-game='{game_id}'] .chat-form button").click()
    line = bob.locator(f"#my-games [data-game='{game_id}'] .chat-line").first
    line.wait_for(timeout=10_000)
    assert line.locator(".chat-text").inner_text() == "<b>x</b>"
    assert line.locator(".chat-from").inner_text() == "<b>x</b>"
    assert line.locator(".chat-text b").count() == 0
