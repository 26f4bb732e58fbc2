"""Take the README's board screenshots (docs/img/board-desktop.png, board-odds.png,
board-phone.png; board-pl-desktop.png and board-pl-phone.png).

Run against a serving pgweb (`make run` in another terminal):

    .venv/bin/python tools/board_screenshots.py [http://127.0.0.1:8000] [--out docs/img]

Two guests open a game of Melnitsa Bridgehead and roll for initiative. The player to act,
in a 1400x900 window, activates a machine-gun section and picks it: the reachable hexes
show their cost and the enemy in range the odds (board-desktop.png); a click on the enemy
hex puts the fire in the confirm with its column, shifts and chances (board-odds.png). The
same player on a 390x844 touch screen taps the section and a hex it can reach: the map fills
the width and the confirm waits in the bottom sheet (board-phone.png). Chromium is Debian's
(/usr/bin/chromium). Every screenshot should be looked at before it goes in the README.

Panzer Leader: two guests open Crossroads at Hollenbach. The Allied player ends the combat
phase, moves a Sherman to a hex the German anti-tank gun sees, and ends the rest of the
player turn; the German player picks the gun: the Sherman's hex shows the odds, and a click
on it puts the fire in the confirm with its column and chances (board-pl-desktop.png). The
Allied player on the phone, in the next game of the same battle, ends the combat phase and
taps the Sherman and a hex it can reach (board-pl-phone.png).

`--game pg` or `--game pl` takes one game's screenshots only.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")
SCENARIO = "melnitsa-bridgehead"
PL_SCENARIO = "pl-hollenbach"
SHERMAN, IN_SIGHT, GUN = "al-m4-1", "A-H-1", "ge-at75-1"  # the gun sees and reaches that hex
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


def people_in_a_game(browser: Browser, base: str, scenario: str, sides: tuple[str, str]) -> tuple[str, dict]:
    """A game of `scenario` between two guests; its id, and each side's (desktop, phone) pages
    (the phone signed in as the same guest)."""
    people = {}
    for side in sides:
        desk = browser.new_context(**DESKTOP).new_page()
        call(desk, base, "POST", "/api/v1/auth/guest")
        phone = browser.new_context(**PHONE)
        phone.add_cookies(desk.context.cookies())
        people[side] = (desk, phone.new_page())
    game = call(people[sides[0]][0], base, "POST", "/api/v1/games",
                {"scenario": scenario, "side": sides[0], "options": {"spectators": "public"}})["id"]
    call(people[sides[1]][0], base, "POST", f"/api/v1/games/{game}/join", {"side": sides[1]})
    return game, people


def send(page: Page, base: str, game: str, kind: str) -> None:
    """Send the one legal command of `kind` (rolling for initiative, ending a phase)."""
    legal = call(page, base, "GET", f"/api/v1/games/{game}/legal")
    command = next(c for c in legal["commands"] if c["type"] == kind)
    call(page, base, "POST", f"/api/v1/games/{game}/commands", {"id": legal["v"], "v": legal["v"], "command": command})


def click_hex(page: Page, hex_id: str, tap: bool = False) -> None:
    page.evaluate(f"window.pgweb.board.centerOn('{hex_id}')")
    at = page.evaluate(f"window.pgweb.board.hexOnScreen('{hex_id}')")
    page.touchscreen.tap(at["x"], at["y"]) if tap else page.mouse.click(at["x"], at["y"])


def confirm(page: Page) -> None:
    before = page.evaluate("Number(document.body.dataset.version)")
    page.locator("#confirm .btn-confirm").click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=WAIT)


def panzer_grenadier(browser: Browser, base: str, out: Path) -> None:
    """board-desktop.png, board-odds.png, board-phone.png."""
    game, people = people_in_a_game(browser, base, SCENARIO, ("ge", "su"))
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
    desk.screenshot(path=str(out / "board-desktop.png"))
    target = desk.locator("svg .target").first.get_attribute("data-hex")
    at = desk.evaluate(f"window.pgweb.board.hexOnScreen('{target}')")
    desk.mouse.click(at["x"], at["y"])
    if desk.locator("#hex-menu").is_visible():
        desk.locator("#hex-menu button.cmd-fire").first.click()
    desk.locator("#confirm .odds-table").wait_for(timeout=WAIT)
    settle(desk)
    desk.screenshot(path=str(out / "board-odds.png"))
    desk.keyboard.press("Escape")

    open_board(phone, url)
    pick(phone, unit, tap=True)
    phone.locator("svg .reach[data-cost]").first.wait_for(timeout=WAIT)
    at = phone.evaluate(VISIBLE_REACH)
    phone.touchscreen.tap(at["x"], at["y"])
    phone.locator("#confirm:not([hidden])").wait_for(timeout=WAIT)
    settle(phone)
    phone.screenshot(path=str(out / "board-phone.png"))


def panzer_leader(browser: Browser, base: str, out: Path) -> None:
    """board-pl-desktop.png, board-pl-phone.png."""
    game, people = people_in_a_game(browser, base, PL_SCENARIO, ("allied", "german"))
    (ann, _), (bob, _) = people["allied"], people["german"]
    url = f"{base}/games/{game}/"
    send(ann, base, game, "end_phase")  # the Allied combat phase: nothing to fire at yet
    open_board(ann, url)
    pick(ann, SHERMAN)
    ann.locator(f'svg .reach[data-hex="{IN_SIGHT}"][data-cost]').wait_for(timeout=WAIT)
    click_hex(ann, IN_SIGHT)
    ann.locator("#confirm:not([hidden])").wait_for(timeout=WAIT)
    confirm(ann)
    for _ in range(3):  # vehicles, units on foot, close assault
        send(ann, base, game, "end_phase")
    open_board(bob, url)
    bob.wait_for_function("() => /Combat phase/.test(document.getElementById('turn-banner').innerText)", timeout=WAIT)
    pick(bob, GUN)
    bob.wait_for_function(
        f"() => /\\d+-\\d+ · \\d+%/.test(document.querySelector('svg .target-label[data-hex=\"{IN_SIGHT}\"]')?.textContent)",
        timeout=WAIT)
    click_hex(bob, IN_SIGHT)
    if bob.locator("#hex-menu").is_visible():
        bob.locator("#hex-menu button.cmd-fire").first.click()
    bob.wait_for_function("() => /column/.test(document.getElementById('confirm').innerText)", timeout=WAIT)
    bob.mouse.move(2, 2)
    settle(bob)
    bob.screenshot(path=str(out / "board-pl-desktop.png"))

    game, people = people_in_a_game(browser, base, PL_SCENARIO, ("allied", "german"))
    phone = people["allied"][1]
    send(people["allied"][0], base, game, "end_phase")
    open_board(phone, f"{base}/games/{game}/")
    pick(phone, SHERMAN, tap=True)
    phone.locator("svg .reach[data-cost]").first.wait_for(timeout=WAIT)
    at = phone.evaluate(VISIBLE_REACH)
    phone.touchscreen.tap(at["x"], at["y"])
    phone.wait_for_function("() => /movement cost/.test(document.getElementById('confirm').innerText)", timeout=WAIT)
    settle(phone)
    phone.screenshot(path=str(out / "board-pl-phone.png"))


GAMES = {"pg": panzer_grenadier, "pl": panzer_leader}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default="docs/img", type=Path)
    parser.add_argument("--game", choices=sorted(GAMES), help="one game's screenshots only")
    args = parser.parse_args()
    base = args.base.rstrip("/")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        for name, take in GAMES.items():
            if args.game in (None, name):
                take(browser, base, args.out)
        browser.close()
    for shot in sorted(args.out.glob("board-*.png")):
        print(shot)


if __name__ == "__main__":
    main()
