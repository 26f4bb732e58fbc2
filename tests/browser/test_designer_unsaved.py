"""The designer keeps a player's work (Chromium): leaving with edits not saved asks first,
and a copy kept in the browser is offered back (Restore) when the designer opens again; the
first Save of a battle with no id chosen names it from its title, and a second player's
battle of that title gets an id of its own. The start form imports a file (a bad one is
refused with its reason; the other game's switches the designer to it) and lists the
player's battles with their ids, each draft with a Delete asked first. A battle's page copies
it into the designer as a new battle of the player's own; a visitor not signed in is asked to
sign in first and may go on as a guest, straight to the copy."""

from __future__ import annotations

import json

from tests.browser.pages_kit import TIMEOUT, api, at_size, fits_the_screen, shot
from tests.browser.test_designer import blank_battle, checked, click_hex
from tests.designkit import pl_situation


def paint_town(page, label: str = "A0604") -> None:
    page.check("input[name=tool][value=terrain]")
    page.select_option("#terrain-brush", "t")
    click_hex(page, label)
    page.wait_for_function("() => window.pgweb.designer.doc.boards.board1.terrain[3][5] === 't'")


def name_and_save(page, title: str) -> None:
    page.fill("#doc-title", title)
    page.locator("#doc-title").dispatch_event("change")
    page.click("#save")
    page.wait_for_function("() => /^Saved/.test(document.querySelector('#design-status').textContent)",
                           timeout=TIMEOUT)


def both_sizes(page, name: str) -> None:
    for viewport in ("phone", "desktop"):
        at_size(page, viewport)
        fits_the_screen(page, f"{name} at {viewport} size")
        shot(page, f"{name}-{viewport}", "designer")


def test_unsaved_work_is_asked_about_kept_and_restored_and_saved_under_a_title_id(
        person, live_server_url, live_server_env):
    base = live_server_url
    ann = person()
    blank_battle(ann, base)
    assert ann.input_value("#doc-id") == ""  # no id chosen: the first save makes one
    paint_town(ann)
    checked(ann)
    asked = []
    ann.on("dialog", lambda d: (asked.append(d.type), d.accept()))
    ann.reload()
    assert asked == ["beforeunload"]
    ann.wait_for_selector("#unsaved-offer:not([hidden])")
    assert ann.locator("#unsaved-words").text_content().startswith("You have unsaved changes from ")
    both_sizes(ann, "unsaved-offer")
    ann.click("#unsaved-restore")
    ann.wait_for_selector("#design-layout:not([hidden])")
    ann.wait_for_function("() => window.pgweb.designer.doc.boards.board1.terrain[3][5] === 't'")
    name_and_save(ann, "Hill 112")
    assert "Its id is “hill-112”" in ann.locator("#design-status").text_content()
    assert ann.input_value("#doc-id") == "hill-112" and ann.url.endswith("/design/hill-112/")
    assert ann.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('pgweb.designer'))") == []
    # Saved: leaving asks nothing, and nothing is offered on coming back.
    ann.goto(base + "/design/hill-112/")
    ann.wait_for_function("() => window.pgweb.designer.doc !== null")
    assert asked == ["beforeunload"] and ann.locator("#unsaved-offer").is_hidden()

    bob = person()
    blank_battle(bob, base)
    name_and_save(bob, "Hill 112")
    assert bob.input_value("#doc-id") == "hill-112-2"


