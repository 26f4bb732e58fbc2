"""Keyboard and screen-reader play: a whole turn played with the keys alone through the text
view, whose buttons propose the same commands as the board; the focus never falls back to
the page while the panels are redrawn; skip links reach the actions in a few keys."""

from __future__ import annotations

from tests.browser import board_play
from tests.browser.board_people import DESKTOP, TIMEOUT, guest, shot, start_game
from tests.browser.test_game_play import acting, groups, version

SCENARIO = "melnitsa-bridgehead"

# Counts the animation frames in which the keyboard's focus sat on <body> (it was dropped)
# once the watch is on: a redraw that replaced the focused button without giving the focus
# back shows up here, however briefly.
WATCH_FOCUS = """(() => { window.__drops = []; window.__watch = false; window.__step = '';
  const tick = () => { if (window.__watch && document.activeElement === document.body) window.__drops.push(window.__step);
    requestAnimationFrame(tick); };
  requestAnimationFrame(tick); })()"""


def focused(page) -> dict:
    return page.evaluate(
        """(() => { const a = document.activeElement;
        return { tag: a.tagName, text: (a.textContent || '').trim().slice(0, 160), key: a.getAttribute('data-focus-key'),
                 inText: Boolean(a.closest('#text-view')), inConfirm: Boolean(a.closest('#confirm')), id: a.id }; })()""")


def tab_to(page, starts: str, limit: int = 120, key: str = "Tab", in_text: bool = False) -> dict:
    """Press Tab (or Shift+Tab) until the focused element's text starts with `starts` (and,
    `in_text`, it is in the text view: the action bar may have a button of the same name)."""
    for _ in range(limit):
        page.keyboard.press(key)
        now = focused(page)
        if now["text"].startswith(starts) and (now["inText"] or not in_text):
            return now
    raise AssertionError(f"no focusable element starting {starts!r} within {limit} Tabs; "
                         f"legal: {sorted(groups(page))}; focus: {focused(page)}")


def enter_then_confirm(page) -> int:
    """Enter on the focused button proposes its command; the focus goes to Confirm; Enter sends it."""
    before = version(page)
    page.evaluate("(text) => { window.__step = text; }", focused(page)["text"][:40])
    was = focused(page)
    page.keyboard.press("Enter")
    try:
        page.wait_for_function("() => document.activeElement?.classList.contains('btn-confirm')", timeout=TIMEOUT)
    except Exception:
        shot(page, "keyboard-failed")
        raise AssertionError(f"{was} -> {focused(page)}: no Confirm to press") from None
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    return version(page)


def settled(page, gone: str | None) -> None:
    """Wait until the text view no longer shows the button just used (it was rebuilt)."""
    if gone:
        page.wait_for_function(
            "(key) => ![...document.querySelectorAll('#text-view [data-focus-key]')].some((e) => e.getAttribute('data-focus-key') === key)",
            arg=gone, timeout=TIMEOUT)


def two_players(browser, base: str, script: str | None = None) -> list:
    """Ann and Bob at a new game, each page on its first version (`script` run in both
    before the page's own)."""
    ann = guest(browser, base, **DESKTOP)
    bob = guest(browser, base, **DESKTOP)
    url = start_game(base, ann, bob, SCENARIO, ("su", "ge"))
    for p in (ann, bob):
        if script:
            p.add_init_script(script)
        p.goto(url)
        p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    return [ann, bob]


