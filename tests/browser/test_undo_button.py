"""The board's Undo (D-UNDO-1) in Chromium: offered after a move that showed nothing new,
it takes the move back for both players; gone once nothing can be taken back."""

from __future__ import annotations

import pytest

from tests.browser.board_people import DESKTOP, TIMEOUT, guest, open_board, shot, start_game
from tests.browser.test_game_play import acting, roll_initiative, version, wait_version_above

SCENARIO = "meeting-at-kessel"  # the sides start far apart: a first step sees nothing new

# The own unit farthest (by label columns and rows) from every enemy counter on the board.
FARTHEST = """(() => {
  const units = Object.values(window.pgweb.store.view.units).filter((u) => u.hex);
  const cr = (h) => [Number(h.slice(1, 3)), Number(h.slice(3, 5))];
  const far = (u) => Math.min(...units.filter((e) => !e.own).map((e) => {
    const [a, b] = cr(u.hex), [c, d] = cr(e.hex); return Math.abs(a - c) + Math.abs(b - d); }));
  const own = units.filter((u) => u.own && !u.leader && !u.carried_by);
  own.sort((x, y) => far(y) - far(x));
  return own[0].id; })()"""


def send(page, command: dict) -> int:
    before = version(page)
    page.evaluate("(c) => window.pgweb.socket.sendCommand(c)", command)
    return wait_version_above(page, before)


@pytest.fixture
def players(browser, live_server_url):
    ann = guest(browser, live_server_url, **DESKTOP)
    bob = guest(browser, live_server_url, **DESKTOP)
    url = start_game(live_server_url, ann, bob, SCENARIO, ("ge", "su"))
    for p in (ann, bob):
        open_board(p, url)
    return ann, bob


def test_undo_takes_back_a_move_for_both_players_and_then_goes_away(players) -> None:
    ann, bob = players
    roll_initiative([ann, bob])
    p = acting([ann, bob])
    other = bob if p is ann else ann
    unit = p.evaluate(FARTHEST)
    start = p.evaluate(f"window.pgweb.store.view.units['{unit}'].hex")
    assert p.locator("#undo-row").is_hidden()
    send(p, {"type": "activate", "kind": "unit", "unit": unit})
    step = p.evaluate(
        f"""(() => {{ const b = JSON.parse(document.getElementById('pg-boot').textContent);
        return window.pgweb.store.view.legal[b.seat].move.find(
          (c) => c.unit === '{unit}' && c.path.length === 1); }})()""")
    send(p, step)
    button = p.locator("#undo-row button[data-command=undo]")
    button.wait_for(timeout=TIMEOUT)
    assert p.evaluate(f"window.pgweb.store.view.units['{unit}'].hex") == step["path"][0]
    shot(p, "undo-offered")
    before = version(p)
    button.click()
    wait_version_above(p, before)
    assert p.evaluate(f"window.pgweb.store.view.units['{unit}'].hex") == start
    p.locator("#undo-row").wait_for(state="hidden", timeout=TIMEOUT)
    # The other player's board follows (open play: the unit is back where it stood).
    other.wait_for_function(f"() => window.pgweb.store.view.units['{unit}'].hex === '{start}'",
                            timeout=TIMEOUT)
    assert other.locator("#undo-row").is_hidden()
    shot(p, "undo-taken-back")
