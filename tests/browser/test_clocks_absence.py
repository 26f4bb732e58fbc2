"""Absent players in Chromium: the vacation page, a partner taking over a seat out of time and
playing it from the board, and an opponent claiming the win, with every clock change
arriving on the open pages as it happens (the sweep runs in another process, as the worker
does, and its frames cross the channel layer)."""

from __future__ import annotations

from tests.browser import live_shell
from tests.browser.pages_kit import (
    DESKTOP,
    PHONE,
    TIMEOUT,
    api,
    fits_the_screen,
    flag,
    follow_site_link,
    shot,
)

TEAM_SCENARIO = "melnitsa-bridgehead"  # a formation for each of two seats a side

LAST_SEAT = """
from games.models import GameStep
print(GameStep.objects.filter(game_id="{game}").order_by("-version").values_list("seat__seat_id", flat=True)[0])
"""


def test_a_player_goes_on_vacation_and_comes_back_from_the_vacation_page(person, live_server_url):
    # One person on a phone (the header's links fold under its menu) who turns to a desktop
    # window half-way: the page is one page at either size.
    page = person("phone")
    page.goto(live_server_url + "/leaderboards/")  # any page with the site's header
    follow_site_link(page, "a.vacation-link")
    page.wait_for_url("**/vacation/")
    assert page.locator("h1").inner_text() == "Vacation"
    assert page.locator("#days-left").inner_text() == "30"
    fits_the_screen(page)
    # Bad input: said beside the field, nothing changed.
    page.fill("#id_days", "45")
    page.click("#vacation-go")
    assert "30 vacation day(s) left this year, not 45" in page.locator("#days-error").inner_text()
    assert page.locator("#days-left").inner_text() == "30"
    shot(page, "vacation-error-phone")
    page.fill("#id_days", "3")
    page.click("#vacation-go")
    page.locator("#vacation-until").wait_for()
    assert page.locator("#days-left").inner_text() == "27"
    assert "Have a good break" in page.locator(".message-success").inner_text()
    fits_the_screen(page)
    shot(page, "vacation-away-phone")
    page.set_viewport_size(DESKTOP)
    assert page.locator("a.vacation-link").is_visible()  # in the header, no menu to open
    shot(page, "vacation-away-desktop")
    page.click("#vacation-back")
    page.locator("#vacation-go").wait_for()
    assert page.locator("#days-left").inner_text() == "29"  # the day begun counts
    fits_the_screen(page)
    shot(page, "vacation-desktop")


def test_a_partner_takes_over_the_absent_seat_and_plays_it_from_the_board(
    person, live_server_url, live_server_env
):
    base = live_server_url
    pages = {"ann": person(), "bob": person(), "cleo": person(), "dan": person("phone")}
    body = {"scenario": TEAM_SCENARIO, "side": "ge", "seats_per_side": 2,
            "options": {"time_control": "live-15+10"}}  # fmt: skip
    game = api(pages["ann"], base, "POST", "/api/v1/games", body)["id"]
    for name, side in (("bob", "ge"), ("cleo", "su"), ("dan", "su")):
        api(pages[name], base, "POST", f"/api/v1/games/{game}/join", {"side": side})
    seats = {"ann": "ge-1", "bob": "ge-2", "cleo": "su-1", "dan": "su-2"}
    state = api(pages["ann"], base, "GET", f"/api/v1/games/{game}/legal")
    roll = next(c for c in state["commands"] if c["type"] == "roll_initiative")
    api(pages["ann"], base, "POST", f"/api/v1/games/{game}/commands",
        {"id": 1, "v": 1, "command": roll})  # fmt: skip
    able = [n for n, p in pages.items()
            if api(p, base, "GET", f"/api/v1/games/{game}/legal")["commands"]]  # fmt: skip
    absent = able[0]
    side = seats[absent][:2]
    partner = next(n for n in pages if n != absent and seats[n][:2] == side)
    opponent = next(n for n in pages if seats[n][:2] != side)
    url = f"{base}/games/{game}/"
    helper = pages[partner]
    helper.goto(url)
    helper.wait_for_selector("body.socket-open")
    helper.locator("#clocks .clock").first.wait_for()

    flag(live_server_env, game, side)
    # No reload: the flag reaches the open page as it happens.
    take = helper.locator(f".clock-outcome[data-outcome=take_over][data-seat='{seats[absent]}']")
    take.wait_for(timeout=TIMEOUT)
    # A page opened after the flag shows it too: the opponent may claim the win.
    pages[opponent].goto(url)
    pages[opponent].wait_for_selector("body.socket-open")
    pages[opponent].locator("#clocks .clock-flagged").first.wait_for(timeout=TIMEOUT)
    pages[opponent].locator(".clock-outcome[data-outcome=claim]").wait_for(timeout=TIMEOUT)
    shot(helper, "absence-take-over-offered")
    take.click()
    # The flag is lifted: the side's clock runs again, and the opponent's claim is gone.
    helper.locator(f"#clocks .clock-running[data-side={side}]").wait_for(timeout=TIMEOUT)
    pages[opponent].locator(".clock-outcome[data-outcome=claim]").wait_for(state="detached")
    pages[opponent].locator("#log .ev-clock-take_over").wait_for(state="attached")
    act_for = helper.locator(f".act-for[data-seat='{seats[absent]}']")
    act_for.wait_for(timeout=TIMEOUT)
    assert helper.locator(f".act-for[data-seat='{seats[partner]}']").get_attribute("aria-pressed") == "true"
    act_for.click()
    helper.locator(f".act-for[data-seat='{seats[absent]}'][aria-pressed=true]").wait_for(timeout=TIMEOUT)
    shot(helper, "absence-act-for")
    # The same window narrowed to a phone's: the seat acted for is still marked, in reach.
    size = helper.viewport_size
    helper.set_viewport_size(PHONE)
    chosen = f".act-for[data-seat='{seats[absent]}'][aria-pressed=true]"
    helper.locator(chosen).wait_for(timeout=TIMEOUT)  # (the panel is drawn again for the size)
    helper.wait_for_function(
        "(sel) => { const box = document.querySelector(sel)?.getBoundingClientRect();"
        " return Boolean(box) && box.width > 0 && box.left >= 0 && box.right <= innerWidth; }",
        arg=chosen, timeout=TIMEOUT,
    )  # fmt: skip
    shot(helper, "absence-act-for-phone")
    helper.set_viewport_size(size)
    # The absent seat's commands are on the action bar now: pass for it.
    before = int(helper.evaluate("document.body.dataset.version"))
    helper.locator("#global-actions button[data-command=pass]").click()
    helper.locator("#confirm [data-action=confirm]").click()
    helper.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    printed = live_shell.run(live_server_env, LAST_SEAT.format(game=game))
    assert printed.strip().splitlines()[-1] == seats[absent], printed
    shot(pages[opponent], "absence-opponent-phone" if opponent == "dan" else "absence-opponent")


