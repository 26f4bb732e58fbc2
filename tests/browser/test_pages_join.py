"""Joining from the lobby: whoever takes the last seat is taken to the game like the others,
a press on Join holds while the lists are redrawn, a press on Watch holds while its own card
changes, and an invite link highlights its game and offers Join (desktop and phone).

Landing on a game is the page committing to the game's URL: the board's load that follows is
the board tests' business, so a page that landed leaves it (pages_kit.leave) unless the test
looks at the board."""

from __future__ import annotations

import json
import re

from tests.browser.pages_kit import TIMEOUT, VIEWPORTS, api, leave, shot

GAME_URL = re.compile(r".*/games/[0-9a-f-]{36}/$")
SCENARIO = "meeting-at-kessel"


def open_game(page, base: str, **options) -> str:
    body = {"scenario": SCENARIO, "side": "ge", "options": options}
    return api(page, base, "POST", "/api/v1/games", body)["id"]


def landed(page, game: str) -> None:
    """The lobby took the person to `game`; the page leaves its board unloaded."""
    page.wait_for_url(GAME_URL, timeout=TIMEOUT, wait_until="commit")
    assert page.url.endswith(f"/games/{game}/")
    leave(page)


# Counts the times the pressed node's card leaves its list. A node moved is taken out of the
# page and put back (it is connected again after), and a press on a node taken out makes no
# click, so a kept card must never be taken out, not only be there at the end.
WATCH_CARD = """(node) => {
  const card = node.closest("article");
  node.takenOut = 0;
  new MutationObserver((records) => {
    for (const r of records) if ([...r.removedNodes].includes(card)) node.takenOut += 1;
  }).observe(card.parentNode, { childList: true });
}"""


def press_and_hold(page, button) -> object:
    """Press the mouse on `button` and keep it down; the pressed node (its card watched, its
    box when pressed kept as `node.pressed_at`)."""
    button.scroll_into_view_if_needed()
    held = button.element_handle()
    held.evaluate(WATCH_CARD)
    box = held.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    held.pressed_at = box
    return held


def still_held(node) -> None:
    assert node.evaluate("(node) => node.isConnected"), "the held node was drawn anew"
    assert node.evaluate("(node) => node.takenOut") == 0, "the held node's card was moved"
    assert node.bounding_box() == node.pressed_at, "the held node moved from under the pointer"


def let_go(page, node) -> None:
    """Release the mouse where it was pressed, as a finger does: over the held node only if
    nothing moved it meanwhile."""
    still_held(node)
    page.mouse.up()


# The open games and the person's own games of each lists frame the lobby's socket was sent,
# noted once every listener of the message (the lobby's redraw among them) has run:
# `window.heardOpen` and `window.heardMine`, oldest first.
HEARD_OPEN = """
window.heardOpen = [];
window.heardMine = [];
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => setTimeout(() => {
      const lists = JSON.parse(event.data).d;
      if (lists && Array.isArray(lists.open)) window.heardOpen.push(lists.open.map((card) => card.id));
      if (lists && Array.isArray(lists.mine)) window.heardMine.push(lists.mine.map((card) => card.id));
    }, 0));
  }
};
"""
# Lists without the game, after lists with it.
GONE_AGAIN = """(id) => {
  const first = window.heardOpen.findIndex((ids) => ids.includes(id));
  return first >= 0 && window.heardOpen.slice(first + 1).some((ids) => !ids.includes(id));
}"""


def test_a_join_held_through_redraws_takes_the_last_seat_and_both_players_to_the_game(
    person, live_server_url
):
    """Two games, each opened by a creator waiting in the lobby and joined by another: on a
    desktop window the creator and on a phone the joiner, and the other way round. The lists
    are drawn again whenever anyone comes or goes, and a press and its release on two
    different nodes make no click, so each joiner presses Join and holds it while a newcomer
    opens a game and leaves it again: her card would come above theirs and push the held
    button from under the pointer, so the lists wait for the release; so do they when the
    joiner opens a game elsewhere, which comes in My games above. Let go where it was pressed, the joiner fills
    the last seat, and both players land on the game, not only the one who waited."""
    base = live_server_url
    pairs = [(person("desktop"), person("phone")), (person("phone"), person("desktop"))]
    games = []
    for creator, _ in pairs:
        creator.goto(base + "/")
        creator.wait_for_selector("body[data-lobby=live]")
        games.append(open_game(creator, base))
    held = []
    for (_, joiner), game in zip(pairs, games, strict=True):
        joiner.add_init_script(HEARD_OPEN)
        joiner.goto(base + "/")
        joiner.wait_for_selector("body[data-lobby=live]")
        button = joiner.locator(f"#open-game-list article[data-game='{game}'] button.join")
        held.append(press_and_hold(joiner, button))
    # Cleo opens a game of her own (through the API: her page is no part of the test): every
    # lobby has lists with it among the open ones, newest first, above the held cards.
    cleo = person("desktop")
    hers = open_game(cleo, base)
    for (_, joiner), node in zip(pairs, held, strict=True):
        joiner.wait_for_function("(id) => window.heardOpen.some((ids) => ids.includes(id))", arg=hers)
        assert joiner.locator(f"#open-game-list article[data-game='{hers}']").count() == 0
        still_held(node)
    # Each joiner opens a game too, from elsewhere (another tab, say): it comes in My games,
    # above the open games, whose held card it would push down as well.
    for (_, joiner), node in zip(pairs, held, strict=True):
        theirs = open_game(joiner, base)
        joiner.wait_for_function("(id) => window.heardMine.some((ids) => ids.includes(id))", arg=theirs)
        assert joiner.locator(f"#my-games article[data-game='{theirs}']").count() == 0
        still_held(node)
    # She leaves it again before anyone lets go.
    api(cleo, base, "POST", f"/api/v1/games/{hers}/leave")
    for (_, joiner), node in zip(pairs, held, strict=True):
        joiner.wait_for_function(GONE_AGAIN, arg=hers)
        let_go(joiner, node)
    for (creator, joiner), game in zip(pairs, games, strict=True):
        joiner.wait_for_url(GAME_URL, timeout=TIMEOUT, wait_until="commit")
        assert joiner.url.endswith(f"/games/{game}/")
        joiner.wait_for_selector("body.socket-open")  # the board loads: its socket opens
        shot(joiner, f"join-last-seat-{'phone' if joiner is pairs[0][1] else 'desktop'}")
        leave(joiner)
        landed(creator, game)


