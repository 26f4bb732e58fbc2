"""The accessibility audit: axe-core (from the npm registry, installed into node_modules by the
test runner, read from disk here, never fetched by a page) finds no serious or critical
violation on any page a player or a visitor opens, at desktop and phone sizes: the lobby,
a new game, a game as a player and as a spectator, a replay, a player's page, the
leaderboards, the tournaments, the notification settings, the designer (its start and a
battle open in it), signing in and up."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser import pages_kit
from tests.browser.board_people import start_game
from tests.browser.test_game_play import api
from tests.designkit import pl_situation

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


def person(browser, viewport: str):
    """A page in a context of its own, signed out; the page's script policy is bypassed for
    the audit's script alone (the pages' own policy has tests of its own). The audit opens
    one at each size and gives it each person's cookies in turn (as_person): a context that
    has loaded the site's scripts and stylesheets once keeps them in its cache, where each
    context opened anew would load them all again."""
    phone = viewport == "phone"
    context = browser.new_context(viewport=pages_kit.VIEWPORTS[viewport], has_touch=phone,
                                  is_mobile=phone, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(pages_kit.TIMEOUT)
    return page


def as_person(page, cookies: list | None) -> object:
    """The page, signed in from now on as the person whose `cookies` these are (signed out
    without), with nothing the last one's pages stored; what it shows changes at its next
    load."""
    if page.url.startswith("http"):
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.context.clear_cookies()
    if cookies:
        page.context.add_cookies(cookies)
    return page


@pytest.fixture(scope="module")
def audited(browser, live_server_url) -> dict:
    """What the audit looks at, made once: Ann, Bob and a watcher signed in as guests (their
    cookies), a game going and one ended, and Ann's name. Their pages open nothing but the
    API; the audit opens its own with these cookies."""
    base = live_server_url
    people = {who: browser.new_context().new_page() for who in ("ann", "bob", "watcher")}
    for page in people.values():
        api(page, "POST", base + "/api/v1/auth/guest")
    ann, bob = people["ann"], people["bob"]
    game = start_game(base, ann, bob, "melnitsa-bridgehead", ("su", "ge"))
    ended = start_game(base, ann, bob, "meeting-at-kessel", ("su", "ge"))
    ended_id = ended.rstrip("/").rsplit("/", 1)[1]
    mill = {**pl_situation(), "id": "audit-mill", "title": "The mill"}
    api(ann, "POST", base + "/api/v1/designer/scenarios", {"ruleset": "panzer_leader", "document": mill})
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
    styles (only the game pages' and the designer's stylesheets ask for a coarse pointer) and
    the site's menu folds at a change of width (ui/site_menu.js), so the same page, narrowed,
    is what a phone shows: it is loaded and given axe once, not twice."""
    page.set_viewport_size(pages_kit.DESKTOP)
    load(page, url, ready)
    found = audit(page, f"{name}-desktop" if name else "")
    pages_kit.at_size(page, "phone")  # laid out again: the menu folded under its button
    return found + audit(page, f"{name}-phone" if name else "")


def audit_on_touch_screen(pages: dict, url: str, ready: str, name: str) -> list[str]:
    """Audit a game page in a desktop window and on a phone's touch screen (`pages`: a page of
    each, by size, signed in as the same person): its stylesheet and its board ask what
    pointer the device has (help for fingers, counters a finger wide), which a context is
    given when it opens, so each size loads the page in a context of its own."""
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
    desk, phone = person(browser, "desktop"), person(browser, "phone")
    sizes = {"desktop": desk, "phone": phone}
    game, ended, name = audited["game"], audited["ended"], audited["name"]
    board = "svg.board .layer-units .unit"
    found = []
    # Ann, a player. Her lobby with its catalogue of battle cards open and filtered: the
    # lobby differs from the one she opens first only by that box being open (the closed
    # one's cards are in the page all the same), so it is audited once, open; the visitor's
    # lobby below is audited closed.
    as_person(desk, cookies["ann"])
    as_person(phone, cookies["ann"])
    found += audit_both_sizes(desk, base + "/?browse=1&front=west#battles", "#battles[open] .battle-card")
    found += audit_both_sizes(desk, base + "/new-game/")
    # The catalogue on the new-game page with a battle chosen.
    found += audit_both_sizes(desk, base + "/new-game/?scenario=pl-hollenbach&browse=1", ".battle-card.chosen")
    found += audit_on_touch_screen(sizes, game, board, "player")
    found += audit_on_touch_screen(sizes, ended.rstrip("/") + "/replay", "body", "")
    found += audit_both_sizes(desk, f"{base}/players/{name}/")
    found += audit_both_sizes(desk, base + "/leaderboards/")
    found += audit_both_sizes(desk, base + "/tournaments/")
    found += audit_both_sizes(desk, base + "/notifications/")
    # The designer asks for a coarse pointer too (buttons a finger high): its start, listing
    # her battle, and the battle open on its map with the server's check shown.
    found += audit_on_touch_screen(sizes, base + "/design/", ".my-battles li", "designer-start")
    found += audit_on_touch_screen(sizes, base + "/design/audit-mill/", "#no-problems:not([hidden])",
                                   "designer")
    # A spectator.
    as_person(desk, cookies["watcher"])
    as_person(phone, cookies["watcher"])
    found += audit_on_touch_screen(sizes, game, board, "spectator")
    # A visitor, signed out: the battles page, the lobby, signing in and up.
    as_person(desk, None)
    found += audit_both_sizes(desk, base + "/battles/?ruleset=panzer_grenadier", ".battle-card")
    found += audit_both_sizes(desk, base + "/", name="lobby-visitor")
    # Signing in when a page that needs an account sent the visitor: with its guest button.
    found += audit_both_sizes(desk, base + "/accounts/login/?next=/design/", "#go-on-as-guest:enabled")
    found += audit_both_sizes(desk, base + "/accounts/signup/")
    assert found == [], "\n".join(found)
