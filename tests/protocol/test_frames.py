"""The browser's frames: what parses, and the clear error for everything else."""

from __future__ import annotations

import json

import pytest

from games import protocol
from games.protocol import ProtocolError, parse_client_frame


def test_a_command_frame_carries_its_id_base_version_and_command():
    frame = parse_client_frame('{"t":"cmd","id":17,"v":41,"d":{"type":"pass"}}')
    assert (frame.t, frame.id, frame.v, frame.d) == ("cmd", 17, 41, {"type": "pass"})


def test_sync_carries_the_version_the_browser_has():
    assert parse_client_frame('{"t":"sync","v":3}').v == 3


def test_chat_text_is_trimmed_and_its_channel_checked():
    frame = parse_client_frame('{"t":"chat","d":{"channel":"side","text":"  hold the ridge "}}')
    assert frame.d == {"channel": "side", "text": "hold the ridge"}


def test_ping_needs_nothing_else():
    assert parse_client_frame('{"t":"ping"}').t == "ping"


@pytest.mark.parametrize(
    "text, code",
    [
        ("not json", "frame/not_json"),
        ("[1, 2]", "frame/invalid"),
        ('{"t":"launch"}', "frame/unknown_type"),
        ('{"v":1}', "frame/unknown_type"),
        ('{"t":"cmd","v":1,"d":{}}', "frame/invalid"),  # no id
        ('{"t":"cmd","id":1,"d":{}}', "frame/invalid"),  # no base version
        ('{"t":"cmd","id":1,"v":-1,"d":{}}', "frame/invalid"),
        ('{"t":"cmd","id":true,"v":1,"d":{}}', "frame/invalid"),
        # past 64 bits an id used to reach the database and crash the socket (OverflowError)
        ('{"t":"cmd","id":18446744073709551616,"v":1,"d":{}}', "frame/invalid"),
        ('{"t":"cmd","id":1,"v":9007199254740992,"d":{}}', "frame/invalid"),
        ('{"t":"sync","v":99999999999999999999}', "frame/invalid"),
        ('{"t":"cmd","id":1,"v":1,"d":"pass"}', "frame/invalid"),
        ('{"t":"sync"}', "frame/invalid"),
        ('{"t":"chat","d":{"channel":"everyone","text":"hi"}}', "frame/invalid"),
        ('{"t":"chat","d":{"channel":"side","text":"   "}}', "frame/invalid"),
    ],
)
def test_a_bad_frame_is_refused_with_a_stable_code(text, code):
    with pytest.raises(ProtocolError) as err:
        parse_client_frame(text)
    assert err.value.code == code
    assert err.value.message


def test_a_frame_over_64_kb_is_refused_before_it_is_parsed():
    text = json.dumps({"t": "chat", "d": {"channel": "side", "text": "x" * 70_000}})
    with pytest.raises(ProtocolError) as err:
        parse_client_frame(text)
    assert err.value.code == "frame/too_large"


def test_chat_longer_than_the_limit_is_refused():
    text = json.dumps({"t": "chat", "d": {"channel": "side", "text": "x" * 501}})
    with pytest.raises(ProtocolError):
        parse_client_frame(text)


def test_encoding_is_compact_and_deterministic():
    a = protocol.encode({"v": 2, "t": "tick"})
    b = protocol.encode({"t": "tick", "v": 2})
    assert a == b == '{"t":"tick","v":2}'
