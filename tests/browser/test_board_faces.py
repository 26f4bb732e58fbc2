"""Counters a player can read: side colours for every viewer, human names, sizes that fit a
desktop window and a finger on a phone, the scenario's title in the tab; the initiative dice
per side, and a late spectator's whole log. One game, played by its two players at desktop
windows and watched, late, by a spectator on a phone."""

from __future__ import annotations

from tests.browser.board_people import PHONE, TIMEOUT, guest, open_board, players, shot  # noqa: F401
from tests.browser.test_game_play import acting, confirm, groups, roll_initiative


def counter_fills(page) -> dict:
    """The fill of the counter face of each side, as drawn."""
    return page.evaluate(
        """(() => { const out = {};
        for (const g of document.querySelectorAll('svg.board .layer-units .unit')) {
          const side = [...g.classList].find((c) => c.startsWith('side-')).slice(5);
          const href = g.querySelector('use').getAttribute('href');
          out[side] = document.querySelector(href + ' .counter').getAttribute('fill');
        } return out; })()""")


def counter_px(page) -> float:
    """The on-screen width of a counter in CSS pixels, at the zoom the page opened with."""
    return page.evaluate(
        "document.querySelector('svg.board .layer-units .unit use').getBoundingClientRect().width")


def counter_edges(page) -> dict:
    """The outline of each counter face as drawn, grouped by whose counter it is."""
    return page.evaluate(
        """(() => { const out = { own: new Set(), enemy: new Set() };
        for (const g of document.querySelectorAll('svg.board .layer-units .unit')) {
          const href = g.querySelector('use').getAttribute('href');
          out[g.classList.contains('own') ? 'own' : 'enemy'].add(document.querySelector(href + ' .counter').getAttribute('stroke'));
        } return { own: [...out.own], enemy: [...out.enemy] }; })()""")


def test_every_viewer_sees_each_side_in_its_colour_the_dice_show_each_side_and_a_late_spectator_reads_the_log(
        players, browser, live_server_url) -> None:  # noqa: F811 - the fixture
    """Ann and Bob play at desktop windows, Sam comes late and watches on a phone: the same
    fills for all, each player's own counters edged gold, counters readable on a desktop and
    a finger wide on a phone, named as people name them; the initiative dice show each side
    and step aside; Sam reads the whole log, grouped by activation."""
    url, ann, bob = players
    # The sizes at the zoom the page opened with, before anything is done on it.
    assert counter_px(ann) >= 40
    fills = [counter_fills(p) for p in (ann, bob)]
    assert fills[0] == fills[1]
    assert fills[0]["su"] != fills[0]["ge"]
    # Mine is an outline: Ann's own counters are edged gold, Bob's in his side's edge colour,
    # on the same fill; Bob sees the same the other way round.
    faces = ann.evaluate("JSON.parse(document.getElementById('pg-boot').textContent).faces.sides")
    ann_edges, bob_edges = counter_edges(ann), counter_edges(bob)
    assert ann_edges["own"] == ["#f0c419"] and ann_edges["enemy"] == [faces["ge"]["edge"]]
    assert bob_edges["own"] == ["#f0c419"] and bob_edges["enemy"] == [faces["su"]["edge"]]

    # The initiative dice show each side, then go away.
    p = acting([ann, bob])
    p.keyboard.press("i")
    confirm(p)
    rows = p.locator("#dice .dice-group")
    rows.first.wait_for(timeout=TIMEOUT)
    text = p.locator("#dice").inner_text()
    assert "German initiative" in text and "Soviet initiative" in text
    # One row per side for each roll (a tie is rolled again: two rows more).
    assert rows.count() % 2 == 0 and "=" in rows.first.inner_text()
    # The tray steps aside by itself so the counters under it show again.
    p.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
    assert "gone" in p.locator("#dice").get_attribute("class")

    # A tie is rolled again; then two commands more, and a spectator comes late, on a phone:
    # the whole log, grouped by activation.
    roll_initiative([ann, bob])
    for _ in range(2):
        p = acting([ann, bob])
        key = "d" if "decline" in groups(p) else "e" if "end_activation" in groups(p) else "p"
        p.keyboard.press(key)
        confirm(p)
    sam = guest(browser, live_server_url, **PHONE)
    open_board(sam, url)
    sam.locator("#log .log-group").first.wait_for(timeout=TIMEOUT)
    log = sam.locator("#log").text_content()
    assert "initiative" in log and "passes" in log
    assert sam.locator("#log .log-group").count() >= 2
    # Each group is edged in its side's colour and folds.
    assert sam.locator("#log .log-group[data-side='su'], #log .log-group[data-side='ge']").count() >= 1
    shot(sam, "late-spectator-log")
    # His counters: a finger wide at the zoom his page opened with, on a map as wide as the
    # phone; the players' fills; a spectator owns nothing, so every edge is a side's.
    assert counter_px(sam) >= 28
    width = sam.evaluate("document.querySelector('svg.board').getBoundingClientRect().width")
    assert width >= 380
    assert counter_fills(sam) == fills[0]
    sam_edges = counter_edges(sam)
    assert sam_edges["own"] == [] and set(sam_edges["enemy"]) == {faces["su"]["edge"], faces["ge"]["edge"]}
    assert "Melnitsa" in sam.title()
    shot(sam, "spectator-phone")
    # Human names, no ids: the unit panel names the counter the player clicked.
    ann.locator("svg.board .layer-units .unit.own").first.click()
    title = ann.locator("#unit-panel .unit-title").inner_text()
    assert "su-" not in title and "(" not in title
    shot(ann, "desktop")
