"""Commands that arrive together travel together: one connection, written as they come.

When many players act at once, each action's commit would pay redis-py's whole per-command
path: a pooled connection, a write, a task woken for the reply. Here every command goes down one
shared connection instead, and Redis answers in the order it was asked, so each reply is handed
to its caller straight from the socket's data callback. The first command of an event-loop turn
is written at once; the others made in the same turn follow in one write at its end. Each is
still its own command (a script run is atomic on its own) and is answered on its own; only the
connection and the writes are shared. (This is what ioredis calls auto-pipelining.)
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Sequence
from typing import cast

import hiredis
from redis._parsers.base import BaseParser
from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.typing import EncodableT, KeyT

_ScriptCall = tuple[AsyncScript, Sequence[KeyT], Sequence[EncodableT]]
_Call = tuple["asyncio.Future[object]", _ScriptCall | None]
"""A caller's reply, and the script call it is (to run again if Redis forgot the script)."""


class AutoPipeline:
    """The commands of every caller on one connection of `client`'s pool, kept open."""

    def __init__(self, client: Redis) -> None:
        self._client = client
        self._loop: asyncio.AbstractEventLoop | None = None
        self._link: _Link | None = None
        self._opening: asyncio.Lock | None = None

    async def run(
        self,
        script: AsyncScript,
        keys: Sequence[KeyT],
        args: Sequence[EncodableT],
        *,
        meanwhile: Callable[[], object] | None = None,
    ) -> object:
        """The script's reply, exactly as calling `script` directly would give it.

        `meanwhile` is called once the command is written (or queued for this loop turn's one
        write) and before its reply is awaited: work the caller needs anyway but the command
        does not, done while Redis runs it. Should it raise, the caller hears it; the command
        still runs, and its reply still goes to no one else."""
        command = ("EVALSHA", script.sha, len(keys), *keys, *args)
        return await self._queued(command, (script, keys, args), meanwhile)

    async def command(self, *command: EncodableT) -> object:
        """The reply to one Redis command, as redis-py's hiredis parser would give it; an error
        reply is raised as the exception redis-py would raise."""
        return await self._queued(command, None, None)

    async def _queued(
        self,
        command: tuple[EncodableT, ...],
        script: _ScriptCall | None,
        meanwhile: Callable[[], object] | None,
    ) -> object:
        link = self._link
        if link is None or link.closed or self._loop is not asyncio.get_running_loop():
            link = await self._open()
        reply = link.send(command)
        if meanwhile is not None:
            meanwhile()
        answer = await reply
        if isinstance(answer, NoScriptError) and script is not None:  # Redis restarted
            return await script[0](keys=script[1], args=script[2])  # loads it and runs again
        if isinstance(answer, Exception):
            raise answer
        return answer

    async def _open(self) -> _Link:
        """The shared connection, opened (or opened again) by whichever caller finds it gone."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a new event loop: nothing open belongs to it
            self._loop, self._link, self._opening = loop, None, asyncio.Lock()
        assert self._opening is not None
        async with self._opening:
            link = self._link
            if link is not None and not link.closed:
                return link
            pool = self._client.connection_pool
            if link is not None:
                await link.connection.disconnect(nowait=True)
                await pool.release(link.connection)
                self._link = None
            connection = await pool.get_connection()  # type: ignore[no-untyped-call]
            try:
                if connection._writer is None:
                    await connection.connect()
                assert connection._writer is not None
                self._link = _Link(connection, connection._writer.transport, loop)
            except BaseException:
                await pool.release(connection)
                raise
            return self._link


class _Link(asyncio.Protocol):
    """A redis-py connection whose socket now reports to this protocol.

    redis-py connected (and authenticated) it; from then on the bytes go straight between the
    transport and a hiredis reader, and each reply resolves the oldest waiting caller. Its
    stream protocol still hears the connection close, so redis-py can shut it down as usual.
    """

    def __init__(
        self,
        connection: AbstractConnection,
        transport: asyncio.BaseTransport,
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self.connection = connection
        self._lost = False
        # A stream's transport writes; uvloop's do too, without subclassing asyncio's.
        self._transport = cast(asyncio.WriteTransport, transport)
        self._loop = loop
        encoder = connection.encoder
        self._encode: Callable[[EncodableT], bytes] = encoder.encode
        self._text = (encoder.encoding, encoder.encoding_errors)
        self._reader = (
            hiredis.Reader(
                replyError=BaseParser.parse_error,
                encoding=encoder.encoding,
                errors=encoder.encoding_errors,
            )
            if encoder.decode_responses
            else hiredis.Reader(replyError=BaseParser.parse_error)
        )
        self._sent: deque[tuple[float, asyncio.Future[object]]] = deque()
        """Replies still to come, oldest first, with when each command was written."""
        self._unsent: list[tuple[bytes, asyncio.Future[object]]] = []
        self._flushing = False
        self._timeout: float | None = connection.socket_timeout
        self._watch: asyncio.TimerHandle | None = None
        self._stream = transport.get_protocol()
        transport.set_protocol(self)

    def send(self, command: tuple[EncodableT, ...]) -> asyncio.Future[object]:
        """Queues `command`; the future gets its reply (an error reply as an exception object,
        not raised), or the exception for a connection lost or a reply overdue."""
        reply: asyncio.Future[object] = self._loop.create_future()
        packed = _packed(command, self._encode, *self._text)
        if self._flushing:
            self._unsent.append((packed, reply))
        else:  # the first command of this turn goes at once; the turn's others, at its end
            self._transport.write(packed)
            self._sent_now([reply])
            self._flushing = True
            self._loop.call_soon(self._flush)
        return reply

    def _sent_now(self, replies: list[asyncio.Future[object]]) -> None:
        now = self._loop.time()
        self._sent.extend((now, reply) for reply in replies)
        if self._watch is None and self._timeout is not None:
            self._watch = self._loop.call_at(now + self._timeout, self._check_overdue)

    def _check_overdue(self) -> None:
        """One timer for the whole connection, not one per command: the oldest reply decides.

        Replies come in order, so once the oldest is overdue none behind it can arrive first:
        every waiting caller hears the timeout, and the connection is closed."""
        self._watch = None
        if self._lost or not self._sent or self._timeout is None:
            return
        oldest = self._sent[0][0]
        if self._loop.time() - oldest < self._timeout:
            self._watch = self._loop.call_at(oldest + self._timeout, self._check_overdue)
            return
        self._fail(RedisTimeoutError("Timeout reading from Redis"))
        self._transport.close()

    def _flush(self) -> None:
        self._flushing = False
        if self.closed or not self._unsent:
            return
        # A caller cancelled before its command left is never sent: it writes nothing.
        waiting = [(packed, reply) for packed, reply in self._unsent if not reply.done()]
        self._unsent = []
        if waiting:
            self._transport.write(b"".join(packed for packed, _ in waiting))
            self._sent_now([reply for _, reply in waiting])

    @property
    def closed(self) -> bool:
        return self._lost or self._transport.is_closing()

    # -- asyncio.Protocol ----------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        reader, sent = self._reader, self._sent
        reader.feed(data)
        while (reply := reader.gets()) is not False:
            _, waiting = sent.popleft()
            if not waiting.done():  # its caller may have been cancelled meanwhile
                waiting.set_result(reply)

    def eof_received(self) -> bool:
        return False  # close the transport: connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        if self._watch is not None:
            self._watch.cancel()
        self._fail(RedisConnectionError("Redis closed the connection"))
        self._stream.connection_lost(exc)  # redis-py's stream learns it too

    def _fail(self, problem: Exception) -> None:
        for _, waiting in self._sent:
            if not waiting.done():
                waiting.set_exception(problem)
        for _, waiting in self._unsent:
            if not waiting.done():
                waiting.set_exception(problem)
        self._sent.clear()
        self._unsent = []


def _packed(
    command: tuple[EncodableT, ...],
    encode: Callable[[EncodableT], bytes],
    encoding: str,
    errors: str,
) -> bytes:
    """The command in the Redis protocol, its arguments encoded as redis-py's `encode` would
    (bytes and text, nearly all there is, without the call)."""
    parts = [b"*%d\r\n" % len(command)]
    for argument in command:
        if type(argument) is bytes:
            encoded = argument
        elif type(argument) is str:
            encoded = argument.encode(encoding, errors)
        else:
            encoded = encode(argument)
        parts += (b"$%d\r\n" % len(encoded), encoded, b"\r\n")
    return b"".join(parts)
