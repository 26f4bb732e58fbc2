"""The context pool hands a test's page on to the next test asking for the same context,
reset to what a new page is (conftest.PolicyWatchingBrowser, tests/browser/page_reuse.py).

Each test here runs a pool of its own over the session's Chromium and plays two tests with
it: the first leaves all it can in its page and context, `release()` ends it as the
fixtures end every test, and the second looks for what was left.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser import pages_kit
from tests.browser.board_people import DESKTOP
from tests.browser.conftest import PolicyWatchingBrowser


@pytest.fixture
def pool(browser) -> Iterator[PolicyWatchingBrowser]:
    """A context pool of the test's own; every context it launched is closed at the end."""
    own = PolicyWatchingBrowser(browser.chromium)
    launched = []
    new_context = own.new_context

    def noting(**options: object) -> object:
        context = new_context(**options)
        launched.append(context)
        return context

    own.new_context = noting
    yield own
    for context in launched:
        context.close()


def test_the_next_test_gets_the_same_page_with_nothing_of_the_last(pool, live_server_url):
    """Ann's page goes to the next test: signed out, on about:blank at the context's size,
    with Playwright's default timeout, none of her storage, listeners, routes or grants, and
    neither the mouse button nor the key she held down."""
    context = pool.new_context(**DESKTOP)
    page = context.new_page()
    pages_kit.api(page, live_server_url, "POST", "/api/v1/auth/guest")
    page.goto(live_server_url + "/")
    page.evaluate("localStorage.setItem('ann', 'was here'); sessionStorage.setItem('ann', 'too')")
    heard: list[str] = []
    page.on("console", lambda message: heard.append(message.text))
    context.on("console", lambda message: heard.append(message.text))
    page.route("**/held-by-ann", lambda route: route.fulfill(status=418, body="held"))
    page.set_viewport_size(pages_kit.PHONE)
    page.set_default_timeout(1234)
    context.grant_permissions(["clipboard-read"], origin=live_server_url)
    page.mouse.move(5, 5)
    page.mouse.down()
    page.keyboard.down("Shift")
    pool.release()

    assert pool.new_context(**DESKTOP) is context
    again = context.new_page()
    assert again is page  # not a new page: the point of the pool
    assert again.url == "about:blank"
    assert again.viewport_size == DESKTOP["viewport"]
    assert context.cookies() == []
    # Playwright has no getter for a page's default timeout: its settings say what applies.
    assert again._impl_obj._timeout_settings.timeout(None) == 30_000
    again.goto(live_server_url + "/")
    with again.expect_console_message() as said:
        again.evaluate("console.log('the next test')")
    assert said.value.text == "the next test"
    assert "the next test" not in heard  # her listeners heard nothing (they would have by now)
    assert again.evaluate("[localStorage.getItem('ann'), sessionStorage.getItem('ann')]") == [
        None, None]
    assert again.evaluate("fetch('/held-by-ann').then(r => r.status)") == 404  # no route held it
    assert again.evaluate(
        "navigator.permissions.query({name: 'clipboard-read'}).then(p => p.state)") == "prompt"
    # Nothing she pressed is held: a move is no drag, and no Shift goes with it.
    again.evaluate("addEventListener('mousemove', (e) => { window.held = [e.buttons, e.shiftKey]; })")
    again.mouse.move(20, 20)
    assert again.evaluate("window.held") == [0, False]


def test_a_handed_on_page_has_left_the_game_the_opponent_sees_it(
        pool, person, live_server_url):
    """Bob's socket ends with the test that opened it: Ann, still on the game, sees him go
    away once his page is handed on, and the page is the next test's."""
    ann = person()
    bob = pool.new_context(**DESKTOP).new_page()
    pages_kit.api(bob, live_server_url, "POST", "/api/v1/auth/guest")
    game = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                         {"scenario": "meeting-at-kessel", "side": "ge"})
    pages_kit.api(bob, live_server_url, "POST", f"/api/v1/games/{game['id']}/join",
                  {"side": "su"})
    for page in (ann, bob):
        page.goto(f"{live_server_url}/games/{game['id']}/")
    bob_row = "#seats .seat-row[data-seat=su-1] .presence-word"
    ann.wait_for_selector(f"{bob_row}:has-text('online')")
    pool.release()

    ann.wait_for_selector(f"{bob_row}:has-text('away')")
    assert pool.new_context(**DESKTOP).new_page() is bob


def test_a_page_or_context_that_cannot_be_reset_is_closed_not_handed_on(pool):
    """An init script, a web socket route or an installed clock cannot be taken back: the
    page (or the context, for the clock) is closed, and the next test gets a new one. Of two
    pages of a context, one is kept: the one that can be reset."""
    scripted = pool.new_context(**DESKTOP)
    page, second = scripted.new_page(), scripted.new_page()
    page.add_init_script("window.annWasHere = true")
    clocked = pool.new_context(viewport=pages_kit.PHONE)
    clocked.clock.install()
    sockets = pool.new_context()
    routed = sockets.new_page()
    routed.route_web_socket("**/ws/**", lambda ws: ws.close())
    pool.release()

    assert page.is_closed() and routed.is_closed()
    assert not second.is_closed()  # the one page kept (the scripted one could not be)
    assert pool.new_context(**DESKTOP) is scripted
    assert scripted.new_page() is second
    assert pool.new_context(viewport=pages_kit.PHONE) is not clocked
    assert pool.new_context() is sockets
    assert sockets.new_page() is not routed


def test_options_said_at_their_default_ask_for_the_same_context_as_left_unsaid(pool):
    """A person's desktop window (no touch, not mobile, said) and a board guest's (left
    unsaid) are one kind of context, handed from one test to the next; a phone is another."""
    desk = pool.new_context(viewport=DESKTOP["viewport"], has_touch=False, is_mobile=False)
    pool.release()
    assert pool.new_context(**DESKTOP) is desk
    assert pool.new_context(viewport=pages_kit.PHONE, has_touch=True, is_mobile=True) is not desk
