"""Password reset by e-mail through Django's own views, with the mail going through a real
SMTP server: the link works once, and the page never tells who has an account."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db


def link_in(mail) -> str:
    text = mail.get_body(("plain",)).get_content()
    return re.search(r"https?://testserver(/accounts/reset/\S+)", text).group(1)


def test_a_player_resets_a_forgotten_password_with_the_mailed_link(ann, smtp_server, client):
    assert b"/accounts/password-reset/" in client.get("/accounts/login/").content
    answer = client.post("/accounts/password-reset/", {"email": "ann@example.test"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password-reset/sent/"
    [mail] = smtp_server.messages
    assert mail["To"] == "ann@example.test" and mail["Subject"] == "Reset your pgweb password"
    link = link_in(mail)
    form = client.get(link, follow=True)
    assert b"Choose a new password" in form.content and b"new_password1" in form.content
    set_password = form.redirect_chain[-1][0]
    done = client.post(set_password, {"new_password1": "a brand new secret 42",
                                      "new_password2": "a brand new secret 42"})  # fmt: skip
    assert done["Location"] == "/accounts/reset/done/"
    assert get_user_model().objects.get(pk=ann.pk).check_password("a brand new secret 42")
    signed_in = Client().post("/accounts/login/", {"username": "ann",
                                                   "password": "a brand new secret 42"})
    assert signed_in.status_code == 302
    again = Client().get(link, follow=True)
    assert b"has been used or has expired" in again.content


def test_an_unknown_address_gets_the_same_answer_and_no_mail(ann, smtp_server, client):
    answer = client.post("/accounts/password-reset/", {"email": "nobody@example.test"})
    assert answer["Location"] == "/accounts/password-reset/sent/"
    assert smtp_server.messages == []
