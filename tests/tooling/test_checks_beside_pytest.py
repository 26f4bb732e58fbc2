"""`make test` runs mypy and node --test beside pytest (scripts/run_tests.py: Beside): their
output waits in a file and is shown when they end, in full on a failure, and a check still
running when the run is stopped is stopped with it."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys

from scripts.run_tests import Beside

PYTHON = sys.executable


def test_a_passing_check_shows_its_last_lines_and_passes(tmp_path, capsys):
    lines = "; ".join(f"print('line {n}')" for n in range(20))
    check = Beside("counting", [PYTHON, "-c", lines], dict(os.environ), tmp_path)
    assert check.finish()
    out = capsys.readouterr().out
    assert "line 19" in out and f"line {19 - Beside.TAIL}\n" not in out
    assert "counting: exit 0" in out


def test_a_failing_check_shows_all_it_printed_and_fails(tmp_path, capsys):
    script = "print('first words'); print('x' * 3); raise SystemExit(3)"
    check = Beside("failing", [PYTHON, "-c", script], dict(os.environ), tmp_path)
    assert not check.finish()
    out = capsys.readouterr().out
    assert "first words" in out and "failing: exit 3" in out


# The check takes Ctrl-C's SIGINT as a terminal's child does, whatever this run inherited: a
# run started in the background (`make test &`, a CI job) ignores SIGINT, its children with
# it, and stopping them would wait out SIGINT's grace (stop_group) before SIGTERM.
WAITING = ("import signal, time; signal.signal(signal.SIGINT, signal.default_int_handler); "
           "print('waiting', flush=True); time.sleep(600)")


def test_a_check_still_running_when_the_run_stops_is_stopped(tmp_path):
    check = Beside("waiting", [PYTHON, "-c", WAITING], dict(os.environ), tmp_path)
    while "waiting" not in check.log.read_text():  # its handler is in place once it says so
        with contextlib.suppress(subprocess.TimeoutExpired):
            assert check.process.wait(timeout=0.02) is None, "it ended before it waited"
    check.stop()
    assert check.process.poll() is not None
