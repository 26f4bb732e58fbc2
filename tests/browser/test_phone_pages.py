"""The site's pages on a phone: each fits the screen with every fold open, whatever its
forms hold (a long choice in a select, a rule's long name, a scenario's map beside its
description), so nothing is reached by scrolling sideways; the account pages look like
the rest of the site."""

from __future__ import annotations

from tests.browser.pages_kit import PHONE, api, fits_the_screen, shot

OLIVE = "rgb(75, 93, 42)"  # the site's --olive, #4b5d2a

# The pages the header and the lobby lead to, with the widest forms of each game.
PAGES = (
    "/",
    "/new-game/",
    "/leaderboards/",
    "/tournaments/",
    "/notifications/",
    "/vacation/",
    "/scenarios/melnitsa-bridgehead/",
    "/scenarios/pl-hollenbach/",
)


def test_every_page_fits_a_phone_with_its_folds_open(person, live_server_url) -> None:
    player = person("phone")
    me = api(player, live_server_url, "GET", "/api/v1/auth/session")["username"]
    for path in (*PAGES, f"/players/{me}/"):
        player.goto(live_server_url + path)
        player.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        fits_the_screen(player, path)
        if path == "/new-game/":
            shot(player, "new-game-phone")
    # The account pages wear the site's look: fields as wide as the form, the olive button.
    newcomer = person("phone", guest=False)
    for path in ("/accounts/login/", "/accounts/signup/"):
        newcomer.goto(live_server_url + path)
        fits_the_screen(newcomer, path)
        button = newcomer.locator(".account-form button[type=submit]")
        assert button.evaluate("b => getComputedStyle(b).backgroundColor") == OLIVE, path
        field = newcomer.locator(".account-form input[type=password]").first.bounding_box()
        assert field["width"] >= PHONE["width"] * 0.8, (path, field)
    shot(newcomer, "signup-phone")
