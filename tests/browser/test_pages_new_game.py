"""The new-game page in Chromium: optional rules read as names with a line and a rule number;
the double-blind additions appear only while double-blind is ticked."""

from __future__ import annotations

from tests.browser.pages_kit import shot


def test_the_double_blind_additions_appear_only_when_double_blind_is_ticked(
    person, live_server_url
):
    ann = person()
    ann.goto(live_server_url + "/new-game/")
    addition = ann.locator("#new-game-form label[data-double-blind]").first
    assert not addition.is_visible()
    drumfire = ann.locator("#new-game-form label.rule-choice", has=ann.locator("input[value=drumfire]"))
    assert "(17.2)" in drumfire.inner_text() and "bombards" in drumfire.inner_text()
    ann.check("#new-game-form input[name=double_blind]")
    assert ann.locator("#new-game-form label[data-double-blind]").count() == 3
    assert addition.is_visible()
    ann.locator("label[data-double-blind] input").first.check()
    ann.locator("#new-game-form input[name=double_blind]").scroll_into_view_if_needed()
    shot(ann, "new-game-double-blind-desktop")
    # Unticking double-blind hides the additions and drops what was ticked among them.
    ann.uncheck("#new-game-form input[name=double_blind]")
    assert not addition.is_visible()
    assert ann.locator("label[data-double-blind] input:checked").count() == 0