def test_a_turn_is_played_with_the_keyboard_alone_through_the_text_view(browser, live_server_url) -> None:
    players = two_players(browser, live_server_url, WATCH_FOCUS)
    for p in players:
        p.locator("#text-view .text-commands").wait_for(timeout=TIMEOUT)

    # Initiative, from the top of the page: the skip link, then the text view's own button.
    p = acting(players)
    p.keyboard.press("Tab")
    assert focused(p)["text"].startswith("Skip to the text view")
    p.keyboard.press("Enter")
    assert focused(p)["id"] == "text-h"
    p.evaluate("window.__watch = true")
    p.locator("#text-view .text-commands button").first.wait_for(timeout=TIMEOUT)
    roll = tab_to(p, "Roll for initiative", limit=5)
    enter_then_confirm(p)
    settled(p, roll["key"])
    assert focused(p)["inText"], focused(p)

    # The side that won the initiative activates a unit, moves it, and ends the activation.
    p = acting(players)
    if not focused(p)["inText"]:  # the other player: by the skip link, wherever his focus was
        p.evaluate("window.__watch = false")
        tab_to(p, "Skip to the text view")
        p.keyboard.press("Enter")
        assert focused(p)["id"] == "text-h", focused(p)
        p.evaluate("window.__watch = true")
    # The text view lists this seat's commands once its view has come (it is drawn after the board).
    p.wait_for_function("() => [...document.querySelectorAll('#text-view button')].some((b) => b.textContent.startsWith('Activate '))",
                        timeout=TIMEOUT)
    activate = tab_to(p, "Activate ", in_text=True)
    enter_then_confirm(p)
    settled(p, activate["key"])
    assert focused(p)["inText"], focused(p)
    shot(p, "keyboard-activated")
    if "move" in groups(p):
        tab_to(p, "Move ", in_text=True)
        p.keyboard.press("Enter")  # opens the list of destinations
        move = tab_to(p, "Move ", limit=3, in_text=True)
        assert " to " in move["text"], move
        enter_then_confirm(p)
        settled(p, move["key"])
        assert focused(p)["inText"] or focused(p)["id"] in ("text-h", "actions-h"), focused(p)
    # An enemy that may fire at the mover declines (keys too: d, then Enter on Confirm).
    while (q := acting(players)) is not p and "decline" in groups(q):
        before = version(q)
        q.keyboard.press("d")
        q.wait_for_function("() => document.activeElement?.classList.contains('btn-confirm')", timeout=TIMEOUT)
        q.keyboard.press("Enter")
        q.wait_for_function(f"() => Number(document.body.dataset.version || -1) > {before}", timeout=TIMEOUT)
    # End the activation from the text view's commands at its top, still with keys only
    # (unless the move ended it: the unit had nothing more it could do).
    if acting(players) is p and "end_activation" in groups(p):
        end = tab_to(p, "End the activation", key="Shift+Tab", in_text=True)
        enter_then_confirm(p)
        settled(p, end["key"])
        assert focused(p)["inText"], focused(p)
    assert "activation_ended" in p.evaluate("JSON.stringify(window.pgweb.store.view ? [...document.querySelectorAll('#log .ev')].map((e) => e.className) : [])") \
        or "ends the activation" in p.locator("#log").inner_text()
    drops = [q.evaluate("window.__drops") for q in players]
    assert drops == [[], []], f"the focus fell to the page during a redraw, in these steps: {drops}"


# A slow page: its animation frames come 300 ms late and the server's frames 350 ms late,
# so a new state reaches the page after the panels' redraw for the Confirm and before the
# text view's own (200 ms later), and the panels draw it only after the text view has.
# window.__late() counts the frames and server frames still held back.
SLOW_PAGE = """(() => {
  let late = 0;
  window.__late = () => late;
  const held = (fn) => { late += 1; return (...args) => { try { fn(...args); } finally { late -= 1; } }; };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => { const run = held(cb); return setTimeout(() => raf(run), 300); };
  const on = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', { configurable: true, get() { return on.get.call(this); },
    set(fn) { on.set.call(this, fn && ((event) => { setTimeout(held(() => fn.call(this, event)), 350); })); } });
})()"""


