"""A scenario rebalanced under a running server, for the balance tests: the learning scenario
registered again with one German rifle platoon made a submachine-gun platoon and one more
point for a victory hex, as a redeploy with new forces would leave it (bundled data is not
touched); and the seed of the browser test's balance page."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth import get_user_model

from games import engine_adapter as engine
from games import services
from games.botplay.balance import store_arena
from games.community import ratings
from games.models import FINISHED, Game, Seat
from games.rules.panzer_grenadier.core.registry import register_scenario, unregister_scenario
from games.rules.panzer_grenadier.core.scenario import SCENARIO_DIR, load_scenario
from tests.community.seed import _member
from tests.gamekit import SCENARIO


@contextmanager
def rebalanced() -> Iterator[None]:
    """While inside, SCENARIO has new forces (and so a new revision)."""
    raw = copy.deepcopy(json.loads((SCENARIO_DIR / f"{SCENARIO}.json").read_text(encoding="utf-8")))
    next(u for u in raw["units"] if u["type"] == "ge_rifle")["type"] = "ge_smg"
    raw["victory"]["hexes"][0]["points"] += 1
    register_scenario(load_scenario(raw))
    try:
        yield
    finally:
        unregister_scenario(SCENARIO)


def balance_history(prefix: str, scenario: str = "pl-hollenbach") -> None:
    """For the browser test, in the live server's database: finished games (people's, and two
    rated) and arena runs of `scenario` on its current revision, and others from before (revision "", as the
    migration leaves rows stored before revisions, and an earlier one); prints the counts
    as JSON."""
    a, b = (get_user_model().objects.create_user(f"{prefix}-{n}") for n in ("a", "b"))
    sides = [s.id for s in engine.scenario(scenario).sides]
    now = engine.scenario(scenario).revision
    plan = [(sides[1], now), (sides[1], now), (sides[0], now),
            (sides[1], ""), (sides[1], ""), (sides[1], "0123456789ab"), (sides[1], "")]
    for winner, revision in plan:
        game = services.game_create(user=a, scenario=scenario, side=sides[0])
        services.game_join(game=game, user=b, side=sides[1])
        Game.objects.filter(pk=game.pk).update(status=FINISHED, result={"winner": winner},
                                               scenario_revision=revision)
    rated = [_member(f"{prefix}-{n}") for n in ("c", "d")]
    for loser, revision in ((rated[0], now), (rated[1], "")):
        game = services.game_create(user=rated[0], scenario=scenario, side=sides[0],
                                    options={"rated": True})
        services.game_join(game=game, user=rated[1], side=sides[1])
        services.game_resign(game=game, seat=Seat.objects.get(game=game, user=loser))
        ratings.rate_game(game.pk)
        Game.objects.filter(pk=game.pk).update(scenario_revision=revision)
    store_arena(scenario, "veteran,veteran", {sides[0]: 25, sides[1]: 35}, revision=now)
    store_arena(scenario, "recruit,recruit", {sides[0]: 9, sides[1]: 10, "draw": 1},
                revision=now)
    store_arena(scenario, "veteran,veteran", {sides[0]: 4, sides[1]: 56}, revision="")
    # People's games: three of the plan and the first rated one now, four and one before.
    print(json.dumps({"people": 3 + 1, "people_left_out": 4 + 1, "bots_left_out": 60,
                      "revision": now, "rated_left_out": 1}))
