"""Fixtures for the notification tests: people, the real local servers, settings that point
mail at the SMTP server and allow loopback receivers."""

from __future__ import annotations

import pytest

from tests.notifications.servers import HttpReceiver, SmtpServer
from tests.services.conftest import allied_player, axis_player  # noqa: F401 (shared people)


@pytest.fixture(autouse=True)
def tasks_run_as_queued(immediate_tasks):
    """Run each task as it is queued (the worker's database backend is tested on its own)."""


@pytest.fixture
def loopback_allowed(settings):
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = True
    settings.SITE_URL = "http://testserver"


@pytest.fixture
def smtp_server(settings):
    server = SmtpServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield server
    server.stop()


@pytest.fixture
def receiver(loopback_allowed):
    server = HttpReceiver().start()
    yield server
    server.stop()
