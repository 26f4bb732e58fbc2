"""The referee's answers on the map: line of sight between two hexes (seen, or blocked where
and why, drawn), and why the picked unit cannot act where the player points."""

from __future__ import annotations

import re

from tests.browser import board_play
from tests.browser.board_people import TIMEOUT, open_board, shot
from tests.browser.board_play import click_hex
from tests.browser.test_game_play import click_unit, confirm, groups


def test_the_referee_answers_on_the_map_line_of_sight_and_why_not(browser, live_server_url) -> None:
    """The line of sight tool first, before any unit is activated; then a unit is activated
    and pointed where it cannot go. The initiative is rolled through the API, and only the
    board of the side that won it is opened."""
    first = board_play.roll_initiative(board_play.two_players(browser, live_server_url))
    p = first.desk
    open_board(p, f"{live_server_url}/games/{first.game}/")
    p.keyboard.press("l")
    # The key opens the tool at once; its button is pressed on the next drawn frame.
    p.locator("#los-tool[aria-pressed=true]").wait_for(timeout=TIMEOUT)
    click_hex(p, "A1505")
    click_hex(p, "A1510")
    answer = p.locator("#los-answer")
    p.wait_for_function("() => /in sight|blocked/.test(document.getElementById('los-answer').textContent)",
                          timeout=TIMEOUT)
    text = answer.inner_text()
    assert "A1505 → A1510" in text
    # The board draws on its next animation frame, after the answer's text is written.
    # (attached: a line straight down the screen has no width, so never counts as visible)
    p.locator("svg .los-line").wait_for(state="attached", timeout=TIMEOUT)
    if "blocked" in text:
        assert re.search(r"\(\d+(\.\d+)*[,)]", text), text  # the rule that blocks it
        assert p.locator("svg .los-block").count() == 1
    assert p.locator("svg .los-line").count() == 1
    shot(p, "line-of-sight")
    p.keyboard.press("Escape")
    answer.wait_for(state="hidden", timeout=TIMEOUT)

    # Pointing where the unit cannot go says why, with the rule.
    unit = next(c["unit"] for c in groups(p)["activate"] if c["kind"] == "unit")
    click_unit(p, unit)
    if p.locator("#stack-panel").is_visible():
        p.locator(f'#stack-panel input[data-unit="{unit}"]').check()
    p.locator("#unit-actions button[data-command=activate]").first.click()
    confirm(p)
    # A hex far outside its reach, with nothing there to act on.
    far = p.evaluate(
        f"""(() => {{ const u = window.pgweb.store.view.units['{unit}'];
        const b = JSON.parse(document.getElementById('pg-boot').textContent);
        const me = b.map.hexes.find((h) => h.hex === u.hex);
        const taken = new Set(Object.values(window.pgweb.store.view.units).map((x) => x.hex));
        return b.map.hexes.filter((h) => !taken.has(h.hex))
          .sort((a, c) => (Math.abs(c.q - me.q) + Math.abs(c.r - me.r)) - (Math.abs(a.q - me.q) + Math.abs(a.r - me.r)))[0].hex; }})()""")
    p.evaluate("window.pgweb.board.spread(null)")
    click_unit(p, unit)
    if p.locator("#stack-panel").is_visible() and not p.evaluate(f"window.pgweb.ui.picked.includes('{unit}')"):
        p.locator(f'#stack-panel input[data-unit="{unit}"]').check()
    click_hex(p, far)
    why = p.locator("#why-not")
    why.wait_for(timeout=TIMEOUT)
    p.wait_for_function("() => !document.getElementById('why-not').textContent.includes('Asking')", timeout=TIMEOUT)
    assert f"Why not {far}?" in why.inner_text()
    assert re.search(r"\(\d+(\.\d+)*[,)]", why.inner_text()), why.inner_text()
    shot(p, "why-not")
