"""Deleting an account: the games stay whole for the others with "deleted player" in the
seat, personal data is gone, the old name is held from others for a while; and the JSON
export of one's own games, settings and chat lines."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games import services
from games.clocks.models import Vacation
from games.models import ABANDONED, FINISHED, ChatMessage, Game, GameStep, NameHold, Seat
from games.notifications.models import NotificationSettings, PushSubscription
from games.notifications.preferences import settings_of
from games.services import account_life
from tests.gamekit import SCENARIO, started_game

pytestmark = pytest.mark.django_db


def played_and_resigned(ann, bob) -> Game:
    """A game Ann and Bob played a step of and talked in, then Bob resigned."""
    game = started_game(ann, bob)
    ann_seat = Seat.objects.get(game=game, user=ann)
    assert services.command_submit(game=game, seat=ann_seat, command={"type": "roll_initiative"},
                                   base_version=1, client_id=1).ok  # fmt: skip
    for user, seat in ((ann, ann_seat), (bob, Seat.objects.get(game=game, user=bob))):
        services.chat_post(game=game, user=user, seat=seat, channel="players",
                           text=f"good game from {user.username}")  # fmt: skip
    services.game_resign(game=game, seat=Seat.objects.get(game=game, user=bob))
    return game


def with_personal_data(user) -> None:
    prefs = settings_of(user)
    prefs.webhook_url = "https://hooks.example.test/pgweb"
    prefs.save()
    PushSubscription.objects.create(user=user, endpoint="https://push.example.test/1",
                                    p256dh="k", auth="a")  # fmt: skip
    now = timezone.now()
    Vacation.objects.create(user=user, starts_at=now + timedelta(days=30),
                            ends_at=now + timedelta(days=32))  # fmt: skip


def test_the_export_holds_ones_own_games_commands_settings_and_chat_only(ann, bob, client):
    game = played_and_resigned(ann, bob)
    with_personal_data(ann)
    client.force_login(ann)
    answer = client.get("/accounts/export.json")
    assert answer["Content-Disposition"] == 'attachment; filename="pgweb-ann.json"'
    data = answer.json()
    assert data == client.get("/api/v1/account/export").json() | {
        "exported_at": data["exported_at"]
    }
    assert data["account"]["username"] == "ann" and data["account"]["email"] == "ann@example.test"
    [mine] = data["games"]
    assert (mine["game"], mine["your_side"], mine["status"]) == (str(game.pk), "ge", FINISHED)
    assert [p["player"] for p in mine["players"]] == ["ann", "bob"]
    # Her own command, and not Bob's resignation; never a state, a die or the seed.
    assert [c["command"] for c in mine["your_commands"]] == [{"type": "roll_initiative"}]
    text = answer.content.decode()
    assert game.seed not in text and '"dice"' not in text and '"state"' not in text
    assert [c["text"] for c in data["chat"]] == ["good game from ann"]
    assert data["settings"]["notifications"]["webhook_url"] == "https://hooks.example.test/pgweb"
    assert "webhook_secret" not in data["settings"]["notifications"]
    assert data["settings"]["push_subscriptions"][0]["endpoint"] == "https://push.example.test/1"
    assert len(data["settings"]["vacations"]) == 1


def test_a_deleted_account_leaves_its_games_legible_and_its_data_gone(ann, bob, client):
    game = played_and_resigned(ann, bob)
    with_personal_data(ann)
    client.force_login(ann)
    page = client.get("/accounts/settings/")
    assert b"Delete my account" in page.content and b"Download my data" in page.content
    refused = client.post("/accounts/delete/", {"confirm_name": "ann", "password": "wrong"},
                          follow=True)  # fmt: skip
    assert b"the password is not right" in refused.content
    done = client.post("/accounts/delete/", {"confirm_name": "ann",
                                             "password": "correct horse battery"})  # fmt: skip
    gone = get_user_model().objects.get(pk=ann.pk)
    assert done.status_code == 200 and "deleted player" in done.content.decode()
    assert gone.username not in done.content.decode()  # the tag is shown nowhere
    assert gone.username.startswith("deleted player ") and not gone.is_active
    assert (gone.email, gone.has_usable_password()) == ("", False)
    assert not NotificationSettings.objects.filter(user=ann).exists()
    assert not PushSubscription.objects.filter(user=ann).exists()
    assert not Vacation.objects.filter(user=ann).exists()
    # The game is whole for Bob: every step, every chat line, the seat shows the new name.
    assert GameStep.objects.filter(game=game).count() == 3
    assert ChatMessage.objects.filter(game=game).count() == 2
    bobs = Client()
    bobs.force_login(bob)
    seen = bobs.get(f"/api/v1/games/{game.pk}").json()
    assert {s["id"]: s["user"] for s in seen["seats"]} == {
        "ge-1": "deleted player", "su-1": "bob",
    }  # fmt: skip
    assert "deleted player" in bobs.get(f"/games/{game.pk}/").content.decode()
    # Signed out for good: the old session is refused and the old password no longer works.
    assert client.get("/accounts/settings/").status_code == 302
    assert Client().post("/accounts/login/", {"username": "ann",
                                               "password": "correct horse battery"}).status_code == 200


def test_a_deleted_name_cannot_be_claimed_until_its_hold_ends(ann, client, settings):
    settings.PGWEB_NAME_HOLD_DAYS = 30
    assert account_life.account_delete(user=ann, password="correct horse battery")
    assert NameHold.objects.get(name="ann").until > timezone.now() + timedelta(days=29)
    signup = client.post("/api/v1/auth/signup", {"username": "Ann", "password": "a long secret 77"},
                         content_type="application/json")  # fmt: skip
    assert (signup.status_code, signup.json()["code"]) == (409, "auth/name_held")
    page = client.post("/accounts/signup/", {"username": "ann", "password1": "a long secret 77",
                                             "password2": "a long secret 77"})  # fmt: skip
    assert b"belonged to a deleted account" in page.content
    guest = get_user_model().objects.create_user(username="Grenadier-0001")
    with pytest.raises(services.ServiceError) as err:
        services.guest_claim(user=guest, username="ann", password="a long secret 77")
    assert err.value.code == "auth/name_held"
    with time_machine.travel(timezone.now() + timedelta(days=31)):
        later = client.post("/api/v1/auth/signup", {"username": "ann",
                                                    "password": "a long secret 77"},
                            content_type="application/json")  # fmt: skip
    assert later.status_code == 201


def test_deletion_waits_until_the_games_in_progress_are_over(ann, bob, client):
    started_game(ann, bob)
    client.force_login(ann)
    page = client.get("/accounts/settings/")
    assert b"1 game in progress" in page.content
    answer = client.post("/api/v1/account/delete", {"password": "correct horse battery"},
                         content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["code"]) == (409, "account/games_in_progress")
    assert get_user_model().objects.get(pk=ann.pk).username == "ann"


def test_a_guest_deletes_without_a_password_and_leaves_open_games(client):
    guest = get_user_model().objects.create_user(username="Grenadier-0042")
    game = services.game_create(user=guest, scenario=SCENARIO, side="ge")
    assert Seat.objects.filter(game=game, user=guest).exists()
    client.force_login(guest)
    answer = client.post("/api/v1/account/delete", {}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["deleted"] is True
    assert not Seat.objects.filter(game=game, user=guest).exists()
    assert Game.objects.get(pk=game.pk).status == ABANDONED  # nobody sits in it any more
