"""How many pytest-xdist workers `make test` spreads the whole suite over
(scripts/run_tests.py): one more than the machine's cores, since the browser and fault tests
wait part of their time, between two and eight; PGWEB_TEST_WORKERS overrides it, and a run of
named files runs in one process."""

from __future__ import annotations

import pytest

from scripts.run_tests import default_workers, spread_over_workers


@pytest.mark.parametrize(("cores", "workers"), [(None, 2), (1, 2), (2, 3), (4, 5), (7, 8), (64, 8)])
def test_one_worker_more_than_the_cores_between_two_and_eight(monkeypatch, cores, workers):
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert default_workers() == workers


def test_the_whole_run_takes_the_default_unless_the_variable_says_otherwise(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    monkeypatch.delenv("PGWEB_TEST_WORKERS", raising=False)
    assert spread_over_workers(["-x"])[:4] == ["-n", "3", "--dist", "loadfile"]
    monkeypatch.setenv("PGWEB_TEST_WORKERS", "0")
    assert spread_over_workers(["-x"]) == ["-x"]
    monkeypatch.setenv("PGWEB_TEST_WORKERS", "2")
    assert spread_over_workers([])[:2] == ["-n", "2"]


def test_named_files_run_as_asked(monkeypatch):
    monkeypatch.delenv("PGWEB_TEST_WORKERS", raising=False)
    assert spread_over_workers(["tests/tooling"]) == ["tests/tooling"]
