"""Where a browser test's time goes: a breakdown asked for with PGWEB_BROWSER_TIMING=<file>.

`pytest --durations=0` says how long each test's set-up, call and tear-down took; this says
what filled them. With PGWEB_BROWSER_TIMING naming a file, every browser test appends one
JSON line to it (each xdist worker too) holding:

- the wall seconds of its set-up, call and tear-down;
- in each phase, the wall seconds spent in Playwright by kind of call (`open`: contexts and
  pages; `load`: navigations; `wait`: waiting on a selector, a function or a URL; `api`: the
  REST API through a page's cookies; `eval`: scripts run in the page; `act`: clicks, fills
  and reads; `shot`: screenshots) and in the live shell (`shell`); only the outermost call
  counts when one Playwright call makes another;
- the CPU seconds each process used meanwhile: this pytest process (`test`, with any process
  it ran to its end: a `manage.py` run, say), the live daphne (`server`), Chromium with its
  Playwright driver (`browser`), the live shell (`shell`) and any other child (`other`).

`python -m tests.browser.timing <file>` prints the lines as a table per file and its slowest
tests. Nothing is recorded, and Playwright is left as it is, without the variable.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

WANTED = os.environ.get("PGWEB_BROWSER_TIMING", "").strip()
TICK = os.sysconf("SC_CLK_TCK")
PHASES = ("setup", "call", "teardown")

# What each Playwright call is, by its name; every other call is `act`.
KINDS = {
    "open": {"new_context", "new_page", "close", "clear_cookies", "clear_permissions",
             "add_init_script"},
    "load": {"goto", "reload", "go_back", "go_forward", "set_content", "wait_for_load_state",
             "expect_navigation"},
    "wait": {"wait_for_selector", "wait_for_function", "wait_for", "wait_for_url",
             "wait_for_timeout", "wait_for_event"},
    "eval": {"evaluate", "evaluate_handle", "add_script_tag", "eval_on_selector",
             "eval_on_selector_all"},
    "shot": {"screenshot"},
}
KIND_OF = {name: kind for kind, names in KINDS.items() for name in names}
# A child process's role by what its command line holds (live_shell.py's loop names its mark);
# Chromium by the program's own name and Playwright's driver by its path, never by the rest
# of the line: a checkout's path may hold them too (the Python of a checkout in a folder
# named "chromium" is no browser).
ROLE_MARKS = ((b"pgweb.serve", "server"), (b"live-shell", "shell"))
PATCHED = ("Page", "Frame", "Locator", "FrameLocator", "BrowserContext", "Browser",
           "ElementHandle", "Keyboard", "Mouse", "Touchscreen", "APIRequestContext",
           "LocatorAssertions", "PageAssertions")


class Recorder:
    """The current test's figures; a pytest plugin (registered by tests/browser/conftest.py)."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.depth = threading.local()
        self.phase = "setup"
        self.spent: dict[str, dict[str, float]] = {}
        self.calls: dict[str, float] = {}  # Class.method -> wall seconds in the current test
        self.walls: dict[str, float] = {}
        self.cpu_before: dict[str, float] = {}
        self.roles: dict[int, str] = {}  # pid of a child process -> its role

    # -- what is counted -----------------------------------------------------------------

    def count(self, kind: str, seconds: float) -> None:
        bucket = self.spent.setdefault(self.phase, {})
        bucket[kind] = bucket.get(kind, 0.0) + seconds

    def timed(self, kind: str | None, function):
        """`function`, its wall time counted under `kind` (or its name's kind) when it is the
        outermost timed call running."""

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            depth = getattr(self.depth, "n", 0)
            if depth:
                return function(*args, **kwargs)
            self.depth.n = 1
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.depth.n = 0
                seconds = time.perf_counter() - started
                self.count(kind or KIND_OF.get(function.__name__, "act"), seconds)
                call = function.__qualname__
                self.calls[call] = self.calls.get(call, 0.0) + seconds

        return wrapper

    def patch(self) -> None:
        """Time every public method of the Playwright classes the tests use, and the live
        shell."""
        from playwright.sync_api import _generated  # noqa: PLC0415  (only when asked for)

        from tests.browser import live_shell  # noqa: PLC0415

        for class_name in PATCHED:
            cls = getattr(_generated, class_name)
            kind = "api" if class_name == "APIRequestContext" else None
            for name, value in list(vars(cls).items()):
                if not name.startswith("_") and inspect.isfunction(value):
                    setattr(cls, name, self.timed(kind, value))
        live_shell.run = self.timed("shell", live_shell.run)

    # -- CPU of the processes involved ---------------------------------------------------

    def cpu_by_role(self) -> dict[str, float]:
        """CPU seconds used so far by this process and each tree of processes under it, by
        role. A process's own time and its reaped children's: a renderer that ended is in its
        parent's figure, a running one in its own, never both."""
        me = os.getpid()
        parents, used = {}, {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid = int(entry.name)
            parents[pid] = int(fields[1])
            used[pid] = sum(int(f) for f in fields[11:15]) / TICK
        totals: dict[str, float] = defaultdict(float)
        for pid, seconds in used.items():
            if pid == me:
                totals["test"] += seconds
                continue
            child, at = pid, parents[pid]
            while at in parents and at != me:
                child, at = at, parents[at]
            if at == me:  # under this process, `child` being its own child
                totals[self.role_of(child)] += seconds
        return dict(totals)

    def role_of(self, pid: int) -> str:
        """The role of a child process, told by its command line: the live daphne, the live
        shell, Playwright's driver (Chromium runs under it), or another."""
        if pid not in self.roles:
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                command = b""
            program = command.split(b"\0", 1)[0]
            browser = b"chrom" in program.rsplit(b"/", 1)[-1] or b"/playwright/" in program
            self.roles[pid] = next(
                (role for mark, role in ROLE_MARKS if mark in command),
                "browser" if browser else "other")
        return self.roles[pid]

    # -- pytest hooks --------------------------------------------------------------------

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item) -> Iterator[None]:
        yield from self.phase_of(item, "setup")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item) -> Iterator[None]:
        yield from self.phase_of(item, "call")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item) -> Iterator[None]:
        yield from self.phase_of(item, "teardown")

    def phase_of(self, item, phase: str) -> Iterator[None]:
        if item.get_closest_marker("browser") is None:
            yield
            return
        started = self.start_phase(phase)
        try:
            yield
        finally:
            self.end_phase(item, phase, started)

    def start_phase(self, phase: str) -> float:
        self.phase = phase
        if phase == "setup":
            self.spent, self.walls, self.calls = {}, {}, {}
            self.cpu_before = self.cpu_by_role()
        return time.perf_counter()

    def end_phase(self, item, phase: str, started: float) -> None:
        self.walls[phase] = time.perf_counter() - started
        if phase != "teardown":
            return
        after = self.cpu_by_role()
        cpu = {role: round(after.get(role, 0.0) - self.cpu_before.get(role, 0.0), 2)
               for role in sorted(set(after) | set(self.cpu_before))}
        line = {"test": item.nodeid, "worker": os.environ.get("PYTEST_XDIST_WORKER", ""),
                "wall": {p: round(s, 3) for p, s in self.walls.items()},
                "spent": {p: {k: round(s, 3) for k, s in kinds.items()}
                          for p, kinds in self.spent.items()},
                "cpu": {role: seconds for role, seconds in cpu.items() if seconds},
                "calls": {c: round(s, 3) for c, s in self.calls.items()}}
        with open(self.path, "a") as out:
            out.write(json.dumps(line) + "\n")


