"""A side's plans in Chromium: a standing order set on the page answers the opportunity-fire
window the moment the enemy moves into sight, with nobody clicking (13.0); an arrow one
partner draws shows on the other partner's board and never on the opponents'."""

from __future__ import annotations

from tests.browser.board_people import TIMEOUT
from tests.browser.board_play import (
    click_hex,
    move_next_to_enemy,
    play_until,
    roll_initiative,
    two_players,
)
from tests.browser.pages_kit import DESKTOP, PHONE, api, shot
from tests.browser.test_pages_team import team_game


def test_a_standing_order_set_on_the_page_fires_when_the_enemy_moves_into_sight(
        browser, live_server_url, live_server_env) -> None:
    # The side that orders does it on a phone; the mover watches on a desktop window.
    players = two_players(browser, live_server_url, dice=(live_server_env, "03" * 32))
    mover = roll_initiative(players)
    other = players[1] if mover is players[0] else players[0]
    p = other.phone
    p.goto(f"{live_server_url}/games/{mover.game}/")
    p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    plans = p.locator("#plans")
    tools = p.locator(".board-tools")
    for size, viewport in ((DESKTOP, "desktop"), (PHONE, "phone")):  # the same page at each size
        p.set_viewport_size(size)
        assert tools.locator("#draw-tool").is_visible() and tools.locator("#draw-turn").is_visible()
        box, screen = tools.bounding_box(), p.viewport_size
        assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"], box  # fits the screen
        shot(p, f"plans-tools-{viewport}")
    # Drawing a label on the phone: its field and the hint join the bar, which grows by one
    # row, not two (the map keeps what it can of the screen; three rows were 2.65 times one).
    one_row = box["height"]
    tools.locator("#draw-kind").select_option("label")
    tools.locator("#draw-tool").click()
    tools.locator("#draw-hint").filter(has_text="Pick a hex for the label").wait_for(timeout=TIMEOUT)
    drawing = tools.bounding_box()
    assert drawing["height"] < 2.3 * one_row and drawing["width"] <= screen["width"], (one_row, drawing)
    shot(p, "plans-label-phone")
    tools.locator("#draw-tool").click()
    plans.locator("#add-order").click()
    row = plans.locator(".order-row").first
    assert row.locator(".order-answer").input_value() == "fire"
    assert row.locator(".order-at").input_value() == "any"
    row.locator(".order-combine").check()  # a hex's units together where better (D-ORDERS-2)
    assert plans.locator(".add-window-order").count() == 0  # open play, no take-backs
    plans.locator("#save-orders").click()
    p.locator("#notice").filter(has_text="Standing orders saved").wait_for(timeout=TIMEOUT)
    saved = api(p, live_server_url, "GET", f"/api/v1/games/{mover.game}/orders")
    assert [o.get("combine") for o in next(iter(saved["sides"].values()))["orders"]] == [True]
    shot(p, "standing-order-together-phone")
    move_next_to_enemy(mover, other)
    # Nobody on this side clicked: the order answered, and this side's log says so.
    p.locator("#log").filter(has_text="Your orders fired at").wait_for(state="attached", timeout=TIMEOUT)
    plans.locator("#order-answers").wait_for(timeout=TIMEOUT)
    answered = plans.locator("#order-answers").inner_text()
    assert answered.startswith("Turn ") and "Your orders fired at" in answered, answered
    assert p.locator("#opfire").is_hidden() or "Your orders fired" in p.locator("#log").inner_text()
    plans.scroll_into_view_if_needed()
    shot(p, "standing-order-fired-phone")
    # The mover's page shows the fire and nothing of the order.
    q = mover.desk
    q.goto(f"{live_server_url}/games/{mover.game}/")
    q.wait_for_function("() => document.querySelectorAll('#log li').length > 0", timeout=TIMEOUT)
    q.locator("#log").filter(has_text="opportunity").wait_for(state="attached", timeout=TIMEOUT)
    assert "standing order" not in q.locator("#log").inner_text().lower()
    assert q.locator("#plans .order-row").count() == 0  # the other side's orders: its own
    assert q.locator("#order-answers").count() == 0


