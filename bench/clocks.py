"""Benchmark the clocks: one sweep of the background worker over many open timed games, with
every player reachable on every channel, and a command's latency with clocks off and on.

Sweep: 1000 correspondence games (3 days a move) and 200 live games (30 min + 20 s) are
open, their clocks part-way through; about 1 in 100 sides has run out and about 1 in 10 is
inside its reminder window. Each game has its own two players, each with an e-mail address,
a webhook and a Web Push subscription, so every flag and reminder makes real deliveries (a
row per player and channel) and queues their sending. One sweep runs every registered job as
the worker does (flag, remind, opportunity-fire timers, vacations, and the notifications'
share: the deliveries of the flags and reminders, retries, digests); the mail servers, push
services and webhooks are talked to later by the send tasks, not by the sweep. A second
sweep then finds nothing to do (idle).

Latency: the same seeded line of play (same dice seed, same commands, mostly moves) is sent
through command_submit to an untimed game, a live game and a correspondence game in turn
(the order rotating); when the line reaches the end of the scenario, three new games take
it up, until `--commands` commands have gone to each. Median and 90th percentile of each.

The games are copied from one started game of each kind with bulk inserts (a sweep reads
clocks, games, seats and settings, not counters). Database: the embedded default (SQLite in
a temporary folder), or DATABASE_URL; tasks queue in the database, as with the worker.

Run: .venv/bin/python bench/clocks.py [--correspondence 1000] [--live 200] [--commands 150]
     [--smoke]
Line: clocks: games=G flagged=F reminded=R deliveries=D tasks=T sweep_ms=S sweep_cpu_ms=C
      idle_sweep_ms=I commands=N off_p50_ms=.. live_p50_ms=.. mail_p50_ms=.. off_p90_ms=..
      live_p90_ms=.. mail_p90_ms=.. clock_hook_off_p50_ms=.. clock_hook_live_p50_ms=..
      clock_hook_mail_p50_ms=.. (the clocks' own share of a command: their step hook)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = tempfile.mkdtemp(prefix="pgweb-bench-clocks-")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")
os.environ["PGWEB_VAR_DIR"] = HOME
os.environ.setdefault("DATABASE_URL", f"sqlite:///{HOME}/bench.sqlite3")
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.utils import timezone  # noqa: E402
from django_tasks_db.models import DBTaskResult  # noqa: E402

from bench.apps import migrated  # noqa: E402
from games import engine_adapter as engine  # noqa: E402
from games import services  # noqa: E402
from games.clocks import control as controls  # noqa: E402
from games.clocks import service as clock_service  # noqa: E402
from games.clocks import sweep  # noqa: E402
from games.clocks.models import GameClock, SideClock  # noqa: E402
from games.models import Game, Seat, Side  # noqa: E402
from games.notifications.models import Delivery, NotificationSettings, PushSubscription  # noqa: E402
from games.rules.panzer_grenadier.legal import legal_commands  # noqa: E402
from games.services import hooks  # noqa: E402

SCENARIO = "meeting-at-kessel"
SEED = "bench-clocks-seed"
User = get_user_model()


def started(ann, bob, control):
    game = services.game_create(
        user=ann, scenario=SCENARIO, side="ge", options={"time_control": control}
    )
    services.game_join(game=game, user=bob, side="su")
    game.refresh_from_db()
    return game


def players(n: int, prefix: str) -> list:
    """`n` players, each with an e-mail address, a webhook and a push subscription."""
    User.objects.bulk_create([User(username=f"{prefix}{i}") for i in range(n)], batch_size=500)
    made = list(User.objects.filter(username__startswith=prefix).order_by("pk"))
    NotificationSettings.objects.bulk_create(
        [NotificationSettings(user=u, email=f"{u.username}@example.test",
                              webhook_url=f"https://hooks.example.test/{u.username}")
         for u in made],
        batch_size=500,
    )  # fmt: skip
    PushSubscription.objects.bulk_create(
        [PushSubscription(user=u, endpoint=f"https://push.example.test/{u.username}",
                          p256dh="BPp", auth="aa")
         for u in made],
        batch_size=500,
    )  # fmt: skip
    return made


def copies(template: Game, n: int, control: dict, rng: random.Random, prefix: str) -> None:
    """`n` copies of a started game, each with its own two players, clocks part-way through."""
    people = players(2 * n, prefix)
    now = timezone.now()
    bank = controls.bank(control)
    remind = controls.reminder_at(control)
    games, sides, clocks, side_clocks = [], [], [], []
    for _ in range(n):
        g = Game(
            id=uuid.uuid4(), scenario=template.scenario, status=template.status,
            version=template.version, options=template.options, seats_per_side=1,
            seed=template.seed, commitment=template.commitment, state=template.state,
            created_by=people[0], started_at=now,
        )  # fmt: skip
        games.append(g)
        clocks.append(GameClock(game=g, kind=control["kind"], control=control))
        for order, (side_id, name) in enumerate((("ge", "German"), ("su", "Soviet"))):
            sides.append(Side(game=g, side_id=side_id, name=name, order=order))
            roll = rng.random()
            if roll < 0.01:
                spent = bank + 60  # ran out a minute ago
            elif roll < 0.11:
                spent = bank - remind * rng.random()  # inside the reminder window
            else:
                spent = (bank - remind) * rng.random()
            since = now - timedelta(seconds=spent)
            deadline = since + timedelta(seconds=bank)
            side_clocks.append(SideClock(
                game=g, side_id=side_id, remaining=bank, running_since=since, deadline=deadline,
                remind_at=deadline - timedelta(seconds=remind),
            ))  # fmt: skip
    Game.objects.bulk_create(games, batch_size=500)
    Side.objects.bulk_create(sides, batch_size=500)
    made = {(s.game_id, s.side_id): s for s in sides}
    Seat.objects.bulk_create(
        [Seat(game=g, side=made[(g.pk, sid)], seat_id=f"{sid}-1", user=people[2 * k + i])
         for k, g in enumerate(games) for i, sid in enumerate(("ge", "su"))],
        batch_size=500,
    )  # fmt: skip
    GameClock.objects.bulk_create(clocks, batch_size=500)
    SideClock.objects.bulk_create(side_clocks, batch_size=500)


def timed_sweep() -> tuple[float, float, dict]:
    """One sweep: its wall time and this process's CPU time (ms), and what it did."""
    t0, c0 = time.perf_counter(), time.process_time()
    done = sweep.run_sweep()
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000, done


