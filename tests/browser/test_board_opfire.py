"""Opportunity fire from the map: when an enemy moves into sight, the prompt lists every unit
that may fire at it with its odds, and rings those units on the map; on a desktop window and
in a phone's bottom sheet. The position is arranged so the window surely opens: a unit moves
next to an enemy counter that may fire (13.0)."""

from __future__ import annotations

import pytest

from tests.browser.board_people import TIMEOUT, shot
from tests.browser.board_play import move_next_to_enemy, roll_initiative, two_players
from tests.browser.test_game_play import groups, version


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_opportunity_fire_prompt_lists_and_rings_every_unit_that_may_fire(
        browser, live_server_url, live_server_env, viewport) -> None:
    players = two_players(browser, live_server_url, dice=(live_server_env, "03" * 32))
    mover = roll_initiative(players)
    other = players[1] if mover is players[0] else players[0]
    p = other.page(viewport)
    p.goto(f"{live_server_url}/games/{mover.game}/")
    p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    move = move_next_to_enemy(mover, other)
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
    p.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
    shot(p, f"opportunity-fire-{viewport}")
    choice = prompt.locator(".opfire-choice").first
    choice.tap() if viewport == "phone" else choice.click()
    p.locator("#confirm .odds-table").wait_for(timeout=TIMEOUT)
    assert "column" in p.locator("#confirm").inner_text() or "dice modifier" in p.locator("#confirm").inner_text()
    before = version(p)
    confirm = p.locator("#confirm .btn-confirm")
    confirm.tap() if viewport == "phone" else confirm.click()
    p.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    p.locator("#log").filter(has_text="opportunity-fire").wait_for(state="attached", timeout=TIMEOUT)
