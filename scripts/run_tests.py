"""Run pgweb's whole check: private Redis and PostgreSQL, then ruff, and pytest with mypy
over games/rules and node --test running beside it; pytest's tests/tooling/test_bench_smoke.py
runs every benchmark's smoke run (scripts/bench_smoke.py) among the other tests. A run of
named test files runs ruff, node --test and those files.

`make test` calls this. It installs missing system packages with apt when run as root (and
says loudly what it skips otherwise), starts a private redis-server and a private PostgreSQL
cluster on free loopback ports, exports where they are, runs every check even after one
fails, and always stops the services, also on Ctrl-C or SIGTERM. Exit status: 0 only when
every check passed.

Exported to the tests:
  PGWEB_CHECK_CACHE_DIR     the run's folder of scenario schema passes (share_start_up)
  REDIS_URL                 redis://127.0.0.1:<port>/0 (the private redis-server)
  PGWEB_TEST_POSTGRES_URL   postgres://postgres@127.0.0.1:<port>/postgres (trust auth)
  PGWEB_CHROMIUM            path of Debian's chromium

Arguments are passed on to pytest: `make test` runs everything; `python scripts/run_tests.py
tests/infra -x` runs part of it with the same services. The whole run is spread over
PGWEB_TEST_WORKERS pytest-xdist workers (default: one more than the machine's cores, at least
2; 0 runs in one process), a test file to
a worker (its module fixtures set up once); each worker has its own Redis database and
channel prefix (tests/conftest.py).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.servicekit import postgres_bin, private_postgres, private_redis  # noqa: E402

VENV_BIN = Path(sys.executable).parent
CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}
IS_ROOT = os.geteuid() == 0
CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")


def say(message: str) -> None:
    """Print a runner line, flushed so it interleaves correctly with the tools' output."""
    print(f"[make test] {message}", flush=True)


def shout(message: str) -> None:
    """Print a warning nobody can miss."""
    bar = "!" * 78
    print(f"\n{bar}\n[make test] {message}\n{bar}\n", flush=True)


def missing_groups() -> dict[str, list[str]]:
    """Name each missing system dependency with the apt packages that provide it."""
    missing: dict[str, list[str]] = {}
    if not shutil.which("redis-server"):
        missing["redis"] = ["redis-server"]
    if not Path(CHROMIUM).exists():
        missing["chromium"] = ["chromium", "fonts-liberation"]
    if postgres_bin() is None:
        missing["postgresql"] = ["postgresql"]
    if not shutil.which("node"):
        missing["node"] = ["nodejs"]
    return missing


def install_system_packages() -> None:
    """Install what is missing with apt when root; otherwise say loudly what will be skipped."""
    missing = missing_groups()
    if not missing:
        say("system packages: redis-server, chromium, postgresql and node are present")
        return
    packages = [pkg for group in missing.values() for pkg in group]
    if not IS_ROOT:
        shout(
            f"NOT ROOT: cannot apt-get install {' '.join(packages)}.\n"
            f"[make test] The tests needing {', '.join(missing)} will be SKIPPED"
            + (" and, since CI=true, FAIL." if CI else ".")
            + "\n[make test] Run `make test` as root (or install them) to run everything."
        )
        return
    say(f"apt-get install {' '.join(packages)} (missing: {', '.join(missing)})")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    steps = [
        ["apt-get", "update", "-q"],
        ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages],
    ]
    for step in steps:
        result = subprocess.run(step, env=env, stdin=subprocess.DEVNULL)
        if result.returncode != 0:
            shout(f"`{' '.join(step)}` failed with exit code {result.returncode}")
            return


def install_node_packages() -> Path | None:
    """Install the browser tests' npm tools (package-lock.json: axe-core) into node_modules
    with `npm ci` when they are not there yet; the axe script's path, or None (the audit's
    tests are then skipped, and fail under CI). The pages never fetch anything at run time."""
    axe = ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        npm = shutil.which("npm")
        if npm is None:
            shout("npm is missing: the accessibility audit (axe-core) will be skipped")
            return None
        say("npm ci (axe-core for the accessibility audit)")
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT,
                              stdin=subprocess.DEVNULL)
        if done.returncode != 0 or not axe.exists():
            shout("npm ci failed: the accessibility audit (axe-core) will be skipped")
            return None
    return axe


