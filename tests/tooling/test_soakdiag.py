"""bench/soak.py --diagnose: each process records its collections and its event loop's lags,
and the slowest commands are matched with the stalls that overlapped them."""

from __future__ import annotations

import os
import subprocess
import sys

from bench.apps import soakdiag

BLOCKED = """
import asyncio, gc, time
async def main():
    await asyncio.sleep(0.05)
    time.sleep(0.2)  # a callback that holds the loop
    await asyncio.sleep(0.05)
gc.collect()
asyncio.run(main())
"""


def test_a_started_process_records_its_collections_and_a_held_loop(tmp_path):
    env = {**os.environ, **soakdiag.server_env(tmp_path)}
    subprocess.run([sys.executable, "-c", BLOCKED], env=env, check=True, timeout=60)
    lines, stalls = soakdiag.read(tmp_path, {})
    assert len(lines) == 1 and "gen2=" in lines[0]
    # The loop woke at least 0.2 s late once (a busy machine may add other lags).
    assert any(s.kind == "lag" and s.ms >= 100 for s in stalls)


def test_the_slowest_commands_are_matched_with_the_stalls_that_overlapped_them(tmp_path):
    (tmp_path / "101.log").write_text("gc 100.500 2 300.0 80.0 12\nlag 200.0 90.0\ngc 300 0 1 1 0\n")
    (tmp_path / "102.log").write_text("lag 100.400 400.0\n")
    lines, stalls = soakdiag.read(tmp_path, {101: "daphne:1", 102: "clients"})
    assert lines[0].startswith("diagnose: daphne:1 gen0=1x") and "gen2=1x,max=300ms" in lines[0]
    assert lines[1] == "diagnose: clients  loop_lags_over_50ms=1 worst_lags_ms=400"
    # sent, answered, last arrival: the slow one overlaps the collection and the client's lag.
    commands = [(100.1, 100.15, 100.9)] + [(400.0 + i, 400.01 + i, 400.02 + i) for i in range(99)]
    (summary,) = soakdiag.blame(commands, stalls)
    assert summary.startswith("diagnose: slowest 1 commands: answer p50 50 ms, "
                              "answer to last socket p50 750 ms")  # fmt: skip
    assert "daphne:1:gc2 1" in summary and "clients:lag 1" in summary
    assert summary.endswith("by no stall 0")
