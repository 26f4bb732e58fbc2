"""Rate limits: one address cannot mint accounts, one user cannot flood writes, seeks or chat,
and repeated wrong passwords lock a name out. Each answers 429 with a stable code."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.models import Seat
from games.services.errors import ServiceError
from games.throttles import FrameBucket, client_address, throttle_check
from tests.conftest import ROOT
from tests.designkit import pg_battle
from tests.gamekit import person, signed_in, started_game

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, body: dict | None = None, **extra):
    return client.post(path, body or {}, content_type="application/json", **extra)


def with_password(name: str, password: str):
    return get_user_model().objects.create_user(username=name, password=password)


def test_one_address_gets_only_so_many_guest_accounts(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "guest": "3/hour"}
    made = [post(Client(), "/api/v1/auth/guest").status_code for _ in range(3)]
    assert made == [201, 201, 201]
    refused = post(Client(), "/api/v1/auth/guest")
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate/limited"
    assert "try again in" in refused.json()["message"]


def test_another_address_still_gets_its_guest_account(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "guest": "1/hour"}
    assert post(Client(), "/api/v1/auth/guest").status_code == 201
    assert post(Client(), "/api/v1/auth/guest").status_code == 429
    other = post(Client(), "/api/v1/auth/guest", REMOTE_ADDR="203.0.113.9")
    assert other.status_code == 201


def test_a_forged_forwarded_for_header_does_not_make_a_new_address(settings):
    # The audit's attack: the same client, a new X-Forwarded-For each time.
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "guest": "2/hour", "signup": "2/hour"}
    forged = [f"198.51.100.{n}" for n in range(6)]
    guests = [
        post(Client(), "/api/v1/auth/guest", HTTP_X_FORWARDED_FOR=ip).status_code for ip in forged
    ]
    assert guests == [201, 201, 429, 429, 429, 429]
    signups = [
        post(
            Client(), "/api/v1/auth/signup", {"username": f"u{n}", "password": "long-horse-9"},
            HTTP_X_FORWARDED_FOR=ip,
        ).status_code
        for n, ip in enumerate(forged)
    ]  # fmt: skip
    assert signups == [201, 201, 429, 429, 429, 429]
    assert get_user_model().objects.filter(username__startswith="u").count() == 2


def test_behind_trusted_proxies_the_address_is_the_one_the_outer_proxy_saw(settings):
    settings.PGWEB_TRUSTED_PROXIES = 1
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "guest": "1/hour"}
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    # The client writes what it likes on the left; the proxy appends what it saw.
    first = post(Client(), "/api/v1/auth/guest", HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.7", **proxy)
    again = post(Client(), "/api/v1/auth/guest", HTTP_X_FORWARDED_FOR="2.2.2.2, 203.0.113.7", **proxy)
    other = post(Client(), "/api/v1/auth/guest", HTTP_X_FORWARDED_FOR="203.0.113.8", **proxy)
    assert (first.status_code, again.status_code, other.status_code) == (201, 429, 201)


def test_the_client_address_trusts_only_as_many_hops_as_there_are_proxies(settings):
    def request(forwarded: str | None):
        meta = {"REMOTE_ADDR": "10.0.0.2"}
        if forwarded is not None:
            meta["HTTP_X_FORWARDED_FOR"] = forwarded
        return type("R", (), {"META": meta})()

    settings.PGWEB_TRUSTED_PROXIES = 0
    assert client_address(request("203.0.113.7")) == "10.0.0.2"
    settings.PGWEB_TRUSTED_PROXIES = 2
    assert client_address(request("6.6.6.6, 203.0.113.7, 10.0.0.1")) == "203.0.113.7"
    assert client_address(request("203.0.113.7")) == "203.0.113.7"  # fewer hops than proxies
    assert client_address(request(None)) == "10.0.0.2"


def test_sign_in_lock_out_counts_the_same_address_whatever_the_header_says(settings):
    with_password("ann", "right-horse-9")
    for n in range(settings.AXES_FAILURE_LIMIT):
        post(Client(), "/api/v1/auth/login", {"username": "ann", "password": "nope"},
             HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")  # fmt: skip
    locked = post(Client(), "/api/v1/auth/login", {"username": "ann", "password": "right-horse-9"},
                  HTTP_X_FORWARDED_FOR="198.51.100.99")  # fmt: skip
    assert (locked.status_code, locked.json()["code"]) == (429, "auth/locked_out")


def test_claiming_a_guest_account_counts_as_a_sign_up_per_address(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "signup": "2/hour", "guest": "100/hour"}
    names = []
    for n in range(3):
        guest = Client()
        post(guest, "/api/v1/auth/guest")
        answer = post(guest, "/api/v1/auth/claim", {"username": f"claimed{n}", "password": "long-horse-9"})
        names.append(answer.status_code)
    assert names == [200, 200, 429]
    guest = Client()
    post(guest, "/api/v1/auth/guest")
    page = guest.post("/accounts/claim/", {"username": "claimed9", "password": "long-horse-9"})
    assert page.status_code == 429 and b"try again in" in page.content
    assert sorted(get_user_model().objects.filter(username__startswith="claimed")
                  .values_list("username", flat=True)) == ["claimed0", "claimed1"]  # fmt: skip


def cache_of(env: dict[str, str]) -> list[str]:
    """The cache backend and location the settings choose in a fresh process with `env`."""
    code = "from pgweb import settings as s; c = s.CACHES['default']; print(c['BACKEND'], c.get('LOCATION', '-'))"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
        env={**os.environ, **env},
    )  # fmt: skip
    return run.stdout.split()


def test_with_redis_and_no_cache_url_the_limits_are_counted_in_redis():
    redis = "pgweb.cache.FailOpenRedisCache"  # Django's RedisCache, failing open (pgweb/cache.py)
    assert cache_of({"REDIS_URL": "redis://127.0.0.1:1/0", "CACHE_URL": ""}) == [
        redis, "redis://127.0.0.1:1/0"
    ]  # fmt: skip
    assert cache_of({"REDIS_URL": "redis://127.0.0.1:1/0", "CACHE_URL": "redis://h:2/1"}) == [
        redis, "redis://h:2/1"
    ]  # fmt: skip
    assert cache_of({"REDIS_URL": "", "CACHE_URL": ""})[0].endswith("LocMemCache")


def test_sign_up_is_limited_per_address_on_the_api_and_the_page(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "signup": "2/hour"}
    first = post(Client(), "/api/v1/auth/signup", {"username": "ann", "password": "long-horse-9"})
    second = Client().post(
        "/accounts/signup/",
        {"username": "bob", "password1": "long-horse-9", "password2": "long-horse-9"},
    )
    assert (first.status_code, second.status_code) == (201, 302)
    page = Client().post(
        "/accounts/signup/",
        {"username": "cid", "password1": "long-horse-9", "password2": "long-horse-9"},
    )
    assert page.status_code == 429 and b"try again in" in page.content
    assert not get_user_model().objects.filter(username="cid").exists()


def test_rest_writes_are_limited_per_user_and_reads_are_not(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "write": "2/minute"}
    ann = signed_in("ann")
    codes = [post(ann, "/api/v1/games/nope/join", {"side": "german"}).status_code for _ in range(3)]
    assert codes[:2] == [404, 404] and codes[2] == 429
    assert ann.get("/api/v1/scenarios").status_code == 200
    assert post(signed_in("bob"), "/api/v1/games/nope/join", {"side": "german"}).status_code == 404


def test_an_ended_games_history_and_export_are_limited_per_user_and_address(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "review": "2/minute"}
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    services.game_resign(game=game, seat=Seat.objects.get(game=game, user=bob))
    for reader in (signed_in("cleo"), Client()):  # a user; then, signed out, an address
        paths = ["history", "export", "history?audience=public"]
        codes = [reader.get(f"/api/v1/games/{game.pk}/{p}").status_code for p in paths]
        assert codes == [200, 200, 429]
        refused = reader.get(f"/api/v1/games/{game.pk}/export")
        assert (refused.status_code, refused.json()["code"]) == (429, "rate/limited")
    assert signed_in("dora").get(f"/api/v1/games/{game.pk}/history").status_code == 200


def test_the_designers_check_is_limited_per_user(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "check": "1/minute"}
    ann = signed_in("ann")
    body = {"ruleset": "panzer_grenadier", "document": pg_battle()}
    assert post(ann, "/api/v1/designer/check", body).status_code == 200
    refused = post(ann, "/api/v1/designer/check", body)
    assert (refused.status_code, refused.json()["code"]) == (429, "rate/limited")
    assert post(signed_in("bob"), "/api/v1/designer/check", body).status_code == 200


def test_seeks_are_limited_per_user(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "seek": "1/minute"}
    ann = signed_in("ann")
    assert post(ann, "/api/v1/matchmaking/seeks", {}).status_code == 201
    refused = post(ann, "/api/v1/matchmaking/seeks", {})
    assert (refused.status_code, refused.json()["code"]) == (429, "rate/limited")


def test_chat_lines_are_limited_per_user_across_sockets(settings):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "chat": "2/minute"}
    ann = person("ann")
    throttle_check("chat", user=ann)
    throttle_check("chat", user=ann)
    with pytest.raises(ServiceError) as refused:
        throttle_check("chat", user=ann)
    assert (refused.value.code, refused.value.status) == ("rate/limited", 429)
    throttle_check("chat", user=person("bob"))  # another user has their own count


def test_five_wrong_passwords_lock_the_name_out_and_the_right_one_no_longer_helps(settings):
    with_password("ann", "right-horse-9")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        wrong = post(client, "/api/v1/auth/login", {"username": "ann", "password": "nope"})
        assert wrong.status_code in (401, 429)  # wrong credentials: 401 (docs/api.md)
    locked = post(client, "/api/v1/auth/login", {"username": "ann", "password": "right-horse-9"})
    assert (locked.status_code, locked.json()["code"]) == (429, "auth/locked_out")
    page = Client().post("/accounts/login/", {"username": "ann", "password": "right-horse-9"})
    assert page.status_code == 429 and b"too many failed sign-ins" in page.content


def test_a_right_password_before_the_limit_resets_the_count(settings):
    with_password("ann", "right-horse-9")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        post(client, "/api/v1/auth/login", {"username": "ann", "password": "nope"})
    ok = post(client, "/api/v1/auth/login", {"username": "ann", "password": "right-horse-9"})
    assert ok.status_code == 200
    wrong = post(client, "/api/v1/auth/login", {"username": "ann", "password": "nope"})
    assert wrong.status_code == 401


def test_a_frame_bucket_allows_a_burst_then_the_sustained_rate():
    now = [0.0]
    bucket = FrameBucket(per_second=2, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5  # one token back after half a second at 2 per second
    assert [bucket.take(), bucket.take()] == [True, False]
    now[0] = 100.0  # never more than the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
