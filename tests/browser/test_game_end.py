"""A game played to its end in two browsers, then replayed step by step from each side's view.

The early turns are passed through the REST API (quick, and what they would show is shown
by the turns that follow); from the turn before the last, both players roll for initiative
and pass every segment through the game page (keyboard and confirmation), across the change
of turn, until the scenario's last turn ends; the banner then names the result and links to
the replay, which steps through the game from either side's view.
"""

from __future__ import annotations

import itertools

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
PICK = ("roll_initiative", "decline", "pass")  # what each player does, in this order of wish


def pass_through_the_api(base: str, game: str, players: list, until_turn: int) -> None:
    """Both players roll, decline and pass through the API until `until_turn` begins."""
    ids = itertools.count(5000)  # command ids the pages never use
    for _ in range(400):
        view = api(players[0], "GET", f"{base}/api/v1/games/{game}/view")["d"]
        if view["turn"] >= until_turn:
            return
        for p in players:
            legal = api(p, "GET", f"{base}/api/v1/games/{game}/legal")
            wanted = sorted((c for c in legal["commands"] if c["type"] in PICK), key=lambda c: PICK.index(c["type"]))
            if wanted:
                answer = api(p, "POST", f"{base}/api/v1/games/{game}/commands",
                             {"id": next(ids), "v": legal["v"], "command": wanted[0]})
                assert answer.get("t") == "ack", answer
                break
        else:
            raise AssertionError(f"nobody may roll, decline or pass: {view}")
    raise AssertionError(f"turn {until_turn} never began")


def test_a_game_passed_to_its_end_shows_the_result_and_replays_from_each_side(
    people, live_server_url  # noqa: F811
) -> None:
    ann, bob, _ = people
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": SCENARIO, "side": "ge", "options": {"spectators": "public"}})
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "su"})
    url = f"{live_server_url}/games/{game['id']}/"
    view = api(ann, "GET", f"{live_server_url}/api/v1/games/{game['id']}/view")["d"]
    pass_through_the_api(live_server_url, game["id"], [ann, bob], view["last_turn"] - 1)
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

    # On a phone the replay opens, as the game page does, where the counters stand at a
    # finger's width, not on the whole map shrunk to the screen's.
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.reload()
    ann.locator("#step-label").get_by_text(f"of {last}").wait_for(timeout=TIMEOUT)
    sizes = ann.evaluate(
        "[...document.querySelectorAll('svg.board .layer-units .unit use')].map(u => u.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 28
    shot(ann, "11-replay-phone")
