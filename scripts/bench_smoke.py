"""Run every benchmark's `--smoke` mode and check the format of its last line.

A benchmark nobody runs rots unseen (one crashed on a Panzer Leader state for weeks): `make
test` runs each bench's smoke run as a test (tests/tooling/test_bench_smoke.py), which the
pytest workers overlap with the rest of the suite. Each `bench/*.py` that runs as a script
must have an entry in FORMATS; a smoke run passes when it exits 0 and its last line matches.
The figures of a smoke run mean nothing (tiny sizes, a busy machine): only that the bench
still runs to its line.

Run: .venv/bin/python scripts/bench_smoke.py [NAME ...]   (names as in bench/, no .py)
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
TIMEOUT_S = 600  # a smoke run takes seconds idle, a few minutes beside a busy suite

NUM = r"-?\d+(?:\.\d+)?"
RATE = rf"(?:{NUM}|-)"  # "-": a pairing the run did not play
FIGURE = rf"(?:{NUM}|nan)"  # nan: a smoke run's capped games foretell nothing


def _line(name: str, *fields: str, tail: str = "") -> re.Pattern[str]:
    """The pattern of a `name: key=value ...` line; a field is "key" (a number) or
    "key=PATTERN"."""
    parts = []
    for field in fields:
        key, _, value = field.partition("=")
        parts.append(f"{key}={value or NUM}")
    return re.compile(rf"{name}: " + " ".join(parts) + tail)


# The last line each bench prints, as its docstring states it.
FORMATS: dict[str, re.Pattern[str]] = {
    "board": _line("board", "hexes", "counters", "render_ms", "page_kb_gz", tail=" (?:OK|OVER)"),
    "bots": _line("bots", f"veteran_vs_recruit={RATE}", f"recruit_vs_random={RATE}",
                  f"elite_vs_veteran={RATE}", "decision_p95_ms", "elite_p95_ms", "games"),
    "broadcast": _line("service", "commands", "p50_ms", "p99_ms", "cpu_p50_ms", "cpu_p99_ms"),
    "clocks": _line("clocks", "games", "flagged", "reminded", "deliveries", "tasks", "sweep_ms",
                    "sweep_cpu_ms", "idle_sweep_ms", "commands", "off_p50_ms", "live_p50_ms",
                    "mail_p50_ms", "off_p90_ms", "live_p90_ms", "mail_p90_ms",
                    "clock_hook_off_p50_ms", "clock_hook_live_p50_ms", "clock_hook_mail_p50_ms"),
    "elite_judge": _line("elite_judge", "games", f"best_w_position={FIGURE}", f"auc={FIGURE}",
                         f"committed_w_position={FIGURE}", f"committed_auc={FIGURE}",
                         f"points_auc={FIGURE}"),
    "movement": _line("movement", "hexes", "reach_p50_ms", "reach_p99_ms", "scenario_load_ms"),
    "notify_hook": _line("notify_hook", "commands", "off_p50_ms", "on_p50_ms", "off_p99_ms",
                         "on_p99_ms", "queued"),
    "pages": _line("pages", "lobby_cpu_ms", "battles_cpu_ms", "scenario_cpu_ms", "queries_lobby",
                   "queries_battles"),
    "pl_legal": _line("pl_legal", "states", "legal_p50_ms", "legal_p95_ms", "total_s"),
    "profile_command": _line("profile", "commands", "p50_ms", "p99_ms", "cpu_p50_ms", "cpu_p99_ms"),
    "soak": _line("soak", "games", "sockets", "processes", "commands_per_s", "p50_ms", "p99_ms",
                  "lost_frames", "errors", "rss_growth_mb"),
    "storage": _line("storage", "bytes_per_step", "steps", "games"),
    "visibility": _line("visibility", "hexes", "units", "full_ms", "incremental_p99_ms"),
}


def benches() -> list[str]:
    """The bench/*.py that run as scripts (the served apps they start live in bench/apps/)."""
    return sorted(p.stem for p in BENCH.glob("*.py") if '__name__ == "__main__"' in p.read_text())


def line_problem(name: str, output: str) -> str | None:
    """What is wrong with a smoke run's output, or None: its last line must match FORMATS."""
    lines = [line for line in output.splitlines() if line.strip()]
    if not lines:
        return "printed nothing"
    last = lines[-1].strip()
    if not FORMATS[name].fullmatch(last):
        return f"last line does not match {FORMATS[name].pattern!r}: {last!r}"
    return None


def missing_smoke() -> list[str]:
    """The benches with no entry in FORMATS or no --smoke option."""
    return [name for name in benches()
            if name not in FORMATS or "--smoke" not in (BENCH / f"{name}.py").read_text()]


@functools.cache
def migrated_template() -> Path:
    """One SQLite file migrated for every smoke run of this process (bench/apps/migrated.py): six
    benches build a new SQLite database, and migrating each from scratch would cost seconds
    of CPU apiece. Removed when the process ends."""
    folder = Path(tempfile.mkdtemp(prefix="pgweb-bench-migrated-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    template = folder / "migrated.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{template}", "PGWEB_VAR_DIR": str(folder)}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    return template


def run(name: str, migrated: Path | None = None, migrated_postgres: str = "") -> bool:
    """Run one bench's smoke mode, its new SQLite databases copied from `migrated` (a migrated
    SQLite file: the test run's own, or one migrated here) and its new PostgreSQL database
    from `migrated_postgres` (the URL of the test run's migrated one; without it the bench
    migrates its own); report and return whether it passed."""
    env = {**os.environ, "PGWEB_BENCH_MIGRATED": str(migrated or migrated_template())}
    if migrated_postgres:
        env["PGWEB_BENCH_MIGRATED_POSTGRES"] = migrated_postgres
    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, str(BENCH / f"{name}.py"), "--smoke"], cwd=ROOT, text=True, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            timeout=TIMEOUT_S,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        print(f"[bench smoke] {name}: FAILED, still running after {TIMEOUT_S}s", flush=True)
        return False
    seconds = time.monotonic() - started
    problem = (f"exit {done.returncode}" if done.returncode != 0
               else line_problem(name, done.stdout))  # fmt: skip
    if problem is None:
        last = done.stdout.strip().splitlines()[-1]
        print(f"[bench smoke] {name}: ok in {seconds:.0f}s: {last}", flush=True)
        return True
    tail = "\n".join(done.stdout.strip().splitlines()[-15:])
    print(f"[bench smoke] {name}: FAILED ({problem}) in {seconds:.0f}s\n{tail}", flush=True)
    return False


def main(names: list[str]) -> int:
    """Smoke-run the named benches (default: all); exit 1 if any failed or lacks a smoke mode."""
    unknown = sorted(set(names) - set(benches()))
    if unknown:
        print(f"[bench smoke] no such bench: {', '.join(unknown)}", flush=True)
        return 2
    lacking = missing_smoke()
    if lacking:
        print(f"[bench smoke] FAILED: no --smoke or no line format in scripts/bench_smoke.py: "
              f"{', '.join(lacking)}", flush=True)
    results = [run(name) for name in (names or benches()) if name not in lacking]
    return 0 if all(results) and not lacking else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
