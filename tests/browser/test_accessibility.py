"""The accessibility audit: axe-core (from the npm registry, installed into node_modules by the
test runner, read from disk here, never fetched by a page) finds no serious or critical
violation on any page a player or a visitor opens, at desktop and phone sizes: the lobby,
a new game, a game as a player and as a spectator, a replay, a player's page, the
leaderboards, the tournaments, the notification settings, signing in and up."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser import pages_kit
from tests.browser.board_people import start_game
from tests.browser.test_game_play import api

AXE = os.environ.get("PGWEB_AXE", str(Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"))
SERIOUS = ("serious", "critical")

AUDIT = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.filter((v) => ["serious", "critical"].includes(v.impact))
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}"""


def person(browser, viewport: str, cookies: list | None = None):
    """A page in a context of its own with `cookies` (a person the audit's set-up signed in);
    the page's script policy is bypassed for the audit's script alone (the pages' own policy
    has tests of its own)."""
    phone = viewport == "phone"
    context = browser.new_context(viewport=pages_kit.VIEWPORTS[viewport], has_touch=phone,
                                  is_mobile=phone, bypass_csp=True)
    if cookies:
        context.add_cookies(cookies)
    page = context.new_page()
    page.set_default_timeout(pages_kit.TIMEOUT)
    return page


@pytest.fixture(scope="module")
def audited(browser, live_server_url) -> dict:
    """What both viewports audit, made once: Ann, Bob and a watcher signed in as guests (their
    cookies), a game going and one ended, and Ann's name. Their pages are closed after the
    first test; each viewport opens its own with these cookies."""
    base = live_server_url
    people = {who: person(browser, "desktop") for who in ("ann", "bob", "watcher")}
    for page in people.values():
        api(page, "POST", base + "/api/v1/auth/guest")
    ann, bob = people["ann"], people["bob"]
    game = start_game(base, ann, bob, "melnitsa-bridgehead", ("su", "ge"))
    ended = start_game(base, ann, bob, "meeting-at-kessel", ("su", "ge"))
    ended_id = ended.rstrip("/").rsplit("/", 1)[1]
    api(ann, "POST", f"{base}/api/v1/games/{ended_id}/commands", {"id": 1, "v": 1, "command": {"type": "resign"}})
    return {"cookies": {who: page.context.cookies() for who, page in people.items()},
            "game": game, "ended": ended,
            "name": api(ann, "GET", base + "/api/v1/auth/session")["username"]}


def violations(page, url: str, ready: str = "body", name: str = "") -> list[str]:
    page.goto(url)
    page.locator(ready).first.wait_for()
    pages_kit.painted(page)
    if name:  # the pages looked at in the first-game trial
        pages_kit.shot(page, name, kind="audit")
    page.add_script_tag(path=AXE)
    return [f"{url}: {v}" for v in page.evaluate(AUDIT)]


@pytest.mark.skipif(not Path(AXE).exists(), reason="axe-core is installed by scripts/run_tests.py (npm ci)")
@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_no_page_has_a_serious_or_critical_accessibility_violation(browser, live_server_url, audited, viewport) -> None:
    base = live_server_url
    cookies = audited["cookies"]
    ann, watcher = person(browser, viewport, cookies["ann"]), person(browser, viewport, cookies["watcher"])
    visitor = person(browser, viewport)
    game, ended, name = audited["game"], audited["ended"], audited["name"]
    board = "svg.board .layer-units .unit"
    found = [
        *violations(ann, base + "/"),
        *violations(ann, base + "/new-game/"),
        # The catalogue of battle cards: open and filtered in the lobby, on the new-game page
        # with a battle chosen, and the battles page.
        *violations(ann, base + "/?browse=1&front=west#battles", "#battles[open] .battle-card"),
        *violations(ann, base + "/new-game/?scenario=pl-hollenbach&browse=1", ".battle-card.chosen"),
        *violations(visitor, base + "/battles/?ruleset=panzer_grenadier", ".battle-card"),
        *violations(ann, game, board, f"player-{viewport}"),
        *violations(watcher, game, board, f"spectator-{viewport}"),
        *violations(ann, ended.rstrip("/") + "/replay"),
        *violations(ann, f"{base}/players/{name}/"),
        *violations(ann, base + "/leaderboards/"),
        *violations(ann, base + "/tournaments/"),
        *violations(ann, base + "/notifications/"),
        *violations(visitor, base + "/", name=f"lobby-visitor-{viewport}"),
        *violations(visitor, base + "/accounts/login/"),
        *violations(visitor, base + "/accounts/signup/"),
    ]
    assert found == [], "\n".join(found)
