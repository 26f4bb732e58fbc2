"""A first game without a stumble (issue 50): after a confirm, by mouse or by Enter, the page
stays on the map, the focus stays on the page (never <body>), "Sent: …" goes once the
referee has taken the command, the dice are shown beside the map, never over its counters,
and the board asks for no preview of a command that has none."""

from __future__ import annotations

import pytest

from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT, guest, open_board, shot
from tests.browser.board_play import fix_dice
from tests.browser.test_game_play import (
    api,
    click_unit,
    groups,
    may_act,
    version,
    wait_version_above,
)

SOVIETS_WIN = "01" * 32  # a dice seed on which the Soviets win the first initiative


def scrolled(page) -> int:
    return int(page.evaluate("Math.round(window.scrollY)"))


def board_in_view(page) -> bool:
    return page.evaluate(
        "(() => { const r = document.getElementById('board').getBoundingClientRect();"
        " return r.top >= 0 && r.top < window.innerHeight / 2; })()")


def dice_beside_the_map(page) -> bool:
    """The dice tray is shown and covers no part of the map (its counters stay in sight)."""
    return page.evaluate(
        "(() => { const d = document.getElementById('dice').getBoundingClientRect();"
        " const b = document.getElementById('board').getBoundingClientRect();"
        " const apart = d.bottom <= b.top || d.top >= b.bottom || d.right <= b.left || d.left >= b.right;"
        " return d.width > 0 && d.height > 0 && apart; })()")


def propose_from_the_bar(page, kind: str) -> None:
    """Click the action bar's first button for a `kind` command."""
    page.locator(f'.action-panel button.cmd[data-command="{kind}"]').first.click()
    page.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)


def settle(page, before: int) -> None:
    """The confirmed command's version is drawn, and two frames more for the focus to land."""
    wait_version_above(page, before)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def kept_in_place(page) -> None:
    assert scrolled(page) == 0 and board_in_view(page)
    assert page.evaluate("document.activeElement !== document.body && document.activeElement !== null")
    page.wait_for_function("() => !document.getElementById('notice').textContent.startsWith('Sent: ')", timeout=TIMEOUT)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_confirming_the_initiative_roll_and_an_activation_keeps_the_map_in_view(
        browser, live_server_url, live_server_env, size) -> None:
    screen = DESKTOP if size == "desktop" else PHONE
    ann, bob = guest(browser, live_server_url, **screen), guest(browser, live_server_url, **screen)
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": "melnitsa-bridgehead", "side": "su", "options": {"spectators": "public"}})
    # On these dice the Soviets win the initiative: Ann rolls it and then activates, so hers
    # is the one page the test needs open (Bob only takes his seat).
    fix_dice(live_server_env, game["id"], SOVIETS_WIN)
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "ge"})
    refused = []
    p = ann
    p.on("response", lambda r: refused.append(r.url) if "/preview" in r.url and r.status == 400 else None)
    open_board(p, f"{live_server_url}/games/{game['id']}/")
    assert "roll_initiative" in groups(p)
    assert scrolled(p) == 0
    propose_from_the_bar(p, "roll_initiative")
    before = version(p)
    p.locator("#confirm .btn-confirm").click()
    settle(p, before)
    kept_in_place(p)
    assert dice_beside_the_map(p)  # the initiative dice cover no counter
    if size == "desktop":  # at 1400x900 the whole map is on the screen, as on the replay's page
        assert p.evaluate("document.getElementById('board').getBoundingClientRect().bottom <= window.innerHeight")
    assert may_act(p), "the Soviets won the initiative on these dice"
    p.evaluate("window.scrollTo(0, 0)")
    unit = next(c["unit"] for c in groups(p)["activate"] if c.get("unit"))
    click_unit(p, unit)
    propose_from_the_bar(p, "activate")
    before = version(p)
    p.keyboard.press("Enter")
    settle(p, before)
    shot(p, f"after-activation-{size}")
    kept_in_place(p)
    assert refused == []
