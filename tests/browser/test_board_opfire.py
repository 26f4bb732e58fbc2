"""Opportunity fire from the map: when an enemy moves into sight, the prompt lists every unit
that may fire at it with its odds, and rings those units on the map; on a desktop window and
in a phone's bottom sheet. The position is arranged so the window surely opens: a unit moves
next to an enemy counter that may fire (13.0)."""

from __future__ import annotations

from tests.browser.board_people import TIMEOUT, shot
from tests.browser.board_play import move_next_to_enemy, roll_initiative, two_players
from tests.browser.test_game_play import groups, version


def test_the_opportunity_fire_prompt_lists_and_rings_every_unit_that_may_fire(
        browser, live_server_url, live_server_env) -> None:
    # The side that may fire watches on a desktop window and on a phone at once: the prompt
    # comes to both; the phone fires.
    players = two_players(browser, live_server_url, dice=(live_server_env, "03" * 32))
    mover = roll_initiative(players)
    other = players[1] if mover is players[0] else players[0]
    pages = {"desktop": other.desk, "phone": other.phone}
    for p in pages.values():
        p.goto(f"{live_server_url}/games/{mover.game}/")
        p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    move = move_next_to_enemy(mover, other)
    for viewport, p in pages.items():
        prompt = p.locator("#opfire")
        prompt.wait_for(timeout=TIMEOUT)
        cmds = groups(p)["opportunity_fire"]
        firers = {f for c in cmds for f in c["firers"]}
        assert prompt.locator(".opfire-choice").count() == len(cmds)
        # The board draws its rings on the next animation frame, after the prompt: wait for it.
        p.wait_for_function("(n) => document.querySelectorAll('svg .unit.marked').length === n",
                            arg=len(firers), timeout=TIMEOUT)
        marked = p.locator("svg .unit.marked")
        assert {marked.nth(i).get_attribute("data-unit") for i in range(marked.count())} == firers
        assert move["path"][0] in prompt.inner_text() or any(h in prompt.inner_text() for h in move["path"])
        p.wait_for_function("() => [...document.querySelectorAll('#opfire .choice-odds')].some((e) => e.textContent.includes('%'))",
                            timeout=TIMEOUT)
        if viewport == "phone":
            box = prompt.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        # It says what the player may do, and points to the standing orders that answer such windows.
        # A touch screen has no keys: its prompt leaves the key, (d), out.
        text = prompt.inner_text()
        decline = "or Decline to hold fire" if viewport == "phone" else "or Decline (d) to hold fire"
        assert decline in text and "Standing orders can answer for you" in text, text
        p.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
        shot(p, f"opportunity-fire-{viewport}")
    # Its button opens the Plans panel's standing orders with a new order to fill in; saving is
    # still the player's (nothing is sent until then).
    desk = pages["desktop"]
    desk.locator("#opfire .opfire-set-orders").click()
    row = desk.locator("#plans .order-row").last
    row.wait_for(timeout=TIMEOUT)
    assert row.locator(".order-answer").input_value() == "fire"
    assert desk.locator("#plans .order-row").count() == 1
    desk.locator("#opfire .opfire-set-orders").click()  # pressed again: the same one row
    assert desk.locator("#plans .order-row").count() == 1
    desk.wait_for_function("() => { const r = document.getElementById('orders-h').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }", timeout=TIMEOUT)
    shot(desk, "opportunity-fire-orders-desktop")
    desk.locator("#plans .remove-order").last.click()
    desk.locator("#opfire").scroll_into_view_if_needed()
    # A choice clicked on the desktop shows its odds; the phone taps one and confirms it.
    desk, phone = pages["desktop"], pages["phone"]
    desk.locator("#opfire .opfire-choice").first.click()
    desk.locator("#confirm .odds-table").wait_for(timeout=TIMEOUT)
    assert "column" in desk.locator("#confirm").inner_text() or "dice modifier" in desk.locator("#confirm").inner_text()
    phone.locator("#opfire .opfire-choice").first.tap()
    phone.locator("#confirm .odds-table").wait_for(timeout=TIMEOUT)
    assert "column" in phone.locator("#confirm").inner_text() or "dice modifier" in phone.locator("#confirm").inner_text()
    before = version(phone)
    phone.locator("#confirm .btn-confirm").tap()
    phone.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    for viewport, p in pages.items():
        log = p.locator("#log")
        log.filter(has_text="takes opportunity fire at").wait_for(state="attached", timeout=TIMEOUT)
        # Each group's heading says its side once, its tag standing as the sentence's subject.
        text = log.inner_text()
        assert "German German" not in text and "Soviet Soviet" not in text, text
        log.scroll_into_view_if_needed()
        shot(p, f"opportunity-fire-log-{viewport}")
