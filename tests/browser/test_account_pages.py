"""The account pages in Chromium, desktop and phone: reached from the header, an address
change asked for, the data downloaded, the password reset page, and the account deleted;
and a draw offered on one player's board and accepted on the other's."""

from __future__ import annotations

import json
import secrets

from tests.browser import pages_kit
from tests.browser.test_game_play import people  # noqa: F401 - the fixture

PASSWORD = "a long secret for tests 42"


def fits_both_sizes(page, name: str, shown: str = "") -> None:
    """pages_kit.fits_both_sizes, with `shown` visible at both sizes."""

    def check(viewport: str) -> None:
        assert not shown or page.locator(shown).is_visible(), f"{shown} at {viewport} size"

    pages_kit.fits_both_sizes(page, name, check)


def test_the_account_page_changes_the_address_exports_and_deletes(person, live_server_url):
    """The whole flow once, the account reached from the header at a phone's width; each page
    it passes through is looked at on a phone's width and in a desktop window."""
    page = person("desktop", guest=False)
    page.set_viewport_size(pages_kit.PHONE)
    name = f"acct{secrets.token_hex(3)}"
    pages_kit.api(page, live_server_url, "POST", "/api/v1/auth/signup",
                  {"username": name, "password": PASSWORD})  # fmt: skip
    # The header is every page's: a page with no script of its own is the quickest to open.
    page.goto(live_server_url + "/leaderboards/")
    page.click("a.account-link")
    page.wait_for_url("**/accounts/settings/")
    assert page.locator("h1").inner_text() == "Your account"
    fits_both_sizes(page, "account")

    # When I am away, a Veteran may stand in for me (issue 51).
    page.select_option("#stand-in-level", "veteran")
    with page.expect_navigation(url="**/accounts/settings/"):  # the same address again
        page.click("form[action$='/accounts/stand-in/'] button")
    assert "a Veteran bot" in page.locator(".message").first.inner_text()
    assert page.locator("#stand-in-level").input_value() == "veteran"
    page.locator("#account-stand-in").scroll_into_view_if_needed()
    fits_both_sizes(page, "account-stand-in")

    page.fill("input[name=email]", f"{name}@example.test")
    with page.expect_navigation(url="**/accounts/settings/"):
        page.click("text=Send a confirmation link")
    assert f"We sent a link to {name}@example.test" in page.locator(".message").first.inner_text()
    pages_kit.shot(page, "account-email-sent-desktop")

    with page.expect_download() as download:
        page.click("text=Download my data")
    data = json.loads(open(download.value.path()).read())
    assert data["account"]["username"] == name and data["games"] == []

    page.fill("input[name=confirm_name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("button.danger")
    page.locator("h1", has_text="Your account is deleted").wait_for()
    assert "deleted player" in page.locator("main").inner_text()
    fits_both_sizes(page, "account-deleted", shown="a.signin-link")


def test_the_password_reset_page_is_one_link_from_sign_in(person, live_server_url):
    page = person("desktop", guest=False)
    page.goto(live_server_url + "/accounts/login/")
    page.click("text=Forgot your password?")
    page.wait_for_url("**/accounts/password-reset/")
    fits_both_sizes(page, "password-reset")
    page.fill("input[name=email]", "nobody@example.test")
    page.click("text=Send the link")
    page.wait_for_url("**/accounts/password-reset/sent/")
    assert page.locator("h1").inner_text() == "Check your mail"


def propose_and_confirm(page, label: str) -> None:
    page.locator("#resign-row button", has_text=label).click()
    page.locator("#confirm:not([hidden])").wait_for(timeout=pages_kit.TIMEOUT)
    page.locator("#confirm .btn-confirm").click()


def test_a_draw_offered_on_one_board_is_accepted_on_the_other(people, live_server_url):  # noqa: F811
    ann, bob, sam = people
    game = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                         {"scenario": "meeting-at-kessel", "side": "ge"})  # fmt: skip
    pages_kit.api(bob, live_server_url, "POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    url = f"{live_server_url}/games/{game['id']}/"
    for p in (ann, bob, sam):
        p.goto(url)
        p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1")
    assert ann.locator("#resign-row button", has_text="Abort the game").is_visible()
    propose_and_confirm(ann, "Offer a draw")
    ann.locator(".ending-text", has_text="Your side offers a draw").wait_for()
    offer = bob.locator(".ending-text", has_text="The German side offers a draw.")
    offer.wait_for()
    pages_kit.shot(bob, "draw-offered")
    assert sam.locator("#resign-row").is_hidden()
    propose_and_confirm(bob, "Accept the draw")
    for p in (ann, bob):
        p.wait_for_function("() => Boolean(window.pgweb.store.view?.result)")
        assert "drawn by agreement" in p.locator("#log").inner_text()
    pages_kit.shot(ann, "draw-agreed")


def test_a_phone_player_aborts_a_game_nobody_has_moved_in(person, live_server_url):
    ann, bob = person("phone"), person("desktop")
    game = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                         {"scenario": "meeting-at-kessel", "side": "ge"})  # fmt: skip
    pages_kit.api(bob, live_server_url, "POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    ann.goto(f"{live_server_url}/games/{game['id']}/")
    ann.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1")
    pages_kit.fits_the_screen(ann)
    pages_kit.shot(ann, "abort-offered-phone")
    propose_and_confirm(ann, "Abort the game")
    # The banner is drawn after the store takes the frame: wait for the banner, not the store.
    ann.wait_for_function(
        "() => document.getElementById('turn-banner')?.innerText.includes('Game aborted')",
        timeout=pages_kit.TIMEOUT)
    assert "before the first move" in ann.locator("#turn-banner").inner_text().lower()
    assert ann.evaluate("Boolean(window.pgweb.store.view?.result)")
    pages_kit.shot(ann, "aborted-phone")
