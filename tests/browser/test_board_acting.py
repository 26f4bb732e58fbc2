"""Acting from the map in Chromium: the stack panel (and a press in it that holds while the
other side plays); the referee's answers on the map (line of sight between two hexes, seen or
blocked where and why, drawn; why the picked unit cannot act where the player points); and
what a unit can do in an enemy hex with its odds. (The dice tray per side and a late
spectator's log are in test_board_faces.py, on its game.)"""

from __future__ import annotations

import re

from tests.browser import board_play
from tests.browser.board_people import TIMEOUT, open_board, players, shot  # noqa: F401 - players: the fixture
from tests.browser.board_play import click_hex, target_with_odds
from tests.browser.test_game_play import acting, api, confirm, groups, roll_initiative, version


def own_stack(page) -> tuple[str, list[str]]:
    """A hex holding several of the viewer's counters, and their ids."""
    return page.evaluate(
        """(() => { const by = {};
        for (const u of Object.values(window.pgweb.store.view.units)) {
          if (u.own && u.hex && !u.carried_by) (by[u.hex] = by[u.hex] || []).push(u.id); }
        const hex = Object.keys(by).sort().find((h) => by[h].length > 1);
        return [hex, by[hex]]; })()""")


def pick(page, unit: str) -> None:
    """Have `unit` picked (alone or with others) on its side's board: its counter clicked
    (in an open stack, its row ticked) unless it is picked already."""
    if page.evaluate(f"window.pgweb.ui.picked.includes('{unit}')"):
        return
    page.locator(f'svg [data-unit="{unit}"]').click()
    if page.locator("#stack-panel").is_visible() and not page.evaluate(f"window.pgweb.ui.picked.includes('{unit}')"):
        page.locator(f'#stack-panel input[data-unit="{unit}"]').check()


def press_and_hold_a_stack_row(page) -> tuple[object, str]:
    """Open a stack of the page's own side in its panel and press (and keep pressed) the
    details button of its last row: the pressed node and that row's unit."""
    hex_label, _ = own_stack(page)
    page.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    page.evaluate("window.pgweb.board.spread(null)")
    counter = page.locator(f'svg .unit[data-hex="{hex_label}"]').last
    counter.dispatch_event("pointerdown", {"button": 0, "pointerId": 7, "isPrimary": True})
    counter.dispatch_event("pointerup", {"button": 0, "pointerId": 7, "isPrimary": True})
    panel = page.locator("#stack-panel")
    panel.wait_for(timeout=TIMEOUT)
    info = panel.locator(".stack-row .stack-info").last
    unit = info.evaluate("(b) => b.closest('.stack-row').dataset.unit")
    held = info.element_handle()
    held.scroll_into_view_if_needed()
    # Measured once the page has drawn the panel it just opened, or the press may land
    # where the button was a frame before.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    box = held.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # Chromium focuses a button it is pressed on: the press is on this one.
    assert held.evaluate("(node) => document.activeElement === node"), "the press missed the button"
    held.pressed_at = box
    return held, unit


def test_a_stack_opens_a_panel_listing_every_counter_and_a_press_in_it_holds_while_the_other_side_plays(
        players) -> None:  # noqa: F811 - the fixture
    """One game, both players' boards: the side acting opens a stack of its own and picks
    from its panel; the side waiting looks through a stack of its own while the acting side
    activates that stack. A press on a row's details button holds the panels until its
    click, so it lands when it is let go."""
    url, ann, bob = players
    base, game = url.split("/games/")[0], url.rstrip("/").rsplit("/", 1)[1]
    roll_initiative([ann, bob])

    # The acting side: a stack opens a panel listing every counter, and the player picks.
    p = acting([ann, bob])
    hex_label, ids = own_stack(p)
    p.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    # Move the pointer off the map first: the click lands on a closed stack, picking nothing.
    p.mouse.move(1, 1)
    p.evaluate("window.pgweb.board.spread(null)")
    p.locator(f'svg .unit[data-hex="{hex_label}"]').last.dispatch_event("pointerdown", {"button": 0, "pointerId": 7, "isPrimary": True})
    p.locator(f'svg .unit[data-hex="{hex_label}"]').last.dispatch_event("pointerup", {"button": 0, "pointerId": 7, "isPrimary": True})
    panel = p.locator("#stack-panel")
    panel.wait_for(timeout=TIMEOUT)
    assert panel.locator(".stack-row").count() == len(ids)
    assert p.evaluate("window.pgweb.ui.picked.length") == 0  # never a leader alone by surprise
    names = panel.locator(".stack-name").all_inner_texts()
    assert not any(i in " ".join(names) for i in ids)  # human names, no ids
    panel.locator("input[type=checkbox]:not([disabled])").first.check()
    assert p.evaluate("window.pgweb.ui.picked.length") == 1
    p.locator("#unit-actions button[data-command=activate]").first.wait_for(timeout=TIMEOUT)
    shot(p, "stack-panel")

    # The side waiting presses a row of its own stack's panel and holds it while the acting
    # side activates the whole stack (from its panel; through the API should the stack
    # have no activation of its own).
    waiting = bob if p is ann else ann
    held, unit = press_and_hold_a_stack_row(waiting)
    before = version(waiting)
    panel.locator(".stack-all").click()
    stack_activation = p.locator("#unit-actions button[data-command=activate]", has_text="the stack")
    activated_the_stack = bool(stack_activation.count())
    if activated_the_stack:
        stack_activation.first.click()
        confirm(p)
    else:
        legal = api(p, "GET", f"{base}/api/v1/games/{game}/legal")
        cmd = next(c for c in legal["commands"] if c["type"] == "activate")
        said = api(p, "POST", f"{base}/api/v1/games/{game}/commands", {"id": 9000, "v": legal["v"], "command": cmd})
        assert said["t"] == "ack", said
    waiting.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    waiting.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert held.evaluate("(node) => node.isConnected"), "the pressed row was drawn anew, not kept"
    # The panels waited for the press: nothing above the row moved it from under the pointer.
    assert held.bounding_box() == held.pressed_at, "the pressed row moved"
    waiting.mouse.up()
    waiting.wait_for_function(f"() => window.pgweb.ui.selected === '{unit}'", timeout=TIMEOUT)
    waiting.locator(f'#stack-panel .stack-row.focused[data-unit="{unit}"]').wait_for(timeout=TIMEOUT)

    # The stack activated, every counter that can move picked: where they can go together.
    if activated_the_stack:
        p.locator("#stack-panel .stack-all").click()
        if p.evaluate("window.pgweb.ui.picked.length") > 1 and "move" in groups(p):
            p.locator("svg .reach[data-cost]").first.wait_for(timeout=TIMEOUT)
            p.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
            shot(p, "stack-moves")


