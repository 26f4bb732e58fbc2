"""Helpers for the page-flow browser tests (test_pages_*): viewports, the REST API with a
person's cookies, screenshots. The `person` fixture is in conftest.py."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from tests.browser import live_shell
from tests.conftest import ROOT

SHOTS = ROOT / "test-results"
# Screenshots are for a person to look at, so they are taken when one asks
# (PGWEB_SCREENSHOTS=1): a run of make test that nobody looks at spends no time on them.
SHOTS_WANTED = os.environ.get("PGWEB_SCREENSHOTS", "").strip() in {"1", "true", "yes"}
TIMEOUT = 15_000
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}

# The worker's sweep, run in a process of its own (the session's live shell, not daphne) at a
# moment when the side's clock has run out.
_FLAG = """
from datetime import timedelta
from django.utils import timezone
from games.clocks import jobs
from games.clocks.models import SideClock
now = timezone.now()
SideClock.objects.filter(game_id="{game}", side_id="{side}").update(
    remaining=1.0, running_since=now - timedelta(seconds=5), deadline=now - timedelta(seconds=4))
jobs.flag_due(now)
print(SideClock.objects.get(game_id="{game}", side_id="{side}").flagged_at is not None)
"""


def api(page, base: str, method: str, path: str, data: dict | None = None) -> dict:
    """Call the REST API as the page's person (its cookies and CSRF token). The session's
    answer sets the CSRF cookie the first time; signing in renews it in the same answer."""

    def token() -> str:
        return next((c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"), "")

    if method != "GET" and not token():
        page.request.get(base + "/api/v1/auth/session")
    response = page.request.fetch(
        base + path, method=method, data=data, headers={"X-CSRFToken": token()}
    )
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def leave(page) -> None:
    """Take a page to a blank document before it is closed. A page's own script may be moving
    it (the lobby goes to a game as it starts), and Chromium drops a close that races a
    navigation's commit, so page.close() would wait for ever (crbug.com/536385539, Playwright
    issue 42068). A blank page has no script to move it: once it is there, the close holds.
    A goto the page's own navigation cuts short is made again; that navigation has committed
    by then. A page that never left the blank page it opened on (a person's second window no
    step of the test looked at) has nothing to leave. Tests also leave a page they have no
    more use for: a game page the lobby took a person to, whose board would be loaded and
    redrawn at every move while the test goes on without looking at it."""
    if page.url == "about:blank":
        return
    for _ in range(3):
        try:
            page.goto("about:blank")
            return
        except PlaywrightError:
            continue


def follow_site_link(page, selector: str) -> None:
    """Follow one of the site's header links as a player does: on a phone they fold under
    the header's Menu button (ui/site_menu.js), which is opened first. The header is waited
    on until its script has laid it out for the window's width (`at_size` says why): read
    before that, a link about to fold looks visible and the Menu button hidden."""
    page.wait_for_function(_FOLDED_FOR, arg=page.evaluate(_NARROW))
    link = page.locator(selector).first
    toggle = page.locator("#site-menu-toggle")
    if toggle.is_visible() and not link.is_visible():
        toggle.click()
    link.click()


def fits_the_screen(page, where: str = "") -> None:
    """Nothing makes the page wider than the window (wide tables scroll in their box). The
    window is the document's client width: on a phone (is_mobile) Chromium widens the layout
    viewport, innerWidth included, to fit a page that overflows, so it cannot tell. The header
    is waited on first: just after a resize its links may not have folded yet (`at_size`)."""
    page.wait_for_function(_FOLDED_FOR, arg=page.evaluate(_NARROW))
    width, window, wide = page.evaluate(_OVERFLOW)
    assert width <= window, (
        f"{where or page.url} is {width} px wide in a {window} px window; past its right edge: "
        + "; ".join(wide))


# The page's width, the window's, and the outermost elements reaching past the window's right
# edge (tag#id.class and their right edge), to say what to fix when a page does not fit.
_OVERFLOW = """() => {
  const root = document.documentElement;
  const window = root.clientWidth;
  const wide = [];
  const walk = (el) => {
    for (const child of el.children) {
      const right = child.getBoundingClientRect().right + root.scrollLeft;
      if (right > window + 0.5) {
        const name = child.tagName.toLowerCase() + (child.id ? `#${child.id}` : "")
          + [...child.classList].map((c) => `.${c}`).join("");
        wide.push(`${name} to ${Math.round(right)} px`);
      } else if (wide.length < 8) walk(child);
    }
  };
  walk(document.body);
  return [root.scrollWidth, window, wide.slice(0, 8)];
}"""


# The header's links folded (phone) or not (desktop) by the page's own script for the
# window's width (ui/site_menu.js), on a page that has the site's header.
# Whether the window is as narrow as ui/site_menu.js folds the header's links at.
_NARROW = "() => window.matchMedia('(max-width: 44rem)').matches"
_FOLDED_FOR = (
    "(narrow) => { const b = document.getElementById('site-menu-toggle');"
    " const l = document.getElementById('site-links');"
    " return !b || !l || (b.hidden === !narrow && l.classList.contains('folded') === narrow); }"
)


def at_size(page, viewport: str) -> None:
    """Resize the page to a named viewport and wait until its script has laid the header out
    for it. A resize alone is not enough: a document still loading (after a form's post, say)
    shows its links unfolded at any width until its script runs."""
    page.set_viewport_size(VIEWPORTS[viewport])
    page.wait_for_function(_FOLDED_FOR, arg=viewport == "phone")


def fits_both_sizes(page, name: str, check=lambda viewport: None) -> None:
    """The page as it is now fits a phone's width and a desktop window and passes `check` at
    each (given the size's name), one screenshot each; the page is left at the desktop size.
    For pages that ask nothing of the pointer: the page narrowed is what a phone shows."""
    for viewport in ("phone", "desktop"):
        at_size(page, viewport)
        check(viewport)
        fits_the_screen(page, f"{page.url} at {viewport} size")
        shot(page, f"{name}-{viewport}")


def painted(page) -> None:
    """Wait until the page's document has shown its first frame. After a same-origin
    navigation (a form posted, a link followed) Chromium keeps the old page on screen until
    the new one's first contentful paint, and refuses a screenshot in between ("Unable to
    capture screenshot"); on a busy machine that paint can come well after the new page's
    elements exist, which is all a locator waits for. The check is a function, not a bare
    expression: Playwright evals its text once, inside its own call, where the page's
    Content Security Policy lets it, and polls the function it got; a bare expression is
    evaled again at each animation frame, which the policy forbids."""
    page.wait_for_function(
        "() => performance.getEntriesByName('first-contentful-paint').length > 0", timeout=TIMEOUT)


def shot(page, name: str, kind: str = "pages") -> Path:
    """Save a screenshot of what the person sees now, under test-results/<kind>-<name>.png,
    when PGWEB_SCREENSHOTS=1 asks for them; the path it would be saved under either way."""
    path = SHOTS / f"{kind}-{name}.png"
    if not SHOTS_WANTED:
        return path
    SHOTS.mkdir(exist_ok=True)
    painted(page)
    page.screenshot(path=str(path), full_page=False)
    return path


def flag(env: dict[str, str], game: str, side: str) -> None:
    """Run the worker's sweep in a process of its own once the side's clock has run out, and see
    the side flagged by it. (The sweep flags every clock due in the live server's database,
    which other tests' games share: how many it flagged says nothing of this one.)"""
    printed = live_shell.run(env, _FLAG.format(game=game, side=side))
    assert printed.strip().endswith("True"), printed
