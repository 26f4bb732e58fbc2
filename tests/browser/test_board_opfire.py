"""Opportunity fire from the map: when an enemy moves into sight, the prompt lists every unit
that may fire at it with its odds, and rings those units on the map."""

from __future__ import annotations

import pytest

from tests.browser.board_people import DESKTOP, TIMEOUT, guest, open_board, shot, start_game
from tests.browser.test_game_play import (
    acting,
    click_reach,
    click_unit,
    confirm,
    groups,
    mobile,
    roll_initiative,
    version,
)

SCENARIO = "melnitsa-bridgehead"


def nearest_to_enemy(page, unit: str) -> str | None:
    """The highlighted destination closest to any enemy counter."""
    return page.evaluate(
        """(() => { const b = JSON.parse(document.getElementById('pg-boot').textContent);
        const at = Object.fromEntries(b.map.hexes.map((h) => [h.hex, h]));
        const foes = Object.values(window.pgweb.store.view.units).filter((u) => !u.own && u.hex).map((u) => at[u.hex]);
        const d = (a, c) => (Math.abs(a.q - c.q) + Math.abs(a.r - c.r) + Math.abs(a.q + a.r - c.q - c.r)) / 2;
        const reach = [...document.querySelectorAll('svg .reach')].map((g) => g.getAttribute('data-hex'));
        reach.sort((x, y) => Math.min(...foes.map((f) => d(at[x], f))) - Math.min(...foes.map((f) => d(at[y], f))));
        return reach[0] || null; })()""")


def test_the_opportunity_fire_prompt_lists_and_rings_every_unit_that_may_fire(browser, live_server_url) -> None:
    ann = guest(browser, live_server_url, **DESKTOP)
    bob = guest(browser, live_server_url, **DESKTOP)
    url = start_game(live_server_url, ann, bob, SCENARIO, ("su", "ge"))
    players = [ann, bob]
    for p in players:
        open_board(p, url)
    roll_initiative(players)
    prompted = None
    for _ in range(10):
        p = acting(players)
        g = groups(p)
        if "opportunity_fire" in g:
            prompted = p
            break
        if "end_activation" in g:
            p.keyboard.press("e")
            confirm(p)
            continue
        unit = next((c["unit"] for c in g.get("activate", []) if c["kind"] == "unit" and mobile(p, c["unit"])), None)
        if unit is None:
            p.keyboard.press("p")
            confirm(p)
            continue
        click_unit(p, unit)
        if p.locator("#stack-panel").is_visible() and not p.evaluate(f"window.pgweb.ui.picked.includes('{unit}')"):
            p.locator(f'#stack-panel input[data-unit="{unit}"]').check()
        p.locator("#unit-actions button[data-command=activate]").first.click()
        confirm(p)
        if "move" not in groups(p):
            continue
        click_unit(p, unit)
        if p.locator("#stack-panel").is_visible() and not p.evaluate(f"window.pgweb.ui.picked.includes('{unit}')"):
            p.locator(f'#stack-panel input[data-unit="{unit}"]').check()
        p.locator("svg .reach").first.wait_for(timeout=TIMEOUT)
        dest = nearest_to_enemy(p, unit)
        click_reach(p, dest)
        before = version(p)
        p.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
        p.locator("#confirm .btn-confirm").click()
        p.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    if prompted is None:
        pytest.skip("no move drew opportunity fire in this game")
    p = prompted
    prompt = p.locator("#opfire")
    prompt.wait_for(timeout=TIMEOUT)
    firers = {f for c in groups(p)["opportunity_fire"] for f in c["firers"]}
    assert prompt.locator(".opfire-choice").count() == len(groups(p)["opportunity_fire"])
    assert p.locator("svg .unit.marked").count() == len(firers)
    p.wait_for_function("() => [...document.querySelectorAll('#opfire .choice-odds')].some((e) => e.textContent.includes('%'))",
                        timeout=TIMEOUT)
    shot(p, "opportunity-fire")
    prompt.locator(".opfire-choice").first.click()
    p.locator("#confirm .odds-table").wait_for(timeout=TIMEOUT)
    confirm(p)
    for q in players:
        q.context.close()