HOOK_MS: dict[str, list[float]] = {}  # the clocks' own share of each command, by game kind
KINDS: dict[str, str] = {}  # game id -> its clock's kind, for the latency games


def time_the_clock_hook() -> None:
    """Time the clocks' step hook (games.clocks.service.on_step) inside each command."""
    index = hooks.AFTER_STEP.index(clock_service.on_step)

    def timed(done):
        t0 = time.perf_counter()
        clock_service.on_step(done)
        spent = (time.perf_counter() - t0) * 1000
        HOOK_MS.setdefault(KINDS.get(str(done.game_id), "untimed"), []).append(spent)

    hooks.AFTER_STEP[index] = timed


def line_of_play(start, n: int, rng: random.Random) -> list[tuple[str, dict]]:
    """Up to `n` legal commands from `start`, mostly moves (as people play), until the end."""
    state, position, line = start, 0, []
    while len(line) < n:
        legal = {s.id: g for s in state.seats if (g := legal_commands(state, s.id))}
        if not legal:
            break  # the scenario is over
        seat_id = rng.choice(sorted(legal))
        groups = legal[seat_id]
        kind = "move" if "move" in groups and rng.random() < 0.8 else rng.choice(sorted(groups))
        if kind == "pass" and len(groups) > 1 and rng.random() < 0.7:
            kind = rng.choice(sorted(set(groups) - {"pass"}))
        command = rng.choice(groups[kind])
        applied = engine.apply_command(state, seat_id, command, SEED, position)
        state, position = applied.state, applied.dice_position
        line.append((seat_id, command))
    return line


