"""Two players create and play a game in Chromium while a third watches; a reload resumes it.

Everything goes through the pages a player uses: the board's counters, the highlighted hexes,
the action buttons and the confirmation. Only creating the game and taking the seats use the
REST API (the lobby's pages are built elsewhere). Screenshots go to test-results/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import pages_kit
from tests.browser.pages_kit import TIMEOUT

SCENARIO = "melnitsa-bridgehead"  # an HMG on each side has a target from the first segment


def shot(page, name: str) -> Path:
    return pages_kit.shot(page, name, kind="game")


def api(page, method: str, url: str, data: dict | None = None, refused: int | None = None) -> dict:
    """Call the REST API with the context's cookies and its CSRF token; the answer must be a
    success (or the `refused` status, whose body is returned as well)."""
    def token() -> str:
        return next((c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"), "")

    if method != "GET" and not token():  # the session answer sets the cookie
        page.request.get(url.split("/api/v1/")[0] + "/api/v1/auth/session")
    response = page.request.fetch(url, method=method, data=data, headers={"X-CSRFToken": token()})
    assert response.ok or response.status == refused, f"{method} {url}: {response.status} {response.text()}"
    return response.json()


@pytest.fixture
def people(browser, live_server_url):
    """Ann (who opens the game), Bob (who joins), Sam (who watches): three contexts, signed
    in as guests through the API, on no page yet (the test opens the one it looks at)."""
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    for p in pages:
        api(p, "POST", live_server_url + "/api/v1/auth/guest")
    return pages


def version(page) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


def wait_version_above(page, v: int) -> int:
    page.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {v}", timeout=TIMEOUT)
    return version(page)


def may_act(page) -> bool:
    return page.evaluate(
        "(() => { const v = window.pgweb.store.view; const b = JSON.parse("
        "document.getElementById('pg-boot').textContent); "
        "return Boolean(v && b.seat && (v.may_act || []).includes(b.seat)); })()"
    )


def groups(page) -> dict:
    return page.evaluate(
        "(() => { const v = window.pgweb.store.view; const b = JSON.parse("
        "document.getElementById('pg-boot').textContent); "
        "return (v && v.legal && v.legal[b.seat]) || {}; })()"
    )


def mobile(page, unit: str) -> bool:
    """A foot or vehicle unit with movement printed on it (not a leader or a fixed gun)."""
    return page.evaluate(
        f"(() => {{ const b = JSON.parse(document.getElementById('pg-boot').textContent); "
        f"const u = window.pgweb.store.view.units['{unit}']; const t = b.types[u.type]; "
        f"return !t.leader && t.full.movement > 0 && u.hex !== null; }})()"
    )


def click_unit(page, unit: str) -> None:
    """Bring a counter into view (the board opens zoomed in on a big map) and click it."""
    page.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{unit}'].hex)")
    page.locator(f'[data-unit="{unit}"]').first.click()


def click_reach(page, hex_label: str) -> None:
    """Bring a highlighted destination into view and click it."""
    page.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    page.locator(f'svg .reach[data-hex="{hex_label}"]').click(force=True)


def confirm(page) -> int:
    """Confirm the proposed command and wait for the version it makes."""
    before = version(page)
    page.locator("#confirm:not([hidden])").wait_for(timeout=TIMEOUT)
    page.locator("#confirm .btn-confirm").click()
    return wait_version_above(page, before)


def acting(pages):
    """The player page whose seat may act now, judged once every page shows the same
    version: a page still a version behind may offer a command that is no longer legal (the
    other player's initiative roll, say), and a key pressed for it brings up no confirm.
    Every page is waited on until it has the newest version any of them shows; should
    nobody be able to act at it, until a newer version comes."""
    for _ in range(20):
        newest = max(version(p) for p in pages)
        for p in pages:
            wait_version_above(p, newest - 1)
        if len({version(p) for p in pages}) > 1:
            continue  # one went on meanwhile: catch the others up with it
        for p in pages:
            if may_act(p):
                return p
        wait_version_above(pages[0], newest)
    raise AssertionError(f"nobody may act (versions {[version(p) for p in pages]})")


def roll_initiative(pages) -> None:
    for _ in range(4):
        p = acting(pages)
        if "roll_initiative" not in groups(p):
            return
        p.keyboard.press("i")
        confirm(p)


def test_two_players_play_a_game_that_a_spectator_watches_and_a_reload_resumes(
    people, live_server_url
) -> None:
    ann, bob, sam = people
    game = api(
        ann,
        "POST",
        live_server_url + "/api/v1/games",
        {"scenario": SCENARIO, "side": "su", "options": {"spectators": "public"}},
    )
    url = f"{live_server_url}/games/{game['id']}/"
    # Ann waits on the game page; it starts by itself when Bob takes the other seat.
    ann.goto(url)
    ann.locator("#turn-banner").get_by_text("Waiting for every seat").wait_for(timeout=TIMEOUT)
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "ge"})
    for p in (bob, sam):
        p.goto(url)
    for p in (ann, bob, sam):
        p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    # Ann's page was open before the start, when her side had no standing orders to read: it
    # reads them at the start, and offers to add one.
    ann.locator("#plans #add-order").wait_for(state="attached", timeout=TIMEOUT)
    players = [ann, bob]

    # The banner says whose move it is; the initiative roll shows its dice.
    roll_initiative(players)
    p = acting(players)
    assert "Your move" in p.locator("#turn-banner").inner_text()
    assert p.locator("#dice .die").count() >= 1
    assert p.locator("#log li").count() >= 2
    shot(p, "01-initiative")

    # The side with the initiative activates its HMG and fires: odds, then dice, then log.
    hmg = "su-hmg-1" if p is ann else "ge-hmg-4"
    click_unit(p, hmg)
    p.locator("#unit-panel").get_by_text("direct fire").wait_for(timeout=TIMEOUT)
    p.locator("#unit-actions button[data-command=activate]").first.click()
    confirm(p)
    click_unit(p, hmg)
    target = p.locator("svg .target").first
    target.wait_for(timeout=TIMEOUT)
    p.locator("#unit-actions button[data-command=fire]").first.click()
    p.locator("#confirm .odds-table").wait_for(timeout=TIMEOUT)
    assert "column" in p.locator("#confirm").inner_text()
    shot(p, "02-fire-odds")
    p.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{hmg}'].hex)")
    for _ in range(4):
        p.keyboard.press("+")
    p.locator("svg.board.zoomed-in").wait_for(timeout=TIMEOUT)  # hex numbers show
    shot(p, "02b-fire-zoomed")
    confirm(p)
    p.locator("#dice .die").first.wait_for(timeout=TIMEOUT)
    log = p.locator("#log").inner_text()
    assert "Roll for direct fire" in log and "Column" in log
    shot(p, "03-fire-dice")
    if "end_activation" in groups(p):  # a lone unit's activation ends once it has fired
        p.keyboard.press("e")
        confirm(p)

    # Whoever acts next activates a unit and moves it along a highlighted path.
    moved = ended = False
    for _ in range(8):
        p = acting(players)
        g = groups(p)
        if "decline" in g:
            p.keyboard.press("d")
            confirm(p)
            continue
        if "end_activation" in g:
            p.keyboard.press("e")
            confirm(p)
            ended = ended or moved
            continue
        if moved and ended:
            break
        unit = next(c["unit"] for c in g["activate"] if c["kind"] == "unit" and mobile(p, c["unit"]))
        click_unit(p, unit)
        p.locator("#unit-actions button[data-command=activate]").first.click()
        confirm(p)
        if moved:  # the move's activation ended by itself: end this one by hand
            continue
        if not may_act(p) or "move" not in groups(p):
            continue
        click_unit(p, unit)
        reach = p.locator("svg .reach")
        reach.first.wait_for(timeout=TIMEOUT)
        p.wait_for_function("() => document.querySelector('svg .reach[data-cost]')", timeout=TIMEOUT)
        # The cheapest destination, so MPs are left and the activation is ended by hand.
        dest = p.evaluate(
            "(() => { const cost = (t) => { const [a, b] = t.split('/'); "
            "return Number(a) / Number(b || 1); }; "
            "return [...document.querySelectorAll('svg .reach')].map(g => "
            "[cost(g.getAttribute('data-cost')), g.getAttribute('data-hex')])"
            ".sort((x, y) => x[0] - y[0])[0][1]; })()")
        click_reach(p, dest)
        p.locator("svg .move-path").wait_for(timeout=TIMEOUT)
        p.locator("#confirm").get_by_text("movement cost").wait_for(timeout=TIMEOUT)
        shot(p, "04-move-path")
        confirm(p)
        moved = True
        p.wait_for_function(
            f"() => {{ const u = window.pgweb.store.view.units['{unit}']; "
            f"return u && u.hex === '{dest}'; }}", timeout=TIMEOUT)
    assert moved and ended

    # The spectator saw the same version, with nothing to act on.
    v = version(ann)
    sam.wait_for_function(f"() => Number(document.body.dataset.version) >= {v}", timeout=TIMEOUT)
    assert sam.locator("#global-actions button").count() == 0
    assert sam.locator(".action-panel").is_hidden()
    assert sam.locator("#text-view li").count() > 10
    shot(sam, "05-spectator")

    # Chat between the players, on the players' tab; markup stays text.
    ann.locator("#chat-tabs button", has_text="Players").click()
    bob.locator("#chat-tabs button", has_text="Players").click()
    ann.locator("#chat-form input").fill("<b>good luck</b>")
    ann.locator("#chat-form button").click()
    bob.locator("#chat-lines li", has_text="<b>good luck</b>").wait_for(timeout=TIMEOUT)
    assert bob.locator("#chat-lines b").count() == 0

    # A reload in the middle of the game resumes at the same version and positions.
    positions = bob.evaluate(
        "Object.fromEntries(Object.values(window.pgweb.store.view.units).map(u => [u.id, u.hex]))")
    bob.reload()
    bob.wait_for_function(f"() => Number(document.body.dataset.version || -1) >= {v}", timeout=TIMEOUT)
    after = bob.evaluate(
        "Object.fromEntries(Object.values(window.pgweb.store.view.units).map(u => [u.id, u.hex]))")
    assert after == positions
    # The log comes back too (fetched after the snapshot; older groups folded, so attached).
    bob.locator("#log", has_text="Roll for direct fire").wait_for(state="attached", timeout=TIMEOUT)
    assert bob.locator("#conn-banner").is_hidden()
    shot(bob, "06-after-reload")