def summary(lines: list[dict], slowest: int = 10) -> str:
    """The recorded tests as a table: per file its tests, wall seconds by phase, the
    Playwright time by kind and the CPU by process; then the slowest tests."""
    kinds = ["open", "load", "wait", "api", "eval", "act", "shot", "shell"]
    roles = ["test", "server", "browser", "shell", "other"]
    files: dict[str, list[dict]] = defaultdict(list)
    for line in lines:
        files[line["test"].split("::")[0]].append(line)

    def row(name: str, group: list[dict]) -> str:
        walls = [sum(line["wall"].get(p, 0.0) for line in group) for p in PHASES]
        spent = [sum(kinds_.get(k, 0.0) for line in group for kinds_ in line["spent"].values())
                 for k in kinds]
        cpu = [sum(line["cpu"].get(r, 0.0) for line in group) for r in roles]
        cells = [f"{len(group):>3}", f"{sum(walls):7.1f}", *(f"{w:6.1f}" for w in walls),
                 *(f"{s:5.1f}" for s in spent), *(f"{c:6.1f}" for c in cpu)]
        return " ".join(cells) + f"  {name}"

    head = " ".join(["  n", "   wall", " setup", "  call", "  tear",
                     *(f"{k:>5}" for k in kinds), *(f"{r:>6}" for r in roles)])
    out = ["per file: wall seconds by phase | Playwright wall by kind | CPU seconds by process",
           head + "  file"]
    ordered = sorted(files.items(), key=lambda kv: -sum(sum(x["wall"].values()) for x in kv[1]))
    out += [row(name.removeprefix("tests/browser/"), group) for name, group in ordered]
    out.append(row("all", lines))
    out += ["", f"the {slowest} slowest tests", head + "  test"]
    by_wall = sorted(lines, key=lambda x: -sum(x["wall"].values()))[:slowest]
    out += [row(line["test"].removeprefix("tests/browser/"), [line]) for line in by_wall]
    calls: dict[str, float] = defaultdict(float)
    for line in lines:
        for call, seconds in line.get("calls", {}).items():
            calls[call] += seconds
    out += ["", f"the {slowest} Playwright calls that took longest in all (wall seconds)"]
    out += [f"{seconds:8.1f}  {call}" for call, seconds in sorted(calls.items(), key=lambda kv: -kv[1])[:slowest]]
    return "\n".join(out)


if __name__ == "__main__":
    recorded = [json.loads(text) for text in Path(sys.argv[1]).read_text().splitlines() if text]
    print(summary(recorded, int(sys.argv[2]) if len(sys.argv) > 2 else 10))
