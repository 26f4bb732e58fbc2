"""Malformed input as an attacker would send it, for the fuzz tests of the sockets and the API.

Strategies (Hypothesis) for socket frames and request bodies: text that is not JSON, JSON of
every shape, frames of the right type with broken fields (ids past 64 bits, floats, strings,
booleans), commands mutated from legal ones, nesting deep enough to overflow the decoder's
recursion, NaN and Infinity, frames past the size limit. Each fuzz test runs a fixed number
of examples derandomized (the same examples every run: they never flake) and without
Hypothesis' example database.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.models import ChatMessage, Game, GameStep, Seek
from games.protocol import CHAT_CHANNELS, CLIENT_TYPES, MAX_FRAME_BYTES


def scaled(examples: int) -> int:
    """`examples` times PGWEB_FUZZ_SCALE (1 in `make test`; 10 for a long hunt)."""
    return max(1, round(examples * float(os.environ.get("PGWEB_FUZZ_SCALE", "1"))))


def fuzz(examples: int) -> settings:
    """Hypothesis settings for a fuzz test: `examples` examples (scaled), the same ones every
    run."""
    return settings(
        max_examples=scaled(examples),
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


BIG = 2**70  # past the 64-bit database columns
numbers = st.one_of(
    st.integers(min_value=-BIG, max_value=BIG),
    st.sampled_from([0, 1, -1, 2**53 - 1, 2**53, 2**63 - 1, 2**63, 2**64, -(2**63) - 1]),
    st.floats(allow_nan=False, allow_infinity=False),
)
leaves = st.one_of(
    st.none(), st.booleans(), numbers, st.text(max_size=12), st.sampled_from(["", " ", "ge-1"])
)
json_values = st.recursive(
    leaves,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=10,
)
not_ints = st.one_of(
    st.none(), st.booleans(), st.text(max_size=8), st.floats(allow_nan=False), st.just([1]),
    st.integers(min_value=2**53, max_value=BIG), st.integers(min_value=-BIG, max_value=-1),
)  # fmt: skip


def deep(depth: int, opener: str) -> str:
    """A frame nested `depth` times: past the decoder's recursion limit it raises RecursionError."""
    if opener == "{":
        return '{"t":' * depth
    return "[" * depth


def _with_constant(frame: dict, constant: str) -> str:
    """A frame with NaN or Infinity in place of a number (Python's json accepts those)."""
    return json.dumps(frame).replace("12345", constant, 1)


def mutated(command: dict) -> st.SearchStrategy[dict]:
    """A legal command broken one way: a field dropped, changed, or added; its type renamed."""
    keys = sorted(command)
    drop = st.sampled_from(keys).map(lambda k: {x: v for x, v in command.items() if x != k})
    change = st.tuples(st.sampled_from(keys), json_values).map(
        lambda kv: {**command, kv[0]: kv[1]}
    )
    extra = st.tuples(st.text(min_size=1, max_size=8), json_values).map(
        lambda kv: {**command, kv[0]: kv[1]} if kv[0] not in command else {**command, "zz": kv[1]}
    )
    rename = st.text(max_size=12).map(lambda t: {**command, "type": t})
    return st.one_of(drop, change, extra, rename)


def game_frames(commands: list[dict], version: int) -> st.SearchStrategy[str]:
    """Frames for the game socket, nearly all malformed; `commands` are legal ones to break."""
    refereed = st.sampled_from(commands).flatmap(mutated).flatmap(
        lambda d: st.fixed_dictionaries(
            {"t": st.just("cmd"), "id": st.integers(1, 2**53 - 1), "v": st.just(version),
             "d": st.just(d)})
    )  # fmt: skip
    broken_cmd = st.one_of(
        st.fixed_dictionaries({"t": st.just("cmd"), "id": not_ints, "v": st.just(version),
                               "d": st.sampled_from(commands)}),
        st.fixed_dictionaries({"t": st.just("cmd"), "id": st.integers(1, 2**53 - 1),
                               "v": not_ints, "d": st.sampled_from(commands)}),
        st.fixed_dictionaries({"t": st.just("cmd"), "id": st.integers(1, 2**53 - 1),
                               "v": st.just(version), "d": json_values}),
        refereed,  # three times: most broken commands reach the referee
        refereed,
        refereed,
    )  # fmt: skip
    broken_other = st.one_of(
        st.fixed_dictionaries({"t": st.just("sync"), "v": not_ints}),
        st.fixed_dictionaries({"t": st.just("chat"), "d": json_values}),
        st.fixed_dictionaries(
            {"t": st.just("chat"),
             "d": st.fixed_dictionaries({"channel": st.text(max_size=10) | st.sampled_from(CHAT_CHANNELS),
                                         "text": st.one_of(st.just(""), st.just("   "), st.text(min_size=501, max_size=520), numbers, st.none())})}
        ),
        st.fixed_dictionaries({"t": json_values.filter(lambda t: t not in CLIENT_TYPES)}),
        st.dictionaries(st.text(max_size=4), json_values, max_size=5),
    )  # fmt: skip
    return st.one_of(
        st.text(max_size=60),
        json_values.map(json.dumps),
        broken_cmd.map(json.dumps),  # three times: a third of the frames reach the referee
        broken_cmd.map(json.dumps),
        broken_cmd.map(json.dumps),
        broken_other.map(json.dumps),
        st.tuples(st.integers(5_000, 40_000), st.sampled_from("[{")).map(lambda a: deep(*a)),
        st.sampled_from(["NaN", "Infinity", "-Infinity"]).map(
            lambda c: _with_constant({"t": "cmd", "id": 12345, "v": version, "d": commands[0]}, c)
        ),
        st.just(json.dumps({"t": "ping", "pad": "x" * (MAX_FRAME_BYTES + 1)})),
        st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    )


