"""The wire protocol of `/ws/games/<id>/v1/`: frame types, parsing and encoding.

Mirrored by `static/games/js/protocol.js`. Frames are JSON objects with short keys:
`t` type, `v` game version, `d` data, `id` a client command id.

Parsing is strict: a frame that is not what the protocol says is refused with a
`ProtocolError` whose code and message the consumer sends back in an `error` frame, and
nothing else happens.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.textcheck import BAD_TEXT_MESSAGE, MAX_CLIENT_INT, first_bad_text

PROTOCOL_VERSION = 1
MAX_FRAME_BYTES = 64 * 1024
MAX_CHAT_CHARS = 500

# Browser to server.
CMD = "cmd"
SYNC = "sync"
CHAT = "chat"
PING = "ping"
CLIENT_TYPES = (CMD, SYNC, CHAT, PING)

# Server to browser.
SNAPSHOT = "snapshot"
PATCH = "patch"
TICK = "tick"
ACK = "ack"
REJECT = "reject"
ERROR = "error"
PRESENCE = "presence"
PONG = "pong"
CLOCK = "clock"  # the clocks changed outside a step: {"now", "v", "clocks", "events"}
OFFER = "offer"  # the draw offers this side may see changed: {"offers": [...]}
# A side's plans, to that side's group only (games/planning): its standing orders changed,
# a window its orders answered, a drawing added or removed.
ORDERS = "orders"
ORDER_ANSWER = "order_answer"
DRAWING = "drawing"

CHAT_CHANNELS = ("side", "players", "spectators")

# WebSocket close codes (DESIGN.md).
CLOSE_NOT_SIGNED_IN = 4401
CLOSE_NOT_YOUR_GAME = 4403
CLOSE_NO_SUCH_GAME = 4404
CLOSE_UNSUPPORTED_VERSION = 4409
CLOSE_TOO_MANY_FRAMES = 4429  # the socket sent frames faster than settings.PGWEB_SOCKET_FRAMES
# The socket left more than settings.PGWEB_SOCKET_SEND_BUFFER bytes unread (a frozen tab, a
# dead link): closed so that it cannot hold memory; the browser reconnects and catches up.
CLOSE_NOT_READING = 4408
# The database or the channel layer is unavailable (a restart): reconnect with backoff.
CLOSE_TRY_AGAIN = 4503


class ProtocolError(ValueError):
    """A frame the protocol does not allow; `code` is stable, `message` says what is wrong."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class ClientFrame:
    """A parsed browser frame."""

    t: str
    id: int | None = None  # cmd: the client's command id
    v: int | None = None  # cmd: the base version; sync: the version the browser has
    d: Any = None  # cmd: the command object; chat: {"channel", "text"}
    s: str | None = None  # cmd: a partner's seat to act for (taken over, or on vacation)


MAX_SEAT_CHARS = 40


def _non_negative_int(raw: dict, key: str, t: str) -> int:
    value = raw.get(key)
    # bool is an int in Python; a version or id of `true` is a client bug, not a number.
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_CLIENT_INT:
        raise ProtocolError(
            "frame/invalid", f"'{t}' needs '{key}' as an integer from 0 to {MAX_CLIENT_INT}"
        )
    return value


def check_command_shape(command: Any) -> None:
    """A command is an object whose `type` is a string; the engine checks the rest.

    Checked here for the socket and by the REST serializer alike, so the engine's parser is
    never handed a `type` it cannot even look up (a list or an object there raised
    TypeError, not a typed rejection).
    """
    if not isinstance(command, dict):
        raise ProtocolError("frame/invalid", "'cmd' needs 'd' as a command object")
    if not isinstance(command.get("type"), str):
        raise ProtocolError("frame/invalid", "a command needs 'type' as a string")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes) -> Any:
    """Decode a frame's JSON strictly, or raise ProtocolError `frame/not_json` (or
    `frame/bad_text`).

    Strict: `NaN` and `Infinity` (which Python's json accepts and no browser sends) are
    refused, and so is nesting deeper than the decoder's recursion allows (a frame of
    30 000 `[` raises RecursionError, not ValueError); `None` (a frame with neither text nor
    bytes) too. A string anywhere in the frame holding NUL or a lone surrogate (`"\\udc00"`)
    is refused as well (games/textcheck.py): nothing behind the socket could store or echo it.
    """
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise ProtocolError("frame/not_json", "frame is not JSON") from None
    if first_bad_text(value) is not None:
        raise ProtocolError("frame/bad_text", BAD_TEXT_MESSAGE)
    return value


def decode_frame(text: str | bytes | None) -> Any:
    """Check a frame's size and decode its JSON strictly (`loads`): what every socket does
    with what a browser sends before looking at its fields."""
    if not isinstance(text, str | bytes):
        raise ProtocolError("frame/not_json", "frame is not JSON")
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if size > MAX_FRAME_BYTES:
        raise ProtocolError("frame/too_large", f"frame of {size} bytes exceeds {MAX_FRAME_BYTES}")
    return loads(text)


