"""E-mail notifications through a real SMTP server (aiosmtpd on loopback): what a mail says,
its unsubscribe headers, a daily digest, and an SMTP server that is down."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.notifications import outbox, tasks
from games.notifications.models import DIGEST, FAILED, PENDING, SENT, Delivery
from games.notifications.preferences import settings_of
from tests.gamekit import started_game
from tests.notifications.servers import free_port

pytestmark = pytest.mark.django_db


def with_email(user, **switches):
    prefs = settings_of(user)
    prefs.email = f"{user.username}@example.test"
    prefs.email_verified = True  # its owner followed the link (test_email_verification.py)
    for name, on in switches.items():
        setattr(prefs, name, on)
    prefs.save()
    return prefs


def mailed_game(axis_player, allied_player, capture):
    """A started game whose two players have an e-mail address."""
    with_email(axis_player)
    with_email(allied_player)
    with capture(execute=True):
        return started_game(axis_player, allied_player)


def test_the_player_to_move_gets_a_mail_with_one_click_unsubscribe(
    axis_player, allied_player, smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    game = mailed_game(axis_player, allied_player, django_capture_on_commit_callbacks)
    # The game starts with the initiative roll, which either player may make: both are told.
    assert sorted(m["To"] for m in smtp_server.messages) == [
        "allied_player@example.test", "axis_player@example.test",
    ]  # fmt: skip
    mail = smtp_server.messages[0]
    assert mail["Subject"].startswith("Your move: ")
    unsubscribe = mail["List-Unsubscribe"].strip().strip("<>")
    assert unsubscribe.startswith("http://testserver/notifications/unsubscribe/")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = mail.get_body(("plain",)).get_content()
    assert f"http://testserver/games/{game.pk}/" in text
    assert unsubscribe in text
    html = mail.get_body(("html",)).get_content()
    assert "Stop these mails" in html

    # RFC 8058: the mail client posts, with no cookie and no CSRF token.
    answer = Client(enforce_csrf_checks=True).post(
        unsubscribe.removeprefix("http://testserver"), {"List-Unsubscribe": "One-Click"}
    )
    assert answer.status_code == 200
    who = axis_player if mail["To"].startswith("axis") else allied_player
    assert settings_of(who).email_your_move is False
    assert settings_of(who).email_game_over is True


def test_a_mail_is_made_once_however_often_its_step_is_looked_at(
    axis_player, allied_player, smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    game = mailed_game(axis_player, allied_player, django_capture_on_commit_callbacks)
    sent = len(smtp_server.messages)
    tasks.notify_step.call(str(game.pk), 1)  # a second worker, or a retried task
    assert len(smtp_server.messages) == sent
    assert Delivery.objects.filter(channel="email").count() == 2


def test_an_smtp_server_that_is_down_is_retried_with_backoff_and_shown_on_the_settings_page(
    axis_player, allied_player, settings, loopback_allowed, django_capture_on_commit_callbacks,
    client,
):  # fmt: skip
    from tests.notifications.servers import SmtpServer

    port = free_port()  # nothing listens here yet
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    with_email(axis_player)
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    game.refresh_from_db()
    assert game.version == 1  # the game started: the mail server being down changed nothing

    row = Delivery.objects.get(user=axis_player, channel="email")
    assert row.status == PENDING and row.attempts == 1
    assert "could not be reached" in row.last_error
    assert row.next_attempt_at >= timezone.now() + timedelta(seconds=25)

    client.force_login(axis_player)
    page = client.get(reverse("notifications-settings")).content.decode()
    assert "could not be reached" in page and "trying again" in page

    # Not due yet: the sweep leaves it; once due and the server is up, it goes out.
    assert outbox.due() == []
    server = SmtpServer()
    server.port = port
    server.controller.port = port
    server.start()
    try:
        later = row.next_attempt_at + timedelta(seconds=1)
        assert outbox.due(later) == [row.pk]
        Delivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
        status, _ = outbox.deliver(row.pk)
        assert status == SENT
        assert [m["To"] for m in server.messages] == ["axis_player@example.test"]
    finally:
        server.stop()


def test_retries_stop_after_the_last_attempt_and_the_failure_stays_visible(
    axis_player, allied_player, settings, loopback_allowed, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()
    with_email(axis_player)
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    row = Delivery.objects.get(user=axis_player, channel="email")
    for _ in range(outbox.MAX_ATTEMPTS - 1):
        Delivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
        outbox.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == FAILED and row.attempts == outbox.MAX_ATTEMPTS
    assert f"gave up after {outbox.MAX_ATTEMPTS} tries" in row.last_error
    assert outbox.recent_failures(axis_player) == [row]


def test_a_digest_player_gets_no_mail_per_move(
    axis_player, allied_player, smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    with_email(axis_player, email_digest=True)
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert smtp_server.messages == []
    assert Delivery.objects.get(user=axis_player, channel="email").status == DIGEST


def test_with_the_database_backend_a_command_only_queues_and_the_worker_sends(
    axis_player, allied_player, settings, loopback_allowed, django_capture_on_commit_callbacks
):
    from django.core.management import call_command
    from django_tasks_db.models import DBTaskResult

    from tests.notifications.servers import SmtpServer

    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    with_email(axis_player)
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    # The command queued one task and sent nothing.
    assert [r.task_path for r in DBTaskResult.objects.all()] == [tasks.notify_step.module_path]
    assert not Delivery.objects.exists()

    def work() -> None:
        """Run the worker until nothing due is left (a task may queue the next one)."""
        while DBTaskResult.objects.ready().exists():
            with django_capture_on_commit_callbacks(execute=True):
                call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0.01")

    work()  # the mail server is down: the delivery waits, its retry is queued for later
    row = Delivery.objects.get(channel="email")
    assert row.status == PENDING and row.attempts == 1
    retry = DBTaskResult.objects.get(task_path=tasks.send_delivery.module_path, status="READY")
    assert retry.run_after == row.next_attempt_at

    server = SmtpServer()
    server.port = server.controller.port = port
    server.start()
    try:
        DBTaskResult.objects.filter(pk=retry.pk).update(run_after=timezone.now())
        Delivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
        work()
        assert [m["To"] for m in server.messages] == ["axis_player@example.test"]
        assert Delivery.objects.get(pk=row.pk).status == SENT
    finally:
        server.stop()
