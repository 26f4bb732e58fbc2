"""What the game page shows instead of the board when the board cannot open: no such game,
signed out, a game not yet started, a spectator policy that keeps this viewer out, a side's
view asked for by someone its players did not invite to coach; and the page of a coach link.

Each case is a `Gate`: a title, what happened in plain words, and the ways forward (links,
or the *Watch as a guest* button). The page and the game socket decide from the same
`selectors.membership`, so a page that opens a board also opens its socket; a socket
closed with 4401/4403/4404 reloads the page, which then lands here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from django.urls import reverse

from games import selectors
from games.models import OPEN, Game

COACH_WORDS = (
    "Only a side's players can invite a coach to follow its view, and only in a game whose "
    "players allowed coaches. Everyone else watches the public view."
)
POLICY_WORDS = {
    "none": "The players chose to play without spectators.",
    "after_end": "The players chose to let spectators in only once the game has ended.",
    "creator": "Bots play this trial of a draft for its designer alone.",
}


@dataclass(frozen=True)
class Way:
    """One way forward: a link, a button posting to `href` (`post`), or (`guest`) the
    button that signs in as a guest."""

    label: str
    href: str = ""
    guest: bool = False
    primary: bool = False
    post: bool = False


@dataclass(frozen=True)
class Gate:
    title: str
    text: str
    ways: list[Way] = field(default_factory=list)
    status: int = 200
    reason: str = ""  # a stable word for tests and styles: missing, signed_out, ...

    @property
    def has_guest(self) -> bool:
        return any(way.guest for way in self.ways)


def _lobby(game: Game | None = None) -> str:
    lobby = reverse("lobby")
    return f"{lobby}?game={game.pk}" if game is not None else lobby


def sign_in_way(next_url: str) -> Way:
    return Way("Sign in", f"{reverse('login')}?next={quote(next_url)}")


def missing_game() -> Gate:
    return Gate(
        "No such game",
        "This link names no game: it was mistyped, or the game was removed before it started.",
        [Way("Go to the lobby", _lobby(), primary=True)],
        status=404,
        reason="missing",
    )


def gate_for(game: Game, user: Any, want_side: str | None, here: str) -> Gate | None:
    """The gate this viewer meets on the game page, or None when the board may open."""
    signed_in = getattr(user, "is_authenticated", False)
    member = selectors.membership(game, user if signed_in else None, want_side)
    if game.status != OPEN and game.version < 1:
        return Gate(
            "This game never started",
            "Its players left before every seat was taken, so there is nothing to see.",
            [Way("Go to the lobby", _lobby(), primary=True)],
            status=404,
            reason="abandoned",
        )
    if signed_in and member.audience is not None:
        return None
    if member.is_player:
        # A player asked for another side's view (?side=): never; their own page is open.
        return Gate(
            "You play in this game",
            "A player sees the game from their own side only.",
            [Way("Back to your game", reverse("game", args=[game.pk]), primary=True)],
            status=403,
            reason="player",
        )
    if game.status == OPEN:
        join = Way("Join it in the lobby", _lobby(game), primary=True)
        text = "This game has not started: it is waiting for players to take the free seats."
        ways = [join] if signed_in else [join, sign_in_way(here)]
        if not signed_in:
            text += " Join it as a guest (no sign-up), or sign in."
        return Gate("Waiting for players", text, ways, reason="not_started")
    if member.audience is not None:  # signed out, but spectators are welcome
        return Gate(
            "Watch this game",
            "Spectators need a name here. Watch as a guest (one click, no sign-up), or sign in.",
            [Way("Watch as a guest", guest=True, primary=True), sign_in_way(here), Way("Lobby", _lobby())],
            reason="signed_out",
        )
    if want_side and selectors.membership(game, None).audience is not None:
        # A side's view is for its players and the coaches they invited; the public view is
        # open to this viewer.
        public = Way("Watch the public view", here.split("?")[0], primary=True)
        text = COACH_WORDS
        ways = [public, Way("Go to the lobby", _lobby())]
        if not signed_in:
            text += " If a side invited you, sign in as the one they invited."
            ways.insert(1, sign_in_way(here))
        return Gate("A side's view is for its coaches", text, ways, 403, "coach_invite_only")
    text = POLICY_WORDS.get(game.spectators, "Spectators may not watch this game.")
    ways = [Way("Go to the lobby", _lobby(), primary=True)]
    if not signed_in:
        text += " If you have a seat in it, sign in to play."
        ways.insert(0, sign_in_way(here))
    return Gate("Not open to spectators", text, ways, status=403, reason="no_spectators")
