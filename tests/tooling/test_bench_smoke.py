"""The benches' smoke runs (scripts/bench_smoke.py): every bench has one, and its last line
is checked against the format the bench's docstring states. `make test` runs them here, a
test per bench, so that the pytest workers overlap them with the rest of the suite."""

from __future__ import annotations

import os

import pytest

from scripts import bench_smoke
from tests.conftest import database_url

# The benches that create a PostgreSQL database: theirs starts from the worker's migrated one.
ON_POSTGRES = {"soak"}


def test_every_bench_has_a_smoke_mode_and_a_line_format():
    assert bench_smoke.missing_smoke() == []
    assert sorted(bench_smoke.FORMATS) == bench_smoke.benches()


def test_it_accepts_a_last_line_in_the_stated_format():
    output = ("map: 1440 hexes\n"
              "movement: hexes=1440 reach_p50_ms=0.24 reach_p99_ms=0.36 scenario_load_ms=882\n")
    assert bench_smoke.line_problem("movement", output) is None


def test_it_accepts_a_pairing_not_played_and_a_figure_that_foretells_nothing():
    bots = ("bots: veteran_vs_recruit=- recruit_vs_random=0.50 elite_vs_veteran=1.00 "
            "decision_p95_ms=69 elite_p95_ms=2746 games=6")
    judge = ("elite_judge: games=2 best_w_position=0.00 auc=nan committed_w_position=0.10 "
             "committed_auc=nan points_auc=nan")
    assert bench_smoke.line_problem("bots", bots) is None
    assert bench_smoke.line_problem("elite_judge", judge) is None


def test_it_refuses_a_last_line_missing_a_field():
    output = "movement: hexes=1440 reach_p50_ms=0.24 scenario_load_ms=882"
    assert "does not match" in bench_smoke.line_problem("movement", output)


def test_it_refuses_output_ending_in_a_traceback():
    output = ("storage: bytes_per_step=302 steps=42 games=2\n"
              "Traceback (most recent call last):\n"
              "AttributeError: 'dict' object has no attribute 'id'\n")
    assert "does not match" in bench_smoke.line_problem("storage", output)


def test_it_refuses_a_run_that_printed_nothing():
    assert bench_smoke.line_problem("visibility", "\n") == "printed nothing"


# A smoke run takes seconds idle and may take minutes beside the rest of the suite: the
# runner's own bound (the run fails with the bench's last lines) comes before pytest's.
@pytest.mark.timeout(bench_smoke.TIMEOUT_S + 60)
@pytest.mark.parametrize("name", bench_smoke.benches())
def test_the_smoke_run_of_each_bench_ends_in_its_line(name, migrated_sqlite, request):
    migrated_postgres = ""
    if name in ON_POSTGRES and os.environ.get("PGWEB_TEST_POSTGRES_URL"):
        server = request.getfixturevalue("postgres_url")
        migrated_postgres = database_url(server, request.getfixturevalue("migrated_postgres"))
    assert bench_smoke.run(name, migrated_sqlite, migrated_postgres), (
        f"bench/{name}.py --smoke failed: see its captured output"
    )