def run_step(name: str, command: list[str], env: dict[str, str]) -> bool:
    """Run one check in the repository root and report how long it took."""
    say(f"{name}: {' '.join(command)}")
    started = time.monotonic()
    # Its own process group, so that on Ctrl-C or SIGTERM everything it started (a live
    # daphne, a browser) is stopped with it rather than left running.
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, start_new_session=True
    )
    try:
        code = process.wait()
    except BaseException:
        stop_group(process)
        raise
    say(f"{name}: exit {code} in {time.monotonic() - started:.1f}s")
    if name == "pytest" and code == 5:
        shout("pytest collected no tests: that is a failure")
    return code == 0


class Beside:
    """A check that runs beside pytest (mypy, node --test: one process each, while pytest's
    workers leave the cores idle part of the time), its output kept in a file and shown when
    it has ended: in full when it failed, its last lines when it passed."""

    TAIL = 8

    def __init__(self, name: str, command: list[str], env: dict[str, str], folder: Path):
        say(f"{name}: {' '.join(command)} (beside pytest)")
        self.name, self.started = name, time.monotonic()
        self.log = folder / f"{name.replace(' ', '-')}.log"
        with open(self.log, "wb") as out:  # the child keeps its own descriptor
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip

    def stop(self) -> None:
        """Stop it if it still runs (Ctrl-C, SIGTERM, an error in the runner)."""
        if self.process.poll() is None:
            stop_group(self.process)

    def finish(self) -> bool:
        """Wait for it, show its output and report how long it took; whether it passed."""
        code = self.process.wait()
        lines = self.log.read_text(errors="replace").splitlines()
        print("\n".join(lines if code != 0 else lines[-self.TAIL :]), flush=True)
        say(f"{self.name}: exit {code} in {time.monotonic() - self.started:.1f}s")
        return code == 0


def stop_group(process: subprocess.Popen) -> None:
    """Interrupt a check's process group (SIGINT lets pytest tear down), then insist."""
    for sig, grace in ((signal.SIGINT, 10), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            continue
        try:  # the leader is gone; clear any straggler in its group
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return


def js_test_files() -> list[str]:
    """List the JavaScript test modules under tests/js/."""
    folder = ROOT / "tests" / "js"
    patterns = ("*.test.mjs", "*.test.js", "*.test.cjs")
    found = sorted({str(p.relative_to(ROOT)) for pat in patterns for p in folder.rglob(pat)})
    return found


def stop_on_signal(signum: int, _frame: object) -> None:
    """Turn SIGTERM/SIGHUP into an exception so every `finally` stops its service."""
    raise SystemExit(128 + signum)


def whole_run(pytest_args: list[str]) -> bool:
    """No test file or folder is named: the run is `make test`'s whole check."""
    return not any(
        (ROOT / arg.split("::")[0]).exists() for arg in pytest_args if not arg.startswith("-")
    )


def default_workers() -> int:
    """One worker more than the machine has cores: the browser and fault tests spend part of
    their time waiting (for a page, a restarted service), and with as many workers as cores
    those seconds left a core idle (on two cores, 15 % of an idle run's CPU time against 4 %
    with three workers). At least two; at most eight, each with its own Chromium, live daphne
    and Redis database (tests/conftest.py: a redis-server has sixteen)."""
    return min(8, max(2, (os.cpu_count() or 1) + 1))


def spread_over_workers(pytest_args: list[str]) -> list[str]:
    """The whole suite runs on PGWEB_TEST_WORKERS xdist workers; a part asked for by path,
    or a run that says its own -n, runs as asked."""
    workers = int(os.environ.get("PGWEB_TEST_WORKERS", default_workers()))
    if not whole_run(pytest_args) or workers < 2 or any(arg.startswith(("-n", "--numprocesses")) for arg in pytest_args):
        return pytest_args
    return ["-n", str(workers), "--dist", "loadfile", *pytest_args]


def slowest_shown(pytest_args: list[str]) -> list[str]:
    """Every run ends by naming its ten slowest tests (where the suite's time goes), unless
    the run asks for its own --durations."""
    if any(arg.startswith("--durations") for arg in pytest_args):
        return pytest_args
    return ["--durations=10", *pytest_args]


def share_start_up(env: dict[str, str], workdir: Path) -> None:
    """What the run's processes (pytest's workers, and every daphne and manage.py the tests
    start) share so that each does not pay it again: the scenario files' schema passes, in
    the run's own folder (settings.PGWEB_CHECK_CACHE_DIR), and the compiled bytecode. A
    shell that forbids bytecode files (PYTHONDONTWRITEBYTECODE) would have each process
    compile every module it imports, half a second of CPU per start: the run keeps them under
    var/pycache instead, out of the source tree as that shell asked."""
    env.setdefault("PGWEB_CHECK_CACHE_DIR", str(workdir / "passed-checks"))
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        env.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / "var" / "pycache"))


