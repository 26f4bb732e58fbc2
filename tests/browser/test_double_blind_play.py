"""Two players play the learning scenario double-blind in Chromium while a spectator follows the
public view: each page shows fog and its own observation points, and no page's DOM or view
holds a scenario id it may not know (an enemy's for a player, any for the spectator), until
the game is passed to its end, when everything is shown.
"""

from __future__ import annotations

import json
import re

import pytest

from games import engine_adapter as engine
from tests.browser.test_game_play import (
    TIMEOUT,
    acting,
    api,
    click_reach,
    click_unit,
    confirm,
    groups,
    may_act,
    mobile,
    people,  # noqa: F401 - the fixture
    shot,
    version,
)

SCENARIO = "meeting-at-kessel"


def unit_ids() -> dict[str, set[str]]:
    """The scenario's unit ids by side."""
    out: dict[str, set[str]] = {}
    for unit, side in engine.scenario(SCENARIO).units:  # (unit id, side id), the ruleset's scenario info
        out.setdefault(side, set()).add(unit)
    return out


def leaked(page, forbidden: set[str]) -> list[str]:
    """Forbidden ids found as whole tokens in the page's DOM or in the view it holds."""
    text = page.evaluate(
        "document.documentElement.outerHTML + JSON.stringify(window.pgweb.store.view)"
    )
    return sorted({t for t in re.findall(r"[\w\-]+", text) if t in forbidden})


def pass_turns_through_the_api(base: str, game: str, players: dict, sam, ids: dict[str, set[str]]) -> None:
    """Play the game to its end with the commands that need no choice (the initiative rolled,
    opportunity fire declined, an activation ended, or a pass), sent through the REST API as
    the seat that may act: the keys for them are pressed on the page above, and the pages
    follow every command from their sockets, each checked for what it may not know at every
    25th."""
    for n in range(600):
        for page in players.values():
            legal = api(page, "GET", f"{base}/api/v1/games/{game}/legal")
            offered = {c["type"]: c for c in legal["commands"]}
            if offered:
                break
        else:
            return  # nobody may act: the game is over
        kind = next(k for k in ("roll_initiative", "decline", "end_activation", "pass") if k in offered)
        said = api(page, "POST", f"{base}/api/v1/games/{game}/commands",
                   {"id": 7000 + n, "v": legal["v"], "command": offered[kind]})
        assert said["t"] == "ack", said
        if n % 25 == 0:
            for p in (*players.values(), sam):
                p.wait_for_function(f"() => Number(document.body.dataset.version) > {legal['v']}", timeout=TIMEOUT)
            check_pages(players, sam, ids)
    raise AssertionError("the game did not end in 600 commands")


def check_pages(players: dict, sam, ids: dict[str, set[str]]) -> None:
    everyone = set().union(*ids.values())
    for side, page in players.items():
        assert not leaked(page, everyone - ids[side]), side
    assert not leaked(sam, everyone)


@pytest.mark.parametrize(
    "rules,to_end",
    [([], True), (["limited_intelligence", "hidden_units", "db_generic_markers"], False)],
    ids=["double-blind", "with-limited-intelligence-and-markers"],
)
def test_two_players_play_double_blind_while_a_spectator_follows_the_public_view(
    people, live_server_url, rules, to_end  # noqa: F811
) -> None:
    ann, bob, sam = people
    game = api(ann, "POST", live_server_url + "/api/v1/games",
               {"scenario": SCENARIO, "side": "ge",
                "options": {"double_blind": True, "optional_rules": rules,
                            "spectators": "public"}})  # fmt: skip
    api(bob, "POST", f"{live_server_url}/api/v1/games/{game['id']}/join", {"side": "su"})
    url = f"{live_server_url}/games/{game['id']}/"
    for p in (ann, bob, sam):
        p.goto(url)
        p.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    players = {"ge": ann, "su": bob}
    ids = unit_ids()

    # Each player sees fog and its own observation points; the spectator neither.
    for p in (ann, bob):
        p.locator("svg .fog").first.wait_for(state="attached", timeout=TIMEOUT)
        assert p.locator("svg .op").count() > 0
    assert sam.locator("svg .fog").count() == 0 and sam.locator("svg .op").count() == 0
    # A legend says what the eyes and the shaded hexes mean, to the players only (issue 50).
    for p in (ann, bob):
        legend = p.locator("#fog-legend")
        assert legend.is_visible() and "observation points" in legend.inner_text()
    assert sam.locator("#fog-legend").is_hidden()
    own = ann.evaluate("Object.values(window.pgweb.store.view.units).filter(u => u.own).length")
    assert own == len(ids["ge"] & set(ann.evaluate(
        "Object.keys(window.pgweb.store.view.units)")))  # fmt: skip
    check_pages(players, sam, ids)
    shot(ann, "db-01-opening")

    # Several activations: a unit is activated and moved where the board highlights.
    pages = [ann, bob]
    moves = 0
    for _ in range(40):
        if moves >= 3:
            break
        p = acting(pages)
        g = groups(p)
        if "roll_initiative" in g:
            p.keyboard.press("i")
            confirm(p)
            continue
        if "decline" in g:
            p.keyboard.press("d")
            confirm(p)
            continue
        if "end_activation" in g:
            p.keyboard.press("e")
            confirm(p)
            continue
        units = [c["unit"] for c in g.get("activate", [])
                 if c["kind"] == "unit" and mobile(p, c["unit"])]  # fmt: skip
        if not units:
            p.keyboard.press("p")
            confirm(p)
            continue
        unit = units[0]
        click_unit(p, unit)
        p.locator("#unit-actions button[data-command=activate]").first.click()
        confirm(p)
        if not may_act(p) or "move" not in groups(p):
            continue
        click_unit(p, unit)
        p.locator("svg .reach").first.wait_for(timeout=TIMEOUT)
        dest = p.locator("svg .reach").first.get_attribute("data-hex")
        click_reach(p, dest)
        confirm(p)
        moves += 1
        check_pages(players, sam, ids)
    assert moves >= 3
    v = version(ann)
    sam.wait_for_function(f"() => Number(document.body.dataset.version) >= {v}", timeout=TIMEOUT)
    check_pages(players, sam, ids)
    shot(bob, f"db-02-after-moves-{len(rules)}")
    shot(sam, f"db-03-spectator-{len(rules)}")
    if not to_end:
        return

    # Passed to the end: the result is shown and then every counter may be named.
    pass_turns_through_the_api(live_server_url, game["id"], players, sam, ids)
    ann.locator("#turn-banner .banner-replay").wait_for(timeout=TIMEOUT)
    assert "Game over" in ann.locator("#turn-banner").inner_text()
    final = json.dumps(ann.evaluate("Object.keys(window.pgweb.store.view.units)"))
    assert any(i in final for i in ids["su"])  # after the end the full view is shown
    shot(ann, "db-04-game-over")
