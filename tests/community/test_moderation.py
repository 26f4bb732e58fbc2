"""Moderation: each action and its effect on chat, joining games and quick match; reports
reach the admin with the chat and the game; the chat's length limit and word filter."""

from __future__ import annotations

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games import services
from games.community import blocks, moderation
from games.community.models import ChatPolicy, Report, Sanction
from games.community.tournaments import service as tournaments
from games.models import ChatMessage, Seek
from tests.community.kit import member
from tests.gamekit import seat, started_game

pytestmark = pytest.mark.django_db


def say(game, user, text, channel="players"):
    return services.chat_post(game=game, user=user, seat=seat(game, user), channel=channel,
                              text=text)


def test_a_block_keeps_either_player_out_of_the_others_game(members):
    ann, bob, cid = members("ann", "bob", "cid")
    blocks.block(user=ann, player="bob")
    game = services.game_create(user=ann, scenario="meeting-at-kessel", side="ge")
    with pytest.raises(services.ServiceError) as err:
        services.game_join(game=game, user=bob, side="su")
    assert err.value.code == "seat/blocked"
    other = services.game_create(user=bob, scenario="meeting-at-kessel", side="ge")
    with pytest.raises(services.ServiceError):
        services.game_join(game=other, user=ann, side="su")  # the blocker cannot join either
    services.game_join(game=game, user=cid, side="su")
    blocks.unblock(user=ann, player="bob")
    services.game_join(game=other, user=ann, side="su")


def test_a_block_means_never_matched_in_quick_match(members):
    ann, bob, cid = members("ann", "bob", "cid")
    blocks.block(user=bob, player="ann")
    first = services.seek_create(user=ann)
    second = services.seek_create(user=bob)
    assert Seek.objects.get(pk=first.pk).status == "waiting"
    assert Seek.objects.get(pk=second.pk).status == "waiting"
    services.seek_create(user=cid)
    assert Seek.objects.get(pk=first.pk).status == "matched"  # ann, oldest, with cid
    assert Seek.objects.get(pk=second.pk).status == "waiting"


def test_nobody_mutes_blocks_or_reports_himself_or_nobody(members):
    (ann,) = members("ann")
    for act in (blocks.mute, blocks.block):
        with pytest.raises(services.ServiceError):
            act(user=ann, player="ann")
    with pytest.raises(services.ServiceError) as err:
        blocks.mute(user=ann, player="nobody")
    assert err.value.status == 404


def test_a_report_carries_the_reason_the_game_and_its_chat(members):
    ann, bob = members("ann", "bob")
    game = started_game(ann, bob)
    say(game, bob, "you are hopeless")
    say(game, bob, "germans only", channel="side")
    report = moderation.report(user=ann, player="bob", reason="abuse", text="insults",
                               game=str(game.pk))
    assert report.reason == "abuse" and report.game_id == game.pk
    assert [line["text"] for line in report.chat] == ["you are hopeless", "germans only"]
    ChatMessage.objects.all().delete()
    assert Report.objects.get().chat[0]["user"] == "bob"  # kept even if the chat goes


@pytest.mark.parametrize("fields,code", [
    ({"reason": "ugly"}, "report/invalid"),
    ({"reason": "abuse", "game": "not-a-game"}, "game/none"),
    ({"reason": "abuse", "text": "x" * 2001}, "report/invalid"),
])  # fmt: skip
def test_a_bad_report_is_refused_and_stores_nothing(members, fields, code):
    ann, bob = members("ann", "bob")
    with pytest.raises(services.ServiceError) as err:
        moderation.report(user=ann, player="bob", **fields)
    assert err.value.code == code and not Report.objects.exists()


def test_a_report_about_a_game_names_one_its_player_played(members):
    ann, bob, cid = members("ann", "bob", "cid")
    game = started_game(ann, cid)
    with pytest.raises(services.ServiceError):
        moderation.report(user=ann, player="bob", reason="abuse", game=str(game.pk))


def test_reports_reach_the_admin_with_the_chat_and_a_link_to_the_game(members, moderator):
    ann, bob = members("ann", "bob")
    game = started_game(ann, bob)
    say(game, bob, "<script>nasty</script>")
    report = moderation.report(user=ann, player="bob", reason="abuse", game=str(game.pk))
    admin = Client()
    admin.force_login(moderator)
    listing = admin.get("/admin/community/report/").content.decode()
    assert "bob" in listing and "Insults or harassment" in listing
    page = admin.get(f"/admin/community/report/{report.pk}/change/").content.decode()
    assert "&lt;script&gt;nasty&lt;/script&gt;" in page and "<script>nasty" not in page
    assert f"/games/{game.pk}/replay" in page and f"/admin/games/game/{game.pk}/change/" in page


def test_staff_silence_from_the_admin_stops_the_players_chat_for_a_day(members, moderator):
    ann, bob = members("ann", "bob")
    game = started_game(ann, bob)
    report = moderation.report(user=ann, player="bob", reason="spam")
    admin = Client()
    admin.force_login(moderator)
    answer = admin.post("/admin/community/report/", {
        "action": "silence_reported_a_day", "_selected_action": [report.pk]})
    assert answer.status_code == 302
    assert Report.objects.get().status == "closed"
    with pytest.raises(services.ServiceError) as err:
        say(game, bob, "hello?")
    assert err.value.code == "chat/silenced" and "until" in err.value.message
    say(game, ann, "still here")  # only bob is silenced
    with time_machine.travel(timezone.now() + timezone.timedelta(hours=25)):
        say(game, bob, "back again")
    assert ChatMessage.objects.filter(user=bob).count() == 1


