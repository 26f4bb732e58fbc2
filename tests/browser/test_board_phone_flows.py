"""The board's flows on a 390x844 touch phone: a real two-finger pinch and a one-finger pan
(touch events through Chrome's DevTools protocol), the stack panel, what a unit can do in an
enemy hex with its odds, why not, line of sight and the log, each in reach on the screen."""

from __future__ import annotations

import re

import pytest

from tests.browser.board_people import TIMEOUT, shot
from tests.browser.board_play import roll_initiative, target_with_odds, two_players

PHONE_HEIGHT = 844
HMG = {"su": "su-hmg-1", "ge": "ge-hmg-4"}  # each has a target from the first segment


@pytest.fixture
def game(browser, live_server_url, live_server_env):
    players = two_players(browser, live_server_url, dice=(live_server_env, "04" * 32))
    first = roll_initiative(players)
    phone = first.phone
    phone.goto(f"{live_server_url}/games/{first.game}/")
    phone.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    phone.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)
    yield first, phone


def on_screen(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= PHONE_HEIGHT and box["x"] >= 0 and box["x"] + box["width"] <= 390


def touch(cdp, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in enumerate(points)],
    })


def view_box(page) -> dict:
    return page.evaluate("window.pgweb.board.viewBox")


def test_the_log_the_stack_panel_pinch_and_pan_why_not_line_of_sight_and_odds_on_a_phone(game) -> None:
    """One phone page on one game, two flows: first the log, the stack panel and the map
    pinched and panned; then, with the section activated, why not, the line of sight and an
    enemy hex's odds."""
    first, phone = game
    # The log reads in the width of the screen.
    log = phone.locator("#log")
    log.locator(".log-group").first.wait_for(timeout=TIMEOUT)
    log.scroll_into_view_if_needed()
    assert "initiative" in log.inner_text()
    box = log.bounding_box()
    assert box["width"] <= 390 and box["x"] >= 0
    shot(phone, "phone-log")
    # A stack's panel opens in the sheet, its head on the screen.
    hex_label = phone.evaluate(
        """(() => { const by = {};
        for (const u of Object.values(window.pgweb.store.view.units)) if (u.own && u.hex && !u.carried_by) (by[u.hex] = by[u.hex] || []).push(u.id);
        return Object.keys(by).sort().find((h) => by[h].length > 1); })()""")
    phone.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    phone.evaluate("window.pgweb.board.spread(null)")
    phone.locator(f'svg .unit[data-hex="{hex_label}"]').last.tap()
    panel = phone.locator("#stack-panel")
    panel.wait_for(timeout=TIMEOUT)
    assert on_screen(phone, "#stack-panel .stack-head")
    panel.locator("input[type=checkbox]:not([disabled])").first.tap()
    phone.locator("#unit-actions button[data-command=activate]").first.wait_for(timeout=TIMEOUT)
    shot(phone, "phone-stack-panel")
    # Nothing picked, no stack open: the map is the player's to pinch and pan.
    phone.evaluate("document.activeElement?.blur()")  # keys typed in the panel's box are the box's
    phone.keyboard.press("Escape")
    phone.keyboard.press("Escape")
    phone.wait_for_function("() => !window.pgweb.ui.selected && !window.pgweb.ui.stackHex && !window.pgweb.ui.picked.length",
                            timeout=TIMEOUT)
    box = phone.locator("svg.board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 3
    cdp = phone.context.new_cdp_session(phone)
    before = view_box(phone)
    touch(cdp, "touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for step in range(1, 6):
        touch(cdp, "touchMove", [(cx - 30 - 15 * step, cy), (cx + 30 + 15 * step, cy)])
    touch(cdp, "touchEnd", [])
    zoomed = view_box(phone)
    assert zoomed["width"] < before["width"] * 0.8, (before, zoomed)  # fingers apart: closer in
    touch(cdp, "touchStart", [(cx, cy)])
    for step in range(1, 6):
        touch(cdp, "touchMove", [(cx - 20 * step, cy - 10 * step)])
    touch(cdp, "touchEnd", [])
    panned = view_box(phone)
    assert panned["x"] > zoomed["x"] and panned["width"] == pytest.approx(zoomed["width"])  # dragged left: the map moves east
    # A tap is still a tap after all that: a counter tapped is picked or its stack opened.
    unit = phone.locator("svg.board .layer-units .unit.own").first
    hex_label = unit.get_attribute("data-hex")
    phone.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    unit.tap()
    phone.wait_for_function("() => window.pgweb.ui.selected || window.pgweb.ui.stackHex", timeout=TIMEOUT)
    shot(phone, "phone-pinched")
    # Put down again at the zoom it opened at: nothing picked, no stack open, for the second
    # flow (which looks for an empty hex on the screen).
    phone.evaluate(f"window.pgweb.board.zoom({panned['width'] / before['width']})")
    assert view_box(phone)["width"] == pytest.approx(before["width"])
    phone.evaluate("document.activeElement?.blur()")
    phone.keyboard.press("Escape")
    phone.keyboard.press("Escape")
    phone.wait_for_function("() => !window.pgweb.ui.selected && !window.pgweb.ui.stackHex && !window.pgweb.ui.picked.length",
                            timeout=TIMEOUT)

    # The section activated (through the API): why not, line of sight, an enemy hex's odds.
    hmg = HMG[first.side]
    first.send({"type": "activate", "kind": "unit", "unit": hmg})
    phone.wait_for_function(f"() => window.pgweb.store.view.activation?.units?.includes('{hmg}')", timeout=TIMEOUT)
    phone.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{hmg}'].hex)")
    phone.evaluate("window.pgweb.board.spread(null)")
    phone.locator(f'svg [data-unit="{hmg}"]').tap()
    if phone.locator("#stack-panel").is_visible() and not phone.evaluate(f"window.pgweb.ui.picked.includes('{hmg}')"):
        phone.locator(f'#stack-panel input[data-unit="{hmg}"]').tap()
    phone.locator("svg .reach").first.wait_for(timeout=TIMEOUT)
    # An empty hex on screen that the section can neither reach nor fire at.
    at = phone.evaluate(
        """(() => { const map = document.querySelector('svg.board').getBoundingClientRect();
        const sheet = document.querySelector('.action-panel').getBoundingClientRect();
        const lit = new Set([...document.querySelectorAll('svg .reach, svg .target')].map((g) => g.getAttribute('data-hex')));
        const taken = new Set(Object.values(window.pgweb.store.view.units).map((u) => u.hex));
        const b = JSON.parse(document.getElementById('pg-boot').textContent);
        for (const h of b.map.hexes) {
          if (lit.has(h.hex) || taken.has(h.hex)) continue;
          const p = window.pgweb.board.hexOnScreen(h.hex);
          if (p && p.x > map.left + 25 && p.x < map.right - 25 && p.y > map.top + 60 && p.y < Math.min(map.bottom, sheet.top) - 25) return { ...p, hex: h.hex };
        } return null; })()""")
    assert at, "an empty hex on screen"
    phone.touchscreen.tap(at["x"], at["y"])
    why = phone.locator("#why-not")
    why.wait_for(timeout=TIMEOUT)
    phone.wait_for_function("() => !document.getElementById('why-not').textContent.includes('Asking')", timeout=TIMEOUT)
    assert f"Why not {at['hex']}?" in why.inner_text()
    assert re.search(r"\(\d+(\.\d+)*[,)]", why.inner_text()), why.inner_text()
    assert on_screen(phone, "#why-not h3")
    assert not phone.locator("#confirm").is_visible()  # nothing proposed: no empty confirm
    shot(phone, "phone-why-not")
    # Line of sight: the tool's button, then two taps on the map.
    phone.locator("#los-tool").tap()
    here = phone.evaluate(f"window.pgweb.board.hexOnScreen(window.pgweb.store.view.units['{hmg}'].hex)")
    phone.touchscreen.tap(here["x"], here["y"])
    phone.touchscreen.tap(at["x"], at["y"])
    phone.wait_for_function("() => /in sight|blocked/.test(document.getElementById('los-answer').textContent)", timeout=TIMEOUT)
    assert on_screen(phone, "#los-answer")
    assert phone.locator("svg .los-line").count() == 1
    shot(phone, "phone-line-of-sight")
    # The tool's button again puts it away; the picked section's target offers its odds.
    phone.locator("#los-tool").tap()
    phone.locator("#los-tool[aria-pressed=false]").wait_for(timeout=TIMEOUT)
    hex_label = target_with_odds(phone)
    at = phone.evaluate(f"window.pgweb.board.hexOnScreen('{hex_label}')")
    phone.touchscreen.tap(at["x"], at["y"])
    phone.wait_for_function("() => !document.getElementById('hex-menu').hidden || !document.getElementById('confirm').hidden",
                            timeout=TIMEOUT)
    if phone.locator("#hex-menu").is_visible():
        assert "%" in phone.locator("#hex-menu").inner_text()
        assert on_screen(phone, "#hex-menu button.hex-choice")
        shot(phone, "phone-hex-menu")
        phone.locator("#hex-menu button.hex-choice").first.tap()
    phone.locator("#confirm .odds-table").wait_for(timeout=TIMEOUT)
    assert on_screen(phone, "#confirm .btn-confirm")
    shot(phone, "phone-fire-odds")