def test_the_opponent_claims_the_win_when_a_side_runs_out_of_time(
    person, live_server_url, live_server_env
):
    base = live_server_url
    ann, bob = person(), person("phone")
    body = {"scenario": "meeting-at-kessel", "side": "ge", "options": {"time_control": "days-1"}}
    game = api(ann, base, "POST", "/api/v1/games", body)["id"]
    api(bob, base, "POST", f"/api/v1/games/{game}/join", {"side": "su"})
    url = f"{base}/games/{game}/"
    for p in (ann, bob):
        p.goto(url)
        p.wait_for_selector("body.socket-open")
        p.locator("#clocks .clock").first.wait_for()
    assert ann.locator("#clocks .clock-label").inner_text() == "1 day a move"
    flag(live_server_env, game, "su")
    claim = ann.locator(".clock-outcome[data-outcome=claim]")
    claim.wait_for(timeout=TIMEOUT)
    bob.locator("#clocks .clock-flagged[data-side=su]").wait_for(timeout=TIMEOUT)
    assert bob.locator(".clock-outcomes").count() == 0  # nothing to decide for the absent side
    shot(bob, "claim-flagged-phone")
    claim.click()
    for p in (ann, bob):
        p.locator("#banner-replay").wait_for(timeout=TIMEOUT)  # the game has ended
        p.wait_for_function(
            "() => document.getElementById('log').textContent.includes('claimed the win')"
        )
    shot(ann, "claim-won")
    # The replay shows each step's clocks and, after each step, what happened to them: on
    # the phone, then on the same page widened to a desktop window.
    bob.goto(f"{url}replay")
    bob.locator("#clocks .clock[data-side=su]").wait_for(timeout=TIMEOUT)
    bob.keyboard.press("Home")
    bob.wait_for_function("() => document.getElementById('log').textContent.includes('Soviet ran out of time')")
    assert bob.locator("#clocks .clock-flagged").count() == 0  # made before the flag
    bob.keyboard.press("End")
    bob.locator("#clocks .clock-flagged[data-side=su]").wait_for()
    assert "claimed the win" in bob.locator("#log").inner_text()
    shot(bob, "replay-clocks-phone")
    bob.set_viewport_size(DESKTOP)
    assert bob.locator("#clocks .clock-flagged[data-side=su]").is_visible()
    shot(bob, "replay-clocks-desktop")


def test_the_lobby_counts_my_time_down_and_shows_a_flag_at_once(
    person, live_server_url, live_server_env, redis_url
):
    """The lobby is told of the flag by the sweep's process through the channel layer, and
    has no other way to hear of it: a layer shared between processes is needed (Redis; the
    in-memory one of a run without services stays inside the live server)."""
    base = live_server_url
    ann, bob = person(), person()
    body = {"scenario": "meeting-at-kessel", "side": "ge", "options": {"time_control": "live-15+10"}}
    game = api(ann, base, "POST", "/api/v1/games", body)["id"]
    api(bob, base, "POST", f"/api/v1/games/{game}/join", {"side": "su"})
    ann.goto(base + "/")
    card = ann.locator(f"#my-games article[data-game='{game}']")
    selector = f"#my-games article[data-game='{game}'] .card-time[data-side=su]"
    first = ann.locator(selector).inner_text(timeout=TIMEOUT)
    # Both sides may roll for the initiative: both clocks run, and the card counts down.
    ann.wait_for_function(
        "([sel, before]) => document.querySelector(sel)?.textContent !== before",
        arg=[selector, first], timeout=TIMEOUT,
    )  # fmt: skip
    flag(live_server_env, game, "su")
    # No reload: the lobby hears of the flag.
    card.locator(".card-time[data-side=su]", has_text="out of time").wait_for(timeout=TIMEOUT)
    shot(ann, "lobby-flag")
