"""The clocks in the browser: a live game opened from the new-game page with a clock, both
sides' clocks ticking on the game page (desktop and phone), and a side out of time with the
opponent's wait and more-time buttons, each written to the log."""

from __future__ import annotations

from tests.browser import pages_kit
from tests.browser.pages_kit import TIMEOUT, api, flag


def shot(page, name: str) -> None:
    pages_kit.shot(page, name, kind="clocks")


def faces(page) -> list[str]:
    return page.locator("#clocks .clock .clock-face").all_inner_texts()


def test_both_clocks_tick_on_the_game_page_and_an_out_of_time_side_can_be_waited_for(
    person, live_server_url, live_server_env
):
    ann, bob = person("desktop"), person("phone")
    ann.goto(live_server_url + "/new-game/")
    ann.select_option("#time-control", "live-15+10")
    ann.locator("#create-game").click()
    ann.wait_for_url("**/?game=*")
    game_id = ann.url.split("game=")[1]
    # The creator waits in the lobby, which takes her to the game once it starts: it must
    # have its first lists (the open game among them) before the opponent joins.
    ann.locator("body[data-lobby=live]").wait_for(timeout=TIMEOUT)
    api(bob, live_server_url, "POST", f"/api/v1/games/{game_id}/join", {"side": "su"})
    url = f"{live_server_url}/games/{game_id}/"
    ann.wait_for_url(url, timeout=TIMEOUT)
    bob.goto(url)
    for p in (ann, bob):
        p.locator("#clocks .clock").first.wait_for(timeout=TIMEOUT)
    clocks = ann.locator("#clocks .clock[data-side]")
    assert clocks.count() == 2
    assert ann.locator("#clocks .clock-label").inner_text() == "15 min + 10 s"
    # Both sides may roll for initiative, so both clocks run: the faces count down.
    first = faces(ann)
    ann.wait_for_function(
        "(before) => [...document.querySelectorAll('#clocks .clock-face')]"
        ".some((f, i) => f.textContent !== before[i])",
        arg=first, timeout=TIMEOUT,
    )  # fmt: skip
    assert all(f.startswith("14:") or f == "15:00" for f in faces(ann))
    colours = clocks.evaluate_all("cs => cs.map(c => getComputedStyle(c).borderTopColor)")
    assert len(set(colours)) == 2, "each side's clock in its own colour"
    shot(ann, "desktop")
    shot(bob, "phone")

    # The Soviets run out of time (the worker's sweep flags them); the Germans may decide, on
    # the page they have open.
    flag(live_server_env, game_id, "su")
    ann.locator("#clocks .clock-flagged[data-side=su]").wait_for(timeout=TIMEOUT)
    outcomes = ann.locator(".clock-outcomes button")
    assert outcomes.first.wait_for(timeout=TIMEOUT) is None
    texts = outcomes.all_inner_texts()
    assert texts[0] == "Claim the win" and "Wait" in texts
    assert any(t.startswith("Give") for t in texts)
    # The first clock line may head its log group (the group's summary), so read the text.
    ann.wait_for_function(
        "() => document.getElementById('log').textContent.includes('Soviet ran out of time')",
        timeout=TIMEOUT,
    )
    shot(ann, "out-of-time")
    ann.locator(".clock-outcome[data-outcome=wait]").click()
    ann.locator("#log .ev-clock-wait").wait_for(state="attached", timeout=TIMEOUT)
    ann.locator(".clock-outcome[data-outcome=more_time]").first.click()
    ann.locator("#clocks .clock-running[data-side=su]").wait_for(timeout=TIMEOUT)
    ann.locator(".clock-outcomes").wait_for(state="detached", timeout=TIMEOUT)
    ann.locator("#log .ev-clock-more_time").wait_for(state="attached", timeout=TIMEOUT)
    assert "more" in ann.locator("#log .ev-clock-more_time").text_content()
    # The Soviet player sees the same log lines (every audience does), on the page he had
    # open: no reload (a reloaded page fetching its log back is test_game_play's).
    bob.locator("#log .ev-clock-wait").wait_for(state="attached", timeout=TIMEOUT)
    bob.locator("#log .ev-clock-more_time").wait_for(state="attached", timeout=TIMEOUT)
    shot(bob, "phone-after")
