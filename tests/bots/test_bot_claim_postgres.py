"""On PostgreSQL, several processes hearing of one version let exactly one bot act on it."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import psycopg
import pytest
from psycopg import sql

from tests.conftest import ROOT, manage

pytestmark = pytest.mark.postgres

PROCESSES = 4


@pytest.fixture
def pg_env(postgres_url: str, tmp_path):
    name = f"pgweb_bots_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    env = {"DATABASE_URL": postgres_url.rsplit("/", 1)[0] + f"/{name}",
           "PGWEB_VAR_DIR": str(tmp_path), "LOG_LEVEL": "WARNING", "PGWEB_BOTS_RUN": "0",
           "SECRET_KEY": "bots-claim-test"}
    migrated = manage("migrate", "--noinput", env=env)
    assert migrated.returncode == 0, migrated.stderr
    try:
        yield env
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                          .format(sql.Identifier(name)))


def _shell(env, code: str) -> str:
    out = manage("shell", "-c", code, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]  # after the shell's own notices


def test_processes_racing_on_one_version_make_exactly_one_bot_command(pg_env):
    game_id = _shell(pg_env, (
        "from django.contrib.auth import get_user_model as U\n"
        "from games.botplay.seats import play_against_bot\n"
        "ann = U().objects.create_user(username='ann')\n"
        "print(play_against_bot(user=ann, scenario='meeting-at-kessel', side='ge',"
        " level='recruit').pk)"))
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
    counts = _shell(pg_env, (
        "from games.models import Game, GameStep\n"
        "from games.botplay.models import BotClaim\n"
        f"g = Game.objects.get(pk='{game_id}')\n"
        "print(g.version, GameStep.objects.filter(game=g, version=2).count(),"
        " BotClaim.objects.filter(game=g).count())"))
    assert counts == "2 1 1"
