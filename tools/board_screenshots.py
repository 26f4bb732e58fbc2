"""Take the README's board screenshots (docs/img/board-desktop.png, board-odds.png,
board-phone.png).

Run against a serving pgweb (`make run` in another terminal):

    .venv/bin/python tools/board_screenshots.py [http://127.0.0.1:8000] [--out docs/img]

Two guests open a game of Melnitsa Bridgehead and roll for initiative. The player to act,
in a 1400x900 window, activates a machine-gun section and picks it: the reachable hexes
show their cost and the enemy in range the odds (board-desktop.png); a click on the enemy
hex puts the fire in the confirm with its column, shifts and chances (board-odds.png). The
same player on a 390x844 touch screen taps the section and a hex it can reach: the map fills
the width and the confirm waits in the bottom sheet (board-phone.png). Chromium is Debian's
(/usr/bin/chromium). Every screenshot should be looked at before it goes in the README.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")
SCENARIO = "melnitsa-bridgehead"
HMG = {"su": "su-hmg-1", "ge": "ge-hmg-4"}  # each has a target from the first segment
DESKTOP = {"viewport": {"width": 1400, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
WAIT = 20_000
# A reachable hex on screen and above the bottom sheet, where a finger can tap it.
VISIBLE_REACH = """(() => {
  const map = document.querySelector('svg.board').getBoundingClientRect();
  const sheet = document.querySelector('.action-panel').getBoundingClientRect();
  const bottom = Math.min(map.bottom, sheet.top) - 20;
  for (const g of document.querySelectorAll('svg .reach[data-cost]')) {
    const at = window.pgweb.board.hexOnScreen(g.getAttribute('data-hex'));
    if (at && at.x > map.left + 20 && at.x < map.right - 20 && at.y > map.top + 20 && at.y < bottom) return at;
  }
  return null; })()"""


def call(page: Page, base: str, method: str, path: str, data: dict | None = None) -> dict:
    """The REST API as this page's guest (session cookie and CSRF token)."""
    page.request.get(base + "/api/v1/auth/session")
    token = next((c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"), "")
    answer = page.request.fetch(base + path, method=method, data=data, headers={"X-CSRFToken": token})
    if not answer.ok:
        raise SystemExit(f"{method} {path}: {answer.status} {answer.text()}")
    return answer.json()


def open_board(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body.socket-open", timeout=WAIT)
    page.wait_for_function("() => Number(document.body.dataset.version) >= 2", timeout=WAIT)


def pick(page: Page, unit: str, tap: bool = False) -> None:
    """Bring a counter into view and pick it (ticking it in its stack's panel if need be)."""
    page.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{unit}'].hex)")
    page.evaluate("window.pgweb.board.spread(null)")
    counter = page.locator(f'svg [data-unit="{unit}"]')
    counter.tap() if tap else counter.click()
    box = page.locator(f'#stack-panel input[data-unit="{unit}"]')
    if page.locator("#stack-panel").is_visible() and not box.is_checked():
        box.tap() if tap else box.check()


def settle(page: Page) -> None:
    """Wait until the dice tray has stepped aside and nothing is still loading."""
    page.locator("#dice").wait_for(state="hidden", timeout=WAIT)
    page.wait_for_function("() => !document.body.textContent.includes('loading…')", timeout=WAIT)
    page.evaluate("window.scrollTo(0, 0)")  # the page as it opens, header and all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default="docs/img", type=Path)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        people = {}
        for side in ("ge", "su"):
            desk = browser.new_context(**DESKTOP).new_page()
            call(desk, base, "POST", "/api/v1/auth/guest")
            phone = browser.new_context(**PHONE)
            phone.add_cookies(desk.context.cookies())
            people[side] = (desk, phone.new_page())
        game = call(people["ge"][0], base, "POST", "/api/v1/games",
                    {"scenario": SCENARIO, "side": "ge", "options": {"spectators": "public"}})["id"]
        call(people["su"][0], base, "POST", f"/api/v1/games/{game}/join", {"side": "su"})
        actor = None
        for _ in range(4):
            for side, (desk, _) in people.items():
                legal = call(desk, base, "GET", f"/api/v1/games/{game}/legal")
                kinds = {c["type"] for c in legal["commands"]}
                if "roll_initiative" in kinds:
                    command = next(c for c in legal["commands"] if c["type"] == "roll_initiative")
                    call(desk, base, "POST", f"/api/v1/games/{game}/commands", {"id": 1, "v": legal["v"], "command": command})
                elif "activate" in kinds:
                    actor = side
            if actor:
                break
        if actor is None:
            raise SystemExit("nobody may activate a unit after the initiative")
        desk, phone = people[actor]
        url = f"{base}/games/{game}/"
        unit = HMG[actor]

        open_board(desk, url)
        pick(desk, unit)
        desk.locator("#unit-actions button[data-command=activate]").first.click()
        before = desk.evaluate("Number(document.body.dataset.version)")
        desk.locator("#confirm .btn-confirm").click()
        desk.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=WAIT)
        pick(desk, unit)
        desk.wait_for_function("() => [...document.querySelectorAll('svg .target-label')].some((t) => t.textContent.includes('%'))",
                               timeout=WAIT)
        desk.mouse.move(2, 2)
        settle(desk)
        desk.screenshot(path=str(args.out / "board-desktop.png"))
        target = desk.locator("svg .target").first.get_attribute("data-hex")
        at = desk.evaluate(f"window.pgweb.board.hexOnScreen('{target}')")
        desk.mouse.click(at["x"], at["y"])
        if desk.locator("#hex-menu").is_visible():
            desk.locator("#hex-menu button.cmd-fire").first.click()
        desk.locator("#confirm .odds-table").wait_for(timeout=WAIT)
        settle(desk)
        desk.screenshot(path=str(args.out / "board-odds.png"))
        desk.keyboard.press("Escape")

        open_board(phone, url)
        pick(phone, unit, tap=True)
        phone.locator("svg .reach[data-cost]").first.wait_for(timeout=WAIT)
        at = phone.evaluate(VISIBLE_REACH)
        phone.touchscreen.tap(at["x"], at["y"])
        phone.locator("#confirm:not([hidden])").wait_for(timeout=WAIT)
        settle(phone)
        phone.screenshot(path=str(args.out / "board-phone.png"))
        for name in ("board-desktop.png", "board-odds.png", "board-phone.png"):
            print(args.out / name)
        browser.close()


if __name__ == "__main__":
    main()
