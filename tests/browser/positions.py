"""The set-up play of the board's browser tests, run in the live server's database by the
session's live shell (tests/browser/live_shell.py): one step a call.

What a player's page would ask the REST API, asked of the services the API calls, with no
request in between: who may act (the first of the sides given whose seat has a legal
command, as `GET /legal` answers), what that side sees (the snapshot `GET /view` answers),
and the command sent (`POST /commands`). A set-up of a hundred commands then costs one
round trip to the shell a command instead of three or four HTTP requests. Imported only
there (Django is set up in that process).
"""

from __future__ import annotations

import itertools
import json

from games import engine_adapter as engine
from games import selectors, services
from games.models import Game, Seat

_ids = itertools.count(9000)  # command ids no page of the tests uses


def step(game_id: str, sides: list[str], sent: dict | None = None) -> None:
    """Send `sent` ({"side", "command"}) if given, then print, as JSON, the next side that may
    act with its version, view and legal commands ({"side": None} once nobody may)."""
    if sent is not None:
        game = Game.objects.get(pk=game_id)
        seat = Seat.objects.select_related("side").get(game=game, side__side_id=sent["side"])
        outcome = services.command_submit(game=game, seat=seat, command=sent["command"],
                                          base_version=game.version, client_id=next(_ids))
        assert outcome.ok, outcome.frame()
    game = Game.objects.get(pk=game_id)
    state = engine.decode_state(game.pk, game.version, game.state)
    for side in sides:
        seat = Seat.objects.select_related("side", "user").get(game=game, side__side_id=side)
        commands = engine.legal_for(state, seat.seat_id)
        if commands:
            audience = selectors.membership(game, seat.user).audience
            view = selectors.snapshot(game, audience)["d"]
            print(json.dumps({"side": side, "v": game.version, "view": view, "commands": commands}))
            return
    print(json.dumps({"side": None}))
