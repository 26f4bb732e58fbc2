"""Attacks from the map in Chromium: the assault marker starts an assault, a move into an
enemy hex is offered with its assault odds (12.1), and a bombardment is chosen on the map;
each confirm shows the server's odds, and the log the resolution. The positions are reached
by both sides playing towards each other through the API (board_play.play_until), on dice of
the test's choosing: the same game every run."""

from __future__ import annotations

from tests.browser.board_people import TIMEOUT, shot
from tests.browser.board_play import (
    click_hex,
    into_enemy,
    pick_units,
    play_until,
    two_players,
)
from tests.browser.test_game_play import version


def held_by_units(p, view) -> set[str]:
    """Hexes holding enemy units, not leaders alone (those roll to survive instead, 6.71)."""
    return {u["hex"] for u in view["units"].values()
            if not u.get("own") and u.get("hex") and not p.types.get(u.get("type"), {}).get("leader", True)}


def open_page(player) -> object:
    page = player.desk
    page.goto(f"{player.base}/games/{player.game}/")
    page.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    page.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)
    return page


def confirm_and_read_log(page, words: str) -> None:
    before = version(page)
    page.locator("#confirm .btn-confirm").click()
    page.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    page.locator("#log").filter(has_text=words).wait_for(state="attached", timeout=TIMEOUT)


def test_the_assault_marker_starts_an_assault_with_both_sides_odds(browser, live_server_url, live_server_env) -> None:
    players = two_players(browser, live_server_url, dice=(live_server_env, "02" * 32))  # an assault after 61 commands
    def against_units(p, view, cmds):
        return next((c for c in cmds if c["type"] == "assault" and c["target"] in held_by_units(p, view)), None)

    player, cmd = play_until(players, against_units, seed=3)
    page = open_page(player)
    pick_units(page, cmd["units"])
    marker = page.locator(f'svg [data-assault="{cmd["target"]}"]')
    marker.wait_for(timeout=TIMEOUT)
    page.evaluate(f"window.pgweb.board.centerOn('{cmd['target']}')")
    # A real click, where the marker is drawn: one under the hex's counters would be refused
    # by Playwright, the counter on top taking it.
    marker.click()
    box = page.locator("#confirm")
    box.locator(".odds-table").first.wait_for(timeout=TIMEOUT)
    text = box.inner_text()
    assert text.startswith("Assault ") and "%" in text, text
    # Both sides' assault values, columns and shifts; the defenders' chances where they can hurt.
    assert text.count("assault value") == 2, text
    assert box.locator(".odds-table").count() == 1 + ("assault fire" in text)
    page.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
    shot(page, "assault-marker")
    confirm_and_read_log(page, "Assault in")


def test_a_move_into_an_enemy_hex_is_offered_with_its_assault_odds(browser, live_server_url, live_server_env) -> None:
    players = two_players(browser, live_server_url, dice=(live_server_env, "02" * 32))  # after 109
    def into_units(p, view, cmds):
        return next((m for m in into_enemy(p, view, cmds) if m["path"][-1] in held_by_units(p, view)), None)

    player, move = play_until(players, into_units, seed=5)
    page = open_page(player)
    pick_units(page, [move["unit"]] if move.get("unit") else move["units"])
    target = move["path"][-1]
    page.locator(f'svg .reach[data-hex="{target}"]').wait_for(state="attached", timeout=TIMEOUT)
    click_hex(page, target)
    page.wait_for_function("() => !document.getElementById('hex-menu').hidden || !document.getElementById('confirm').hidden",
                           timeout=TIMEOUT)
    menu = page.locator("#hex-menu")
    if menu.is_visible():
        item = menu.locator("button.cmd-move")
        page.wait_for_function("() => document.querySelector('#hex-menu button.cmd-move .choice-odds')?.textContent.includes('assault')",
                               timeout=TIMEOUT)
        odds = item.locator(".choice-odds").inner_text()
        assert "MP" in odds and "assault" in odds and "%" in odds, odds
        shot(page, "move-into-enemy-menu")
        item.click()
    box = page.locator("#confirm")
    page.wait_for_function("() => document.querySelector('#confirm').textContent.includes('assault value')", timeout=TIMEOUT)
    text = box.inner_text()
    assert text.startswith("Move ") and "movement cost" in text and "ends in an enemy hex" in text, text
    assert "%" in text
    shot(page, "move-into-enemy-confirm")
    confirm_and_read_log(page, "Assault in")


def test_a_bombardment_is_chosen_on_the_map_with_its_odds(browser, live_server_url, live_server_env) -> None:
    players = two_players(browser, live_server_url, dice=(live_server_env, "01" * 32))  # after 21
    plain = lambda p, view, cmds: next((c for c in cmds if c["type"] == "bombard" and not c.get("smoke") and not c.get("increments")), None)  # noqa: E731
    player, cmd = play_until(players, plain, seed=7)
    page = open_page(player)
    pick_units(page, cmd["firers"])
    page.locator(f'svg .target[data-hex="{cmd["target"]}"]').wait_for(state="attached", timeout=TIMEOUT)
    click_hex(page, cmd["target"])
    page.wait_for_function("() => !document.getElementById('hex-menu').hidden || !document.getElementById('confirm').hidden",
                           timeout=TIMEOUT)
    menu = page.locator("#hex-menu")
    if menu.is_visible():
        menu.locator("button.cmd-bombard").first.click()
    box = page.locator("#confirm")
    box.locator(".odds-table").wait_for(timeout=TIMEOUT)
    text = box.inner_text()
    assert text.startswith("Bombard ") and "column" in text and "%" in text, text
    shot(page, "bombard-from-the-map")
    confirm_and_read_log(page, "bombardment")
