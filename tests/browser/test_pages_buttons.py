"""The game page's quieter promises: Replay only when there is something to replay, Resign
unlike the routine actions and still confirmed, and a favicon on every page."""

from __future__ import annotations

import re
from urllib.parse import urljoin

from tests.browser.pages_kit import api, shot

SCENARIO = "meeting-at-kessel"


def colours(page, selector: str) -> tuple[str, str]:
    return page.eval_on_selector(
        selector, "(b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
    )


def test_replay_appears_after_the_end_and_resign_is_set_apart_and_confirmed(person, live_server_url):
    ann, bob = person(), person()
    game = api(ann, live_server_url, "POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})["id"]
    api(bob, live_server_url, "POST", f"/api/v1/games/{game}/join", {"side": "su"})
    ann.goto(f"{live_server_url}/games/{game}/")
    ann.wait_for_selector("body.socket-open")
    ann.wait_for_selector("#resign-row [data-command=resign]")
    # Nothing to replay while the game runs.
    assert not ann.locator("#replay-link").is_visible()
    assert not ann.locator("#banner-replay").is_visible()
    # Resign looks unlike a routine action, and sits apart from them.
    routine = ann.locator("#global-actions > [data-command]").first
    assert routine.count() == 1
    assert colours(ann, "#resign-row [data-command=resign]") != colours(
        ann, "#global-actions > [data-command]"
    )
    ann.click("#resign-row [data-command=resign]")
    confirm = ann.locator("#confirm.confirm-resign")
    confirm.wait_for()
    assert "loses the game" in confirm.inner_text()
    shot(ann, "resign-confirm-desktop")
    ann.keyboard.press("Escape")  # changed their mind: nothing sent
    ann.locator("#confirm").wait_for(state="hidden")  # closed on the next drawn frame
    ann.click("#resign-row [data-command=resign]")
    ann.click("#confirm .btn-confirm")
    ann.locator("#replay-link").wait_for(state="visible")
    assert ann.locator("#banner-replay").is_visible()
    # A plain link (no script of the page's in the way) to the game's replay, which is served;
    # the replay page itself is test_clocks_absence's and test_planning's to draw.
    href = ann.locator("#replay-link").get_attribute("href")
    assert href == f"/games/{game}/replay"
    assert ann.request.get(live_server_url + href).ok


def test_every_page_links_an_svg_favicon_that_is_served(person, live_server_url):
    """Read from each page's HTML as served (no page needs drawing to say where its icon is)."""
    cleo = person(guest=False)
    for path in ("/", "/new-game/", "/games/00000000-0000-0000-0000-000000000000/"):
        html = cleo.request.get(live_server_url + path).text()
        links = [tag for tag in re.findall(r"<link\b[^>]*>", html) if re.search(r"rel=[\"']?icon\b", tag)]
        assert len(links) == 1, (path, links)
        href = re.search(r"href=[\"']([^\"']+)", links[0]).group(1)
        answer = cleo.request.get(urljoin(live_server_url + path, href))
        assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
        assert b"<svg" in answer.body()