def latencies(controls_by_name: dict, wanted: int, ann, bob) -> dict[str, list[float]]:
    """The same line of play sent to a game of each control in turn (order rotating)."""
    out: dict[str, list[float]] = {name: [] for name in controls_by_name}
    rng = random.Random(3)
    while len(next(iter(out.values()))) < wanted:
        games = {name: started(ann, bob, c) for name, c in controls_by_name.items()}
        for name, g in games.items():
            KINDS[str(g.pk)] = (controls_by_name[name] or {"kind": "untimed"})["kind"]
        for g in games.values():
            Game.objects.filter(pk=g.pk).update(seed=SEED)
        first = next(iter(games.values()))
        left = wanted - len(next(iter(out.values())))
        line = line_of_play(engine.decode_state(first.pk, 1, first.state), left, rng)
        seats = {
            name: {s.seat_id: s for s in Seat.objects.filter(game=g).select_related("side")}
            for name, g in games.items()
        }
        versions = {name: g.version for name, g in games.items()}
        names = list(games)
        for n, (seat_id, command) in enumerate(line):
            for name in names[n % len(names):] + names[: n % len(names)]:
                t0 = time.perf_counter()
                outcome = services.command_submit(
                    game=games[name].pk, seat=seats[name][seat_id], command=command,
                    base_version=versions[name],
                )  # fmt: skip
                out[name].append((time.perf_counter() - t0) * 1000)
                assert outcome.ok, outcome
                versions[name] = outcome.version
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--correspondence", type=int, default=1000)
    parser.add_argument("--live", type=int, default=200)
    parser.add_argument("--commands", type=int, default=150)
    parser.add_argument("--smoke", action="store_true", help="seconds, tiny sizes: 10 "
                        "correspondence and 4 live games, 5 commands (make test checks the line)")
    args = parser.parse_args()
    if args.smoke:
        args.correspondence, args.live, args.commands = 10, 4, 5
    migrated.migrate()
    ann, bob = User.objects.create_user("ann"), User.objects.create_user("bob")
    days, live = controls.normalize("days-3"), controls.normalize("live-30+20")
    rng = random.Random(1)
    copies(started(ann, bob, days), args.correspondence, days, rng, "mail")
    copies(started(ann, bob, live), args.live, live, rng, "live")
    DBTaskResult.objects.all().delete()  # the template games' own notifications
    sweep_ms, sweep_cpu_ms, done = timed_sweep()
    deliveries = Delivery.objects.count()
    tasks = DBTaskResult.objects.exclude(task_path__endswith=".sweep").count()
    idle_ms, _, _ = timed_sweep()
    games = GameClock.objects.count()
    time_the_clock_hook()
    timings = latencies(
        {"off": None, "live": controls.normalize("live-60+30"), "mail": days},
        args.commands, ann, bob,
    )  # fmt: skip
    print(
        f"clocks: games={games} flagged={done.get('clocks.flag')} "
        f"reminded={done.get('clocks.remind')} deliveries={deliveries} tasks={tasks} "
        f"sweep_ms={sweep_ms:.0f} sweep_cpu_ms={sweep_cpu_ms:.0f} idle_sweep_ms={idle_ms:.0f} "
        f"commands={len(timings['off'])} "
        + " ".join(f"{k}_p50_ms={statistics.median(v):.1f}" for k, v in timings.items())
        + " "
        + " ".join(f"{k}_p90_ms={pct(v, 0.9):.1f}" for k, v in timings.items())
        + " "
        + " ".join(
            f"clock_hook_{k}_p50_ms={statistics.median(HOOK_MS.get(kind, [0])):.2f}"
            for k, kind in (("off", "untimed"), ("live", "live"), ("mail", "correspondence"))
        )
    )


if __name__ == "__main__":
    main()
