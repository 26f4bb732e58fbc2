"""Send a notification by e-mail through Django's mail framework (console by default, SMTP in
production), with RFC 8058 one-click unsubscribe headers."""

from __future__ import annotations

import smtplib

from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from games.notifications.kinds import EMAIL
from games.notifications.models import Delivery
from games.notifications.senders import GiveUp, TryLater
from games.notifications.unsubscribe import ALL, url_for


def build(delivery: Delivery) -> EmailMultiAlternatives:
    """The mail of a delivery: text and HTML bodies, unsubscribe link in both and the headers."""
    msg = delivery.message
    unsubscribe = url_for(delivery.user_id, EMAIL, delivery.kind)
    context = {
        "msg": msg,
        "unsubscribe": unsubscribe,
        "unsubscribe_all": url_for(delivery.user_id, EMAIL, ALL),
    }
    mail = EmailMultiAlternatives(
        subject=msg["title"],
        body=render_to_string("notifications/email/message.txt", context),
        to=[delivery.target],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    mail.attach_alternative(
        render_to_string("notifications/email/message.html", context), "text/html"
    )
    return mail


def send(delivery: Delivery) -> None:
    try:
        build(delivery).send(fail_silently=False)
    except smtplib.SMTPRecipientsRefused as exc:
        raise GiveUp(f"the mail server refused the address: {exc.recipients}") from None
    except (TimeoutError, smtplib.SMTPException, OSError) as exc:
        raise TryLater(f"the mail server could not be reached: {exc}") from None
