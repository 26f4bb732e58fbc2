"""Counters a player can read: side colours for every viewer, human names, sizes that fit a
desktop window and a finger on a phone, the scenario's title in the tab. One game, looked at
by its two players at desktop windows and a spectator on a phone."""

from __future__ import annotations

import pytest

from tests.browser.board_people import DESKTOP, PHONE, guest, open_board, shot, start_game

SCENARIO = "melnitsa-bridgehead"


@pytest.fixture
def game(browser, live_server_url):
    ann = guest(browser, live_server_url, **DESKTOP)
    bob = guest(browser, live_server_url, **DESKTOP)
    url = start_game(live_server_url, ann, bob, SCENARIO, ("su", "ge"))
    return url, ann, bob


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


def test_every_viewer_sees_each_side_in_its_own_colour_at_a_size_to_read_and_to_touch(
        game, browser, live_server_url) -> None:
    """Ann and Bob play at desktop windows, Sam watches on a phone: the same fills for all,
    each player's own counters edged gold, counters readable on a desktop and a finger wide
    on a phone, named as people name them."""
    url, ann, bob = game
    sam = guest(browser, live_server_url, **PHONE)
    for p in (ann, bob, sam):
        open_board(p, url)
    # The sizes at the zoom each page opened with, before anything is done on them.
    assert counter_px(ann) >= 40
    assert counter_px(sam) >= 28
    width = sam.evaluate("document.querySelector('svg.board').getBoundingClientRect().width")
    assert width >= 380
    fills = [counter_fills(p) for p in (ann, bob, sam)]
    assert fills[0] == fills[1] == fills[2]
    assert fills[2]["su"] != fills[2]["ge"]
    # Mine is an outline: Ann's own counters are edged gold, Bob's in his side's edge colour,
    # on the same fill; Bob sees the same the other way round; a spectator owns nothing.
    faces = ann.evaluate("JSON.parse(document.getElementById('pg-boot').textContent).faces.sides")
    ann_edges, bob_edges, sam_edges = (counter_edges(p) for p in (ann, bob, sam))
    assert ann_edges["own"] == ["#f0c419"] and ann_edges["enemy"] == [faces["ge"]["edge"]]
    assert bob_edges["own"] == ["#f0c419"] and bob_edges["enemy"] == [faces["su"]["edge"]]
    assert sam_edges["own"] == [] and set(sam_edges["enemy"]) == {faces["su"]["edge"], faces["ge"]["edge"]}
    assert "Melnitsa" in sam.title()
    shot(sam, "spectator-phone")
    # Human names, no ids: the unit panel names the counter the player clicked.
    ann.locator("svg.board .layer-units .unit.own").first.click()
    title = ann.locator("#unit-panel .unit-title").inner_text()
    assert "su-" not in title and "(" not in title
    shot(ann, "desktop")
