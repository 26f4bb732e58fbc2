"""Benchmark the clocks: one sweep of the background worker over many open timed games, and
a command's latency with clocks on and off.

Sweep: 1000 correspondence games (3 days a move) and 200 live games (30 min + 20 s) are
open, their clocks part-way through; about 1 in 100 has run out and about 1 in 10 is inside
its reminder window. One sweep runs every registered job (flag, remind with a listener on
`time_running_out` standing in for the notifications, opportunity-fire timers, vacations)
as the worker does; the first sweep does the work, a second finds nothing left to do.

Latency: the same seeded line of play (same dice seed, same commands) is sent through
command_submit to an untimed game and to a live game; median and 90th percentile of each.

The games are copied from one started game of each kind with bulk inserts (a sweep reads
clocks and games, not counters). Database: the embedded default (SQLite in a temporary
folder), or DATABASE_URL.

Run: .venv/bin/python bench/clocks.py [--correspondence 1000] [--live 200] [--commands 150]
Lines: clocks-sweep: games=G flagged=F reminded=R sweep_ms=S idle_sweep_ms=I
       clocks-command: commands=N off_p50_ms=A off_p90_ms=B on_p50_ms=C on_p90_ms=D
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
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from games import engine_adapter as engine  # noqa: E402
from games import services  # noqa: E402
from games.clocks import control as controls  # noqa: E402
from games.clocks import signals, sweep  # noqa: E402
from games.clocks.models import GameClock, SideClock  # noqa: E402
from games.models import Game, Seat, Side  # noqa: E402

SCENARIO = "meeting-at-kessel"
SEED = "bench-clocks-seed"


def started(ann, bob, control):
    game = services.game_create(
        user=ann, scenario=SCENARIO, side="ge", options={"time_control": control}
    )
    services.game_join(game=game, user=bob, side="su")
    game.refresh_from_db()
    return game


def copies(template: Game, n: int, control: dict, rng: random.Random, users) -> None:
    """`n` copies of a started game with its clocks part-way through."""
    now = timezone.now()
    bank = controls.bank(control)
    remind = controls.reminder_at(control)
    games, sides, clocks, side_clocks = [], [], [], []
    for _ in range(n):
        g = Game(
            id=uuid.uuid4(), scenario=template.scenario, status=template.status,
            version=template.version, options=template.options, seats_per_side=1,
            seed=template.seed, commitment=template.commitment, state=template.state,
            created_by=users[0], started_at=now,
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
        [Seat(game=g, side=made[(g.pk, sid)], seat_id=f"{sid}-1", user=users[i])
         for g in games for i, sid in enumerate(("ge", "su"))],
        batch_size=500,
    )  # fmt: skip
    GameClock.objects.bulk_create(clocks, batch_size=500)
    SideClock.objects.bulk_create(side_clocks, batch_size=500)


NOTIFY_MS: list[float] = []  # time spent in the notifications' reminder receiver


def time_the_notifications() -> None:
    """Wrap the notifications app's "time running out" receiver (when installed) in a timer,
    so the sweep's own share and the notifications' share can be told apart."""
    sync, _ = signals.time_running_out._live_receivers(None)
    for fn in sync:
        if not getattr(fn, "__module__", "").startswith("games.notifications"):
            continue
        signals.time_running_out.disconnect(dispatch_uid="notifications-time-running-out")

        def timed(sender, _fn=fn, **kw):
            t0 = time.perf_counter()
            _fn(sender, **kw)
            NOTIFY_MS.append((time.perf_counter() - t0) * 1000)

        signals.time_running_out.connect(
            timed, weak=False, dispatch_uid="notifications-time-running-out"
        )


def timed_sweep() -> tuple[float, dict]:
    t0 = time.perf_counter()
    done = sweep.run_sweep()
    return (time.perf_counter() - t0) * 1000, done


def line_of_play(start, n: int) -> list[tuple[str, dict]]:
    """A seeded line of legal commands (the same for both games), mostly moves and passes."""
    from games.rules.panzer_grenadier.legal import legal_commands

    rng = random.Random(3)
    state, position, line = start, 0, []
    for _ in range(n):
        legal = {s.id: g for s in state.seats if (g := legal_commands(state, s.id))}
        if not legal:
            break
        seat_id = rng.choice(sorted(legal))
        groups = legal[seat_id]
        command = rng.choice(groups[rng.choice(sorted(groups))])
        applied = engine.apply_command(state, seat_id, command, SEED, position)
        state, position = applied.state, applied.dice_position
        line.append((seat_id, command))
    return line


def latencies(games: dict[str, Game], line) -> dict[str, list[float]]:
    """Each command of the line sent to every game in turn (the order alternating)."""
    seats = {
        name: {s.seat_id: s for s in Seat.objects.filter(game=g).select_related("side")}
        for name, g in games.items()
    }
    versions = {name: g.version for name, g in games.items()}
    out: dict[str, list[float]] = {name: [] for name in games}
    for n, (seat_id, command) in enumerate(line):
        names = list(games) if n % 2 == 0 else list(reversed(games))
        for name in names:
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
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    User = get_user_model()
    ann, bob = User.objects.create_user("ann"), User.objects.create_user("bob")
    days, live = controls.normalize("days-3"), controls.normalize("live-30+20")
    rng = random.Random(1)
    copies(started(ann, bob, days), args.correspondence, days, rng, (ann, bob))
    copies(started(ann, bob, live), args.live, live, rng, (ann, bob))
    reminded = []
    signals.time_running_out.connect(lambda sender, **kw: reminded.append(kw), weak=False)
    time_the_notifications()
    sweep_ms, done = timed_sweep()
    notify_ms = sum(NOTIFY_MS)
    idle_ms, _ = timed_sweep()
    games = GameClock.objects.count()
    print(
        f"clocks-sweep: games={games} flagged={done.get('clocks.flag')} "
        f"reminded={len(reminded)} sweep_ms={sweep_ms:.0f} (of which notifications' "
        f"reminder receiver {notify_ms:.0f}) idle_sweep_ms={idle_ms:.0f}"
    )

    off = started(ann, bob, None)
    on = started(ann, bob, controls.normalize("live-60+30"))
    for g in (off, on):
        Game.objects.filter(pk=g.pk).update(seed=SEED)
    line = line_of_play(engine.decode_state(off.pk, 1, off.state), args.commands)
    timings = latencies({"off": off, "on": on}, line)
    print(
        f"clocks-command: commands={len(line)} "
        + " ".join(
            f"{k}_p50_ms={statistics.median(v):.1f} {k}_p90_ms={pct(v, 0.9):.1f}"
            for k, v in timings.items()
        )
    )


if __name__ == "__main__":
    main()
