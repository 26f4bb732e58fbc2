"""A draw offer is a notification to the players asked to answer it: the offering team's
partners while it agrees, the other team once it stands; never to anyone before that."""

from __future__ import annotations

import pytest

from games import services
from games.notifications.preferences import settings_of
from tests.gamekit import person, seat, started_team_game

pytestmark = pytest.mark.django_db


def mailed(user) -> None:
    prefs = settings_of(user)
    prefs.email, prefs.email_verified = f"{user.username}@example.test", True
    prefs.save()


def test_partners_hear_of_the_offer_first_and_the_other_team_once_it_stands(
    smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    ann, gia, bob, ben = (person(n) for n in ("ann", "gia", "bob", "ben"))
    game = started_team_game((ann, gia), (bob, ben))
    for user in (ann, gia, bob, ben):
        mailed(user)
    smtp_server.messages.clear()

    def draws():
        return sorted(m["To"] for m in smtp_server.messages if "Draw offered" in m["Subject"])

    with django_capture_on_commit_callbacks(execute=True):
        services.draw_answer(game=game, seat=seat(game, ann), answer="offer")
    assert draws() == ["gia@example.test"]
    with django_capture_on_commit_callbacks(execute=True):
        services.draw_answer(game=game, seat=seat(game, gia), answer="offer")
    assert draws() == ["ben@example.test", "bob@example.test", "gia@example.test"]
    mail = next(m for m in smtp_server.messages if m["To"] == "bob@example.test")
    assert "The German side offers a draw" in mail.get_body(("plain",)).get_content()