def lobby_frames() -> st.SearchStrategy[str]:
    """Frames for the lobby socket: anything but `ping` and `refresh`, often not JSON."""
    return st.one_of(
        st.text(max_size=60),
        json_values.map(json.dumps),
        st.fixed_dictionaries({"t": json_values}).map(json.dumps),
        st.tuples(st.integers(5_000, 40_000), st.sampled_from("[{")).map(lambda a: deep(*a)),
        st.sampled_from(['{"t": NaN}', '{"t": "ping", "x": Infinity}', "[NaN]"]),
        st.just(json.dumps({"t": "ping", "pad": "x" * (MAX_FRAME_BYTES + 1)})),
    )


def fingerprint(game_id: Any) -> tuple:
    """What a rejected input must leave as it was: the game's version, state and dice, its
    log and chat, and the queue."""
    game = Game.objects.get(pk=game_id)
    state = hashlib.sha256(json.dumps(game.state, sort_keys=True).encode()).hexdigest()
    return (
        game.version,
        game.status,
        state,
        game.dice_position,
        GameStep.objects.filter(game_id=game_id).count(),
        ChatMessage.objects.filter(game_id=game_id).count(),
        Seek.objects.count(),
        tuple(game.seats.order_by("seat_id").values_list("seat_id", "user_id")),
    )


def _inserted(frame: dict, bad: str) -> st.SearchStrategy[str]:
    """`frame` with `bad` (a lone surrogate, NUL) in one of its strings or as a new key,
    spelled as JSON escapes (`\\udc00`, `\\u0000`) the way a script would send it."""
    def put(where: str) -> dict:
        if where == "key":
            return {**frame, f"k{bad}": 1}
        if where == "t":
            return {**frame, "t": frame["t"] + bad}
        data = frame.get("d")
        if isinstance(data, dict) and data:
            key = sorted(data)[0]
            return {**frame, "d": {**data, key: f"{data[key]}{bad}"}}
        return {**frame, "s": f"ge-1{bad}"}

    return st.sampled_from(["key", "t", "d"]).map(lambda w: json.dumps(put(w)))


PING = {"t": "ping"}
CHAT = {"t": "chat", "d": {"channel": "players", "text": "hello"}}
CMD = {"t": "cmd", "id": 1, "v": 1, "d": {"type": "roll_initiative"}}
lone_surrogates = st.integers(0xD800, 0xDFFF).map(chr)


def hostile_frames() -> st.SearchStrategy[str | bytes]:
    """Frames that broke sockets (issue 51), for every socket: lone surrogates and NUL in any
    string or key, binary frames (JSON or not), empty frames, nesting past the decoder,
    integers past Python's 4 300-digit limit, frames over the size limit as text or bytes."""
    base = st.sampled_from([PING, CHAT, CMD, {"t": "refresh"}])
    return st.one_of(
        st.tuples(base, lone_surrogates).flatmap(lambda a: _inserted(*a)),
        base.flatmap(lambda f: _inserted(f, "\x00")),
        st.binary(max_size=60),
        st.sampled_from([b"", "", b'{"t":"ping"}', b"\xff\xfe{", b'{"t":"ping","x":"\xed\xb0\x80"}']),
        st.tuples(st.integers(5_000, 60_000), st.sampled_from("[{")).map(lambda a: deep(*a)),
        st.integers(4_301, 6_000).map(lambda n: '{"t":"ping","n":%s}' % ("9" * n)),
        st.integers(4_301, 6_000).map(lambda n: '{"t":"cmd","id":%s,"v":1,"d":{}}' % ("9" * n)),
        st.just(json.dumps({"t": "ping", "pad": "x" * (MAX_FRAME_BYTES + 1)})),
        st.just(json.dumps({"t": "ping", "pad": "x" * (MAX_FRAME_BYTES + 1)}).encode()),
    )
