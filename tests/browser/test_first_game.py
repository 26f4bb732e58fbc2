"""A first game without a stumble (issue 50): the page stays on the map after a confirm,
whether by mouse or by Enter; nothing a player did scrolls the page unless they asked."""

from __future__ import annotations

from tests.browser.board_people import TIMEOUT, players, shot  # noqa: F401 (a fixture)
from tests.browser.test_game_play import acting, click_unit, groups, version, wait_version_above


def scrolled(page) -> int:
    return int(page.evaluate("Math.round(window.scrollY)"))


def board_in_view(page) -> bool:
    return page.evaluate(
        "(() => { const r = document.getElementById('board').getBoundingClientRect();"
        " return r.top >= 0 && r.top < window.innerHeight / 2; })()")


def propose_from_the_bar(page, kind: str) -> None:
    """Click the action bar's first button for a `kind` command."""
    page.locator(f'.action-panel button.cmd[data-command="{kind}"]').first.click()
    page.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)


def settle(page, before: int) -> None:
    """The confirmed command's version is drawn, and two frames more for the focus to land."""
    wait_version_above(page, before)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_confirming_the_initiative_roll_and_an_activation_keeps_the_map_in_view(players) -> None:  # noqa: F811 - the fixture
    _, ann, bob = players
    p = acting([ann, bob])
    assert "roll_initiative" in groups(p)
    assert scrolled(p) == 0
    propose_from_the_bar(p, "roll_initiative")
    before = version(p)
    p.locator("#confirm .btn-confirm").click()
    settle(p, before)
    assert scrolled(p) == 0 and board_in_view(p)
    p = acting([ann, bob])
    p.evaluate("window.scrollTo(0, 0)")
    unit = next(c["unit"] for c in groups(p)["activate"] if c.get("unit"))
    click_unit(p, unit)
    propose_from_the_bar(p, "activate")
    before = version(p)
    p.keyboard.press("Enter")
    settle(p, before)
    shot(p, "after-activation-desktop")
    assert scrolled(p) == 0 and board_in_view(p)
