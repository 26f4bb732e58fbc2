"""Benchmark the server-rendered pages a player opens first: the lobby ("/"), the battles
catalogue ("/battles/") and a scenario's page, in this process through Django's test client
on a fresh SQLite file (or, with `--postgres`, a private PostgreSQL cluster) holding the
bundled scenarios (load_scenarios, with the library's arena figures), a few finished games and
a few open ones.

Each page is fetched once to warm the process (imports, templates, the rulesets' scenarios),
then `--loads` times; the figure is this process's CPU time (user + system) per load, the
median, which other work on a shared machine stretches far less than the wall time, and the
number of database queries one load makes; then the CPU time of drawing every battle's map
thumbnail once, as each process does on the first requests for them. `--profile PAGE`
prints cProfile's top functions of that page's loads (cumulative time) before the line.

Run: .venv/bin/python bench/pages.py [--loads 10] [--games 6] [--postgres]
     [--profile lobby|battles|scenario] [--smoke] (seconds: 3 loads, 2 games, SQLite)
Lines: one per page, `thumbnails: scenarios=N first_cpu_ms=N`, then
      pages: lobby_cpu_ms=N battles_cpu_ms=N scenario_cpu_ms=N queries_lobby=N
      queries_battles=N
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = Path(tempfile.mkdtemp(prefix="pgweb-bench-pages-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")
os.environ["PGWEB_VAR_DIR"] = str(HOME)
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ["PGWEB_BOTS_RUN"] = "0"
os.environ.pop("REDIS_URL", None)
os.environ.pop("CACHE_URL", None)

import django  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from tests.servicekit import postgres_bin, private_postgres  # noqa: E402

SCENARIO = "meeting-at-kessel"  # the learning scenario: German "ge" against Soviet "su"
PAGES = {"lobby": "/", "battles": "/battles/", "scenario": f"/scenarios/{SCENARIO}/"}


def seed(games: int) -> None:
    """The bundled scenarios and their arena figures, `games` finished games between people
    and as many open ones. (Django's models are imported here: they need django.setup(),
    which waits for the database `main` chose.)"""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.apps import migrated
    from games import services
    from games.models import FINISHED, Game

    migrated.migrate()
    call_command("load_scenarios", stdout=open(os.devnull, "w"))  # noqa: SIM115
    users = [get_user_model().objects.create_user(username=f"player{i}") for i in range(4)]
    for i in range(games):
        game = services.game_create(user=users[0], scenario=SCENARIO, side="ge")
        services.game_join(game=game, user=users[1], side="su")
        Game.objects.filter(pk=game.pk).update(
            status=FINISHED, result={"winner": "ge" if i % 2 else "su"})
        services.game_create(user=users[2 + i % 2], scenario=SCENARIO, side="su")


def cpu() -> float:
    """This process's CPU seconds, user + system (finer grained than os.times)."""
    return time.process_time()


def measure(client: Client, url: str, loads: int,
            profile: cProfile.Profile | None) -> tuple[float, int]:
    """(median CPU ms per load, queries per load) of GET `url`, after a warming load."""
    assert client.get(url).status_code == 200, url
    samples = []
    for _ in range(loads):
        if profile is not None:
            profile.enable()
        started = cpu()
        response = client.get(url)
        samples.append((cpu() - started) * 1000)
        if profile is not None:
            profile.disable()
        assert response.status_code == 200, url
    from django.db import connection

    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return statistics.median(samples), len(queries)


def thumbnails(client: Client) -> str:
    """The CPU time of drawing every bundled battle's map thumbnail, as a process does once
    (games/lobby/thumbnail.py keeps them), through its URL: a card's image asks for it."""
    from games.lobby.thumbnail import thumbnail_svg
    from games.rules import registry

    ids = [s.id for _, s in registry.all_scenarios()]
    thumbnail_svg.cache_clear()
    started = cpu()
    for scenario_id in ids:
        assert client.get(f"/scenarios/{scenario_id}/thumbnail.svg").status_code == 200
    return f"thumbnails: scenarios={len(ids)} first_cpu_ms={(cpu() - started) * 1000:.0f}"


def run(args: argparse.Namespace) -> None:
    """Seed, then measure each page; print a line per page and the result line."""
    django.setup()
    from django.contrib.auth import get_user_model

    setup_test_environment()  # the test client's responses keep their templates' context
    started = time.monotonic()
    seed(args.games)
    database = "PostgreSQL" if args.postgres else "SQLite"
    print(f"seeded {database} in {time.monotonic() - started:.1f}s ({args.games} finished games)")
    client = Client()
    client.force_login(get_user_model().objects.get(username="player0"))
    figures = {}
    for name, url in PAGES.items():
        profile = cProfile.Profile() if args.profile == name else None
        figures[name] = measure(client, url, args.loads, profile)
        print(f"{name}: {url} cpu_ms={figures[name][0]:.1f} queries={figures[name][1]}")
        if profile is not None:
            pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(35)
    print(thumbnails(client))
    print(f"pages: lobby_cpu_ms={figures['lobby'][0]:.0f} "
          f"battles_cpu_ms={figures['battles'][0]:.0f} "
          f"scenario_cpu_ms={figures['scenario'][0]:.0f} "
          f"queries_lobby={figures['lobby'][1]} queries_battles={figures['battles'][1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--postgres", action="store_true",
                        help="a private PostgreSQL cluster instead of SQLite (as production)")
    parser.add_argument("--profile", choices=sorted(PAGES))
    parser.add_argument("--smoke", action="store_true", help="3 loads, 2 games: seconds")
    args = parser.parse_args()
    if args.smoke:
        args.loads, args.games = 3, 2
    try:
        if not args.postgres:
            os.environ["DATABASE_URL"] = f"sqlite:///{HOME}/bench.sqlite3"
            run(args)
            return
        bindir = postgres_bin()
        if bindir is None:
            sys.exit("pages: no PostgreSQL found (initdb, pg_ctl)")
        HOME.chmod(0o755)  # the postgres user must reach its folder inside
        with private_postgres(HOME, bindir) as url:
            os.environ["DATABASE_URL"] = url
            run(args)
    finally:
        shutil.rmtree(HOME, ignore_errors=True)


if __name__ == "__main__":
    main()
