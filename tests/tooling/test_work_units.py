"""How `make test` hands the suite to its two pytest workers (tests/conftest.py): a file at a
time, the fault tests all together, and the long files of TEST_BY_TEST a test at a time so
that neither worker waits at the end behind one of them."""

from __future__ import annotations

import re

from tests.conftest import ONE_WORKER, ROOT, TEST_BY_TEST, work_unit

# A fixture set up once per file or run: handing its file's tests to both workers would set
# it up twice.
SHARED_FIXTURE = re.compile(r"@pytest\.fixture\([^)]*scope=\"(?:module|package|session)\"")


def test_a_test_of_a_long_file_is_a_unit_of_its_own():
    nodeid = "tests/bots/test_fairness.py::test_no_canary_reaches_a_bot[pl-12-saar]"
    assert work_unit(nodeid) == nodeid


def test_the_fault_tests_are_one_unit_and_other_files_are_left_to_xdist():
    assert work_unit("tests/faults/test_redis.py::test_a_game_survives") == "tests/faults/"
    assert work_unit("tests/api/test_games.py::test_list") is None


def test_each_file_handed_out_test_by_test_exists_and_shares_no_fixture_across_its_tests():
    assert set(ONE_WORKER).isdisjoint(TEST_BY_TEST)
    for path in TEST_BY_TEST:
        text = (ROOT / path).read_text(encoding="utf-8")
        assert "def test_" in text, path
        assert not SHARED_FIXTURE.search(text), path
