"""Take the README's two board screenshots (docs/img/board-desktop.png, board-phone.png).

Run against a serving pgweb (`make run` in another terminal):

    .venv/bin/python tools/board_screenshots.py [http://127.0.0.1:8000] [--out docs/img]

Two guests open a game of Melnitsa Bridgehead and roll for initiative; the player to act
picks the next unit with something to do (the `n` key), and Chromium (Debian's, at
/usr/bin/chromium) photographs the board at 1400x900 and at 390x844 (touch).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")
SCENARIO = "melnitsa-bridgehead"
VIEWPORTS = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}


def call(page: Page, base: str, method: str, path: str, data: dict | None = None) -> dict:
    """The REST API as this page's guest (session cookie and CSRF token)."""
    page.request.get(base + "/api/v1/auth/session")
    token = next((c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"), "")
    answer = page.request.fetch(base + path, method=method, data=data, headers={"X-CSRFToken": token})
    if not answer.ok:
        raise SystemExit(f"{method} {path}: {answer.status} {answer.text()}")
    return answer.json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default="docs/img", type=Path)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        players = []
        for name in ("desktop", "phone"):
            phone = name == "phone"
            context = browser.new_context(viewport=VIEWPORTS[name], has_touch=phone, is_mobile=phone)
            page = context.new_page()
            call(page, base, "POST", "/api/v1/auth/guest")
            players.append(page)
        desktop, phone = players
        game = call(desktop, base, "POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})["id"]
        call(phone, base, "POST", f"/api/v1/games/{game}/join", {"side": "su"})
        for page in players:
            legal = call(page, base, "GET", f"/api/v1/games/{game}/legal")
            roll = [c for c in legal["commands"] if c["type"] == "roll_initiative"]
            if roll:
                body = {"id": 1, "v": legal["v"], "command": roll[0]}
                call(page, base, "POST", f"/api/v1/games/{game}/commands", body)
                break
        for name, page in zip(VIEWPORTS, players, strict=True):
            page.goto(f"{base}/games/{game}/")
            page.wait_for_selector("body.socket-open")
            page.wait_for_function("Number(document.body.dataset.version) >= 2")
            page.keyboard.press("n")  # the player to act picks a unit; the other sees the map
            page.wait_for_timeout(600)  # let the overlay and the previews draw (a still photo)
            path = args.out / f"board-{name}.png"
            page.screenshot(path=str(path))
            print(path)
        browser.close()


if __name__ == "__main__":
    main()
