"""The REST API, fuzzed from its own OpenAPI schema: every operation drf-spectacular lists,
called with malformed path parameters, query strings and bodies (not JSON, JSON of the wrong
shape, numbers past 64 bits, NaN, nesting past the decoder's recursion, form and multipart
bodies). No answer is a 500; every refusal is `{"code", "message"}`; a refused request
changes nothing in the game it names; every answer under /api/ is JSON, Django's own
refusals (an unmatched path, a body over its size limit) included.

Requests go through Django's test client, which raises the view's exception instead of
answering 500, so a crash fails the example with its traceback.
"""

from __future__ import annotations

import json
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import given
from hypothesis import strategies as st

from games.models import Game
from games.protocol import MAX_FRAME_BYTES
from tests.abuse.fuzzkit import deep, fingerprint, fuzz, json_values, scaled
from tests.gamekit import SCENARIO, person, started_game

pytestmark = pytest.mark.django_db

REQUESTS = scaled(500)
# Well-formed whatever their body: they would end the fuzzed game or the session, which the
# other examples need (each is tested on its own elsewhere).
SKIPPED = {
    ("post", "/api/v1/games/{game_id}/resign"),
    ("post", "/api/v1/games/{game_id}/leave"),
    ("post", "/api/v1/auth/logout"),
}


# The clocks app's answers nest the error shape: {"error": {"code", "message"}}.
NESTED = ("/api/v1/games/{game_id}/clock", "/api/v1/games/{game_id}/seats/{seat_id}/command",
          "/api/v1/vacation")  # fmt: skip


