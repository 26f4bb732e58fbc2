"""Coaching from the game page: a player invites a coach by name in the Coaches panel, the
coach's page shows the side's view with no action and the side's chat, and a revocation
closes the coach's socket, whose page comes back as a plain spectator's. The lobby offers
only *Watch*."""

from __future__ import annotations

from tests.browser.pages_kit import DESKTOP, PHONE, api, shot

SCENARIO = "meeting-at-kessel"


def test_a_player_invites_a_coach_who_sees_the_side_until_revoked(person, live_server_url):
    # Ann invites on a phone, Cleo coaches at a desktop window; each page is looked at at
    # the other size too.
    ann, bob, cleo = person("phone"), person(), person("desktop")
    base = live_server_url
    options = {"spectators": "coach"}
    game = api(ann, base, "POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge", "options": options})
    api(bob, base, "POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    name = api(cleo, base, "GET", "/api/v1/auth/session")["username"]

    cleo.goto(f"{base}/")
    card = cleo.locator(f"#watch-games article[data-game='{game['id']}']")
    card.wait_for()
    assert card.locator("a.enter").inner_text() == "Watch" and "?side=" not in card.inner_html()

    ann.goto(f"{base}/games/{game['id']}/")
    ann.wait_for_selector("#coaches:not([hidden])")
    ann.fill("#coach-invite input[name=username]", name)
    ann.click("#coach-invite button[type=submit]")
    ann.wait_for_selector(f"#coach-list .coach-who:text-is('{name}')")
    shot(ann, "coaches-panel-phone")
    ann.set_viewport_size(DESKTOP)
    assert ann.locator(f"#coach-list .coach-who:text-is('{name}')").is_visible()
    shot(ann, "coaches-panel-desktop")

    cleo.goto(f"{base}/games/{game['id']}/")
    cleo.wait_for_selector("body.socket-open")
    assert "You coach German" in cleo.locator("#watch-note").inner_text()
    assert cleo.locator("#chat-tabs button").all_inner_texts() == ["Side"]
    assert cleo.locator(".action-panel").is_hidden()
    shot(cleo, "coach-view-desktop")
    cleo.set_viewport_size(PHONE)
    assert "You coach German" in cleo.locator("#watch-note").inner_text()
    assert cleo.locator("#watch-note").is_visible() and cleo.locator(".action-panel").is_hidden()
    shot(cleo, "coach-view-phone")

    ann.locator(f"#coach-list li:has(.coach-who:text-is('{name}')) .coach-revoke").click()
    ann.wait_for_selector("#coach-list li.empty")
    # The server closes the coach's socket (4403); the page reloads as a spectator's.
    cleo.wait_for_function(
        "() => !document.getElementById('watch-note')?.textContent.includes('You coach')"
    )
    cleo.wait_for_selector("body.socket-open")
    assert cleo.locator("#chat-tabs button").all_inner_texts() == ["Spectators"]
