"""Settings come from the environment, with safe local defaults (README, Configuration)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SHOW = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "debug": s.DEBUG,
    "secret_key": s.SECRET_KEY,
    "database": str(s.DATABASES["default"]["NAME"]),
    "engine": s.DATABASES["default"]["ENGINE"],
    "layer": s.CHANNEL_LAYERS["default"]["BACKEND"],
    "allowed_hosts": s.ALLOWED_HOSTS,
    "csrf_trusted_origins": s.CSRF_TRUSTED_ORIGINS,
}))
"""

CONFIG = (
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "REDIS_URL",
    "CHANNEL_LAYER_BACKEND",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
)


def settings_with(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """Load pgweb.settings in a fresh process with only `env` as configuration."""
    base = {k: v for k, v in os.environ.items() if k not in CONFIG}
    base.update(DJANGO_SETTINGS_MODULE="pgweb.settings", PGWEB_VAR_DIR=str(tmp_path), **env)
    return subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=base, capture_output=True, text=True
    )


def test_a_bare_checkout_uses_sqlite_in_var_memory_channels_and_a_generated_key(tmp_path) -> None:
    first = settings_with(tmp_path)
    assert first.returncode == 0, first.stderr
    shown = json.loads(first.stdout)
    assert shown["debug"] is True
    assert shown["engine"] == "django.db.backends.sqlite3"
    assert shown["database"] == str(tmp_path / "pgweb.sqlite3")
    assert shown["layer"] == "channels.layers.InMemoryChannelLayer"
    assert len(shown["secret_key"]) >= 50
    assert (tmp_path / "secret_key").read_text() == shown["secret_key"]

    again = json.loads(settings_with(tmp_path).stdout)
    assert again["secret_key"] == shown["secret_key"], "the key is generated once, then reused"


def test_production_settings_come_from_the_environment(tmp_path) -> None:
    result = settings_with(
        tmp_path,
        DEBUG="0",
        SECRET_KEY="k" * 50,
        DATABASE_URL="postgres://pgweb:pw@db.example:5432/pgweb",
        REDIS_URL="redis://cache.example:6379/0",
        ALLOWED_HOSTS="pgweb.example.org, www.pgweb.example.org",
        CSRF_TRUSTED_ORIGINS="https://pgweb.example.org",
    )
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    assert shown["debug"] is False
    assert shown["engine"] == "django.db.backends.postgresql"
    assert shown["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert shown["allowed_hosts"] == ["pgweb.example.org", "www.pgweb.example.org"]
    assert shown["csrf_trusted_origins"] == ["https://pgweb.example.org"]
    assert not (tmp_path / "secret_key").exists()


def test_debug_off_without_a_secret_key_refuses_to_start(tmp_path) -> None:
    result = settings_with(tmp_path, DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_an_unreadable_debug_value_is_an_error_not_a_guess(tmp_path) -> None:
    result = settings_with(tmp_path, DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe'" in result.stderr


def test_channel_layer_backend_chooses_channels_redis_lists_or_refuses_a_typo(tmp_path) -> None:
    core = settings_with(tmp_path, REDIS_URL="redis://cache:6379/0", CHANNEL_LAYER_BACKEND="core")
    assert core.returncode == 0, core.stderr
    assert json.loads(core.stdout)["layer"] == "channels_redis.core.RedisChannelLayer"
    typo = settings_with(tmp_path, REDIS_URL="redis://cache:6379/0", CHANNEL_LAYER_BACKEND="pub")
    assert typo.returncode != 0
    assert "CHANNEL_LAYER_BACKEND must be one of pubsub, core" in typo.stderr
