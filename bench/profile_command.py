"""Profile one command's cost in the server: `command_submit` and the broadcast after it.

Plays random legal commands of the learning scenario through `services.command_submit` in
this process (SQLite in a scratch folder, the in-memory channel layer, no sockets), under
cProfile, and prints the functions that cost the most, by their own time and by the time
spent under them. The frames are built and handed to the layer as in the server (the
layer's delivery is not timed: no socket listens). A spectator delay, a coach policy and a
live clock can be switched on to see what each adds.

The profiler counts CPU time (`time.process_time`, this process's threads), not wall time:
on a shared machine, waiting for a core would otherwise show up as the cost of whatever
was running.

After the profile a `rows:` line gives the cumulative CPU seconds of the parts of a command
that docs/benchmarks.md (*A command's cost*) names (the whole command, the publication, the
legal commands, the move search, apply, encoding the state, the views, the patches).

Before it, a line `queries: commands=N per_command_p50=Q per_command_max=M statements=...`
counts the database statements of each command (Django's CaptureQueriesContext, the
after-commit hooks included) and names the tables of the most common command's.

Run: .venv/bin/python bench/profile_command.py [--commands 300] [--top 25] [--smoke]
     [--delay 0] [--coach] [--clock] [--save FILE]
Last line: profile: commands=N p50_ms=X p99_ms=Y cpu_p50_ms=A cpu_p99_ms=B (timed without
the profiler; cpu_ is the process's CPU time per command, which other work on the machine
stretches far less than the wall time)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["PGWEB_VAR_DIR"] = tempfile.mkdtemp(prefix="pgweb-bench-profile-")
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")

import django  # noqa: E402

django.setup()

from collections import Counter  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.apps import migrated  # noqa: E402
from games import engine_adapter as engine  # noqa: E402
from games import services  # noqa: E402
from games.models import Game, Seat  # noqa: E402

SCENARIO = "meeting-at-kessel"


def new_game(n: int, args: argparse.Namespace) -> tuple[Game, dict[str, Seat]]:
    """A started game of the learning scenario between two fresh users."""
    users = [get_user_model().objects.create_user(f"profile{n}-{i}") for i in range(2)]
    options: dict = {}
    if args.delay:
        options["spectator_delay"] = args.delay
    if args.coach:
        options["spectators"] = "coach"
    if args.clock:
        options["time_control"] = {"kind": "live", "base": 1800, "increment": 20}
    game = services.game_create(user=users[0], scenario=SCENARIO, side="ge", options=options)
    services.game_join(game=game, user=users[1], side="su")
    seats = {s.seat_id: s for s in Seat.objects.select_related("side").filter(game=game)}
    return game, seats


def play(
    commands: int, args: argparse.Namespace, seed: int, profiler=None, cpu: list | None = None,
    queries: list | None = None,
) -> list[float]:  # fmt: skip
    """Send `commands` random legal commands (new games as games end); each one's ms (and
    its CPU ms in `cpu`, its statements' SQL in `queries`, if given)."""
    rng = random.Random(seed)
    times: list[float] = []
    game, seats = new_game(seed, args)
    while len(times) < commands:
        game.refresh_from_db()
        if game.status != "active":
            game, seats = new_game(seed * 1000 + len(times), args)
            continue
        state = engine.decode_state(game.pk, game.version, game.state)
        choices = [(s, legal) for s in seats if (legal := engine.legal_for(state, s))]
        seat, legal = rng.choice(choices)
        command = rng.choice(legal)
        if profiler is not None:
            profiler.enable()
        start, start_cpu = time.perf_counter(), time.process_time()
        capture = CaptureQueriesContext(connection) if queries is not None else nullcontext()
        with capture as captured:
            outcome = services.command_submit(
                game=game.pk, seat=seats[seat], command=command, base_version=game.version,
                client_id=len(times),
            )  # fmt: skip
        times.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - start_cpu) * 1000)
        if profiler is not None:
            profiler.disable()
        if queries is not None:
            queries.append([q["sql"] for q in captured.captured_queries])
        assert outcome.ok, outcome
    return times


def statement(sql: str) -> str:
    """A statement as its verb and first table: `SELECT games_game`."""
    sql = re.sub(r"^\d+ times: ", "", sql)  # how Django logs an executemany
    words = sql.replace('"', " ").split()
    verb = words[0].upper() if words else ""
    for i, word in enumerate(words[:-1]):
        if word.upper() in ("FROM", "INTO", "UPDATE"):
            return f"{verb} {words[i + 1]}"
    return verb


def queries_line(queries: list[list[str]]) -> str:
    counts = [len(q) for q in queries]
    shapes = Counter(tuple(statement(sql) for sql in q) for q in queries)
    common = ",".join(shapes.most_common(1)[0][0]).replace(" ", ":")
    return (f"queries: commands={len(queries)} per_command_p50={statistics.median(counts):g} "
            f"per_command_max={max(counts)} statements={common}")  # fmt: skip


def report(profiler: cProfile.Profile, top: int) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


# The parts of a command docs/benchmarks.md names: (file, function) whose time, with the
# time of everything under it, each row counts.
ROWS = {
    "command": ("commands.py", "command_submit"),
    "publication": ("broadcast.py", "publish_step"),
    "legal": ("legal.py", "legal_commands"),
    "move_search": ("move_search.py", "search"),  # with move_paths.find under it
    "apply": ("engine_adapter.py", "apply_command"),
    "encode": ("engine_adapter.py", "encode_state"),
    "views": ("views.py", "view_for"),
    "patches": ("broadcast.py", "view_patch"),
}


def rows_line(profiler: cProfile.Profile) -> str:
    """`rows: command=S publication=S ...`: cumulative CPU seconds of each row, to set runs
    of the code before and after a cut side by side."""
    stats = pstats.Stats(profiler).strip_dirs().stats
    cumulative: dict[tuple[str, str], float] = {}
    for (where, _, name), row in stats.items():  # the outermost of two functions of one name
        cumulative[where, name] = max(cumulative.get((where, name), 0.0), row[3])
    return "rows: " + " ".join(f"{row}={cumulative.get(key, 0.0):.2f}" for row, key in ROWS.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--delay", type=int, default=0, help="spectator delay in commands")
    parser.add_argument("--coach", action="store_true", help="the coach spectator policy")
    parser.add_argument("--clock", action="store_true", help="a live clock (30 min + 20 s)")
    parser.add_argument("--save", help="also write the profile here (pstats format)")
    parser.add_argument("--smoke", action="store_true",
                        help="seconds: 10 commands, the last line's format checked by make test")
    args = parser.parse_args()
    if args.smoke:
        args.commands, args.top = 10, 5
    migrated.migrate()
    queries: list[list[str]] = []
    play(5 if args.smoke else 40, args, seed=1, queries=queries)  # warms the caches too
    print(queries_line(queries[len(queries) // 2 :]), flush=True)  # past the first game's start
    profiler = cProfile.Profile(time.process_time)
    play(args.commands, args, seed=2, profiler=profiler)
    print(report(profiler, args.top))
    print(rows_line(profiler), flush=True)
    if args.save:
        profiler.dump_stats(args.save)
    cpu: list[float] = []
    times = play(args.commands, args, seed=3, cpu=cpu)
    print(f"profile: commands={len(times)} p50_ms={statistics.median(times):.2f} "
          f"p99_ms={p99(times):.2f} cpu_p50_ms={statistics.median(cpu):.2f} "
          f"cpu_p99_ms={p99(cpu):.2f}", flush=True)  # fmt: skip


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]


if __name__ == "__main__":
    main()