def test_the_start_form_imports_checks_first_and_lists_drafts_to_delete(
        person, live_server_url, live_server_env):
    base = live_server_url
    ann = person()
    for slug in ("mill", "mill-2"):
        doc = {**pl_situation(), "id": slug, "title": "The mill"}
        api(ann, base, "POST", "/api/v1/designer/scenarios", {"ruleset": "panzer_leader", "document": doc})
    ann.goto(base + "/design/?ruleset=panzer_grenadier")
    ids = ann.locator(".my-battles .battle-id").all_text_contents()
    assert sorted(ids) == ["mill", "mill-2"]
    ann.set_input_files("#start-import", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"[]"}])
    ann.wait_for_function("() => /not a battle/.test(document.querySelector('#start-status').textContent)")
    assert ann.locator("#design-layout").is_hidden()
    both_sizes(ann, "start-form")
    # A Panzer Leader file into a designer opened for Panzer Grenadier: it switches game.
    pl = json.dumps({**pl_situation(), "id": "outpost"}).encode()
    ann.set_input_files("#start-import", files=[{"name": "pl.json", "mimeType": "application/json", "buffer": pl}])
    ann.wait_for_selector("#design-layout:not([hidden])")
    assert ann.evaluate("window.pgweb.designer.ruleset") == "panzer_leader"
    assert ann.locator("#design-status").text_content().startswith("Imported Panzer Leader battle")
    checked(ann)
    assert ann.locator("#problems li").count() == 0

    ann.goto(base + "/design/")
    ann.once("dialog", lambda d: d.accept())
    ann.click("button.delete-draft[data-slug='mill-2']")
    ann.wait_for_function("() => !document.querySelector(\"button[data-slug='mill-2']\")")
    assert ann.locator(".my-battles .battle-id").all_text_contents() == ["mill"]
    assert ann.request.get(base + "/api/v1/designer/scenarios/mill-2").status == 404


def test_a_bundled_battle_copied_into_the_designer_saves_as_a_battle_of_ones_own(
        person, live_server_url, scenarios_loaded):
    base = live_server_url
    ann = person()
    ann.goto(base + "/battles/pl-20-remagen/")
    ann.click("#copy-battle")
    ann.wait_for_selector("#design-layout:not([hidden])")
    checked(ann)
    assert ann.locator("#problems li").count() == 0  # the bundled battle passes the check
    assert ann.input_value("#doc-title") == "Remagen Bridge (situation 20) (copy)"
    assert ann.locator("#design-status").text_content().startswith("Copied")
    both_sizes(ann, "copied")
    ann.click("#save")
    ann.wait_for_function("() => /^Saved/.test(document.querySelector('#design-status').textContent)",
                          timeout=TIMEOUT)
    # Saved under an id made from its title, as her draft; the bundled battle is as it was.
    assert ann.input_value("#doc-id") == "remagen-bridge-situation-20-copy"
    mine = api(ann, base, "GET", "/api/v1/designer/scenarios/remagen-bridge-situation-20-copy")
    assert [r["state"] for r in mine["revisions"]] == ["draft"]
    bundled = api(ann, base, "GET", "/api/v1/designer/scenarios/pl-20-remagen/export")
    assert bundled["id"] == "pl-20-remagen" and bundled["title"] == "Remagen Bridge (situation 20)"
    # A battle that is not there: said on the start form, nothing opened.
    ann.goto(base + "/design/?copy=no-such-battle")
    ann.wait_for_function("() => document.querySelector('#start-status').textContent !== ''")
    assert ann.locator("#design-layout").is_hidden()


def test_a_visitor_copying_a_battle_goes_on_as_a_guest_straight_to_the_copy(
        person, live_server_url, scenarios_loaded):
    base = live_server_url
    visitor = person("phone", guest=False)
    visitor.goto(base + "/battles/meeting-at-kessel/")
    visitor.click("#copy-battle")
    visitor.wait_for_selector("#go-on-as-guest:enabled")
    assert visitor.url.startswith(base + "/accounts/login/?next=")
    fits_the_screen(visitor, "the sign-in page with its guest button")
    shot(visitor, "sign-in-to-copy-phone", "designer")
    visitor.click("#go-on-as-guest")
    visitor.wait_for_selector("#design-layout:not([hidden])")
    checked(visitor)
    assert visitor.url == base + "/design/?copy=meeting-at-kessel"
    assert visitor.input_value("#doc-title") == "Meeting at Kesselbach (copy)"
    assert visitor.locator("#problems li").count() == 0