def test_an_arrow_drawn_shows_on_the_partners_board_and_not_on_the_opponents(
        person, live_server_url) -> None:
    game, pages = team_game(person, live_server_url)
    # Ann draws, Bob (her partner) and Cleo (an opponent) watch their boards; Dan, Cleo's
    # partner, is in the same audience as she is (the side's), and asks the API.
    for page in (pages["ann"], pages["bob"], pages["cleo"]):
        page.goto(f"{live_server_url}/games/{game}/")
        page.wait_for_selector("body.socket-open")
        page.locator("svg.board .layer-units .unit").first.wait_for()
    ann, bob, cleo = pages["ann"], pages["bob"], pages["cleo"]
    ann.locator("#draw-kind").select_option("arrow")
    ann.locator("#draw-tool").click()
    click_hex(ann, "A0405")
    ann.locator("#draw-hint").filter(has_text="From A0405").wait_for()
    click_hex(ann, "A0607")
    arrow = 'svg.board .layer-drawings .drawing-arrow[data-hexes="A0405 A0607"]'
    ann.locator(arrow).wait_for(timeout=TIMEOUT)
    bob.locator(arrow).wait_for(timeout=TIMEOUT)  # live, on the partner's board
    drawer = ann.evaluate("JSON.parse(document.getElementById('pg-boot').textContent).user")
    assert drawer in bob.locator("#drawing-list").inner_text()
    bob.evaluate("window.pgweb.board.centerOn('A0506')")
    shot(bob, "drawing-partner-desktop")
    # The opponents' boards never have it, even after the frames the arrow made were sent.
    ann.locator("#draw-kind").select_option("circle")
    click_hex(ann, "A0606")
    bob.locator("svg.board .layer-drawings .drawing-circle").wait_for(timeout=TIMEOUT)
    assert cleo.locator("svg.board .layer-drawings .drawing").count() == 0
    assert cleo.locator("#drawing-list li").count() == 0
    assert api(pages["dan"], live_server_url, "GET", f"/api/v1/games/{game}/drawings")["drawings"] == []
    assert len(api(pages["bob"], live_server_url, "GET", f"/api/v1/games/{game}/drawings")["drawings"]) == 2
    shot(cleo, "drawing-opponent-desktop")
    # The one who drew it removes it; it goes from the partner's board.
    ann.locator("#drawing-list li").first.locator(".remove-drawing").click()
    bob.wait_for_function("(sel) => !document.querySelector(sel)", arg=arrow, timeout=TIMEOUT)
    # Once the game is over, the replay shows each side's plans to the other side too.
    api(ann, live_server_url, "POST", f"/api/v1/games/{game}/resign")
    cleo.goto(f"{live_server_url}/games/{game}/replay")
    cleo.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)
    assert cleo.locator("svg.board .layer-drawings .drawing").count() == 0
    cleo.locator("#plans-side").select_option("ge")
    cleo.locator('svg.board .layer-drawings .drawing-circle[data-hexes="A0606"]').wait_for(timeout=TIMEOUT)
    cleo.evaluate("window.pgweb.board.centerOn('A0606')")
    shot(cleo, "replay-plans-desktop")


def test_a_double_blind_window_with_no_shot_is_explained_and_its_standing_order_set_from_the_prompt(
        browser, live_server_url, live_server_env) -> None:
    # Double-blind asks a side whenever it sees a mover, even with no shot (D-DB-OPFIRE): the
    # prompt says why it waits and what to do, and its button brings the order that declines
    # such windows; saved, it answers the open window at once, and the log says so in words.
    players = two_players(browser, live_server_url, dice=(live_server_env, "03" * 32), double_blind=True)

    def no_shot(p, view, cmds):
        return bool(view.get("opfire")) and {c["type"] for c in cmds} == {"decline"}

    player, _ = play_until(players, no_shot, seed=2)
    for p, viewport in ((player.phone, "phone"), (player.desk, "desktop")):
        p.goto(f"{live_server_url}/games/{player.game}/")
        prompt = p.locator("#opfire")
        prompt.wait_for(timeout=TIMEOUT)
        text = prompt.inner_text()
        assert text.startswith("No shot at ") and "None of your units can fire at it" in text, text
        assert "A standing order can decline these for you." in text, text
        p.locator("#plans #orders-h").wait_for(state="attached", timeout=TIMEOUT)
        p.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
        shot(p, f"no-shot-window-{viewport}")
    # On a phone the button brings the new order into view above the bottom sheet.
    phone = player.phone
    phone.locator("#opfire .opfire-set-orders").tap()
    phone.locator("#plans .order-row").last.wait_for(timeout=TIMEOUT)
    phone.wait_for_function(
        "() => { const r = document.querySelector('#plans .order-row:last-child').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= document.querySelector('.action-panel').getBoundingClientRect().top; }",
        timeout=TIMEOUT)
    shot(phone, "no-shot-window-orders-phone")
    p = player.desk
    p.locator("#opfire .opfire-set-orders").click()
    row = p.locator("#plans .order-row").last
    row.wait_for(timeout=TIMEOUT)
    assert row.locator(".order-answer").input_value() == "never"
    assert "a window where none of my units can fire" in row.inner_text()
    shot(p, "no-shot-window-orders-desktop")
    p.locator("#plans #save-orders").click()
    p.locator("#log").filter(has_text="Your orders let").wait_for(state="attached", timeout=TIMEOUT)
    line = p.locator("#order-answers li").last.inner_text()
    assert line.startswith("Turn ") and "pass: none of your units could fire at it." in line, line
    p.locator("#plans").scroll_into_view_if_needed()
    shot(p, "no-shot-window-answered-desktop")
