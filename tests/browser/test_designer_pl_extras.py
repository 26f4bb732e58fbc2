"""The designer's Panzer Leader extras in Chromium: a railway drawn hex to hex and drawn by the
board, aircraft for a side's air support, the battle's date and front; Panzer Grenadier offers
no railway (PL-E28, D-TEC-RAIL, issue 48)."""

from __future__ import annotations

from tests.browser.pages_kit import PHONE, TIMEOUT, fits_the_screen, shot
from tests.browser.test_designer import blank_battle, click_hex


def test_a_panzer_leader_designer_lays_a_railway_flies_aircraft_and_names_the_front(
        person, live_server_url):
    ann = person()
    blank_battle(ann, live_server_url, "panzer_leader")
    # A railway from A-1 to B-1: in the document apart from roads, and drawn as a rail.
    ann.check("input[name=tool][value=road]")
    ann.select_option("#road-kind", "railway")
    click_hex(ann, "N-A-1")
    click_hex(ann, "N-B-1")
    ann.wait_for_function("() => (window.pgweb.designer.doc.boards.N.railways ?? []).length === 1")
    ann.wait_for_selector("svg path.railway", state="attached", timeout=TIMEOUT)
    ann.locator("#board").scroll_into_view_if_needed()
    shot(ann, "designer-pl-railway", "designer")
    # Two P-47s with rockets for the Allies, turns 2 to 5; the observer has nothing to carry.
    assert not ann.locator("#air-support").is_hidden() and ann.locator("#forces").is_hidden()
    ann.select_option("#aircraft-type", "us_l5")
    assert ann.locator("#aircraft-ordnance").is_disabled()
    ann.select_option("#aircraft-type", "us_p47")
    ann.select_option("#aircraft-ordnance", "rockets")
    ann.select_option("#aircraft-side", "allied")
    ann.fill("#aircraft-count", "2")
    ann.fill("#aircraft-first", "2")
    ann.fill("#aircraft-last", "5")
    ann.click("#aircraft-add")
    ann.wait_for_function("() => (window.pgweb.designer.doc.aircraft ?? []).length === 1")
    assert ann.evaluate("window.pgweb.designer.doc.aircraft[0]") == {
        "side": "allied", "type": "us_p47", "count": 2, "first": 2, "last": 5,
        "ordnance": "rockets"}
    assert "2 × P-47 Thunderbolt with rockets for Allied, turns 2 to 5" in ann.inner_text(
        "#aircraft")
    # A turn past the end is a problem the check names.
    ann.fill("#aircraft-last", "30")
    ann.click("#aircraft-add")
    ann.wait_for_selector("#problems li:has-text('aircraft[1].last')", timeout=TIMEOUT)
    ann.click("#aircraft li[data-aircraft='1'] button.remove")
    ann.wait_for_function("() => window.pgweb.designer.doc.aircraft.length === 1")
    # The date and front go into the document.
    ann.fill("#doc-date", "1944-11-20")
    ann.locator("#doc-date").dispatch_event("change")
    ann.select_option("#doc-front", "west")
    ann.wait_for_function("() => window.pgweb.designer.doc.front === 'west'"
                          " && window.pgweb.designer.doc.date === '1944-11-20'")
    shot(ann, "designer-pl-desktop", "designer")
    # Narrowed to a phone's width, the air support panel fits too.
    ann.set_viewport_size(PHONE)
    ann.locator("#air-support").scroll_into_view_if_needed()
    fits_the_screen(ann, "the Panzer Leader designer on a phone")
    shot(ann, "designer-pl-air-phone", "designer")


def test_panzer_grenadier_offers_no_railway_and_the_panels_fit_a_phone(person, live_server_url):
    bob = person(viewport="phone")
    blank_battle(bob, live_server_url, "panzer_grenadier")
    kinds = bob.eval_on_selector_all("#road-kind option", "els => els.map(e => e.value)")
    assert kinds == ["road", "trail"]
    assert bob.locator("#air-support").is_hidden()
    bob.select_option("#doc-front", "east")
    bob.wait_for_function("() => window.pgweb.designer.doc.front === 'east'")
    fits_the_screen(bob, "the designer on a phone")
    shot(bob, "designer-pg-phone", "designer")