def _acting_seat(raw: dict) -> str | None:
    """A command's optional `s`: the seat to act for, when it is not the sender's own."""
    seat = raw.get("s")
    if seat is None:
        return None
    if not isinstance(seat, str) or not 0 < len(seat) <= MAX_SEAT_CHARS:
        raise ProtocolError("frame/invalid", f"'s' must be a seat id of 1 to {MAX_SEAT_CHARS} characters")
    return seat


def parse_client_frame(text: str | bytes | None) -> ClientFrame:
    """Parse and check one browser frame (DESIGN.md, "The wire protocol")."""
    raw = decode_frame(text)
    if not isinstance(raw, dict):
        raise ProtocolError("frame/invalid", "frame must be a JSON object")
    t = raw.get("t")
    if t not in CLIENT_TYPES:
        raise ProtocolError("frame/unknown_type", f"unknown frame type {t!r}")
    if t == CMD:
        command = raw.get("d")
        check_command_shape(command)
        return ClientFrame(
            t=CMD, id=_non_negative_int(raw, "id", t), v=_non_negative_int(raw, "v", t), d=command,
            s=_acting_seat(raw),
        )
    if t == SYNC:
        return ClientFrame(t=SYNC, v=_non_negative_int(raw, "v", t))
    if t == CHAT:
        data = raw.get("d")
        if not isinstance(data, dict):
            raise ProtocolError("frame/invalid", "'chat' needs 'd' with 'channel' and 'text'")
        channel, body = data.get("channel"), data.get("text")
        if channel not in CHAT_CHANNELS:
            raise ProtocolError("frame/invalid", f"chat channel must be one of {CHAT_CHANNELS}")
        if not isinstance(body, str) or not body.strip():
            raise ProtocolError("frame/invalid", "chat text must be a non-empty string")
        if len(body) > MAX_CHAT_CHARS:
            raise ProtocolError("frame/invalid", f"chat text is longer than {MAX_CHAT_CHARS}")
        return ClientFrame(t=CHAT, d={"channel": channel, "text": body.strip()})
    return ClientFrame(t=PING)


def encode(frame: dict[str, Any]) -> str:
    """Encode a server frame once, compactly; the same text goes to every socket of a group."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def snapshot_frame(version: int, view: dict) -> dict:
    return {"t": SNAPSHOT, "v": version, "d": view}


def patch_frame(version: int, ops: list[dict], log: list[dict], by: dict | None = None) -> dict:
    """A step's patch; `by` (the acting side's frame in a team game): who acted, and what
    a partner's page tells its player whose proposed command it dropped."""
    d = {"ops": ops, "log": log}
    if by is not None:
        d["by"] = by
    return {"t": PATCH, "v": version, "d": d}


def tick_frame(version: int) -> dict:
    return {"t": TICK, "v": version}


def ack_frame(command_id: int, version: int) -> dict:
    return {"t": ACK, "id": command_id, "v": version}


def reject_frame(command_id: int | None, code: str, message: str) -> dict:
    return {"t": REJECT, "id": command_id, "code": code, "message": message}


def error_frame(code: str, message: str) -> dict:
    return {"t": ERROR, "code": code, "message": message}


def pong_frame(version: int | None = None) -> dict:
    """The answer to `ping`. On a game socket it carries the last version the socket was
    sent: a browser that has less lost a frame (the last of a burst, say) and asks for it
    with `sync`. The lobby's and the notifications' sockets have no version."""
    return {"t": PONG} if version is None else {"t": PONG, "v": version}


def chat_frame(channel: str, sender: str, text: str, at: str) -> dict:
    return {"t": CHAT, "d": {"channel": channel, "from": sender, "text": text, "at": at}}


def offer_frame(offers: list[dict], declined: dict | None = None) -> dict:
    """The draw offers one side may see (games/services/endings.py); [] when none is left.
    `declined`: who declined an offer this side saw, and the side's sentence for it."""
    d: dict = {"offers": offers}
    if declined is not None:
        d["declined"] = declined
    return {"t": OFFER, "d": d}


def presence_frame(seats: dict[str, int], spectators: int) -> dict:
    return {"t": PRESENCE, "d": {"seats": seats, "spectators": spectators}}


def orders_frame(side: str, orders: list[dict], by: str) -> dict:
    return {"t": ORDERS, "d": {"side": side, "orders": orders, "by": by}}


def order_answer_frame(side: str, answer: dict) -> dict:
    return {"t": ORDER_ANSWER, "d": {"side": side, **answer}}


def drawing_frame(op: str, drawing: dict) -> dict:
    """`op` "add" (the whole drawing) or "remove" (its id, side and turn)."""
    return {"t": DRAWING, "d": {"op": op, **drawing}}


def too_many_frames_frame() -> dict:
    """The last frame a socket that floods the server gets, before close code 4429."""
    return error_frame("rate/limited", "too many frames per second; this socket is closed")
