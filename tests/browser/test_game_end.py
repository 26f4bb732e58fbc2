"""A game played to its end in two browsers, then replayed step by step from each side's view.

Both players roll for initiative and pass every segment through the game page (keyboard and
confirmation), turn after turn, until the scenario's last turn ends; the banner then names
the result and links to the replay, which steps through the game from either side's view.
"""

from __future__ import annotations

from tests.browser.test_game_play import (
    TIMEOUT,
    acting,
    api,
    confirm,
    groups,
    may_act,
    people,  # noqa: F401 - the fixture
    shot,
    version,
)

SCENARIO = "meeting-at-kessel"  # 8 turns on one board


def test_a_game_passed_to_its_end_shows_the_result_and_replays_from_each_side(
    people, live_server_url  # noqa: F811
) -> None:
    ann, bob, _ = people
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": SCENARIO, "side": "ge", "options": {"spectators": "public"}})
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "su"})
    url = f"{live_server_url}/games/{game['id']}/"
    for p in (ann, bob):
        p.goto(url)
        p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    players = [ann, bob]
    for _ in range(400):
        if ann.evaluate("Boolean(window.pgweb.store.view.result)"):
            break
        p = acting(players)
        g = groups(p)
        key = "i" if "roll_initiative" in g else "d" if "decline" in g else "p"
        p.keyboard.press(key)
        confirm(p)
    banner = ann.locator("#turn-banner")
    banner.locator(".banner-replay").wait_for(timeout=TIMEOUT)
    assert "Game over" in banner.inner_text()
    assert not may_act(ann) and not may_act(bob)
    assert "The game ends" in ann.locator("#log").inner_text()
    shot(ann, "10-game-over")
    last = version(ann)

    ann.locator(".banner-replay").click()
    ann.wait_for_url("**/replay")
    label = ann.locator("#step-label")
    label.get_by_text(f"of {last}").wait_for(timeout=TIMEOUT)
    ann.locator("[data-step=first]").click()
    # Each step is drawn once its state has come: wait for the label to say so.
    step = "(n) => document.getElementById('step-label').textContent.startsWith(`Step ${n} of`)"
    ann.wait_for_function(step, arg=1, timeout=TIMEOUT)
    for _ in range(3):
        ann.keyboard.press("ArrowRight")
    ann.wait_for_function(step, arg=4, timeout=TIMEOUT)
    assert ann.locator("#step-command").inner_text()
    assert ann.locator("#log li").count() >= 1
    ann.locator("#audience").select_option("side:su")
    ann.wait_for_function("() => Object.values(window.pgweb.state.steps[0].view.units).some(u => u.own)", timeout=TIMEOUT)
    assert ann.locator("svg .layer-units .unit").count() > 10
    shot(ann, "11-replay")
