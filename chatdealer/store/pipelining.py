"""Commands that arrive together travel together: one connection per server, written as they come.

When many players act at once, each action's commit would pay redis-py's whole per-command
path: a pooled connection, a write, a task woken for the reply. Here every command goes down one
shared connection instead, and Redis answers in the order it was asked, so each reply is handed
to its caller straight from the socket's data callback. The first command of an event-loop turn
is written at once; the others made in the same turn follow in one write at its end. Each is
still its own command (a script run is atomic on its own) and is answered on its own; only the
connection and the writes are shared. (This is what ioredis calls auto-pipelining.)

On a Redis Cluster there is one such connection per primary, and each command goes to the
primary of its first key's slot. A reply that says the command did not run there (``MOVED``,
``ASK``, ``TRYAGAIN``, ``CLUSTERDOWN``; ``READONLY`` from a primary Sentinel has just demoted;
``NOSCRIPT`` from a server that forgot a script) is followed: the slot map is refreshed and the
command sent again where it now belongs. A command whose connection was lost is never sent again
(it may have run); its caller hears a ``ConnectionError``.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, cast

import hiredis
from redis._parsers.base import BaseParser
from redis.asyncio import Redis, RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.commands.core import AsyncScript
from redis.exceptions import (
    AskError,
    ClusterDownError,
    MovedError,
    NoScriptError,
    ReadOnlyError,
    RedisError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.typing import EncodableT, KeyT

log = logging.getLogger(__name__)

ATTEMPTS = 20
"""How many times one command is sent before its caller hears the last refusal."""
BACKOFF = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)
"""Seconds to wait before each new attempt (the last value repeats): about 6 s in all, enough
for a slot migration step or a Sentinel failover."""
_KEYLESS = frozenset({"PING", "EVAL", "EVALSHA", "WAIT", "INFO", "SCRIPT"})

_ScriptCall = tuple[AsyncScript, Sequence[KeyT], Sequence[EncodableT]]


class AutoPipeline:
    """The commands of every caller on one kept-open connection per server of `client`."""

    def __init__(self, client: Redis) -> None:
        self._client = client
        self._cluster: RedisCluster | None = (
            cast(RedisCluster, client) if isinstance(client, RedisCluster) else None
        )
        self._loop: asyncio.AbstractEventLoop | None = None
        self._links: dict[str, _Link] = {}
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
        key = keys[0] if keys else None
        return await self._queued(command, key, script, meanwhile)

    async def command(self, *command: EncodableT, key: KeyT | None = None) -> object:
        """The reply to one Redis command, as redis-py's hiredis parser would give it; an error
        reply is raised as the exception redis-py would raise. On a cluster it goes to the
        primary of `key` (default: the command's first argument, for a command that has keys)."""
        if key is None and len(command) > 1 and str(command[0]).upper() not in _KEYLESS:
            key = cast(KeyT, command[1])
        return await self._queued(command, key, None, None)

    async def _queued(
        self,
        command: tuple[EncodableT, ...],
        key: KeyT | None,
        script: AsyncScript | None,
        meanwhile: Callable[[], object] | None,
    ) -> object:
        asking: tuple[str, int] | None = None
        last: Exception | None = None  # made only when needed: a Redis error costs to make
        for attempt in range(ATTEMPTS):
            if attempt:
                await asyncio.sleep(BACKOFF[min(attempt - 1, len(BACKOFF) - 1)])
            link = await self._link_for(key, asking)
            if asking is not None:  # the next command on this connection may use the slot
                link.send(("ASKING",)).add_done_callback(_ignored)
                asking = None
            reply = link.send(command)
            if meanwhile is not None:
                call, meanwhile = meanwhile, None
                call()
            answer = await reply
            if not isinstance(answer, Exception):
                return answer
            if isinstance(answer, NoScriptError) and script is not None:  # Redis restarted
                await link.send(("SCRIPT", "LOAD", script.script))
            elif isinstance(answer, MovedError):  # before AskError: it is one
                await self._moved(answer)
            elif isinstance(answer, AskError):
                asking = (answer.host, int(answer.port))
            elif isinstance(answer, TryAgainError):
                pass  # a slot migration is between two of its keys: a moment later
            elif isinstance(answer, ClusterDownError):
                await self._refresh()
            elif isinstance(answer, ReadOnlyError):  # a demoted primary: ask Sentinel again
                await self._drop(link)
            else:
                raise answer
            log.debug("Redis answered %s: sending again", type(answer).__name__)
            last = answer
        log.warning("Redis refused a command %d times: %s", ATTEMPTS, type(last).__name__)
        raise last if last is not None else RedisConnectionError("no attempt was made")

    async def _moved(self, moved: MovedError) -> None:
        cluster = self._cluster
        if cluster is None:
            raise moved
        manager: Any = cluster.nodes_manager
        if hasattr(manager, "move_slot"):
            await manager.move_slot(moved)
        else:  # older redis-py: read the whole map again
            await manager.initialize()

    async def _refresh(self) -> None:
        if self._cluster is not None:
            try:
                await self._cluster.nodes_manager.initialize()
            except RedisError as problem:  # the next attempt tells
                log.info("refreshing the cluster's slot map failed: %s", problem)

    async def _drop(self, link: _Link) -> None:
        """Closes `link` so the next command opens a new connection (to wherever Sentinel
        now says the primary is)."""
        if not link.closed:
            link.close()
        for name, known in list(self._links.items()):
            if known is link:
                del self._links[name]
        await link.release()

    async def _link_for(self, key: KeyT | None, asking: tuple[str, int] | None) -> _Link:
        if self._loop is not asyncio.get_running_loop():
            self._loop, self._links = asyncio.get_running_loop(), {}
            self._opening = asyncio.Lock()
        if self._cluster is not None:
            await self._cluster.initialize()  # the slot map, once (at once when it is known)
        name, opener = self._where(key, asking)
        link = self._links.get(name)
        if link is not None and not link.closed:
            return link
        assert self._opening is not None
        async with self._opening:
            link = self._links.get(name)
            if link is not None and not link.closed:
                return link
            if link is not None:
                await self._drop(link)
            opened: _Link = await opener()
            self._links[name] = opened
            return opened

    def _where(
        self, key: KeyT | None, asking: tuple[str, int] | None
    ) -> tuple[str, Callable[[], Any]]:
        """The name of the server the command goes to, and how to open a connection there."""
        cluster = self._cluster
        if cluster is None:
            pool = self._client.connection_pool

            async def from_pool() -> _Link:
                connection = await pool.get_connection()  # type: ignore[no-untyped-call]
                return await _Link.open(connection, pool.release)

            return "", from_pool
        if asking is not None:
            node = cluster.get_node(host=asking[0], port=asking[1])
            if node is None:
                raise RedisConnectionError(f"cluster node {asking[0]}:{asking[1]} is unknown")
        elif key is None:
            node = cluster.get_default_node()
        else:
            node = cluster.nodes_manager.get_node_from_slot(cluster.keyslot(key))

        async def from_node() -> _Link:
            connection = node.acquire_connection()

            async def release(used: AbstractConnection) -> None:
                node.release(cast(Any, used))

            return await _Link.open(connection, release)

        return node.name, from_node


def _ignored(reply: asyncio.Future[object]) -> None:
    if not reply.cancelled():
        reply.exception()  # retrieved, so asyncio does not report it as never seen


class _Link(asyncio.Protocol):
    """A redis-py connection whose socket now reports to this protocol.

    redis-py connected (and authenticated) it; from then on the bytes go straight between the
    transport and a hiredis reader, and each reply resolves the oldest waiting caller. Its
    stream protocol still hears the connection close, so redis-py can shut it down as usual.
    """

    @classmethod
    async def open(
        cls,
        connection: AbstractConnection,
        release: Callable[[AbstractConnection], Any],
    ) -> _Link:
        """`connection` (from a pool or a cluster node) connected and taken over; `release`
        gives it back once the link is done with it."""
        try:
            if connection._writer is None:
                await connection.connect()  # type: ignore[no-untyped-call]
            assert connection._writer is not None
            link = cls(connection, connection._writer.transport, asyncio.get_running_loop())
        except BaseException:
            await _maybe_await(release(connection))
            raise
        link._release = release
        return link

    def __init__(
        self,
        connection: AbstractConnection,
        transport: asyncio.BaseTransport,
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self.connection = connection
        self._release: Callable[[AbstractConnection], Any] | None = None
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

    def close(self) -> None:
        self._fail(RedisConnectionError("the connection was closed"))
        self._transport.close()

    async def release(self) -> None:
        """Disconnects the connection and gives it back to where it came from (once)."""
        release, self._release = self._release, None
        if release is not None:
            await self.connection.disconnect(nowait=True)
            await _maybe_await(release(self.connection))

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


async def _maybe_await(result: object) -> None:
    if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
        await result


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