def seat_online(game: str):
    """A predicate on the lobby socket's frames: the lists show a player of `game` online."""

    def shows(payload: str | bytes) -> bool:
        lists = json.loads(payload).get("d") or {}
        cards = [card for key in ("watch", "mine") for card in lists.get(key) or []]
        return any(card["id"] == game and any(seat["online"] for side in card["sides"]
                                              for seat in side["seats"]) for card in cards)  # fmt: skip

    return shows


def test_a_watch_held_while_its_card_changes_takes_the_spectator_to_the_game(
    person, live_server_url
):
    """A card whose game changed is drawn anew (here a player opens the game, and her seat's
    dot on the card turns to online). A press held on the card's Watch holds the lobby's
    lists until its click, so the spectator's press and release land on one node and she
    lands on the game; the lists are drawn as they came after it."""
    base = live_server_url
    ann, bob, cleo = person("desktop"), person("desktop"), person("desktop")
    game = open_game(ann, base)
    api(bob, base, "POST", f"/api/v1/games/{game}/join", {"side": "su"})
    with cleo.expect_websocket() as opened:
        cleo.goto(base + "/")
    lobby = opened.value
    cleo.wait_for_selector("body[data-lobby=live]")
    held = press_and_hold(cleo, cleo.locator(f"#watch-games article[data-game='{game}'] a.enter"))
    with lobby.expect_event("framereceived", predicate=seat_online(game), timeout=TIMEOUT):
        ann.goto(f"{base}/games/{game}/")
    let_go(cleo, held)
    landed(cleo, game)
    leave(ann)


def test_a_game_of_mine_the_lobby_never_saw_open_takes_me_there_when_it_starts(
    person, live_server_url
):
    """On a busy server the lists of a game opened and filled at once can come as one frame,
    showing it running already; its players are taken to it all the same. A game against a
    bot starts as it opens, so the lobby never sees it open at all."""
    ann = person("desktop")
    ann.goto(live_server_url + "/")
    ann.wait_for_selector("body[data-lobby=live]")
    body = {"scenario": SCENARIO, "side": "ge", "level": "recruit"}
    game = api(ann, live_server_url, "POST", "/api/v1/bots/play", body)["id"]
    landed(ann, game)


def test_an_invite_link_highlights_its_game_and_offers_join(person, live_server_url):
    """The creator copies the invite link in a desktop window and at a phone's width; a
    stranger, signed out, follows it: the game stands out near the top at both sizes, and its
    Join (pressed at a phone's width) signs her in and takes both players to the game. (The
    lobby asks nothing of the pointer and folds its header at a change of width: the page
    narrowed is what a phone shows, so each person's page is loaded once.)"""
    ann = person("desktop")
    game = open_game(ann, live_server_url, private=True)
    ann.goto(live_server_url + "/")
    invite = ann.locator(f"article[data-game='{game}'] input.invite-link")
    link = invite.input_value()
    assert link.endswith(f"/?game={game}")
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    for viewport in ("desktop", "phone"):
        ann.set_viewport_size(VIEWPORTS[viewport])
        ann.evaluate("() => navigator.clipboard.writeText('')")
        ann.locator(f"article[data-game='{game}'] button.copy-invite").click()
        ann.wait_for_function("(link) => navigator.clipboard.readText().then((t) => t === link)", arg=link)
        ann.evaluate("(id) => document.querySelector(`article[data-game='${id}']`).scrollIntoView()", game)
        shot(ann, f"invite-creator-{viewport}")

    # A stranger, signed out, follows the link: the game stands out with a way to join it.
    cleo = person("desktop", guest=False)
    cleo.goto(link)
    box = cleo.locator("#invite")
    box.locator(f"article[data-game='{game}']").wait_for()
    assert "invited" in box.inner_text()
    for viewport in ("desktop", "phone"):
        cleo.set_viewport_size(VIEWPORTS[viewport])
        cleo.evaluate("window.scrollTo(0, 0)")
        assert box.evaluate("(b) => b.getBoundingClientRect().top") < 900  # on screen, near the top
        shot(cleo, f"invite-signed-out-{viewport}")
    box.locator("button.join").first.click()  # signs in as a guest, then joins
    landed(cleo, game)
    # The creator, waiting in the lobby, is taken to the game as it starts.
    landed(ann, game)