def test_skip_links_reach_the_actions_and_on_a_slow_page_the_text_view_keeps_the_focus_while_the_panels_catch_up(
    browser, live_server_url
) -> None:
    """Skip links reach the actions in a few keys, and the text view lists the legal
    actions. Then: the text view never draws a state the panels have not drawn yet: it would
    give the focus, by key, to the action bar's stale copy of the button just used, which the
    panels' redraw then takes away (the focus fell to the Actions heading)."""
    # Only the page of the player who acts first is looked at: he is found through the API,
    # and the other player's board is never opened.
    first = board_play.acting(board_play.two_players(browser, live_server_url, SCENARIO))
    p = first.desk
    p.add_init_script(SLOW_PAGE)
    p.goto(f"{live_server_url}/games/{first.game}/")
    p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    p.locator("#text-view .text-commands button").first.wait_for(timeout=TIMEOUT)
    # Two Tabs and Enter: the skip link to the actions, then the first action.
    p.keyboard.press("Tab")
    p.keyboard.press("Tab")
    assert focused(p)["text"].startswith("Skip to the actions")
    p.keyboard.press("Enter")
    assert focused(p)["id"] == "actions-h"
    p.keyboard.press("Tab")
    assert focused(p)["text"].startswith("Roll for initiative")
    # Every legal command of the seat is a button in the text view.
    legal = sum(len(v) for v in groups(p).values())
    assert p.locator("#text-view button.text-act").count() == legal
    # The slow page's own flow, from the text view's heading.
    p.locator("#text-h").focus()
    roll = tab_to(p, "Roll for initiative", limit=5, in_text=True)
    enter_then_confirm(p)
    settled(p, roll["key"])
    # The panels' redraw of the new state, 300 ms late: nothing is held back any more.
    p.wait_for_function("() => window.__late() === 0", polling=50, timeout=TIMEOUT)
    assert focused(p)["inText"], focused(p)


# Two panels drawn from one state: the action bar's list of destinations (folded, so hidden)
# comes first on the page and holds a button with the same key as the text view's.
TWO_PANELS = """async () => {
  const { keepOpen, keepingFocus } = await import('/static/games/js/game/focus.js');
  const panel = (open) => {
    const box = document.createElement('div');
    box.innerHTML = `<details data-focus-key="moves:u1"${open ? ' open' : ''}>
      <summary data-focus-key="summary:moves:u1">Move u1 to… (1 hex)</summary>
      <button data-focus-key="cmd:move-u1-0405" data-focus-parent="summary:moves:u1">Move u1 to 0405</button></details>`;
    return box;
  };
  document.body.replaceChildren();
  const bar = document.createElement('div');
  bar.innerHTML = `<details data-focus-key="move-list"><summary>Move to…</summary>
    <button data-focus-key="cmd:move-u1-0405">0405</button></details>`;
  const text = document.createElement('section');
  text.id = 'text';
  text.append(panel(false));
  document.body.append(bar, text);
  // Enter on the summary opens the list; the redraw comes before its "toggle" event would.
  const open = new Set();
  text.querySelector('summary').focus();
  text.querySelector('details').open = true;
  keepOpen(text, open);
  keepingFocus(document, () => text.replaceChildren(panel(open.has('moves:u1'))));
  const stillOpen = text.querySelector('details').open;
  // Tab to the destination; another redraw gives the focus back to that same button.
  text.querySelector('button').focus();
  keepingFocus(document, () => text.replaceChildren(panel(open.has('moves:u1'))));
  const a = document.activeElement;
  return { stillOpen, inText: Boolean(a.closest('#text')), key: a.getAttribute('data-focus-key') };
}"""


def test_a_redraw_keeps_an_opened_list_open_and_the_focus_on_its_button(browser, live_server_url) -> None:
    """The text view is redrawn whenever the game moves on: a list of destinations the
    reader just opened stays open, and the focus stays on the destination in the text view
    (not on the hidden button of the same move in the action bar, nor on the summary)."""
    page = browser.new_context(**DESKTOP).new_page()
    # Any document of the site's origin can import the module; the module's own file is the
    # cheapest one to open (no page script, socket or stylesheet of its own).
    page.goto(live_server_url + "/static/games/js/game/focus.js")
    assert page.evaluate(TWO_PANELS) == {"stillOpen": True, "inText": True, "key": "cmd:move-u1-0405"}
