"""The designer's set-up area tool in Chromium (D-SETUP-1, PL-E1): a designer draws an area for
the defender on the map, sets up a counter in it, and the check passes with the area shaded,
in a Panzer Grenadier battle and a Panzer Leader situation."""

from __future__ import annotations

from tests.browser.pages_kit import DESKTOP, shot
from tests.browser.test_designer import blank_battle, click_hex


def pick_counter(page, search: str, side: str) -> None:
    page.fill("#counter-search", search)
    page.select_option("#counter-type", index=0)
    page.select_option("#counter-side", side)


def draw_village_area(page) -> None:
    page.check("input[name=tool][value=counter]")
    pick_counter(page, "su_rifle", "defender")
    page.check("input[name=tool][value=setup_area]")
    page.fill("#area-name", "Village")
    for label in ("A0603", "A0604", "A0703"):
        click_hex(page, label)
    page.wait_for_function(
        "() => window.pgweb.designer.doc.sides[1].setup_areas?.[0]?.hexes.length === 3")
    page.check("input[name=tool][value=area_counter]")
    click_hex(page, "A0604")
    page.wait_for_function(
        "() => window.pgweb.designer.doc.sides[1].setup_areas[0].units.length === 1")


def test_a_designer_draws_a_set_up_area_and_sets_up_a_counter_in_it(person, live_server_url):
    # Drawn on a phone; the same page widened to a desktop window for the rest of the battle.
    page = person("phone")
    blank_battle(page, live_server_url)
    draw_village_area(page)
    page.locator("svg polygon.setup-area").first.wait_for(state="attached")
    shot(page, "designer-setup-area-phone", kind="designer")
    page.set_viewport_size(DESKTOP)
    doc = page.evaluate("window.pgweb.designer.doc")
    [unit] = doc["units"]
    assert "hex" not in unit and doc["sides"][1]["setup_areas"][0]["units"] == [unit["id"]]
    shaded = {p.get_attribute("data-area-hex") for p in page.locator("svg polygon.setup-area").all()}
    assert shaded == {"A0603", "A0604", "A0703"}
    # The attacker's platoon and an objective: the check passes with the area in the battle.
    page.check("input[name=tool][value=counter]")
    pick_counter(page, "ge_rifle", "attacker")
    click_hex(page, "A0102")
    page.check("input[name=tool][value=objective]")
    click_hex(page, "A0604")
    page.wait_for_selector("#no-problems:not([hidden])")
    shot(page, "designer-setup-area-desktop", kind="designer")


def test_a_panzer_leader_designer_draws_a_set_up_area_and_the_check_passes(person, live_server_url):
    """The same tool in a Panzer Leader draft: the counter set up in the area is a force with
    no hex, named in the area by the id the game gives it (PL-E1), and the server's check
    agrees with the page's numbering. The area is drawn on a phone, the battle finished on
    the same page widened to a desktop window."""
    page = person("phone")
    blank_battle(page, live_server_url, "panzer_leader")
    page.check("input[name=tool][value=counter]")
    pick_counter(page, "de_rifle", "german")
    click_hex(page, "N-G-4")  # one rifle on a hex: the area's rifle is the second
    page.check("input[name=tool][value=setup_area]")
    page.fill("#area-name", "Village")
    for label in ("N-G-3", "N-H-4"):
        click_hex(page, label)
    page.check("input[name=tool][value=area_counter]")
    click_hex(page, "N-H-4")
    page.wait_for_function(
        "() => window.pgweb.designer.doc.sides[1].setup_areas?.[0]?.units.length === 1")
    doc = page.evaluate("window.pgweb.designer.doc")
    assert doc["sides"][1]["setup_areas"][0]["units"] == ["ge-rifle-2"]
    assert doc["forces"][-1] == {"side": "german", "type": "de_rifle", "count": 1}
    shaded = {p.get_attribute("data-area-hex") for p in page.locator("svg polygon.setup-area").all()}
    assert shaded == {"N-G-3", "N-H-4"}
    shot(page, "designer-pl-setup-area-phone", kind="designer")
    page.set_viewport_size(DESKTOP)
    # The Allies come on on turn 2 (on a clear board any Allied set-up is in the Germans'
    # sight, 23.2), and the village is their objective: the check passes.
    page.check("input[name=tool][value=counter]")
    pick_counter(page, "us_m4", "allied")
    page.check("input[name=tool][value=reinforcement]")
    click_hex(page, "N-A-2")
    page.check("input[name=tool][value=objective]")
    click_hex(page, "N-G-4")
    page.wait_for_selector("#no-problems:not([hidden])")
    shot(page, "designer-pl-setup-area-desktop", kind="designer")
