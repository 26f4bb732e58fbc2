"""The frame parser, fuzzed: whatever a client sends, the answer is a parsed frame or a
`ProtocolError` with a stable code, never another exception (which would crash the socket)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import protocol
from games.protocol import ClientFrame, ProtocolError, parse_client_frame
from tests.abuse.fuzzkit import fuzz, game_frames, hostile_frames, lobby_frames

COMMANDS = [{"type": "roll_initiative"}, {"type": "move", "units": ["ge-1"], "path": ["A0101"]}]
CODES = {"frame/not_json", "frame/invalid", "frame/unknown_type", "frame/too_large", "frame/bad_text"}


def parsed_or_refused(text: str | bytes) -> ClientFrame | ProtocolError:
    try:
        return parse_client_frame(text)
    except ProtocolError as exc:
        return exc


@fuzz(2000)
@given(st.one_of(game_frames(COMMANDS, 7), lobby_frames(), st.binary(max_size=64), hostile_frames()))
def test_any_frame_is_parsed_or_refused_with_a_stable_code(text):
    answer = parsed_or_refused(text)
    if isinstance(answer, ProtocolError):
        assert answer.code in CODES and answer.message
    else:
        assert answer.t in protocol.CLIENT_TYPES
        if answer.t == protocol.CMD:
            assert 0 <= answer.id <= protocol.MAX_CLIENT_INT and isinstance(answer.d, dict)


@pytest.mark.parametrize("opener", ["[", '{"t":', '{"t":"cmd","id":1,"v":1,"d":{"a":'])
def test_a_frame_nested_past_the_recursion_limit_is_not_json(opener):
    text = opener * (30_000 // len(opener))
    assert len(text.encode()) < protocol.MAX_FRAME_BYTES  # the size check does not catch it
    answer = parsed_or_refused(text)
    assert isinstance(answer, ProtocolError) and answer.code == "frame/not_json"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(constant):
    text = json.dumps({"t": "cmd", "id": 1, "v": 1, "d": {"type": "x", "n": 0}})
    answer = parsed_or_refused(text.replace('"n": 0', f'"n": {constant}'))
    assert isinstance(answer, ProtocolError) and answer.code == "frame/not_json"


def test_a_frame_with_neither_text_nor_bytes_is_not_json():
    answer = parsed_or_refused(None)
    assert isinstance(answer, ProtocolError) and answer.code == "frame/not_json"


@pytest.mark.parametrize("big", [2**53, 2**64, 10**30])
def test_a_command_id_past_2_to_the_53_is_invalid_not_a_database_error(big):
    answer = parsed_or_refused(json.dumps({"t": "cmd", "id": big, "v": 1, "d": {}}))
    assert isinstance(answer, ProtocolError) and answer.code == "frame/invalid"


@pytest.mark.parametrize(
    "text",
    ['{"t":"chat","d":{"channel":"side","text":"x\\udc00"}}',
     '{"t":"chat","d":{"channel":"side","text":"hi \\u0000"}}',
     '{"t":"cmd","id":1,"v":1,"s":"x\\udc00","d":{"type":"roll_initiative"}}',
     '{"t":"cmd","id":1,"v":1,"d":{"type":"move","\\ud800":1}}'],
)
def test_a_lone_surrogate_or_nul_anywhere_in_a_frame_is_bad_text(text):
    answer = parsed_or_refused(text)
    assert isinstance(answer, ProtocolError) and answer.code == "frame/bad_text"