def main(pytest_args: list[str]) -> int:
    """Start the services, run every check, stop the services; return the exit status."""
    signal.signal(signal.SIGTERM, stop_on_signal)
    signal.signal(signal.SIGHUP, stop_on_signal)
    started = time.monotonic()
    install_system_packages()
    env = dict(os.environ)
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    results: dict[str, bool] = {}

    # The folder outlives the services: they stop first, then it is removed.
    with tempfile.TemporaryDirectory(prefix="pgweb-test-") as tmp, ExitStack() as services:
        workdir = Path(tmp)
        workdir.chmod(0o755)  # the postgres user must reach its folder inside
        share_start_up(env, workdir)
        if shutil.which("redis-server"):
            try:
                env["REDIS_URL"] = services.enter_context(private_redis(workdir, say))
            except (RuntimeError, OSError) as exc:
                shout(f"could not start redis-server: {exc}")
                results["redis-server"] = False
        else:
            shout("no redis-server: Redis tests will be skipped" + (" (CI: failed)" if CI else ""))
        bindir = postgres_bin()
        if bindir is not None:
            try:
                env["PGWEB_TEST_POSTGRES_URL"] = services.enter_context(
                    private_postgres(workdir, bindir, say)
                )
            except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
                shout(f"could not start PostgreSQL: {exc}")
                results["postgresql"] = False
        else:
            shout("no PostgreSQL: its tests will be skipped" + (" (CI: failed)" if CI else ""))
        axe = install_node_packages()
        if axe is not None:
            env["PGWEB_AXE"] = str(axe)
        if Path(CHROMIUM).exists():
            env["PGWEB_CHROMIUM"] = CHROMIUM
        else:
            shout(f"no {CHROMIUM}: browser tests will be skipped" + (" (CI: failed)" if CI else ""))

        results["ruff"] = run_step("ruff", [str(VENV_BIN / "ruff"), "check", "."], env)
        beside: list[Beside] = []
        services.callback(lambda: [check.stop() for check in beside])  # before the services
        if whole_run(pytest_args):  # games/rules, as pyproject.toml's [tool.mypy] says
            beside.append(Beside("mypy", [str(VENV_BIN / "mypy")], env, workdir))

        js_files = js_test_files()
        node = shutil.which("node")
        if not js_files:
            say("node --test: no tests/js/*.test.mjs yet")
        elif node is None:
            shout("node is missing: JavaScript tests not run")
            results["node --test"] = not CI
        else:
            beside.append(Beside("node --test", [node, "--test", *js_files], env, workdir))

        results["pytest"] = run_step(
            "pytest",
            [sys.executable, "-m", "pytest", *slowest_shown(spread_over_workers(pytest_args))],
            env,
        )
        for check in beside:
            results[check.name] = check.finish()


    failed = [name for name, ok in results.items() if not ok]
    summary = ", ".join(f"{name} {'ok' if ok else 'FAILED'}" for name, ok in results.items())
    say(f"{summary} ({time.monotonic() - started:.0f}s)")
    if failed:
        say(f"FAILED: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
