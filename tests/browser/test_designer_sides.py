"""The designer's *Sides and victory* section in Chromium: a Panzer Grenadier designer names
the sides, sets a rating out of range and reads the check's words for it (3.0), gives an
objective its points and holder and chooses how the winner is decided; a Panzer Leader designer
makes the Germans move first and attack, and sets the levels (23.4). Both at a phone's width."""

from __future__ import annotations

from tests.browser.pages_kit import DESKTOP, PHONE, fits_the_screen, shot
from tests.browser.test_designer import blank_battle, checked, click_hex


def set_field(page, name: str, value: str, select: bool = False) -> None:
    """Fill one field of the section, as a person does: typed (or chosen), then left."""
    box = page.locator(f'#sides-victory [data-field="{name}"]')
    if select:
        box.select_option(value)
    else:
        box.fill(value)
        box.dispatch_event("change")


def problem_of(page, field: str) -> str:
    item = page.locator("#problems li", has=page.locator("code", has_text=field))
    item.first.wait_for()
    return item.first.inner_text()


def test_a_designer_sets_the_sides_and_how_a_battle_is_won(person, live_server_url):
    page = person()
    blank_battle(page, live_server_url)
    page.check("input[name=tool][value=objective]")
    click_hex(page, "A0604")
    page.locator('#sides-victory [data-field="victory.hexes.A0604.points"]').wait_for()
    set_field(page, "sides[0].name", "Kampfgruppe Peiper")
    set_field(page, "sides[1].name", "Guards Rifles")
    set_field(page, "sides[0].initiative", "9")
    checked(page)
    assert "initiative must be a whole number from 0 to 6, not 9" in problem_of(page, "sides[0].initiative")
    assert "3.0 Initiative" in problem_of(page, "sides[0].initiative")
    set_field(page, "sides[0].initiative", "4")
    set_field(page, "victory.hexes.A0604.points", "5")
    set_field(page, "victory.hexes.A0604.holder", "defender", select=True)
    set_field(page, "victory.decision.method", "threshold", select=True)
    set_field(page, "victory.decision.at_least", "5")
    set_field(page, "victory.decision.draw_at_least", "3")
    doc = page.evaluate("window.pgweb.designer.doc")
    assert [s["name"] for s in doc["sides"]] == ["Kampfgruppe Peiper", "Guards Rifles"]
    assert doc["sides"][0]["initiative"] == 4
    assert doc["victory"]["hexes"] == [{"hex": "A0604", "points": 5, "holder": "defender"}]
    assert doc["victory"]["decision"] == {"method": "threshold", "side": "attacker",
                                          "at_least": 5, "draw_at_least": 3}
    # The other forms offer the sides by their new names.
    assert page.locator("#counter-side option").all_inner_texts() == [
        "Kampfgruppe Peiper", "Guards Rifles"]
    page.locator("#sides-victory").scroll_into_view_if_needed()
    shot(page, "designer-sides-desktop", kind="designer")
    page.set_viewport_size(PHONE)
    fits_the_screen(page, "the designer's sides and victory on a phone")
    page.locator("#sides-victory .side-card").first.scroll_into_view_if_needed()
    shot(page, "designer-sides-phone", kind="designer")


def test_a_panzer_leader_designer_makes_the_germans_move_first_and_attack(
        person, live_server_url):
    page = person()
    page.set_viewport_size(DESKTOP)
    blank_battle(page, live_server_url, "panzer_leader")
    page.check("input[name=tool][value=objective]")
    click_hex(page, "N-D-3")
    page.locator('#sides-victory [data-field="control.N-D-3"]').wait_for()
    set_field(page, "sides", "german", select=True)
    set_field(page, "victory.attacker", "german", select=True)
    set_field(page, "control.N-D-3", "allied", select=True)
    set_field(page, "victory.levels.marginal", "5")
    checked(page)
    assert "decisive, tactical and marginal must not rise" in problem_of(page, "victory.levels")
    set_field(page, "sides[1].nationality", "british", select=True)
    doc = page.evaluate("window.pgweb.designer.doc")
    assert [s["id"] for s in doc["sides"]] == ["german", "allied"]
    assert doc["sides"][1]["nationality"] == "british"
    assert doc["victory"]["attacker"] == "german"
    assert doc["victory"]["levels"] == {"decisive": 6, "tactical": 4, "marginal": 5}
    assert doc["control"] == {"N-D-3": "allied"}
    page.locator("#sides-victory").scroll_into_view_if_needed()
    shot(page, "designer-sides-pl-desktop", kind="designer")
    page.set_viewport_size(PHONE)
    fits_the_screen(page, "the designer's Panzer Leader sides on a phone")
    shot(page, "designer-sides-pl-phone", kind="designer")
