"""The session's live shell (live_shell.py), which the browser tests use to set up what no
page offers: it runs code in the live server's own database, says why a piece of code failed,
and goes on serving after a failure."""

from __future__ import annotations

import pytest

from tests.browser import live_shell, pages_kit

COUNT = "from django.contrib.auth import get_user_model as g; print(g().objects.filter(username={name!r}).count())"


def test_the_live_shell_reads_the_live_servers_database_and_says_why_code_failed(
        person, live_server_url, live_server_env):
    guest = person()  # signed in through the live server's API
    name = pages_kit.api(guest, live_server_url, "GET", "/api/v1/auth/session")["username"]
    assert live_shell.run(live_server_env, COUNT.format(name=name)).strip() == "1"
    assert live_shell.run_at(live_server_url, COUNT.format(name=name + "-nobody")).strip() == "0"
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        live_shell.run(live_server_env, "print('half'); 1 / 0")
    assert live_shell.run(live_server_env, "print('still serving')") == "still serving\n"
