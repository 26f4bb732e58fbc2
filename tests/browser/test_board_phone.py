"""A phone is a first-class board: at 390x844 with touch the map spans the width, counters
open a finger wide, and after a tap the actions and the confirm sit in a bottom sheet that
is always on screen; the help speaks of taps, not of a mouse wheel."""

from __future__ import annotations

import pytest

from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT, guest, open_board, shot, start_game
from tests.browser.test_board_geometry import LAPTOP, tool_bar_clear
from tests.browser.test_game_play import api, groups, may_act, version

SCENARIO = "melnitsa-bridgehead"


@pytest.fixture
def phone_game(browser, live_server_url):
    """The phone's player on the game page; his opponent plays through the API (what the
    test looks at is the phone): (phone page, opponent's page on no game page, game API url)."""
    phone = guest(browser, live_server_url, **PHONE)
    desk = guest(browser, live_server_url, **DESKTOP)
    url = start_game(live_server_url, phone, desk, SCENARIO, ("su", "ge"))
    open_board(phone, url)
    return phone, desk, url.replace("/games/", "/api/v1/games/")


def inside_viewport(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0 \
        and box["x"] + box["width"] <= size["width"]


def tap_confirm(page) -> None:
    before = version(page)
    page.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    assert inside_viewport(page, "#confirm .btn-confirm")
    page.locator("#confirm .btn-confirm").tap()
    page.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)


def test_the_map_spans_the_width_and_after_a_tap_the_actions_and_the_confirm_stay_on_screen_in_a_bottom_sheet(
    phone_game,
) -> None:
    phone, desk, game_api = phone_game
    # The map spans the width, counters are a finger wide, and the help speaks of taps.
    board = phone.locator("svg.board").bounding_box()
    assert board["x"] <= 1 and board["width"] >= 388
    sizes = phone.evaluate(
        "[...document.querySelectorAll('svg.board .layer-units .unit use')].map(u => u.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 28
    help_text = phone.locator(".board-help:visible").inner_text()
    assert "wheel" not in help_text and "Tap" in help_text
    # Play on until the phone may activate a unit; its own commands are tapped in the sheet.
    sheet = phone.locator(".action-panel")
    for _ in range(8):
        # The phone's page caught up with the game before it is asked what it may do.
        legal = api(desk, "GET", game_api + "legal")
        phone.wait_for_function(f"() => Number(document.body.dataset.version || -1) >= {legal['v']}",
                                timeout=TIMEOUT)
        if may_act(phone):
            if "activate" in groups(phone):
                break
            first = sheet.locator("#global-actions button.cmd").first
            first.wait_for(timeout=TIMEOUT)
            assert inside_viewport(phone, ".action-panel")
            first.tap()
            tap_confirm(phone)
            continue
        command = next(c for c in legal["commands"] if c["type"] in ("roll_initiative", "pass"))
        said = api(desk, "POST", game_api + "commands", {"id": 6000 + legal["v"], "v": legal["v"], "command": command})
        assert said["t"] == "ack", said
        phone.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {legal['v']}", timeout=TIMEOUT)
    # A tap on one of the phone's counters: the sheet offers what it can do.
    unit = phone.evaluate(
        """(() => { const b = JSON.parse(document.getElementById('pg-boot').textContent);
        const g = window.pgweb.store.view.legal[b.seat] || {};
        const c = (g.activate || []).find((x) => x.kind === 'unit'); return c ? c.unit : null; })()""")
    assert unit
    if unit:
        phone.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{unit}'].hex)")
        phone.locator(f'svg [data-unit="{unit}"]').tap()
        if phone.locator("#stack-panel").is_visible():
            phone.locator(f'#stack-panel input[data-unit="{unit}"]').tap()
        activate = sheet.locator("#unit-actions button[data-command=activate]").first
        activate.wait_for(timeout=TIMEOUT)
        activate.tap()
        phone.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
        assert inside_viewport(phone, "#confirm .btn-confirm")
        phone.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
        shot(phone, "phone-sheet")
        # Pinch and pan still work with the sheet open: a drag moves the map.
        before = phone.evaluate("window.pgweb.board.viewBox")
        phone.evaluate("window.pgweb.board.zoom(1.25)")
        assert phone.evaluate("window.pgweb.board.viewBox")["width"] < before["width"]
        tap_confirm(phone)


def test_the_map_tool_bar_sits_above_the_map_clear_of_every_counter_on_a_phone_and_a_laptop(phone_game) -> None:
    """The Soviet's phone opens on his counters, some on the top rows of the map (a sapper in
    A1701): the tool bar lies above the map, not over them; so it does for the German on a
    laptop."""
    phone, desk, game_api = phone_game
    tool_bar_clear(phone)
    shot(phone, "tool-bar-phone")
    desk.set_viewport_size(LAPTOP)
    open_board(desk, game_api.replace("/api/v1/games/", "/games/"))
    tool_bar_clear(desk)
    shot(desk, "tool-bar-laptop")
