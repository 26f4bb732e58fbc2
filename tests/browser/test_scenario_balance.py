"""A rebalanced scenario's page in Chromium at 1400x900 and 390x844: the balance counts the
games played on the scenario as it stands, and says how many earlier ones it left out
(screenshots under test-results/)."""

from __future__ import annotations

import json
import uuid

import pytest

from games.botplay import balance_file
from tests.browser import live_shell
from tests.browser.pages_kit import fits_both_sizes

SCENARIO = "pl-hollenbach"


@pytest.fixture(scope="module")
def history(live_server_env: dict, scenarios_loaded: None) -> dict:
    """Games and arena runs of Hollenbach on its revision and before it, seeded once, beside
    the library's own arena games (games/data/arena_balance.json), which loading the bundled
    scenarios stores: the page counts both. (Whether another test of the session had loaded
    them first decided the count before.)"""
    prefix = f"bal{uuid.uuid4().hex[:6]}"
    printed = live_shell.run(live_server_env, "from tests.revisionkit import balance_history; "
                             f"balance_history({prefix!r}, {SCENARIO!r})")
    seeded = json.loads(printed.strip().splitlines()[-1])
    library = [e for e in balance_file.read()
               if e["scenario"] == SCENARIO and e["levels"] == "veteran,veteran"]
    now = sum(e["games"] for e in library if e["revision"] == seeded["revision"])
    before = sum(e["games"] for e in library if e["revision"] != seeded["revision"])
    return {**seeded, "bots_now": 60 + now, "bots_left_out": seeded["bots_left_out"] + before}


def test_the_balance_leaves_out_games_on_earlier_forces_and_says_how_many(
        person, live_server_url, history):
    # On a phone; the page is looked at again widened to a desktop window.
    page = person("phone")
    page.goto(f"{live_server_url}/scenarios/{SCENARIO}/")
    assert page.locator("#balance-people-games").inner_text() == str(history["people"])
    bots = page.locator(".balance-bot-games[data-levels='veteran,veteran']").inner_text()
    assert bots == str(history["bots_now"])  # the 60 seeded and the library's
    assert page.locator("#balance-revision").inner_text() == history["revision"]
    note = page.locator("#balance-left-out")
    assert page.locator("#balance-left-out-people").inner_text() == str(history["people_left_out"])
    assert page.locator("#balance-left-out-bots").inner_text() == str(history["bots_left_out"])
    assert "earlier version of the scenario" in note.inner_text()
    assert page.locator("#rated-left-out").inner_text().startswith(
        f"{history['rated_left_out']} rated game on earlier versions")
    assert page.locator("table.rated-balance tbody tr").count() == 2  # the one on this version

    def note_shown(_viewport: str) -> None:
        assert note.is_visible()
        page.evaluate("document.getElementById('balance-title').scrollIntoView()")

    fits_both_sizes(page, "scenario-balance", note_shown)
