"""What every websocket does with a browser's frame before its consumer looks at it.

The game, lobby and notification sockets share this one gate, so none can be broken by a
frame the others refuse: a socket sending faster than `settings.PGWEB_SOCKET_FRAMES` allows
gets a `rate/limited` error and close 4429; a frame that is binary, over
`protocol.MAX_FRAME_BYTES`, not strict JSON, nested past the decoder, or holding NUL or a
lone surrogate in any string gets an `error` frame, and the socket stays open.
"""

from __future__ import annotations

from typing import Any

from games import protocol
from games.throttles import FrameBucket, frame_bucket


class FrameGate:
    """A consumer mixin: rate-limit, size-check and parse frames, then `receive_frame`.

    The consumer calls `open_gate()` once it accepts frames (after its checks in `connect`),
    may override `parse_frame` (the game socket parses its frame types), and implements
    `receive_frame(frame)`; `closing` set means frames still arriving are ignored.
    """

    frames: FrameBucket | None = None  # this socket's allowance of frames (games/throttles.py)
    closing: bool = False  # a close was sent: ignore whatever else arrives

    def open_gate(self) -> None:
        """Start taking frames, with a full allowance."""
        self.frames = frame_bucket()

    def parse_frame(self, raw: str | bytes | None) -> Any:
        """Decode a frame strictly (protocol.decode_frame); raise ProtocolError if it is bad."""
        return protocol.decode_frame(raw)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Refuse a flood (close 4429) and bad frames (an `error` frame), pass the rest on."""
        if self.frames is None or self.closing:
            return
        if not self.frames.take():
            await self.send(text_data=protocol.encode(protocol.too_many_frames_frame()))
            self.closing = True
            await self.close(protocol.CLOSE_TOO_MANY_FRAMES)
            return
        try:
            frame = self.parse_frame(text_data if text_data is not None else bytes_data)
        except protocol.ProtocolError as exc:
            await self.send(text_data=protocol.encode(protocol.error_frame(exc.code, exc.message)))
            return
        await self.receive_frame(frame)

    async def receive_frame(self, frame: Any) -> None:
        raise NotImplementedError
