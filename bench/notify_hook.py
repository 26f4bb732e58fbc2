"""Benchmark what notifications add to a command: random games played through
`command_submit`, alternately with the notification hook on and off (SQLite in a scratch folder, the
database task backend, so the hook queues its task as in production; both players have an
e-mail address; no worker runs, so nothing is sent).

Run: .venv/bin/python bench/notify_hook.py [--commands N] [--smoke]
Last line: notify_hook: commands=N off_p50_ms=A on_p50_ms=B off_p99_ms=C on_p99_ms=D queued=Q
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["PGWEB_VAR_DIR"] = tempfile.mkdtemp(prefix="pgweb-bench-notify-")
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from bench.apps import migrated  # noqa: E402
from games import broadcast, services  # noqa: E402
from games import engine_adapter as engine  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from games.notifications import trigger  # noqa: E402
from games.notifications.models import NotificationSettings  # noqa: E402

SCENARIO = "meeting-at-kessel"
GAME_LENGTH = 40  # commands per game before the next one (hook off and on alternate)


def play(commands: int, seed: int) -> dict[bool, list[float]]:
    """Milliseconds per command, hook off and on, of random games until each list has
    `commands`; games alternate between off and on, so both see the same machine load and
    the same database size."""
    rng = random.Random(seed)
    users = get_user_model().objects
    timings: dict[bool, list[float]] = {False: [], True: []}
    hook_on = False
    while min(len(t) for t in timings.values()) < commands:
        hook_on = not hook_on
        broadcast.STEP_HOOKS[:] = [trigger.on_step] if hook_on else []
        mine = timings[hook_on]
        tag = f"{seed}-{len(timings[False])}-{len(timings[True])}"
        a, b = users.create_user(f"a{tag}"), users.create_user(f"b{tag}")
        for user in (a, b):  # players with an address: their turns queue a task
            NotificationSettings.objects.create(user=user, email=f"{user.username}@example.test")
        game = services.game_create(user=a, scenario=SCENARIO, side="ge")
        services.game_join(game=game, user=b, side="su")
        seats = {s.seat_id: s for s in Seat.objects.filter(game=game)}
        for client in range(1, GAME_LENGTH + 1):
            game = Game.objects.get(pk=game.pk)
            state = engine.decode_state(game.pk, game.version, game.state)
            if engine.is_over(state):
                break
            legal = {s: engine.rules_of(state).legal_commands(state, s) for s in seats}
            seat_id = rng.choice(sorted(s for s, g in legal.items() if g))
            command = rng.choice(legal[seat_id][rng.choice(sorted(legal[seat_id]))])
            t0 = time.perf_counter()
            outcome = services.command_submit(
                game=game, seat=seats[seat_id], command=command, base_version=game.version,
                client_id=client,
            )  # fmt: skip
            mine.append((time.perf_counter() - t0) * 1000)
            assert outcome.ok, outcome
    return timings


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=400)
    parser.add_argument("--smoke", action="store_true",
                        help="seconds, tiny sizes: 10 commands (make test checks the last line)")
    args = parser.parse_args()
    if args.smoke:
        args.commands = 10
    migrated.migrate()
    broadcast.send = lambda messages: None  # no sockets: time the command and the hook only
    from django_tasks_db.models import DBTaskResult

    play(20, 1)  # warm the caches
    before = DBTaskResult.objects.count()
    timings = play(args.commands, 2)
    off, on = timings[False], timings[True]
    queued = DBTaskResult.objects.count() - before
    print(
        f"notify_hook: commands={args.commands} off_p50_ms={statistics.median(off):.2f} "
        f"on_p50_ms={statistics.median(on):.2f} off_p99_ms={pct(off, 99):.2f} "
        f"on_p99_ms={pct(on, 99):.2f} queued={queued}"
    )


if __name__ == "__main__":
    main()
