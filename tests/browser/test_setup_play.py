"""Setting up in Chromium (D-SETUP-1, PL-E1): a battle whose forces set up in areas, tried from
the designer against a bot, in Panzer Grenadier and in Panzer Leader. The side setting up first sees its area shaded and its units in a
tray; it picks one, clicks a hex of the area, confirms, and the counter stands there."""

from __future__ import annotations

from tests.browser.pages_kit import DESKTOP, PHONE, TIMEOUT, api, shot
from tests.designkit import pg_setup_battle, pl_setup_situation


def setting_up(person, base: str, slug: str, viewport: str = "desktop"):
    """A player's game page at the start of a set-up battle he plays as the defender (who
    sets up first) against a bot."""
    page = person(viewport)
    doc = pg_setup_battle(id=slug)
    api(page, base, "POST", "/api/v1/designer/scenarios",
        {"ruleset": "panzer_grenadier", "document": doc})
    game = api(page, base, "POST", f"/api/v1/designer/scenarios/{slug}/try", {"side": "defender"})
    page.goto(base + game["url"])
    page.wait_for_function("() => Number(document.body.dataset.version || -1) >= 0", timeout=TIMEOUT)
    page.locator("svg polygon.setup-area").first.wait_for(state="attached", timeout=TIMEOUT)
    return page


def place_on(page, unit: str, label: str) -> None:
    page.locator(f'.setup-tray button[data-unit="{unit}"]').click()
    page.evaluate(f"window.pgweb.board.centerOn('{label}')")
    at = page.evaluate(f"window.pgweb.board.hexOnScreen('{label}')")
    page.mouse.click(at["x"], at["y"])
    page.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    assert "Place" in page.locator("#confirm").inner_text()
    page.locator("#confirm .btn-confirm").click()
    page.wait_for_function(
        f"() => window.pgweb.store.view?.units?.['{unit}']?.hex === '{label}'", timeout=TIMEOUT)


def test_a_player_places_a_unit_of_his_set_up_area_on_the_map(person, live_server_url):
    # One unit placed at a desktop window, the other on the same page narrowed to a phone's.
    page = setting_up(person, live_server_url, "village-setup")
    shaded = {p.get_attribute("data-area-hex") for p in page.locator("svg polygon.setup-area").all()}
    assert shaded == {"A0603", "A0604", "A0703", "A0704"}
    tray = page.locator(".setup-tray button")
    assert sorted(b.get_attribute("data-unit") for b in tray.all()) == ["su-1", "su-2"]
    shot(page, "setup-tray-desktop", kind="board")
    place_on(page, "su-1", "A0604")
    assert page.locator('.setup-tray button[data-unit="su-1"]').count() == 0
    assert page.locator("svg .layer-units [data-unit='su-1']").count() == 1
    shot(page, "setup-placed-desktop", kind="board")
    page.set_viewport_size(PHONE)
    open_sheet(page)
    shot(page, "setup-tray-phone", kind="board")
    place_on(page, "su-2", "A0703")
    shot(page, "setup-placed-phone", kind="board")


def open_sheet(page) -> None:
    """On a phone the tray is in the bottom sheet: open it."""
    toggle = page.locator("#sheet-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()


def test_a_panzer_leader_player_places_a_unit_of_his_set_up_area(person, live_server_url):
    """The Germans set up first (the Allies, attacking, set up last: 23.2): the same tray,
    the same shaded area, the same confirmation; on a phone, the page then widened to a
    desktop window."""
    page = person("phone")
    slug = "pl-village-setup"
    doc = pl_setup_situation(id=slug)
    api(page, live_server_url, "POST", "/api/v1/designer/scenarios",
        {"ruleset": "panzer_leader", "document": doc})
    game = api(page, live_server_url, "POST",
               f"/api/v1/designer/scenarios/{slug}/try", {"side": "german"})
    page.goto(live_server_url + game["url"])
    page.wait_for_function("() => Number(document.body.dataset.version || -1) >= 0", timeout=TIMEOUT)
    page.locator("svg polygon.setup-area").first.wait_for(state="attached", timeout=TIMEOUT)
    shaded = {p.get_attribute("data-area-hex") for p in page.locator("svg polygon.setup-area").all()}
    assert shaded == {"N-G-3", "N-G-4", "N-H-4"}
    open_sheet(page)
    tray = page.locator(".setup-tray button")
    assert sorted(b.get_attribute("data-unit") for b in tray.all()) == ["ge-mg-1", "ge-rifle-1"]
    place_on(page, "ge-rifle-1", "N-G-4")
    assert page.locator('.setup-tray button[data-unit="ge-rifle-1"]').count() == 0
    shot(page, "pl-setup-placed-phone", kind="board")
    page.set_viewport_size(DESKTOP)
    assert page.locator('.setup-tray button[data-unit="ge-mg-1"]').is_visible()
    assert page.locator("svg .layer-units [data-unit='ge-rifle-1']").count() == 1
    shot(page, "pl-setup-placed-desktop", kind="board")