def test_the_referee_answers_line_of_sight_and_why_not_and_an_enemy_hex_offers_what_the_unit_can_do_there_with_its_odds(
        browser, live_server_url) -> None:
    """On the board of the side that won the initiative (rolled through the API; the other
    board is never opened): the line of sight tool first, before any unit is activated; then
    the side's HMG is activated, pointed where it cannot go (the referee says why), and
    pointed at an enemy hex, which offers what it can do there with its odds."""
    first = board_play.roll_initiative(board_play.two_players(browser, live_server_url))
    p = first.desk
    open_board(p, f"{live_server_url}/games/{first.game}/")

    # The line of sight between two hexes: seen, or blocked where and why, drawn.
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

    # The HMG is activated.
    hmg = "su-hmg-1" if first.side == "su" else "ge-hmg-4"
    p.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{hmg}'].hex)")
    p.evaluate("window.pgweb.board.spread(null)")
    hmg_counter = p.locator(f'svg [data-unit="{hmg}"]')
    hmg_counter.click()
    if p.locator("#stack-panel").is_visible():
        p.locator(f'#stack-panel input[data-unit="{hmg}"]').check()
    p.locator("#unit-actions button[data-command=activate]").first.click()
    confirm(p)

    # Pointing where it cannot go says why, with the rule: a hex far outside its reach, with
    # nothing there to act on.
    far = p.evaluate(
        f"""(() => {{ const u = window.pgweb.store.view.units['{hmg}'];
        const b = JSON.parse(document.getElementById('pg-boot').textContent);
        const me = b.map.hexes.find((h) => h.hex === u.hex);
        const taken = new Set(Object.values(window.pgweb.store.view.units).map((x) => x.hex));
        return b.map.hexes.filter((h) => !taken.has(h.hex))
          .sort((a, c) => (Math.abs(c.q - me.q) + Math.abs(c.r - me.r)) - (Math.abs(a.q - me.q) + Math.abs(a.r - me.r)))[0].hex; }})()""")
    p.evaluate("window.pgweb.board.spread(null)")
    pick(p, hmg)
    click_hex(p, far)
    why = p.locator("#why-not")
    why.wait_for(timeout=TIMEOUT)
    p.wait_for_function("() => !document.getElementById('why-not').textContent.includes('Asking')", timeout=TIMEOUT)
    assert f"Why not {far}?" in why.inner_text()
    assert re.search(r"\(\d+(\.\d+)*[,)]", why.inner_text()), why.inner_text()
    shot(p, "why-not")

    # Clicking an enemy hex offers what the HMG can do there, with its odds.
    p.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{hmg}'].hex)")
    pick(p, hmg)
    hex_label = target_with_odds(p)
    p.locator(f'svg .target[data-hex="{hex_label}"] .target-hex').click(force=True)
    menu, box = p.locator("#hex-menu"), p.locator("#confirm")
    p.wait_for_function("() => !document.getElementById('hex-menu').hidden || !document.getElementById('confirm').hidden",
                        timeout=TIMEOUT)
    if menu.is_visible():
        assert "%" in menu.inner_text()
        shot(p, "hex-menu")
        menu.locator("button.hex-choice").first.click()
    box.locator(".odds-table").wait_for(timeout=TIMEOUT)
    assert "column" in box.inner_text()
    p.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)  # the tray has stepped aside
    shot(p, "fire-from-the-map")
    confirm(p)
    p.locator("#log .log-group").first.wait_for(timeout=TIMEOUT)
    assert "Roll for direct fire" in p.locator("#log").text_content()
