"""Benchmark what the command log stores per step, over full random games of every bundled
scenario played through the services (command_submit), as a server stores them.

A step's bytes are what the database holds for it: the JSON of its command, dice and events
and, where the step keeps one, its compressed state checkpoint (games/steplog.py). The games are played to their end by a seeded random
player over each seat's legal commands (the playtest's choice), with a step cap per game.

Run: .venv/bin/python bench/storage.py [--games-per-scenario 1] [--max-steps 4000] [--seed 1]
     [--smoke] (seconds: one scenario of each ruleset, 20 steps each)
Lines: one per game, then
       storage: bytes_per_step=N steps=N games=N
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = tempfile.mkdtemp(prefix="pgweb-bench-storage-")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")
os.environ["PGWEB_VAR_DIR"] = HOME
os.environ.setdefault("DATABASE_URL", f"sqlite:///{HOME}/bench.sqlite3")
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ["PGWEB_BOTS_RUN"] = "0"
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from bench.apps import migrated  # noqa: E402
from games import engine_adapter as engine  # noqa: E402
from games import selectors, services  # noqa: E402
from games.models import Game, GameStep, Seat  # noqa: E402
from games.rules.panzer_grenadier.playtest import GROUP_WEIGHTS  # noqa: E402


def step_bytes(game: Game) -> tuple[int, int]:
    """(bytes, steps) the command log holds for a game."""
    total = n = 0
    rows = GameStep.objects.filter(game=game).values_list(
        "command", "dice", "events", "checkpoint"
    )
    for *documents, checkpoint in rows:
        n += 1
        total += sum(len(json.dumps(x, separators=(",", ":"))) for x in documents if x)
        total += len(checkpoint or b"")
    return total, n


def play(scenario: str, rng: random.Random, max_steps: int, users: list) -> Game:
    """A full random game of `scenario` through the services, one player per seat."""
    scen = engine.scenario(scenario)
    sides = [s.id for s in scen.sides]
    game = services.game_create(user=users[0], scenario=scenario, side=sides[0])
    for user, side in zip(users[1:], sides[1:], strict=False):
        services.game_join(game=game, user=user, side=side)
    game.refresh_from_db()
    client_id = 0
    for _ in range(max_steps):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = selectors.state_at(game.pk, game.version) or engine.decode_state(
            game.pk, game.version, game.state
        )
        # Each game's own ruleset answers (a Panzer Leader state is not Panzer Grenadier's).
        rules = engine.rules_of(state)
        choices = [(s, rules.legal_commands(state, s)) for s in engine.who_may_act(state)]
        choices = [(s, legal) for s, legal in choices if legal]
        if not choices:
            break
        seat_id, legal = rng.choice(choices)  # as the playtest's random player chooses
        groups = sorted(legal)
        group = rng.choices(groups, weights=[GROUP_WEIGHTS.get(g, 1.0) for g in groups])[0]
        cmd = rng.choice(legal[group])
        client_id += 1
        services.command_submit(
            game=game,
            seat=Seat.objects.get(game=game, seat_id=seat_id),
            command=cmd,
            base_version=game.version,
            client_id=client_id,
        )
    game.refresh_from_db()
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games-per-scenario", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true",
                        help="seconds: the first scenario of each ruleset, 20 steps each")
    args = parser.parse_args()
    scenarios = sorted(engine.scenarios())
    if args.smoke:
        args.max_steps = 20
        firsts: dict[str, str] = {}
        for sid in scenarios:
            firsts.setdefault(engine.scenario(sid).ruleset, sid)
        scenarios = sorted(firsts.values())
    migrated.migrate()
    users = [get_user_model().objects.create_user(username=f"p{i}") for i in range(2)]
    rng = random.Random(args.seed)
    total = steps = games = 0
    for scenario in scenarios:
        for _ in range(args.games_per_scenario):
            game = play(scenario, rng, args.max_steps, users)
            b, n = step_bytes(game)
            total, steps, games = total + b, steps + n, games + 1
            print(f"game: scenario={scenario} status={game.status} steps={n} "
                  f"bytes_per_step={b // max(n, 1)}", flush=True)
    print(f"storage: bytes_per_step={total // max(steps, 1)} steps={steps} games={games}")


if __name__ == "__main__":
    main()
