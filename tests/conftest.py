"""Share the service fixtures: the real Redis, PostgreSQL and Chromium that `make test` starts.

A missing service skips its tests loudly on a developer's machine and fails them under CI
(CI=true), where `make test` runs as root and must have installed and started everything.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def require_service(name: str, available: bool, how: str) -> None:
    """Skip (fail under CI) the calling test when a real service is missing."""
    if available:
        return
    if CI:
        pytest.fail(f"CI=true and {name} is missing: {how}", pytrace=False)
    pytest.skip(f"NO {name.upper()}: {how} (run `make test` as root to get it)")


@pytest.fixture(scope="session")
def redis_url() -> str:
    """Return the URL of the private redis-server that `make test` started."""
    url = os.environ.get("REDIS_URL", "")
    require_service("redis", bool(url), "REDIS_URL is not set")
    return url


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """Return the URL of the private PostgreSQL cluster (superuser, trust auth)."""
    url = os.environ.get("PGWEB_TEST_POSTGRES_URL", "")
    require_service("postgresql", bool(url), "PGWEB_TEST_POSTGRES_URL is not set")
    return url


def manage(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    """Run `manage.py` in a separate process with `env` on top of the current environment."""
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Each test starts with no rate-limit hits counted (games/throttles.py keeps them in the
    cache, which outlives a test's database transaction)."""
    from django.core.cache import cache  # noqa: PLC0415  (settings are ready only inside a test)

    cache.clear()
    yield
