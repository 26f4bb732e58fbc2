"""The live "your move" notice in Chromium: a player with another page open hears it the
moment their game starts, in the page and, with the page in the background, as a browser
notification (the Notification API is recorded by a stand-in the test installs)."""

from __future__ import annotations

from tests.browser.pages_kit import DESKTOP, TIMEOUT, api, shot

# The page is "in the background" and the player has allowed notifications: record them.
BACKGROUND_PAGE = """
Object.defineProperty(document, "hidden", { get: () => true });
window.__raised = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__raised.push({ title, ...options }); }
  close() {}
};
"""


def test_a_player_elsewhere_on_the_site_is_told_it_is_their_move(person, live_server_url):
    # Ann is on a phone; her page is looked at again widened to a desktop window.
    ann, bob = person("phone"), person()
    ann.add_init_script(BACKGROUND_PAGE)
    ann.goto(live_server_url + "/notifications/")
    ann.wait_for_selector("html[data-notify=open]")
    body = {"scenario": "meeting-at-kessel", "side": "ge", "options": {}}
    game = api(ann, live_server_url, "POST", "/api/v1/games", body)["id"]
    api(bob, live_server_url, "POST", f"/api/v1/games/{game}/join", {"side": "su"})

    notice = ann.locator("#your-move-notice")
    notice.wait_for(timeout=TIMEOUT)
    assert notice.locator("a").inner_text().startswith("Your move: ")
    assert notice.locator("a").get_attribute("href").endswith(f"/games/{game}/")
    ann.wait_for_function("() => window.__raised.length > 0", timeout=TIMEOUT)
    [raised] = ann.evaluate("window.__raised")
    assert raised["title"].startswith("Your move: ") and raised["tag"] == f"pgweb-{game}"
    # On the phone: under the header, clear of a game page's action sheet below.
    assert notice.bounding_box()["y"] < 100
    shot(ann, "notification-notice-phone")
    ann.set_viewport_size(DESKTOP)
    assert notice.is_visible()
    shot(ann, "notification-notice-desktop")