def test_only_staff_sanction(members):
    ann, bob = members("ann", "bob")
    for act in (moderation.warn, moderation.ban):
        with pytest.raises(services.ServiceError) as err:
            act(user=bob, by=ann, reason="x")
        assert err.value.code == "staff/required"
    with pytest.raises(services.ServiceError):
        moderation.silence(user=bob, by=ann, hours=1)
    assert not Sanction.objects.exists()


def test_a_warning_shows_on_every_page_until_read(members, moderator):
    (bob,) = members("bob")
    warning = moderation.warn(user=bob, by=moderator, reason="mind your language")
    client = Client()
    client.force_login(bob)
    assert "mind your language" in client.get("/leaderboards/").content.decode()
    assert "mind your language" in client.get("/").content.decode()
    answer = client.post(f"/moderation/warnings/{warning.pk}/read", {"next": "/leaderboards/"})
    assert answer.status_code == 302 and answer["Location"] == "/leaderboards/"
    assert "mind your language" not in client.get("/leaderboards/").content.decode()


def test_a_ban_signs_the_player_out_cancels_his_seek_and_withdraws_him(members, moderator):
    ann, bob = members("ann", "bob")
    t = tournaments.tournament_create(user=ann, name="Cup", kind="swiss",
                                      scenarios=["meeting-at-kessel"], rounds=2)
    tournaments.tournament_join(tournament=t, user=bob)
    tournaments.tournament_start(tournament=t, by=ann)
    client = Client()
    client.force_login(bob)
    services.seek_create(user=bob)
    moderation.ban(user=bob, by=moderator, reason="cheating")
    bob = get_user_model().objects.get(pk=bob.pk)
    assert not bob.is_active
    assert not Seek.objects.filter(user=bob, status="waiting").exists()
    assert t.entries.get(user=bob).withdrawn_why == "banned"
    assert client.get("/api/v1/auth/session").json().get("username") in (None, "")
    with pytest.raises(services.ServiceError):
        moderation.ban(user=moderator, by=moderator)


def test_the_chat_length_limit_and_word_filter_are_the_sites(members):
    ann, bob = members("ann", "bob")
    game = started_game(ann, bob)
    ChatPolicy.objects.create(max_length=20, words="darn\nbloody fool")
    with pytest.raises(services.ServiceError) as err:
        say(game, ann, "x" * 21)
    assert err.value.code == "chat/too_long" and "20" in err.value.message
    say(game, ann, "Darn it")
    say(game, ann, "you bloody fool!")
    say(game, ann, "darning socks")  # a word, not a part of one
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [
        "**** it", "you ***********!", "darning socks"]


def test_a_guest_cannot_ask_for_a_rated_quick_match():
    from tests.community.kit import guest

    visitor = guest("Grenadier-3")
    with pytest.raises(services.ServiceError) as err:
        services.seek_create(user=visitor, options={"rated": True})
    assert err.value.code == "rated/not_allowed"
    assert not Seek.objects.exists()


def test_report_and_mute_over_the_api(members):
    ann, bob = members("ann", "bob")
    client = Client()
    client.force_login(ann)
    assert client.post("/api/v1/players/bob/mute").json() == {"player": "bob", "mute": True}
    assert blocks.muted_ids(ann) == {bob.pk}
    assert client.delete("/api/v1/players/bob/mute").json()["mute"] is False
    answer = client.post("/api/v1/reports", {"player": "bob", "reason": "nonsense"},
                         content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == "report/invalid"
    answer = client.post("/api/v1/reports", {"player": "bob", "reason": "spam"},
                         content_type="application/json")
    assert answer.status_code == 201
    assert Client().post("/api/v1/players/bob/block").status_code in (401, 403)
    member("cid")


def test_the_admin_refuses_a_silence_without_an_end_and_a_limit_past_the_sockets(members,
                                                                                moderator):
    (bob,) = members("bob")
    admin = Client()
    admin.force_login(moderator)
    answer = admin.post("/admin/community/sanction/add/", {"user": bob.pk, "kind": "silence",
                                                            "reason": "spam"})
    assert answer.status_code == 200 and "a silence lasts until a time" in answer.content.decode()
    assert not Sanction.objects.exists()
    answer = admin.post("/admin/community/chatpolicy/add/", {"max_length": 501, "words": ""})
    assert answer.status_code == 200 and not ChatPolicy.objects.exists()


def test_a_chat_line_loses_its_bidirectional_and_zero_width_characters(members):
    """As a username may not: `\u202e` would show `evil\u202egnp.exe` as `evilexe.png`, and a
    zero-width space would slip a word past the filter."""
    ann, bob = members("ann", "bob")
    game = started_game(ann, bob)
    ChatPolicy.objects.create(max_length=200, words="darn")
    say(game, ann, "evil\u202egnp.exe")
    say(game, ann, "d\u200bar\u2060n it\u200f")
    with pytest.raises(services.ServiceError) as err:
        say(game, ann, "\u200b\u202e\ufeff")
    assert err.value.code == "chat/empty"
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [
        "evilgnp.exe", "**** it"]
