"""On PostgreSQL, several processes hearing of one version let exactly one bot act on it.

Each Django process costs seconds of CPU to start, so only what needs Django runs in one:
the racers and the sweep; the rows they left are read with plain SQL from the test."""

from __future__ import annotations

import os
import subprocess
import sys

import psycopg
import pytest

from games.botplay.models import BotClaim
from games.models import Game, GameStep
from tests.conftest import ROOT, manage

pytestmark = pytest.mark.postgres

PROCESSES = 4


@pytest.fixture
def pg_env(fresh_postgres: str, tmp_path):
    return {"DATABASE_URL": fresh_postgres, "PGWEB_VAR_DIR": str(tmp_path),
            "LOG_LEVEL": "WARNING", "PGWEB_BOTS_RUN": "0", "SECRET_KEY": "bots-claim-test"}


def _shell(env, code: str) -> str:
    out = manage("shell", "-c", code, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]  # after the shell's own notices


# Ann (German) against a Recruit on Meeting at Kessel, started; prints the game's id.
BOT_GAME = (
    "from django.contrib.auth import get_user_model as U\n"
    "from games.botplay.seats import play_against_bot\n"
    "ann = U().objects.create_user(username='ann')\n"
    "game_id = play_against_bot(user=ann, scenario='meeting-at-kessel', side='ge',"
    " level='recruit').pk\n"
    "print('game', game_id, flush=True)\n"
)


def _bot_game(env: dict) -> str:
    """The game's id."""
    return _shell(env, BOT_GAME).removeprefix("game ")


def _rows(database_url: str, query: str, *params) -> tuple:
    """One row of a query on the test's database, read without starting Django."""
    with psycopg.connect(database_url) as conn:
        return conn.execute(query, params).fetchone()


def test_processes_racing_on_one_version_make_exactly_one_bot_command(pg_env):
    game_id = _bot_game(pg_env)
    # Version 1 is the initiative phase: the bot's seat may act.
    procs = [
        subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "bots_act", game_id, "--once",
             "--at-version", "1"],
            cwd=ROOT, env={**os.environ, **pg_env}, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        for _ in range(PROCESSES)
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for _, e in outputs]
    acted = sorted(o.strip() for o, _ in outputs)
    assert acted == ["bots acted: 0"] * (PROCESSES - 1) + ["bots acted: 1"]
    # The game's version, its steps at version 2 and the bot's claims.
    counts = _rows(
        pg_env["DATABASE_URL"],
        f"SELECT version, (SELECT count(*) FROM {GameStep._meta.db_table}"
        "                  WHERE game_id = g.id AND version = 2),"
        f" (SELECT count(*) FROM {BotClaim._meta.db_table} WHERE game_id = g.id)"
        f" FROM {Game._meta.db_table} g WHERE g.id = %s", game_id)
    assert counts == (2, 1, 1)


# The game made, then the bot's turn claimed and never thought to its end.
HANGING_BOT = BOT_GAME + (
    "import threading\n"
    "from games.botplay import runner\n"
    "def stuck(turn):\n"
    "    print('thinking', flush=True)\n"
    "    threading.Event().wait()\n"
    "runner.think = stuck\n"
    "runner.act_once(game_id)\n"
)


def test_a_process_killed_mid_turn_is_resumed_by_the_workers_sweep_and_the_bot_acts_once(
        pg_env):
    env = {**pg_env, "PGWEB_BOT_LEASE_SECONDS": "2", "PGWEB_BOTS_RUN": "1"}
    # A process makes the game (its own runner idle, as in the other test), claims version 1
    # for the bot, then hangs thinking: kill it there.
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", HANGING_BOT],
        cwd=ROOT, env={**os.environ, **pg_env, "PGWEB_BOT_LEASE_SECONDS": "2"},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = []  # the game's id, then `thinking` (the shell's notices left out)
        for line in iter(proc.stdout.readline, ""):
            if line.startswith("game ") or line.strip() == "thinking":
                said.append(line.strip())
            if line.strip() == "thinking":
                break
        assert len(said) == 2 and said[1] == "thinking", said
        game_id = said[0].removeprefix("game ")
    finally:
        proc.kill()
        proc.wait(timeout=30)
    # One process after the restart: the claim left behind, then the background worker's
    # sweep, which takes the turn once the lease ran out (the job waits for that condition,
    # up to a minute), and the bot acts exactly once: the step it made and the claim after.
    report = _shell(env, (
        "import time\n"
        "from django.utils import timezone\n"
        "from games.models import GameStep\n"
        "from games.botplay.models import BotClaim\n"
        "from games.clocks.sweep import run_sweep\n"
        f"c = BotClaim.objects.get(game_id={game_id!r}, version=1)\n"
        "claimed = (c.applied, c.attempts)\n"
        "for _ in range(600):\n"
        "    if timezone.now() > c.lease_until: break\n"
        "    time.sleep(0.1)\n"
        "swept = (run_sweep()['bots'], run_sweep()['bots'])\n"
        "c.refresh_from_db()\n"
        f"steps = GameStep.objects.filter(game_id={game_id!r}, version=2).count()\n"
        "print(*claimed, *swept, steps, c.applied, c.attempts)"))
    applied, attempts, first, second, steps, applied_after, attempts_after = report.split()
    assert (applied, attempts) == ("False", "1")
    assert int(first) >= 1 and int(second) == 0
    assert (steps, applied_after, attempts_after) == ("1", "True", "2")
