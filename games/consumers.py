"""Answer websocket frames; consumers stay thin: parse, call a service, forward frames."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.sessions import InstanceSessionWrapper
from django.conf import settings

from games import broadcast, protocol, selectors, sendbuffer, services, upkeep
from games.dbpaths import in_command_thread, in_db_thread
from games.framegate import FrameGate
from games.models import Seat
from games.outages import DATABASE_DOWN, DATABASE_MESSAGE, LAYER_DOWN, LAYER_MESSAGE, UNAVAILABLE
from games.protocol import parse_client_frame
from games.services import aftercommit, hooks
from games.textcheck import MAX_CLIENT_INT, whole_number

TOUCH_EVERY = 20.0  # seconds between presence refreshes; selectors.PRESENCE_TTL is 60
logger = logging.getLogger(__name__)


def _query(scope: dict) -> dict[str, str]:
    raw = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return {k: v[-1] for k, v in raw.items()}


MUTES_TTL = 5.0  # seconds a socket trusts its copy of its user's mutes


class GameConsumer(FrameGate, AsyncWebsocketConsumer):
    """One socket on one game (`/ws/games/<id>/v1/?v=<version>`), in its audience's group.

    It forwards the group's frames as they are, dropping versions it has already sent and
    healing a gap from the command log; commands and chat go through the services.

    It survives what it depends on failing (docs/operations.md, "Failure modes"): the database or the
    channel layer being unreachable closes the socket with an `error` frame and 4503, and
    the browser reconnects with backoff, resends its unacknowledged commands and catches up
    from the version it has; a frame the layer lost is healed when the next one comes, or at
    the browser's next `ping` (whose `pong` carries the last version sent, so the browser
    can tell what it lacks too); a browser that stops reading is closed with 4408 once the
    server holds too much for it.
    """

    game_id: str | None = None
    group: str | None = None
    coach_group: str | None = None  # an invited coach's own group (broadcast.coach_group)
    member: selectors.Membership | None = None
    seat: Seat | None = None
    last: int = 0  # the last version forwarded to this socket
    touched: float = 0.0  # when the presence row was last refreshed (monotonic seconds)
    muted: frozenset = frozenset()  # users whose chat this socket's user does not want to see
    muted_at: float = 0.0  # when `muted` was read (monotonic seconds)
    accepted: bool = False
    transport: Any = None  # daphne's, to see how much the browser has not read (sendbuffer.py)
    send_cap: int = 0  # bytes it may leave unread (settings.PGWEB_SOCKET_SEND_BUFFER)
    owed: int = 0  # the game's version at the previous ping: the socket should have it now

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        """Channels' consumer loop, with the channel layer failing outside a handler (naming
        this socket's channel before the handshake, or waiting on it) turned into close
        4503 rather than a crashed socket."""
        try:
            await super().__call__(scope, receive, send)
        except LAYER_DOWN as exc:
            logger.warning("game socket: channel layer unavailable (%r); closing with %d",
                           exc, protocol.CLOSE_TRY_AGAIN)  # fmt: skip
            if not self.accepted:
                await send({"type": "websocket.accept"})
            if not self.closing:
                frame = protocol.error_frame(UNAVAILABLE, LAYER_MESSAGE)
                await send({"type": "websocket.send", "text": protocol.encode(frame)})
                await send({"type": "websocket.close", "code": protocol.CLOSE_TRY_AGAIN})
            await self._leave()

    async def connect(self) -> None:
        """Check who is asking and for what, join the audience's group, catch the socket up."""
        # Accept first: a close code can only be sent on an open socket.
        await self.accept()
        self.accepted = True
        self.transport = sendbuffer.transport_of(self.base_send)
        self.send_cap = settings.PGWEB_SOCKET_SEND_BUFFER
        if self.transport is not None:
            sendbuffer.limit_kernel_buffer(self.transport, self.send_cap)
        kwargs = self.scope["url_route"]["kwargs"]
        if whole_number(kwargs["protocol"]) != protocol.PROTOCOL_VERSION:
            await self.close(protocol.CLOSE_UNSUPPORTED_VERSION)
            return
        query = _query(self.scope)
        have = query.get("v")
        have_version = whole_number(have) if have is not None else None
        if have is not None and have_version is None:  # refused before joining any group
            await self._send_frame(protocol.error_frame(
                "frame/invalid", f"v must be a game version from 0 to {MAX_CLIENT_INT}"))
            await self.close(protocol.CLOSE_UNSUPPORTED_VERSION)
            return
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(protocol.CLOSE_NOT_SIGNED_IN)
            return
        found = await in_db_thread(self._membership)(kwargs["game_id"], user, query)
        if found is None:
            await self.close(protocol.CLOSE_NO_SUCH_GAME)
            return
        member, seat = found
        if member.audience is None:
            await self.close(protocol.CLOSE_NOT_YOUR_GAME)
            return
        self.game_id, self.member, self.seat = member.game_id, member, seat
        if member.coach and not await self._join_as_coach(kwargs["game_id"], user, query):
            await self.close(protocol.CLOSE_NOT_YOUR_GAME)
            return
        self.touched = time.monotonic()  # presence_enter below stamps the row
        await self._read_mutes()
        self.group = broadcast.group_of(self.game_id, member.audience)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.open_gate()
        upkeep.watch(self.game_id)
        self.last = have_version if have_version is not None else 0
        await self._catch_up(have_version)
        await self._send_offers()
        frame = await in_db_thread(services.presence_enter)(
            channel_name=self.channel_name, game_id=self.game_id, user=user, seat_pk=member.seat_pk
        )
        await self._announce(frame)

    async def _join_as_coach(self, game_id: str, user: Any, query: dict) -> bool:
        """Join the coach's own group, through which a revocation closes their sockets, then
        look again: a revocation committed before the join was not sent to this socket, so
        it shows in the second look; one committed after reaches the group."""
        self.coach_group = broadcast.coach_group(self.game_id, user.pk)
        await self.channel_layer.group_add(self.coach_group, self.channel_name)
        again = await in_db_thread(self._membership)(game_id, user, query)
        return again is not None and again[0].audience == self.member.audience

    def _membership(self, game_id: str, user: Any, query: dict):
        game = selectors.game_or_none(game_id)
        if game is None:
            return None
        member = selectors.membership(game, user, query.get("side"))
        seat = (
            Seat.objects.select_related("side").get(pk=member.seat_pk) if member.seat_pk else None
        )
        return member, seat

    async def _catch_up(self, have: int | None) -> None:
        """Send what the socket lacks after `have`: patches from the log, or a snapshot."""
        frames = await in_db_thread(selectors.catch_up)(self.game_id, self.member.audience, have)
        if frames and await self._not_reading():
            return
        for version, text in frames:
            await self._forward(text)
            self.last = version

    async def _send_offers(self) -> None:
        """A side's players and coaches learn of the draw offers they may see on connecting
        (later changes come in `offer` frames to the side's group)."""
        if self.member.side_id is None:
            return
        found = await in_db_thread(services.draw_offers_for)(
            game=self.game_id, side_id=self.member.side_id
        )
        if found["offers"]:
            await self._send_frame(protocol.offer_frame(found["offers"]))

    async def _announce(self, frame: dict) -> None:
        groups = await in_db_thread(selectors.groups_of)(self.game_id)
        message = broadcast.text_message(protocol.encode(frame))
        await broadcast.send_async([(g, message) for g in groups])

    async def disconnect(self, code: int) -> None:
        """Leave the group and tell the others one fewer is watching."""
        await self._leave()

    async def _leave(self) -> None:
        """Leave the group and the presence list, as far as the services allow: with Redis
        down the group is left in this process (Redis forgets it anyway); with the database
        down the presence row goes stale and stops counting after selectors.PRESENCE_TTL."""
        group, self.group = self.group, None
        coach_group, self.coach_group = self.coach_group, None
        if coach_group is not None:
            try:
                await self.channel_layer.group_discard(coach_group, self.channel_name)
            except LAYER_DOWN as exc:
                logger.info("game socket: leaving %s without the channel layer (%r)", coach_group, exc)
        if group is None:
            return
        upkeep.unwatch(self.game_id, self.channel_name)
        try:
            await self.channel_layer.group_discard(group, self.channel_name)
        except LAYER_DOWN as exc:
            logger.info("game socket: leaving %s without the channel layer (%r)", group, exc)
        try:
            frame = await in_db_thread(services.presence_leave)(
                channel_name=self.channel_name, game_id=self.game_id
            )
            await self._announce(frame)
        except (*DATABASE_DOWN, *LAYER_DOWN) as exc:
            logger.info("game socket: presence not updated on leaving (%r)", exc)

    async def dispatch(self, message: dict) -> None:
        """Call the message's handler, as Channels does, but without its database clean-up.

        Channels closes old database connections before every message, in a worker thread;
        with CONN_MAX_AGE 0 that closes the connection `in_db_thread` keeps, and it costs a
        thread hop per socket per frame: 200 sockets, 200 hops for one version. The handlers
        here that touch the database go through `in_db_thread`, which looks after its own
        connection.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except DATABASE_DOWN as exc:
            await self._unavailable(DATABASE_MESSAGE, exc)
        except LAYER_DOWN as exc:
            await self._unavailable(LAYER_MESSAGE, exc)

    async def _unavailable(self, message: str, exc: BaseException) -> None:
        """A service this socket needs is down: say so and close with 4503. Whatever was
        being done is not half-done (a command is one transaction): the browser resends its
        unacknowledged commands after reconnecting, and an applied one is acknowledged, not
        applied again."""
        if self.closing:
            return
        logger.warning("game socket %s: %s (%r); closing with %d", self.channel_name, message,
                       exc, protocol.CLOSE_TRY_AGAIN)  # fmt: skip
        await self._send_frame(protocol.error_frame(UNAVAILABLE, message))
        await self._close(protocol.CLOSE_TRY_AGAIN)

    async def _close(self, code: int) -> None:
        self.closing = True  # frames already queued behind this one are ignored
        await self.close(code)

    # -- browser to server ------------------------------------------------------------------

    def parse_frame(self, raw: str | bytes | None) -> protocol.ClientFrame:
        """Parse a frame strictly (FrameGate sends the `error` frame for a bad one)."""
        return parse_client_frame(raw)

    async def receive_frame(self, frame: protocol.ClientFrame) -> None:
        """Answer a well-formed frame: ping, sync, a command or a chat line."""
        if self.group is None:
            return
        now = time.monotonic()
        if now - self.touched > TOUCH_EVERY:  # any frame shows the browser is still there
            self.touched = now
            upkeep.touch(self.channel_name)  # written with the process's others (upkeep.py)
        if frame.t == protocol.PING:
            await self._heal()  # from memory unless a frame was lost
            await self._send_frame(protocol.pong_frame(self.last))
        elif frame.t == protocol.SYNC:
            await self._catch_up(frame.v)
        elif frame.t == protocol.CMD:
            await self._command(frame)
        elif frame.t == protocol.CHAT:
            await self._chat(frame.d)

    async def _heal(self) -> None:
        """Send what the socket still lacks of the versions the game had at the previous
        ping: the layer lost them (the last frame of a burst, say, with no later frame to
        show the gap). Versions newer than that may still be on their way: healing them
        too would race the frames in flight and replay the log for nothing, more often the
        busier the server is. The game's version is this process's, read once for all its
        sockets every few seconds (games.upkeep): a ping asks the database nothing."""
        owed, self.owed = self.owed, upkeep.version(self.game_id)
        if owed > self.last:
            await self._catch_up(self.last)

    async def _command(self, frame: protocol.ClientFrame) -> None:
        """Submit a command on the process's command thread (games.dbpaths), answer it, then
        publish it, in one trip to that thread: the answer is handed to the event loop as
        soon as the step is stored, and the frames and step hooks are built after it, so
        they wait for the answer, not it for them (a second trip cost each command a
        thread hand-over and back)."""
        loop = asyncio.get_running_loop()
        answers: list[concurrent.futures.Future] = []

        def answer(outcome: services.Outcome) -> None:
            # Scheduled on the loop before the publication's frames are (broadcast.send),
            # and this socket forwards no frame before this handler has awaited it.
            answers.append(asyncio.run_coroutine_threadsafe(self._send_frame(outcome.frame()), loop))

        # Shielded: the step is stored, its frames go out even if this socket is gone.
        await asyncio.shield(in_command_thread(self._submit)(frame, answer))
        if answers:
            await asyncio.wrap_future(answers[0])

    def _submit(
        self, frame: protocol.ClientFrame, answer: Callable[[services.Outcome], None]
    ) -> None:
        """On the command thread: referee and store the command, hand its answer over, then
        build and send its frames and run its step hooks (services.aftercommit)."""
        with aftercommit.deferred() as later:
            if frame.s is not None and (self.seat is None or frame.s != self.seat.seat_id):
                outcome = self._command_for(frame)  # a partner's seat
            else:
                outcome = services.command_submit(
                    game=self.game_id, seat=self.seat, command=frame.d, base_version=frame.v,
                    client_id=frame.id,
                )  # fmt: skip
        answer(outcome)
        aftercommit.run(later)

    def _command_for(self, frame: protocol.ClientFrame) -> services.Outcome:
        """A command for a partner's seat the user may act for (services.hooks.ACT_FOR)."""
        seat = Seat.objects.filter(game_id=self.game_id, seat_id=frame.s).first()
        if seat is None or not hooks.may_act_for(self.game_id, self.scope["user"], seat):
            return services.Outcome(
                frame.id, code="seat/not_yours", message=f"you may not act for {frame.s}"
            )
        return services.command_submit(
            game=self.game_id, seat=seat, command=frame.d, base_version=frame.v,
            client_id=frame.id,
        )

    async def _chat(self, data: dict) -> None:
        try:
            groups, text = await in_db_thread(services.chat_post)(
                game=self.game_id, user=self.scope["user"], seat=self.seat,
                channel=data["channel"], text=data["text"],
            )  # fmt: skip
        except services.ServiceError as exc:
            await self._send_frame(protocol.error_frame(exc.code, exc.message))
            return
        message = {**broadcast.text_message(text), "from": self.scope["user"].pk}
        await broadcast.send_async([(g, message) for g in groups])

    async def _read_mutes(self) -> None:
        self.muted = frozenset(await in_db_thread(hooks.muted_by)(self.scope["user"]))
        self.muted_at = time.monotonic()

    async def _send_frame(self, frame: dict) -> None:
        await self._forward(protocol.encode(frame))

    # -- group messages -------------------------------------------------------------------

    async def game_frame(self, event: dict) -> None:
        """Forward a versioned frame once, in order; heal a gap from the command log."""
        version = event["v"]
        if version <= self.last or self.closing:
            return
        if version > self.last + 1:
            await self._catch_up(self.last)
            if version <= self.last or self.closing:
                return
        if await self._not_reading():
            return
        await self._forward(event["text"])
        self.last = version
        upkeep.saw(self.game_id, version)

    async def game_close(self, event: dict) -> None:
        """This socket's viewer may no longer watch (a coach whose invitation was revoked,
        games/services/spectators.py): say why, then close with the code given."""
        if self.closing:
            return
        await self._send_frame(protocol.error_frame(event["code"], event["message"]))
        await self._close(event["close"])

    async def game_text(self, event: dict) -> None:
        """Forward chat and presence as they are, less the chat of players this user muted
        (the list is read again at most every MUTES_TTL seconds, when a line comes)."""
        if self.closing:
            return
        sender = event.get("from")
        if sender is not None and hooks.MUTED_BY:
            if time.monotonic() - self.muted_at > MUTES_TTL:
                await self._read_mutes()
            if sender in self.muted:
                return
        if await self._not_reading():
            return
        await self._forward(event["text"])

    async def _not_reading(self) -> bool:
        """Before sending more, close the socket with 4408 if its browser left more than
        `send_cap` bytes of earlier frames unread; say whether it is closed. Without this a
        frozen tab would make the server hold every frame of the game for it; the other
        sockets are never held up by it. (Asked before a send, not after: frames sent in one
        go, a catch-up's, reach the kernel only when the event loop runs next.)"""
        if self.transport is None or self.closing:
            return self.closing
        waiting = sendbuffer.pending_bytes(self.transport)
        if waiting <= self.send_cap:
            return False
        logger.warning("game socket %s: %d bytes unread (> %d); closing with %d",
                       self.channel_name, waiting, self.send_cap,
                       protocol.CLOSE_NOT_READING)  # fmt: skip
        await self._close(protocol.CLOSE_NOT_READING)
        return True

    async def _forward(self, text: str) -> None:
        """Send a group's text to the browser by the shortest way.

        Every socket of a group runs this for each frame (200 spectators, 200 calls), so it
        skips Channels' session wrapper, which only ever acts on HTTP responses: it costs a
        few microseconds per frame for nothing on a websocket.
        """
        send = self.base_send
        wrapper = getattr(send, "__self__", None)
        if isinstance(wrapper, InstanceSessionWrapper):
            send = wrapper.real_send
        try:
            await send({"type": "websocket.send", "text": text})
        except sendbuffer.BROWSER_GONE:
            # The browser's close frame came in, and its disconnect message is queued
            # behind the frame being sent now: nobody is left to read it.
            self.closing = True
