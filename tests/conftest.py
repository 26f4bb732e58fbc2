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


def _one_redis_database_per_worker() -> None:
    """Under pytest-xdist (`make test` runs `-n 2`) the workers share the one Redis server:
    give each its own database (the cache's rate-limit counts, which every test clears) and
    its own channel prefix (pub/sub channels ignore the database: the lobby's groups would
    reach the other worker's sockets), in this process's settings and in the environment
    of every server a test starts."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("REDIS_URL", "")
    if not worker or not url:
        return
    from django.conf import settings  # noqa: PLC0415
    from django.test import override_settings  # noqa: PLC0415  (Django's settings are set up)

    number = int(worker.removeprefix("gw")) + 1  # database 0 stays the undivided run's
    url = f"{url.rsplit('/', 1)[0]}/{number}"
    prefix = f"pgweb-{worker}"
    os.environ.update(REDIS_URL=url, CHANNEL_PREFIX=prefix)
    layers = {name: {**layer, "CONFIG": {**layer.get("CONFIG", {}), "hosts": [url], "prefix": prefix}}
              for name, layer in settings.CHANNEL_LAYERS.items()}
    caches = {name: {**cache, "LOCATION": url} if "redis" in cache["BACKEND"].lower() else cache
              for name, cache in settings.CACHES.items()}
    # Enabled for the whole run: the setting_changed signal resets Django's cache handler and
    # Channels' layer manager, whichever touched its settings first.
    override_settings(REDIS_URL=url, CHANNEL_PREFIX=prefix, CHANNEL_LAYERS=layers, CACHES=caches).enable()


_one_redis_database_per_worker()


# The layers (or single files) that take longest, in the order they are handed out: under
# xdist (`--dist loadfile`) the quick files then fill the workers' last minutes, instead of
# one worker finishing a long file while the other waits. The two rules files are the
# slowest outside the slow layers (random games played through).
SLOW_FIRST = (
    "browser", "faults", "clocks", "consumers", "bots",
    "rules/panzer_grenadier/test_preview_matches_resolution.py",
    "rules/panzer_grenadier/test_decisions.py",
    "lobby", "notifications",
)
# The fault tests share services started once per worker (tests/faults/conftest.py: a
# PostgreSQL cluster, a Redis and two daphne, seconds of CPU): one worker runs them all.
ONE_WORKER = ("tests/faults/",)


def slowness_rank(nodeid: str) -> int:
    """The place of a test's layer (or file) in SLOW_FIRST; the rest come after."""
    path = nodeid.split("::", 1)[0].removeprefix("tests/")
    return next((i for i, slow in enumerate(SLOW_FIRST)
                 if path == slow or path.startswith(slow + "/")), len(SLOW_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Order the run: the slow layers first, each file's tests still in their own order."""
    items.sort(key=lambda item: slowness_rank(item.nodeid))  # stable: else collection order


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Under `--dist loadfile`: hand the files out in the collection's order above (xdist
    would otherwise start with the files holding the most tests, leaving the long browser
    files for last and switching each worker in and out of tests/browser, which closes and
    relaunches its Chromium), and the fault tests as one unit."""
    if config.getoption("dist", None) != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # noqa: PLC0415  (only under xdist)

    class InOrderByFile(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            shared = next((unit for unit in ONE_WORKER if nodeid.startswith(unit)), None)
            return shared or super()._split_scope(nodeid)

    config.option.loadscopereorder = False  # what `--no-loadscope-reorder` says
    return InOrderByFile(config, log)


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
