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

# A violation's impact is the highest of its failed checks' impacts (axe-core's own metadata of
# each check). A rule none of whose checks can be serious or critical (landmarks, regions,
# heading order...) can find nothing this audit asks about, so it is not run: the audit
# spends its time on the rules that can fail it.
AUDIT = """async () => {
  const impact = (check) => axe._audit.data.checks[check.id ?? check]?.impact;
  const mild = axe._audit.rules.filter((rule) => ![...rule.any, ...rule.all, ...rule.none]
    .some((check) => ["serious", "critical"].includes(impact(check))));
  const rules = Object.fromEntries(mild.map((rule) => [rule.id, { enabled: false }]));
  const found = await axe.run(document, { resultTypes: ["violations"], rules });
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
    set-up; the audit opens its own with these cookies."""
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


def load(page, url: str, ready: str = "body") -> None:
    """Open `url` and wait for it to be drawn, with axe-core added to it."""
    page.goto(url)
    page.locator(ready).first.wait_for()
    pages_kit.painted(page)
    page.add_script_tag(path=AXE)


def audit(page, name: str = "") -> list[str]:
    """The serious and critical violations of the page as it is drawn now."""
    if name:  # the pages looked at in the first-game trial
        pages_kit.shot(page, name, kind="audit")
    return [f"{page.url} at {page.viewport_size['width']} px: {v}" for v in page.evaluate(AUDIT)]


def audit_both_sizes(page, url: str, ready: str = "body", name: str = "") -> list[str]:
    """Audit a page at the desktop size, then at the phone's width. These pages have no touch
    styles (only the game pages' stylesheet asks for a coarse pointer) and the site's menu
    folds at a change of width (ui/site_menu.js), so the same page, narrowed, is what a phone
    shows: it is loaded and given axe once, not twice."""
    page.set_viewport_size(pages_kit.DESKTOP)
    load(page, url, ready)
    found = audit(page, f"{name}-desktop" if name else "")
    pages_kit.at_size(page, "phone")  # laid out again: the menu folded under its button
    return found + audit(page, f"{name}-phone" if name else "")


def audit_on_touch_screens(pages: dict, url: str, ready: str, name: str) -> list[str]:
    """Audit a game page in a desktop window and on a phone's touch screen (`pages`: a page of
    each, by size): its stylesheet and its board ask what pointer the device has (help for
    fingers, counters a finger wide), which a context is given when it opens, so each size
    loads the page in a context of its own."""
    found = []
    for viewport, page in pages.items():
        page.set_viewport_size(pages_kit.VIEWPORTS[viewport])
        load(page, url, ready)
        found += audit(page, f"{name}-{viewport}" if name else "")
    return found


@pytest.mark.skipif(not Path(AXE).exists(), reason="axe-core is installed by scripts/run_tests.py (npm ci)")
def test_no_page_has_a_serious_or_critical_accessibility_violation(browser, live_server_url, audited) -> None:
    base = live_server_url
    cookies = audited["cookies"]
    ann, visitor = person(browser, "desktop", cookies["ann"]), person(browser, "desktop")
    ann_sizes = {"desktop": ann, "phone": person(browser, "phone", cookies["ann"])}
    watcher_sizes = {size: person(browser, size, cookies["watcher"]) for size in ("desktop", "phone")}
    game, ended, name = audited["game"], audited["ended"], audited["name"]
    board = "svg.board .layer-units .unit"
    found = [
        *audit_both_sizes(ann, base + "/"),
        *audit_both_sizes(ann, base + "/new-game/"),
        # The catalogue of battle cards: open and filtered in the lobby, on the new-game page
        # with a battle chosen, and the battles page.
        *audit_both_sizes(ann, base + "/?browse=1&front=west#battles", "#battles[open] .battle-card"),
        *audit_both_sizes(ann, base + "/new-game/?scenario=pl-hollenbach&browse=1", ".battle-card.chosen"),
        *audit_both_sizes(visitor, base + "/battles/?ruleset=panzer_grenadier", ".battle-card"),
        *audit_on_touch_screens(ann_sizes, game, board, "player"),
        *audit_on_touch_screens(watcher_sizes, game, board, "spectator"),
        *audit_on_touch_screens(ann_sizes, ended.rstrip("/") + "/replay", "body", ""),
        *audit_both_sizes(ann, f"{base}/players/{name}/"),
        *audit_both_sizes(ann, base + "/leaderboards/"),
        *audit_both_sizes(ann, base + "/tournaments/"),
        *audit_both_sizes(ann, base + "/notifications/"),
        *audit_both_sizes(visitor, base + "/", name="lobby-visitor"),
        *audit_both_sizes(visitor, base + "/accounts/login/"),
        *audit_both_sizes(visitor, base + "/accounts/signup/"),
    ]
    assert found == [], "\n".join(found)
