"""Run Django code in the live server's database from one process kept for the test session.

Some browser tests set up what no page or API offers a player (a moderator, a clock run out,
a community's rated history) or read what the server stored, as an operator would with
`manage.py shell -c`. A new `manage.py` process costs about 2.5 s of CPU to start (Django and
every app imported, the rulesets loaded) before it runs a line; the session's shell is started
once per live server and runs each piece of code it is sent, on the live server's
environment (its SQLite file, Redis, settings), in its own globals, with its database
connections closed after it so it holds no lock while daphne writes.

`run(env, code)` returns what the code printed; a failing piece of code fails the test with
the shell's traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

# Each answer is one line starting with this mark (anything else the process prints, a log
# line say, is passed over).
MARK = "\x1elive-shell "

LOOP = f"""
import contextlib, io, json, sys, traceback
import django
django.setup()
from django.db import connections
answers = sys.stdout
for line in sys.stdin:
    printed, ok = io.StringIO(), True
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(json.loads(line), "<live shell>", "exec"), {{"__name__": "__live_shell__"}})
    except BaseException:  # a management command's SystemExit too: the test reads why
        ok = False
        printed.write(traceback.format_exc())
    finally:
        connections.close_all()
    answers.write({MARK!r} + json.dumps({{"ok": ok, "printed": printed.getvalue()}}) + "\\n")
    answers.flush()
"""

_shells: dict[str, subprocess.Popen] = {}  # the live server's DATABASE_URL -> its shell
SERVED: dict[str, dict[str, str]] = {}  # a live server's base URL -> its environment


def run_at(base: str, code: str) -> str:
    """`run` in the database of the live server at `base` (a URL live_server_url gave)."""
    return run(SERVED[base], code)


def _shell(env: dict[str, str]) -> subprocess.Popen:
    key = env["DATABASE_URL"]
    shell = _shells.get(key)
    if shell is None or shell.poll() is not None:
        log = open(Path(env["PGWEB_VAR_DIR"]) / "live-shell.log", "ab")  # noqa: SIM115  (closed with the process)
        shell = subprocess.Popen(
            [sys.executable, "-c", LOOP],
            cwd=ROOT,
            env={**os.environ, "DJANGO_SETTINGS_MODULE": "pgweb.settings", **env},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
        log.close()  # the process has its own descriptor
        _shells[key] = shell
    return shell


def run(env: dict[str, str], code: str) -> str:
    """Run `code` in the live server's database (the server of `env`); what it printed."""
    shell = _shell(env)
    assert shell.stdin is not None and shell.stdout is not None
    shell.stdin.write(json.dumps(code) + "\n")
    shell.stdin.flush()
    for line in shell.stdout:
        if line.startswith(MARK):
            answer = json.loads(line.removeprefix(MARK))
            assert answer["ok"], f"the live shell failed on:\n{code}\n{answer['printed']}"
            return answer["printed"]
    log = Path(env["PGWEB_VAR_DIR"]) / "live-shell.log"
    raise AssertionError(f"the live shell exited ({shell.wait()}):\n{log.read_text(errors='replace')}")


def close_all() -> None:
    """Stop every shell (their input closed, they end their loop)."""
    for shell in _shells.values():
        if shell.stdin is not None:
            shell.stdin.close()
        try:
            shell.wait(timeout=10)
        except subprocess.TimeoutExpired:
            shell.kill()
            shell.wait()
        if shell.stdout is not None:
            shell.stdout.close()
    _shells.clear()
