"""Every page says what a browser may load and do with it: a Content Security Policy with
no inline script, no framing, no sniffing, a same-origin referrer; and the production
settings pass `manage.py check --deploy` with no warning."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from django.test import Client

from tests.conftest import ROOT
from tests.gamekit import SCENARIO, person, started_game

pytestmark = pytest.mark.django_db

INLINE_HANDLER = re.compile(rb"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I)
INLINE_STYLE = re.compile(rb"<style\b|\sstyle\s*=", re.IGNORECASE)


def pages() -> list[str]:
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    return [
        "/",
        "/new-game/",
        "/accounts/login/",
        "/accounts/signup/",
        f"/games/{game.pk}/",
        f"/scenarios/{SCENARIO}/thumbnail.svg",
        "/api/v1/schema/docs/",
        "/players/ann/",
    ]


def test_every_page_carries_the_policy_and_the_other_headers():
    client = Client()
    client.force_login(person("sam"))
    for path in pages():
        response = client.get(path)
        assert response.status_code == 200, path
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-eval" not in policy, path
        script_src = re.search(r"script-src ([^;]*)", policy).group(1)
        assert script_src == "'self'", path  # no inline script anywhere
        if path != "/api/v1/schema/docs/":  # Swagger UI's inline styles, on its page only
            assert "unsafe-inline" not in policy, path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["Referrer-Policy"] == "same-origin", path
        assert response.headers["X-Frame-Options"] == "DENY", path


def test_no_page_has_an_inline_script_handler_or_style_the_policy_would_block():
    client = Client()
    client.force_login(person("sam"))
    for path in pages():
        if path.endswith(".svg") or "schema" in path:
            continue
        body = client.get(path).content
        assert not INLINE_SCRIPT.search(body), (path, INLINE_SCRIPT.search(body))
        assert not INLINE_HANDLER.search(body), (path, INLINE_HANDLER.search(body))
        assert not INLINE_STYLE.search(body), (path, INLINE_STYLE.search(body))


def test_the_production_settings_pass_check_deploy_without_a_warning(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "HTTPS"}}
    env.update(
        DJANGO_SETTINGS_MODULE="pgweb.settings",
        PGWEB_VAR_DIR=str(tmp_path),
        DEBUG="0",
        SECRET_KEY="production-" + "k7Qz" * 16,
        ALLOWED_HOSTS="pgweb.example.org",
        CSRF_TRUSTED_ORIGINS="https://pgweb.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
