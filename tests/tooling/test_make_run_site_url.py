"""`make run PORT=…` serves on that port, and the links its worker mails point at it: SITE_URL
follows the host and port unless the operator set it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def site_url_after_run_sets_it(env: dict[str, str]) -> str:
    """SITE_URL as `make run HOST=… PORT=9001`'s worker and daphne start with it."""
    recipe = subprocess.run(["make", "-n", "--no-print-directory", "run", "PORT=9001",
                             "HOST=192.0.2.7"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout
    export = next(line for line in recipe.splitlines() if line.startswith("export SITE_URL="))
    shell = export.removesuffix("\\").strip() + ' printf %s "$SITE_URL"'
    return subprocess.run(["sh", "-c", shell], env=env, capture_output=True, text=True,
                          check=True).stdout


def test_make_run_points_links_at_its_own_host_and_port():
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    assert site_url_after_run_sets_it(env) == "http://192.0.2.7:9001"


def test_an_operators_site_url_wins():
    env = {**os.environ, "SITE_URL": "https://pgweb.example"}
    assert site_url_after_run_sets_it(env) == "https://pgweb.example"