def operations() -> list[tuple[str, str]]:
    """(method, path template) of every operation in the API's OpenAPI schema."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    found = [
        (method, path)
        for path, ops in schema["paths"].items()
        for method in ops
        if method in ("get", "post", "put", "patch", "delete")
    ]
    return sorted(op for op in found if op not in SKIPPED)


class Body(bytes):
    """A request body whose repr stays short in a failure report (some are 128 KB)."""

    def __repr__(self) -> str:
        return f"Body({bytes(self[:120])!r}, {len(self)} bytes)"


def bodies() -> st.SearchStrategy[tuple[str, bytes]]:
    """(content type, body): mostly JSON, of any shape and often broken."""
    as_json = json_values.map(lambda v: json.dumps(v).encode())
    # A field's value with a lone surrogate or NUL, as JSON escapes (json.dumps writes them so).
    with_bad_text = st.tuples(
        st.sampled_from(["optional_rules", "level", "side", "username", "text", "scenario", "s"]),
        st.sampled_from(["x\udc00", "\ud800", "hi \x00"]),
        st.booleans(),
    ).map(lambda a: json.dumps({a[0]: [a[1]] if a[2] else a[1]}).encode())
    dicts = st.dictionaries(
        st.sampled_from(["id", "v", "command", "side", "username", "password", "scenario",
                         "options", "level", "seats", "text", "reason", "days", "token"]),
        json_values, max_size=5,
    ).map(lambda v: json.dumps(v).encode())  # fmt: skip
    raw = st.one_of(
        as_json, dicts, dicts,
        st.binary(max_size=64),
        st.tuples(st.integers(5_000, 40_000), st.sampled_from("[{")).map(lambda a: deep(*a).encode()),
        st.sampled_from([b'{"id": NaN, "v": 1, "command": {}}', b"[Infinity]", b'{"v": -Infinity}',
                         b'{"id": 1e400}', b"\xff\xfe", b"", b"null"]),
        st.just(b'{"pad": "' + b"x" * (MAX_FRAME_BYTES * 2) + b'"}'),
        with_bad_text,
        st.just(b'{"pad": "' + b"x" * (3 * 1024 * 1024) + b'"}'),  # past DATA_UPLOAD_MAX_MEMORY_SIZE
    )  # fmt: skip
    kinds = st.sampled_from(
        ["application/json"] * 6
        + ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=zz"]
    )
    return st.tuples(kinds, raw.map(Body))


def query_values() -> st.SearchStrategy[str]:
    """Query parameter values: words, and JSON (the preview's composed `command` is JSON),
    broken the ways a body is."""
    return st.one_of(
        st.text(max_size=20),
        json_values.map(json.dumps),
        st.fixed_dictionaries({"type": json_values}, optional={"units": json_values}).map(json.dumps),
        st.tuples(st.integers(5_000, 20_000), st.sampled_from("[{")).map(lambda a: deep(*a)),
        st.sampled_from(["NaN", '{"type": "fire", "n": Infinity}', "1e400", "-1", "99999999999999999999"]),
    )


def path_values(game_id: str) -> dict[str, st.SearchStrategy[str]]:
    text = st.text(max_size=12)
    return {
        "game_id": st.one_of(st.just(game_id), st.just(game_id), text),
        "seat_id": st.one_of(st.sampled_from(["ge-1", "su-1"]), text),
        "scenario_id": st.one_of(st.just(SCENARIO), text),
        "username": st.one_of(st.sampled_from(["bob", "ann"]), text),
    }


def signed_in(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def unlimited(settings):
    """No rate limit stops an example before the view (each is tested in test_throttles)."""
    settings.PGWEB_RATES = {scope: "1000000/minute" for scope in settings.PGWEB_RATES}


def test_malformed_requests_never_crash_the_api_nor_change_the_game(unlimited):
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    gid = str(game.pk)
    ops = operations()
    assert ("post", "/api/v1/games/{game_id}/commands") in ops and len(ops) > 25
    values = path_values(gid)
    clients = {ann: signed_in(ann), None: signed_in(None)}
    baseline = [fingerprint(gid)]
    statuses: dict[int, int] = {}

    @fuzz(500)
    @given(
        op=st.sampled_from(ops),
        params=st.fixed_dictionaries({k: v for k, v in values.items()}),
        other=st.text(max_size=10),
        query=st.dictionaries(st.sampled_from(["status", "side", "upto", "unit", "units", "hex",
                                               "from", "to", "command", "audience", "v"]),
                              query_values(), max_size=3),  # fmt: skip
        body=bodies(),
        as_who=st.sampled_from([ann, ann, None]),
    )
    def check(op, params, other, query, body, as_who):
        method, template = op
        path = template
        for name in ("game_id", "seat_id", "scenario_id", "username"):
            path = path.replace(f"{{{name}}}", quote(params[name], safe=""))
        while "{" in path:  # parameters of other apps' paths: anything
            start, end = path.index("{"), path.index("}")
            path = path[:start] + quote(other, safe="") + path[end + 1 :]
        url = path + ("?" + urlencode(query) if query else "")
        client = clients[as_who]
        before = baseline[0]
        content_type, data = body
        if method == "get":
            response = client.get(url)
        else:
            response = getattr(client, method)(url, data, content_type=content_type)
        status = response.status_code
        statuses[status] = statuses.get(status, 0) + 1
        assert status < 500, (method, url, data[:200], status)
        is_json = response.get("Content-Type", "").startswith("application/json")
        if not template.startswith("/api/v1/schema/") or status >= 400:
            assert is_json, (method, url, status, response.get("Content-Type"))
        if status >= 400:
            answer = response.json()
            if template.startswith(NESTED):  # the clocks app: {"error": {"code", "message"}}
                answer = answer.get("error", answer)
            assert set(answer) >= {"code", "message"}, (method, url, answer)
            assert isinstance(answer["code"], str) and isinstance(answer["message"], str)
        if status >= 400:
            assert fingerprint(gid) == before, (method, url, data[:200], status)
        else:
            baseline[0] = fingerprint(gid)  # an accepted request may change things
        if "/auth/" in template:  # it may have signed the client in or out: start afresh
            clients[as_who] = signed_in(as_who)

    check()
    print("api fuzz statuses:", dict(sorted(statuses.items())))
    assert sum(n for s, n in statuses.items() if s >= 400) > REQUESTS // 2, statuses


@pytest.mark.parametrize(
    "composed", ['{"type": []}', '{"type": {}}', "[1]", "NaN", "[" * 30_000, '{"type": "fire", "x": Infinity}']
)
def test_a_malformed_composed_command_to_preview_is_a_400_not_a_crash(composed):
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    answer = signed_in(ann).get(f"/api/v1/games/{game.pk}/preview", {"command": composed})
    assert answer.status_code == 400 and answer.json()["code"] == "command/invalid"


def test_a_push_subscription_nested_past_the_recursion_limit_is_refused_not_a_crash():
    ann = person("ann")
    answer = signed_in(ann).post(
        "/notifications/push/subscribe", "[" * 30_000, content_type="application/json"
    )
    assert 400 <= answer.status_code < 500


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/games", {"scenario": SCENARIO, "side": "ge", "optional_rules": ["x\udc00"]}),
        ("/api/v1/bots/play", {"scenario": SCENARIO, "level": "x\udc00"}),
        ("/api/v1/games", {"scenario": SCENARIO + "\x00", "side": "ge"}),
    ],
)
def test_it_refuses_a_body_with_a_lone_surrogate_or_nul_with_a_json_400(path, body):
    text = json.dumps(body)  # the surrogate and NUL as JSON escapes, `\\udc00` and `\\u0000`
    answer = signed_in(person("ann")).post(path, text, content_type="application/json")
    assert (answer.status_code, answer.json()["code"]) == (400, "request/bad_text")
    assert "surrogate" in answer.json()["message"]


def test_an_address_the_api_router_does_not_match_is_a_json_404():
    for path in ("/api/v1/tournaments/abc", "/api/v1/nothing-here", "/api/v2/games"):
        answer = signed_in(None).get(path)
        assert answer.status_code == 404 and answer["Content-Type"] == "application/json", path
        assert answer.json()["code"] == "request/not_found"


def test_a_body_over_the_size_limit_is_a_json_413_and_changes_nothing(settings):
    ann = person("ann")
    body = b'{"days": 3, "pad": "' + b"x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE + b'"}'
    for path in ("/api/v1/vacation", "/api/v1/games"):
        answer = signed_in(ann).post(path, body, content_type="application/json")
        assert answer.status_code == 413 and answer.json()["code"] == "request/too_large", path
    assert not Game.objects.exists()
