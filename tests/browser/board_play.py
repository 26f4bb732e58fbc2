"""Positions the board's browser tests need, reached by playing the game through the REST API.

Each guest plays in two browser contexts that share his cookies: a 1400x900 window and a
390x844 touch phone (opened when a test first looks at it), so a flow can be looked at on
either. The set-up moves go through the
API (quick, and no part of what is tested); what is tested goes through the page.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import uuid
from dataclasses import dataclass, field

from games.rules.common.dice import commitment
from tests.browser import live_shell
from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT
from tests.browser.test_game_play import api

SCENARIO = "melnitsa-bridgehead"
_ids = itertools.count(5000)  # command ids no page of these tests will use


@dataclass
class Player:
    """A guest with a seat: his desktop page, his phone page, and the API on his cookies."""

    base: str
    desk: object
    browser: object  # the session's browser (conftest.PolicyWatchingBrowser), for his phone
    game: str = ""
    side: str = ""
    map: dict = field(default_factory=dict)  # hex label -> axial (q, r)
    types: dict = field(default_factory=dict)  # counter types, as the page has them
    seen_v: int | None = None  # the version of the last legal commands asked for
    _phone: object = None

    @property
    def phone(self) -> object:
        """His page on a 390x844 touch phone, signed in with the desktop's cookies, opened when
        a test first asks for it: a page costs the browser a renderer process of its own, which
        most tests, looking at the desktop alone, would spend for nothing."""
        if self._phone is None:
            context = self.browser.new_context(**PHONE)
            context.add_cookies(self.desk.context.cookies())
            self._phone = context.new_page()
            self._phone.set_default_timeout(TIMEOUT)
        return self._phone

    def legal(self) -> dict:
        answer = api(self.desk, "GET", f"{self.base}/api/v1/games/{self.game}/legal")
        self.seen_v = answer["v"]
        return answer

    def commands(self, kind: str | None = None) -> list[dict]:
        cmds = self.legal()["commands"]
        return [c for c in cmds if kind is None or c["type"] == kind]

    def send(self, command: dict) -> dict:
        """Send a command picked from the legal commands just asked for, at their version (the
        set-up plays one command at a time, so it is still the game's)."""
        v = self.seen_v if self.seen_v is not None else self.legal()["v"]
        answer = api(self.desk, "POST", f"{self.base}/api/v1/games/{self.game}/commands",
                     {"id": next(_ids), "v": v, "command": command}, refused=409)
        if answer.get("code") == "state/stale_version":  # the other player acted since
            answer = api(self.desk, "POST", f"{self.base}/api/v1/games/{self.game}/commands",
                         {"id": next(_ids), "v": self.legal()["v"], "command": command})
        assert answer.get("t") == "ack", answer
        self.seen_v = None
        return answer

    def view(self) -> dict:
        return api(self.desk, "GET", f"{self.base}/api/v1/games/{self.game}/view")["d"]

    def page(self, viewport: str):
        return self.phone if viewport == "phone" else self.desk


def fix_dice(server_env: dict, game: str, seed: str) -> None:
    """Give a game not yet started a dice seed of the test's choosing (and its commitment), so
    the set-up play is the same game every run: the position comes after the same commands,
    never too late nor after the end. Written straight into the live server's SQLite file, as
    an operator would before anyone rolled (the server reads both from the row each command)."""
    path = server_env["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path, timeout=20) as db:
        done = db.execute("UPDATE games_game SET seed = ?, commitment = ? WHERE id = ?",
                          (seed, commitment(seed), uuid.UUID(game).hex))
        assert done.rowcount == 1, game


def two_players(browser, base: str, scenario: str = SCENARIO, *, dice: tuple[dict, str] | None = None,
                **options) -> tuple[Player, Player]:
    """A Soviet and a German guest on a started game, each with a desktop page (his phone page
    opened when asked for); `dice`: (the live server's environment, a seed) for the same dice
    every run."""
    people = []
    for side in ("su", "ge"):
        desk = browser.new_context(**DESKTOP).new_page()
        desk.set_default_timeout(TIMEOUT)
        # No page is open while the set-up plays (a lobby page would redraw at every turn);
        # the API sets the cookies, and a test opens the page it looks at.
        api(desk, "POST", base + "/api/v1/auth/guest")
        people.append(Player(base, desk, browser, side=side))
    su, ge = people
    game = api(su.desk, "POST", base + "/api/v1/games",
               {"scenario": scenario, "side": "su", "options": {"spectators": "public", **options}})["id"]
    if dice:
        fix_dice(dice[0], game, dice[1])
    api(ge.desk, "POST", f"{base}/api/v1/games/{game}/join", {"side": "ge"})
    for p in people:
        p.game = game
    board = su.desk.request.get(f"{base}/games/{game}/").text()
    start = board.index('id="pg-boot"')
    boot = json.loads(board[board.index(">", start) + 1:board.index("</script>", start)])
    for p in people:
        p.map = {h["hex"]: (h["q"], h["r"]) for h in boot["map"]["hexes"]}
        p.types = boot["types"]
    return su, ge


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def acting(players: tuple[Player, ...]) -> Player | None:
    """The player whose seat may send a command now (None once nobody may)."""
    for p in players:
        if p.commands():
            return p
    return None


def roll_initiative(players: tuple[Player, ...]) -> Player:
    """Roll until the action phase; the player who acts first."""
    for _ in range(6):
        p = acting(players)
        roll = p.commands("roll_initiative")
        if not roll:
            return p
        p.send(roll[0])
    raise AssertionError("the initiative was not settled")


def may_fire(types: dict, unit: dict) -> bool:
    """A counter that may take opportunity fire (13.0): not a leader, a direct fire value, fresh."""
    t = types.get(unit.get("type"), {})
    face = (t.get("reduced") if t.get("reduced") and unit.get("steps", 2) < t.get("steps", 2) else t.get("full")) or {}
    return not t.get("leader") and bool(face.get("direct_fire")) and not unit.get("moved_fired") \
        and unit.get("status") != "demoralized" and not unit.get("carried_by")


def routine(p: Player) -> dict:
    """The do-nothing command of a player who may act: decline, roll, end the activation, pass."""
    for kind in ("decline", "roll_initiative", "end_activation", "pass"):
        found = p.commands(kind)
        if found:
            return found[0]
    raise AssertionError(f"nothing routine to do for {p.side}")


def _closeness(mover: Player, view: dict, spots: list, c: dict) -> tuple[int, int]:
    """Leaders first (each takes his stack along), then the units nearest to a foe."""
    at = mover.map.get((view["units"].get(c.get("unit")) or {}).get("hex") or "")
    near = min((distance(at, s) for s in spots), default=99) if at else 99
    return (0 if c["kind"] == "leader" else 1, near)


def move_next_to_enemy(mover: Player, other: Player) -> dict:
    """The mover activates units until one may move next to an enemy counter that may fire, and
    moves it there: an opportunity-fire window then opens (13.0: an adjacent mover is always
    in sight and in range). Returns the move sent."""
    for _ in range(24):
        view = mover.view()
        foes = [u for u in view["units"].values() if not u.get("own") and u.get("hex") and may_fire(mover.types, u)]
        spots = [mover.map[u["hex"]] for u in foes]
        tried = False
        candidates = [c for c in mover.commands("activate") if c["kind"] in ("unit", "leader")]
        for activate in sorted(candidates, key=lambda c, v=view, s=spots: _closeness(mover, v, s, c)):
            tried = True
            mover.send(activate)
            for move in mover.commands("move"):
                dest = mover.map[move["path"][-1]]
                if any(distance(dest, s) == 1 for s in spots) and not any(dest == s for s in spots):
                    mover.send(move)
                    return move
            mover.send(mover.commands("end_activation")[0])
            # Until the mover may act again, the other side passes (or rolls, after a turn).
            while (p := acting((mover, other))) is not None and (p is other or p.commands("roll_initiative")):
                p.send(routine(p))
            break
        if not tried:
            break
    raise AssertionError("no unit could move next to an enemy that may fire")


def acting_with(players: tuple[Player, ...]) -> tuple[Player | None, list[dict]]:
    """The player who may act now, with his legal commands."""
    for p in players:
        cmds = p.commands()
        if cmds:
            return p, cmds
    return None, []


def into_enemy(p: Player, view: dict, cmds: list[dict]) -> list[dict]:
    """The moves that end in a hex holding an enemy counter the player sees: assaults (12.1)."""
    foes = {u["hex"] for u in view["units"].values() if not u.get("own") and u.get("hex")}
    return [c for c in cmds if c["type"] == "move" and c["path"][-1] in foes]


def _forward(p: Player, view: dict, cmds: list[dict], rng) -> dict:
    """A command that brings the sides together: decline fire, move closest to a foe, activate
    the unit nearest to one; now and then, to keep the game moving, end or pass instead."""
    by_type: dict[str, list[dict]] = {}
    for c in cmds:
        by_type.setdefault(c["type"], []).append(c)
    for kind in ("decline", "roll_initiative"):
        if kind in by_type:
            return by_type[kind][0]
    foes = [p.map[u["hex"]] for u in view["units"].values() if not u.get("own") and u.get("hex")]

    def near(label: str | None) -> int:
        at = p.map.get(label or "")
        return min((distance(at, f) for f in foes), default=99) if at else 99

    if "move" in by_type and rng.random() < 0.9:
        return min(by_type["move"], key=lambda m: (near(m["path"][-1]), rng.random()))
    if "activate" in by_type and rng.random() < 0.9:
        own = view["units"]
        return min(by_type["activate"],
                   key=lambda a: near((own.get(a.get("unit") or "") or {}).get("hex") or a.get("hex")) + 3 * rng.random())
    for kind in ("end_activation", "pass"):
        if kind in by_type:
            return by_type[kind][0]
    return cmds[0]


def play_until(players: tuple[Player, ...], found, seed: int = 1, cap: int = 1200) -> tuple[Player, object]:
    """Both sides play towards each other (fire declined, the nearest move taken) until
    `found(player, view, commands)` answers something for the player to act: (player, it).
    In the engine's own random games this brings an assault within 300 commands.

    Each step is asked of the live server's services through the session's shell
    (positions.step: what `GET /legal` and `GET /view` would answer, then the command sent as
    `POST /commands` would send it), one round trip a command instead of several requests."""
    rng = random.Random(seed)
    by_side = {p.side: p for p in players}
    sides, sent = [p.side for p in players], None
    for _ in range(cap):
        code = (f"from tests.browser.positions import step; import json; "
                f"step({players[0].game!r}, {sides!r}, json.loads({json.dumps(sent)!r}))")
        turn = json.loads(live_shell.run_at(players[0].base, code).strip().splitlines()[-1])
        assert turn["side"] is not None, "the game ended before the position was reached"
        p, view, cmds = by_side[turn["side"]], turn["view"], turn["commands"]
        hit = found(p, view, cmds)
        if hit:
            return p, hit
        sent = {"side": p.side, "command": _forward(p, view, cmds, rng)}
    raise AssertionError(f"the position was not reached in {cap} commands")


def pick_units(page, ids: list[str]) -> None:
    """Pick exactly these counters of one hex on the board, as a player does: a lone counter
    is clicked; a stack is opened and its counters ticked in the stack panel."""
    view_units = page.evaluate("window.pgweb.store.view.units")
    hex_label = view_units[ids[0]]["hex"]
    page.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    page.mouse.move(1, 1)
    page.evaluate("window.pgweb.board.spread(null)")
    page.locator(f'svg .unit[data-hex="{hex_label}"]').last.dispatch_event("pointerdown", {"button": 0, "pointerId": 9, "isPrimary": True})
    page.locator(f'svg .unit[data-hex="{hex_label}"]').last.dispatch_event("pointerup", {"button": 0, "pointerId": 9, "isPrimary": True})
    panel = page.locator("#stack-panel")
    # A stack opens its panel; a lone counter is picked at once (both drawn on the next frame).
    page.wait_for_function("() => !document.getElementById('stack-panel').hidden || window.pgweb.ui.picked.length > 0",
                           timeout=TIMEOUT)
    if panel.is_visible():
        for box in panel.locator("input[type=checkbox]").all():
            want = box.get_attribute("data-unit") in ids
            if box.is_checked() != want and box.is_enabled():
                box.set_checked(want)
    try:
        page.wait_for_function(
            "(ids) => JSON.stringify([...window.pgweb.ui.picked].sort()) === JSON.stringify([...ids].sort())", arg=ids, timeout=TIMEOUT)
    except Exception:
        raise AssertionError(f"picked {page.evaluate('window.pgweb.ui.picked')} instead of {ids}; "
                             f"stack panel: {panel.is_visible() and panel.inner_text()}") from None


def click_hex(page, label: str) -> None:
    """Click the middle of a hex (brought into view first)."""
    page.evaluate(f"window.pgweb.board.centerOn('{label}')")
    at = page.evaluate(f"window.pgweb.board.hexOnScreen('{label}')")
    page.mouse.click(at["x"], at["y"])


def target_with_odds(page) -> str:
    """The first fire target the board offers, centred, once its label carries the server's
    odds (the previews are in); its hex label."""
    target = page.locator("svg .target").first
    target.wait_for(timeout=TIMEOUT)
    hex_label = target.get_attribute("data-hex")
    page.evaluate(f"window.pgweb.board.centerOn('{hex_label}')")
    page.wait_for_function(
        f"() => document.querySelector('svg .target-label[data-hex=\"{hex_label}\"]')"
        "?.textContent.includes('%')", timeout=TIMEOUT)
    return hex_label
