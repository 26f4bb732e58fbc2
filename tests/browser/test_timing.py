"""The browser tests' time breakdown (tests/browser/timing.py, PGWEB_BROWSER_TIMING): the CPU of
each process under the test's, by role, and the table a run's lines make."""

from __future__ import annotations

import subprocess
import sys

from tests.browser import timing


def test_a_child_process_cpu_is_counted_under_its_role_and_this_process_under_test() -> None:
    recorder = timing.Recorder("/dev/null")
    # Spins 0.3 s of CPU, then waits to be told to end. Its command line names no role of the
    # session's processes (daphne, the live shell, the browser): it is "other".
    busy = ("import time, sys\nend = time.process_time() + 0.3\n"
            "while time.process_time() < end: pass\nsys.stdin.read()")
    child = subprocess.Popen([sys.executable, "-c", busy], stdin=subprocess.PIPE)
    named = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()", "live-shell"],
                             stdin=subprocess.PIPE)
    try:
        before = recorder.cpu_by_role()
        while recorder.cpu_by_role().get("other", 0.0) - before.get("other", 0.0) < 0.2:
            assert child.poll() is None  # this process's own spinning is counted as "test"
        after = recorder.cpu_by_role()
        assert recorder.role_of(child.pid) == "other"
        assert recorder.role_of(named.pid) == "shell"  # its command line names the live shell
    finally:
        child.communicate(b"")
        named.communicate(b"")
    assert after["test"] > before["test"]


def test_the_summary_adds_each_file_s_tests_and_names_the_slowest() -> None:
    lines = [
        {"test": "tests/browser/test_a.py::one", "wall": {"setup": 1.0, "call": 2.0, "teardown": 0.5},
         "spent": {"call": {"load": 1.5, "wait": 0.25}}, "cpu": {"browser": 1.25, "server": 0.5},
         "calls": {"Page.goto": 1.5}},
        {"test": "tests/browser/test_a.py::two", "wall": {"setup": 0.0, "call": 1.0, "teardown": 0.0},
         "spent": {"setup": {"api": 0.5}}, "cpu": {"browser": 0.75}, "calls": {"Page.goto": 0.5}},
        {"test": "tests/browser/test_b.py::three", "wall": {"setup": 0.0, "call": 9.0, "teardown": 0.0},
         "spent": {}, "cpu": {"shell": 4.0}, "calls": {"Locator.click": 3.0}},
    ]
    text = timing.summary(lines, slowest=1)
    rows = {line.rsplit("  ", 1)[1]: line.split() for line in text.splitlines() if "test_" in line}
    # n, wall, setup, call, teardown, then the kinds (open load wait api ...), then the CPU.
    assert rows["test_a.py"][:5] == ["2", "4.5", "1.0", "3.0", "0.5"]
    assert rows["test_a.py"][6:9] == ["1.5", "0.2", "0.5"]  # load, wait, api
    assert rows["test_a.py"][-6:-1] == ["0.0", "0.5", "2.0", "0.0", "0.0"]  # test server browser shell other
    assert rows["test_b.py::three"][1] == "9.0"  # the slowest test, alone in its list
    assert "test_a.py::one" not in rows
    assert text.splitlines()[-1].split() == ["3.0", "Locator.click"]  # the longest call in all
