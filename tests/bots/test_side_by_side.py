"""Games played side by side (games/bots/side_by_side.py): one worker plays them here, in
order; several play them in forked processes, each answer given with its job's index."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from games.bots.side_by_side import each_done

ROOT = Path(__file__).resolve().parents[2]


def _where(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def test_one_worker_plays_every_job_in_this_process_in_order_and_starts_no_process():
    done = list(each_done(_where, [(n,) for n in range(5)], workers=1))
    assert done == [(n, (n * n, os.getpid())) for n in range(5)]


def test_several_workers_play_each_job_in_another_process_and_give_its_index():
    # Run from a process of its own: forking this test runner, which has threads, is what the
    # one-worker path avoids.
    script = (
        "import os\n"
        "from games.bots.side_by_side import each_done\n"
        "from tests.bots.test_side_by_side import _where\n"
        "done = dict(each_done(_where, [(n,) for n in range(6)], workers=2))\n"
        "assert sorted(done) == list(range(6)), done\n"
        "assert all(done[n][0] == n * n for n in done), done\n"
        "assert os.getpid() not in {pid for _, pid in done.values()}, done\n"
        "print('ok')\n"
    )
    run = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", script],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
