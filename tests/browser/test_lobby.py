"""A real browser loads the lobby from a live daphne server."""

from __future__ import annotations

import uuid

from tests.browser.pages_kit import PHONE, TIMEOUT, api, shot


def test_chromium_loads_the_lobby_with_its_stylesheets_a_websocket_and_a_rated_games_badge(
    person, live_server_url
) -> None:
    # A signed-up player (a rated game needs an account) with a rated game of her own.
    ann = person(guest=False)
    name = f"rated{uuid.uuid4().hex[:8]}"
    api(ann, live_server_url, "POST", "/api/v1/auth/signup",
        {"username": name, "password": "a long enough passphrase"})
    rated = api(ann, live_server_url, "POST", "/api/v1/games",
                {"scenario": "meeting-at-kessel", "side": "ge", "options": {"rated": True}})
    stylesheets: list[int] = []

    def note_stylesheet(response) -> None:
        if response.url.endswith(".css"):
            stylesheets.append(response.status)

    ann.on("response", note_stylesheet)
    response = ann.goto(live_server_url + "/")
    assert response is not None and response.status == 200
    assert ann.title() == "pgweb — lobby"
    assert ann.locator("h1").inner_text() == "Lobby"
    # WhiteNoise served the collected, hashed stylesheets (site, lobby, clocks) from daphne.
    assert len(stylesheets) >= 2 and set(stylesheets) == {200}
    header_display = "getComputedStyle(document.querySelector('.site-header')).display"
    assert ann.evaluate(header_display) == "flex"
    # The rated game says so on its card.
    card = ann.locator(f'article.game-card[data-game="{rated["id"]}"]')
    card.wait_for()
    assert "rated" in card.locator(".badges li").all_inner_texts()
    # The lobby page can open a websocket of its own to the same daphne.
    answer = ann.evaluate(
        """() => new Promise((resolve, reject) => {
            const socket = new WebSocket(`ws://${location.host}/ws/lobby/v1/`);
            socket.onopen = () => socket.send(JSON.stringify({t: "ping"}));
            socket.onmessage = (event) => {
                const frame = JSON.parse(event.data);
                if (frame.t === "lobby") return;  // the lists come first
                resolve(frame);
                socket.close();
            };
            socket.onerror = () => reject(new Error("websocket refused"));
            setTimeout(() => reject(new Error("no answer in 5s")), 5000);
        })"""
    )
    assert answer == {"t": "pong"}


def test_on_a_phone_the_header_is_one_line_with_a_menu_and_always_shows_the_way_to_sign_in_or_out(
    person, live_server_url
) -> None:
    def inside(page, selector: str) -> bool:
        box = page.locator(selector).bounding_box()
        return box is not None and 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"]

    # The header is every page's (base.html, styled by the site's stylesheet alone): it is
    # looked at on a page with no script of its own, the quickest to open.
    newcomer = person("phone", guest=False)
    newcomer.goto(live_server_url + "/leaderboards/")
    # The site's links fold under Menu; Sign in and Sign up stay on the screen.
    assert inside(newcomer, ".signin-link") and inside(newcomer, ".signup-link")
    assert newcomer.locator(".site-header").bounding_box()["height"] <= 48
    menu = newcomer.locator("#site-menu-toggle")
    menu.wait_for(state="visible", timeout=TIMEOUT)
    assert newcomer.locator(".site-links a").first.is_hidden()
    shot(newcomer, "header-phone-newcomer")
    # Menu opens every link, none cut off at the screen's edge (issue 50); Escape folds them.
    menu.tap()
    assert menu.get_attribute("aria-expanded") == "true"
    names = newcomer.locator(".site-links a").all_inner_texts()
    assert {"Lobby", "Battles", "Leaderboards", "Tournaments"} <= set(names)
    for n in range(len(names)):
        assert inside(newcomer, f".site-links a >> nth={n}"), names[n]
    shot(newcomer, "header-phone-menu-open")
    newcomer.keyboard.press("Escape")
    assert newcomer.locator(".site-links a").first.is_hidden()
    guest = person("phone")
    guest.goto(live_server_url + "/leaderboards/")
    assert inside(guest, ".site-header .who") and inside(guest, ".signout button")
    assert guest.locator(".site-header").bounding_box()["height"] <= 48
    shot(guest, "header-phone-signed-in")


def test_the_api_docs_render_offline_from_bundled_swagger_ui(page, live_server_url) -> None:
    page.goto(live_server_url + "/api/v1/schema/docs/")
    # Swagger UI draws one block per operation once it has fetched and parsed the schema.
    operation = page.locator(".opblock-summary-path", has_text="/api/v1/status/")
    operation.wait_for(timeout=10_000)
    assert operation.count() == 1
