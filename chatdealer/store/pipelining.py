"""Commands that arrive together travel together: one pipeline, one write, one read.

When many players act at once, each action's commit would pay redis-py's whole per-command
path — a pooled connection, a write, a wake-up for the reply. Commands issued in the same turn
of the event loop are instead sent as one non-transactional pipeline. Each is still its own
command (a script run is atomic on its own) and is answered on its own; only the trip to Redis
is shared, so a command waits for at most the turn in which it was issued. (This is what
ioredis calls auto-pipelining.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

import hiredis
from redis._parsers.base import BaseParser
from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.typing import EncodableT, KeyT

_READ_SIZE = 65_536
KEPT_CONNECTIONS = 4
"""Connections kept between trips: enough for the trips a busy worker has in flight at once."""

_ScriptCall = tuple[AsyncScript, Sequence[KeyT], Sequence[EncodableT]]
_Call = tuple[tuple[EncodableT, ...], _ScriptCall | None, "asyncio.Future[object]"]
"""The command, the script call it is (to run again if Redis forgot the script), the reply."""


class AutoPipeline:
    """Batches the commands made in one loop turn; one per client, shared by all callers."""

    def __init__(self, client: Redis) -> None:
        self._client = client
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[_Call] = []
        self._armed = False
        self._sending: set[asyncio.Task[None]] = set()
        self._idle: list[AbstractConnection] = []
        """Connections kept between trips, each with nothing left to read."""

    async def run(
        self, script: AsyncScript, keys: Sequence[KeyT], args: Sequence[EncodableT]
    ) -> object:
        """The script's reply, exactly as calling `script` directly would give it."""
        command = ("EVALSHA", script.sha, len(keys), *keys, *args)
        return await self._queued(command, (script, keys, args))

    async def command(self, *command: EncodableT) -> object:
        """The reply to one Redis command, as redis-py's hiredis parser would give it; an error
        reply is raised as the exception redis-py would raise."""
        return await self._queued(command, None)

    async def _queued(self, command: tuple[EncodableT, ...], script: _ScriptCall | None) -> object:
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a new event loop: nothing waiting or kept belongs to it
            self._loop, self._waiting, self._armed, self._idle = loop, [], False, []
        reply: asyncio.Future[object] = loop.create_future()
        self._waiting.append((command, script, reply))
        if not self._armed:
            self._armed = True
            task = loop.create_task(self._send())
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        return await reply

    async def _send(self) -> None:
        batch, self._waiting, self._armed = self._waiting, [], False
        batch = [call for call in batch if not call[2].done()]  # callers cancelled meanwhile
        if not batch:
            return
        try:
            replies = await self._trip([command for command, _, _ in batch])
        except BaseException as problem:  # Redis away: every caller hears it, as it would alone
            for *_, reply in batch:
                if not reply.done():
                    if isinstance(problem, Exception):
                        reply.set_exception(problem)
                    else:  # this task was cancelled (the loop is closing): so are they
                        reply.cancel()
            if not isinstance(problem, Exception):
                raise
            return
        for (_, script, reply), answer in zip(batch, replies, strict=True):
            if reply.done():
                continue
            if isinstance(answer, NoScriptError) and script is not None:  # Redis restarted
                await self._again(*script, reply)
            elif isinstance(answer, Exception):
                reply.set_exception(answer)
            else:
                reply.set_result(answer)

    async def _trip(self, commands: list[tuple[EncodableT, ...]]) -> list[object]:
        """One write of every command and their replies in order, on one connection.

        The connection is redis-py's own, connected (and authenticated) by its pool; only the
        bytes are moved here, straight through its stream and a hiredis reader, and it is kept
        for the next trip rather than handed back. redis-py's command path, with the pool's
        locks and checks on every borrow, costs several times the CPU of this one, and a turn
        at the table is one round trip (bench/round_trip.py).
        """
        connection = await self._connection()
        try:
            replies = await _exchange(connection, commands)
        except BaseException:
            await connection.disconnect()  # a half-read connection must not be reused
            await self._client.connection_pool.release(connection)
            raise
        if len(self._idle) < KEPT_CONNECTIONS:
            self._idle.append(connection)
        else:
            await self._client.connection_pool.release(connection)
        return replies

    async def _connection(self) -> AbstractConnection:
        """A kept connection that is still open, else a fresh one from the pool."""
        pool = self._client.connection_pool
        while self._idle:
            connection = self._idle.pop()
            stream = connection._reader
            if stream is not None and not stream.at_eof() and not stream.exception():
                return connection
            await connection.disconnect()  # Redis closed it meanwhile (a restart, a timeout)
            await pool.release(connection)
        return await pool.get_connection()  # type: ignore[no-untyped-call, no-any-return]

    @staticmethod
    async def _again(
        script: AsyncScript,
        keys: Sequence[KeyT],
        args: Sequence[EncodableT],
        reply: asyncio.Future[object],
    ) -> None:
        """Runs one call alone through redis-py, which loads the script and retries."""
        try:
            answer = await script(keys=keys, args=args)
        except Exception as problem:
            if not reply.done():
                reply.set_exception(problem)
            return
        if not reply.done():
            reply.set_result(answer)


async def _exchange(
    connection: AbstractConnection, commands: list[tuple[EncodableT, ...]]
) -> list[object]:
    """Writes the commands and reads one reply for each; an error reply is returned, not
    raised, as the exception redis-py would have raised for it."""
    if connection._writer is None or connection._reader is None:
        await connection.connect()  # type: ignore[no-untyped-call]
    writer, stream = connection._writer, connection._reader
    assert writer is not None and stream is not None
    encoding = connection.encoder
    reader = (
        hiredis.Reader(
            replyError=BaseParser.parse_error,
            encoding=encoding.encoding,
            errors=encoding.encoding_errors,
        )
        if encoding.decode_responses
        else hiredis.Reader(replyError=BaseParser.parse_error)
    )
    writer.write(_packed(commands, connection.encoder.encode))
    await writer.drain()
    replies: list[object] = []
    while len(replies) < len(commands):
        reply = reader.gets()
        if reply is False:
            data = await _read(stream, connection.socket_timeout)
            if not data:
                raise RedisConnectionError("Redis closed the connection")
            reader.feed(data)
            continue
        replies.append(reply)
    return replies


def _packed(commands: list[tuple[EncodableT, ...]], encode: Callable[[EncodableT], bytes]) -> bytes:
    """The commands in the Redis protocol, arguments encoded as redis-py encodes them."""
    parts: list[bytes] = []
    for command in commands:
        parts.append(b"*%d\r\n" % len(command))
        for argument in command:
            encoded = encode(argument)
            parts += (b"$%d\r\n" % len(encoded), encoded, b"\r\n")
    return b"".join(parts)


async def _read(stream: asyncio.StreamReader, timeout: float | None) -> bytes:
    if timeout is None:
        return await stream.read(_READ_SIZE)
    try:
        async with asyncio.timeout(timeout):
            return await stream.read(_READ_SIZE)
    except TimeoutError:
        raise RedisTimeoutError("Timeout reading from Redis") from None
